// Seed 000: the two-stroke checkmark recognizer of a blog listing in Objective-C, written in
// Swift as an iOS developer would from it. On iOS the imports would be `import UIKit` and
// `import UIKit.UIGestureRecognizerSubclass`.
#if canImport(UIKit)
import UIKit
import UIKit.UIGestureRecognizerSubclass
#else
import GestureLabUIKit
#endif

public class TwoStrokeCheckmarkRecognizer: UIGestureRecognizer {
    enum CheckmarkState { case firstStrokeDown, secondStrokeUp }

    var checkmarkState = CheckmarkState.firstStrokeDown
    var turnPoint = CGPoint.zero
    var startPoint = CGPoint.zero

    // The listing calls a resetCheckmark it does not show; a fresh recognizer's values.
    func resetCheckmark() {
        checkmarkState = .firstStrokeDown
        turnPoint = .zero
        startPoint = .zero
    }

    public override func reset() {
        super.reset()
        resetCheckmark()
    }

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        if touches.count != 1 {
            state = .failed
            return
        } else {
            startPoint = touches.first!.location(in: view)
        }
    }

    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        if state == .failed { return }
        let newPoint = touches.first!.location(in: view)
        let prevPoint = touches.first!.previousLocation(in: view)
        if checkmarkState == .firstStrokeDown {
            if newPoint.x >= prevPoint.x && newPoint.y >= prevPoint.y {
                turnPoint = newPoint
            } else if newPoint.x >= prevPoint.x && newPoint.y <= prevPoint.y {
                checkmarkState = .secondStrokeUp
            } else {
                state = .failed
            }
        } else if checkmarkState == .secondStrokeUp {
            if newPoint.x < prevPoint.x { state = .failed }
        }
    }

    public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        if state == .possible && checkmarkState == .secondStrokeUp {
            let endPoint = touches.first!.location(in: view)
            let lengthFirstStroke = turnPoint.y - startPoint.y
            let lengthSecondStroke = turnPoint.y - endPoint.y
            if lengthSecondStroke > lengthFirstStroke * 2.0 {
                state = .recognized
            } else {
                state = .failed
            }
        }
    }

    public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        state = .failed
    }
}
