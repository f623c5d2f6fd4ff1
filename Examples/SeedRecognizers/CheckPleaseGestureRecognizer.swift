// Seed 001: "CheckPlease" from Beginning iOS 5 Development (chapter 17), in Swift: recognized
// during a move when two consecutive segments turn by 50 to 135 degrees after 10 points.
#if canImport(UIKit)
import UIKit
import UIKit.UIGestureRecognizerSubclass
#else
import GestureLabUIKit
#endif

let minimumCheckMarkAngle: CGFloat = 50
let maximumCheckMarkAngle: CGFloat = 135
let minimumCheckMarkLength: CGFloat = 10

/// The book's CGPointUtils helper: the angle between two lines, in degrees.
func angleBetweenLines(_ line1Start: CGPoint, _ line1End: CGPoint, _ line2Start: CGPoint, _ line2End: CGPoint) -> CGFloat {
    let a = line1End.x - line1Start.x
    let b = line1End.y - line1Start.y
    let c = line2End.x - line2Start.x
    let d = line2End.y - line2Start.y
    let rads = acos(((a * c) + (b * d)) / ((sqrt(a * a + b * b)) * (sqrt(c * c + d * d))))
    return rads * 180 / .pi
}

public class CheckPleaseGestureRecognizer: UIGestureRecognizer {
    var lastPreviousPoint = CGPoint.zero
    var lastCurrentPoint = CGPoint.zero
    var lineLengthSoFar: CGFloat = 0

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        let touch = touches.first!
        let point = touch.location(in: view)
        lastPreviousPoint = point
        lastCurrentPoint = point
        lineLengthSoFar = 0
    }

    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        let touch = touches.first!
        let previousPoint = touch.previousLocation(in: view)
        let currentPoint = touch.location(in: view)
        let angle = angleBetweenLines(lastPreviousPoint, lastCurrentPoint, previousPoint, currentPoint)
        if angle >= minimumCheckMarkAngle && angle <= maximumCheckMarkAngle && lineLengthSoFar > minimumCheckMarkLength {
            state = .ended
        }
        let dx = currentPoint.x - previousPoint.x, dy = currentPoint.y - previousPoint.y
        lineLengthSoFar += sqrt(dx * dx + dy * dy)
        lastPreviousPoint = previousPoint
        lastCurrentPoint = currentPoint
    }
}
