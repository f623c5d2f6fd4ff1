// Written as an iOS developer writes it; only the import line differs (`import UIKit` there).
import GestureLabUIKit

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
