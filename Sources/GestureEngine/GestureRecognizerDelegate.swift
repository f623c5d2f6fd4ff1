/// UIKit's `UIGestureRecognizerDelegate`: the app's say in whether a recognizer may begin,
/// which touches it sees, and how it relates to others (docs/uikit-rules.md A.2.3, A.3.3, A.4.1, A.5).
/// Every method has UIKit's default.
public protocol GestureRecognizerDelegate: AnyObject {
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
    /// Asked before the touch question, and for hover and scroll events, which have no touch
    /// (A.2.3, F.5.3): false keeps the event from the recognizer.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive event: TouchEvent) -> Bool
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool
    /// Why the delegate gave its last answer, for the decision log. Nil when it has no words.
    func explanationOfLastAnswer() -> String?
}

/// A delegate of GestureLab's own that knows, when it is set, that both failure-requirement
/// methods will answer false (a scene policy without such rules), so the engine need not ask
/// them for every pair of recognizers on every new touch. Not part of the delegate protocol:
/// any other delegate is asked, as UIKit asks.
package protocol FailureRequirementFreeDelegate: GestureRecognizerDelegate {
    var mayRequireFailures: Bool { get }
}

/// A delegate of GestureLab's own that knows whether `shouldReceive` can answer false at all (a
/// scene policy without touch filters), so the engine need not ask it about every new touch.
package protocol TouchFilterFreeDelegate: GestureRecognizerDelegate {
    var mayRefuseTouches: Bool { get }
}

/// The recognizer's counterpart of `FailureRequirementFreeDelegate`: a built-in whose class
/// never overrides `shouldRequireFailure(of:)` or `shouldBeRequiredToFail(by:)`, so both answer
/// false and a new touch need not ask them. An open built-in says so only for its own class and
/// its final subclasses: a user's subclass may override them, and is asked.
package protocol FailureRequirementFreeRecognizer: GestureRecognizer {
    var answersNoFailureRequirementQuestions: Bool { get }
}

extension FailureRequirementFreeRecognizer {
    /// A final class answers for itself; an open one implements this for its own class only.
    package var answersNoFailureRequirementQuestions: Bool { true }
}

public extension GestureRecognizerDelegate {
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive event: TouchEvent) -> Bool { true }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { false }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool { false }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool { false }
    func explanationOfLastAnswer() -> String? { nil }
}
