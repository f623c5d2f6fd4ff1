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

/// A tap that waits 0.25 s after the lift for a second tap before it is sure it is single,
/// with `DispatchQueue.main.asyncAfter` (a common way to write a single-or-double tap).
final class PatientTapRecognizer: UIGestureRecognizer {
    private var waiting = false
    private(set) var sawSecondTap = false

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if waiting { sawSecondTap = true; state = .failed }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard !waiting else { return }
        waiting = true
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.25) { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.waiting else { return }
                self.state = .ended
            }
        }
    }

    override func reset() { waiting = false }
}

/// Counts ticks every 0.1 s while the finger is down (a key-repeat style button), with a
/// repeating timer invalidated at the lift.
final class RepeatWhileHeldRecognizer: UIGestureRecognizer {
    private(set) var ticks = 0
    private var repeatTimer: Timer?

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        let timer = Timer(timeInterval: 0.1, repeats: true) { [weak self] _ in
            MainActor.assumeIsolated { self?.tick() }
        }
        RunLoop.main.add(timer, forMode: .common)
        repeatTimer = timer
    }

    private func tick() {
        ticks += 1
        if state == .possible { state = .began } else { state = .changed }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        repeatTimer?.invalidate()
        state = state == .possible ? .failed : .ended
    }

    override func reset() { repeatTimer?.invalidate() }
}

/// Schedules a timer outside any replay, as app code at launch would: Foundation's run loop
/// runs it. Returns a box the block writes to.
@MainActor
func scheduleTimerOutsideReplay(after seconds: TimeInterval) -> (timer: Timer, fired: () -> Bool) {
    final class Box: @unchecked Sendable { var fired = false }
    let box = Box()
    let timer = Timer.scheduledTimer(withTimeInterval: seconds, repeats: false) { _ in box.fired = true }
    return (timer, { box.fired })
}
