// Code as iOS apps in Swift 5 language mode write it, compiled here against GestureLabUIKit. On
// iOS it compiles without errors: UIKit's main-actor isolation comes from Objective-C headers and
// is preconcurrency, so Swift 5 code that reaches UIKit from nonisolated places (a free function,
// a delegate method of a class that is not main-actor isolated, a timer's block) is not refused.
import GestureLabUIKit

/// A free function that makes a recognizer (nonisolated).
func makeDoubleTap(target: Any?) -> UITapGestureRecognizer {
    let tap = UITapGestureRecognizer(target: target, action: nil)
    tap.numberOfTapsRequired = 2
    return tap
}

/// A coordinator that is not main-actor isolated, conforming in an extension.
final class ListCoordinator: NSObject {
    var began = 0
    var lastAsked = ""
    func describe(_ g: UIGestureRecognizer) -> String { "\(g.state.rawValue) \(g.numberOfTouches)" }
}

extension ListCoordinator: UIGestureRecognizerDelegate {
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        began += 1
        lastAsked = describe(gestureRecognizer)
        return gestureRecognizer.numberOfTouches <= 1
    }
}

/// A recognizer whose timer block sets its state directly (a Sendable closure).
final class TimedHold: UIGestureRecognizer {
    private var timer: Timer?
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        timer = Timer.scheduledTimer(withTimeInterval: 0.2, repeats: false) { _ in
            self.state = .began
        }
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        timer?.invalidate()
        state = state == .possible ? .failed : .ended
    }
}

/// Registrations kept in a variable typed as UIKit code writes them, not as a literal.
let registrations: [String: () -> UIGestureRecognizer] = [
    "doubleTap": { makeDoubleTap(target: nil) },
    "timedHold": { TimedHold() },
]
