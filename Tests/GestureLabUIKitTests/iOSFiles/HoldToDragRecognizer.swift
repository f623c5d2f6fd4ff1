// Written for iOS 17 as an app developer writes it, before GestureLab existed: only the import
// line differs (`import UIKit` there). It imports nothing else, as UIKit files usually do, so
// `Timer` and `DispatchQueue.main` are GestureLabUIKit's and run on the replay's clock.
import GestureLabUIKit

/// Begins once the finger has stayed still for `minimumPressDuration`, then follows it.
final class HoldToDragRecognizer: UIGestureRecognizer {
    var minimumPressDuration: TimeInterval = 0.3
    var allowableMovement: CGFloat = 10
    private var holdTimer: Timer?
    private var startPoint: CGPoint = .zero

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard touches.count == 1, let touch = touches.first else {
            state = .failed
            return
        }
        startPoint = touch.location(in: view)
        holdTimer = Timer.scheduledTimer(withTimeInterval: minimumPressDuration, repeats: false) { [weak self] _ in
            MainActor.assumeIsolated { self?.holdElapsed() }
        }
    }

    private func holdElapsed() {
        if state == .possible { state = .began }
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first else { return }
        let p = touch.location(in: view)
        if state == .possible {
            if hypot(p.x - startPoint.x, p.y - startPoint.y) > allowableMovement {
                holdTimer?.invalidate()
                state = .failed
            }
        } else {
            state = .changed
        }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        holdTimer?.invalidate()
        state = state == .possible ? .failed : .ended
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        holdTimer?.invalidate()
        state = .cancelled
    }

    override func reset() {
        holdTimer?.invalidate()
        holdTimer = nil
    }
}
