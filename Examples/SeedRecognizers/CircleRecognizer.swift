// Seed 004: the circle recognizer of The iOS Developer's Cookbook (recipes 4 and 5), in Swift.
// One change from the listing, and only one: the listing times the stroke with `[NSDate date]`,
// the wall clock, which a replay does not run on; the touch's own `timestamp` is used instead
// (it is what the listing means, and what a careful iOS developer uses anyway).
#if canImport(UIKit)
import UIKit
import UIKit.UIGestureRecognizerSubclass
#else
import GestureLabUIKit
#endif

func sign(_ x: CGFloat) -> Int { x < 0 ? -1 : 1 }

/// The listing's offsets: from the first point to the second.
func dx(_ p1: CGPoint, _ p2: CGPoint) -> CGFloat { p2.x - p1.x }
func dy(_ p1: CGPoint, _ p2: CGPoint) -> CGFloat { p2.y - p1.y }

/// The listing's dot product of two vectors, normalised.
func dotproduct(_ v1: CGPoint, _ v2: CGPoint) -> CGFloat {
    var dot = v1.x * v2.x + v1.y * v2.y
    let a = abs(sqrt(v1.x * v1.x + v1.y * v1.y))
    let b = abs(sqrt(v2.x * v2.x + v2.y * v2.y))
    dot /= a * b
    return dot
}

func pointWithOrigin(_ pt: CGPoint, _ origin: CGPoint) -> CGPoint { CGPoint(x: pt.x - origin.x, y: pt.y - origin.y) }

/// The listing's least bounding rectangle: the zero rectangle is replaced by the next point's.
func boundingRect(_ points: [CGPoint]) -> CGRect {
    var rect = CGRect.zero
    for pt in points {
        let ptRect = CGRect(x: pt.x, y: pt.y, width: 0, height: 0)
        rect = rect.equalTo(.zero) ? ptRect : rect.union(ptRect)
    }
    return rect
}

/// The listing's testForCircle: the zero rectangle when the points are not a circle.
func testForCircle(_ points: [CGPoint], duration: TimeInterval, windowWidth: CGFloat) -> CGRect {
    if points.count < 2 { return .zero }
    // Test 1: duration tolerance.
    let maxDuration: Float = 2.0
    if Float(duration) > maxDuration { return .zero }
    // Test 2: direction changes should be limited to near 4.
    var inflections = 0
    if points.count > 3 {
        for i in 2..<(points.count - 1) {
            let deltx = dx(points[i], points[i - 1]), delty = dy(points[i], points[i - 1])
            let px = dx(points[i - 1], points[i - 2]), py = dy(points[i - 1], points[i - 2])
            if sign(deltx) != sign(px) || sign(delty) != sign(py) { inflections += 1 }
        }
    }
    if inflections > 5 { return .zero }
    // Test 3: start and end points near each other.
    let tolerance = Float(windowWidth / 3.0)
    let first = points[0], last = points[points.count - 1]
    if Float(sqrt((last.x - first.x) * (last.x - first.x) + (last.y - first.y) * (last.y - first.y))) > tolerance { return .zero }
    // Test 4: count the distance travelled in degrees.
    let circle = boundingRect(points)
    let center = CGPoint(x: circle.midX, y: circle.midY)
    var distance = Float(abs(acos(dotproduct(pointWithOrigin(points[0], center), pointWithOrigin(points[1], center)))))
    if points.count > 2 {
        for i in 1..<(points.count - 1) {
            distance += Float(abs(acos(dotproduct(pointWithOrigin(points[i], center), pointWithOrigin(points[i + 1], center)))))
        }
    }
    let transitTolerance = distance - 2 * Float.pi
    if transitTolerance < 0 && transitTolerance < -(Float.pi / 4) { return .zero }
    if transitTolerance > Float.pi { return .zero }
    return circle
}

public class CircleRecognizer: UIGestureRecognizer {
    var points: [CGPoint] = []
    var firstTouchTime: TimeInterval?
    public private(set) var circle: CGRect?

    public override func reset() {
        super.reset()
        points = []
        firstTouchTime = nil
        state = .possible
    }

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        if touches.count > 1 {
            state = .failed
            return
        }
        let touch = touches.first!
        points = [touch.location(in: view)]
        firstTouchTime = touch.timestamp
        circle = nil
    }

    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        points.append(touches.first!.location(in: view))
    }

    public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        let duration = firstTouchTime.map { touches.first!.timestamp - $0 } ?? 0
        let found = testForCircle(points, duration: duration, windowWidth: view?.window?.bounds.width ?? 0)
        if !found.equalTo(.zero) {
            circle = found
            state = .recognized
        } else {
            state = .failed
        }
    }
}
