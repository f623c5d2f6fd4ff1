// Seed 002: the checkmark recognizer of Apple's "Event Handling Guide for iOS" (Listings 1-8 and
// 1-9), written in Swift as an iOS developer would write it from the listing. On iOS the imports
// would be `import UIKit` and `import UIKit.UIGestureRecognizerSubclass`; nothing else changes.
#if canImport(UIKit)
import UIKit
import UIKit.UIGestureRecognizerSubclass
#else
import GestureLabUIKit
#endif

public class CheckmarkGestureRecognizer: UIGestureRecognizer {
    public var midPoint = CGPoint.zero
    public var strokeUp = false

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        if touches.count != 1 {
            state = .failed
            return
        }
    }

    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        if state == .failed { return }
        guard let touch = touches.first else { return }
        let nowPoint = touch.location(in: view)
        let prevPoint = touch.previousLocation(in: view)
        if !strokeUp {
            // On the downstroke both x and y grow.
            if nowPoint.x >= prevPoint.x && nowPoint.y >= prevPoint.y {
                midPoint = nowPoint
            // The upstroke: x still grows, y shrinks.
            } else if nowPoint.x >= prevPoint.x && nowPoint.y <= prevPoint.y {
                strokeUp = true
            } else {
                state = .failed
            }
        }
    }

    public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        if state == .possible && strokeUp {
            state = .recognized
        }
    }

    public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        midPoint = .zero
        strokeUp = false
        state = .failed
    }

    public override func reset() {
        super.reset()
        midPoint = .zero
        strokeUp = false
    }
}
