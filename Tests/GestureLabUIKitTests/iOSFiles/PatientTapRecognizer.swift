// Written as an iOS developer writes it; only the import line differs (`import UIKit` there).
import GestureLabUIKit

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
