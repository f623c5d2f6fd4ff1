import GestureEngine

/// The engine's delegate for a recognizer whose delegate is a `UIGestureRecognizerDelegate`:
/// it asks the UIKit delegate with UIKit's objects. The UIKit delegate is read through its
/// recognizer each time, because UIKit's `delegate` is weak and may go away. Main-actor isolated
/// with its conformance, as `RecognizerHooks` is (see there).
@MainActor
final class DelegateBridge {
    unowned(unsafe) let owner: UIGestureRecognizer
    /// A delegate nothing else keeps (one a scene made).
    var retained: AnyObject?

    init(owner: UIGestureRecognizer) { self.owner = owner }
}

extension DelegateBridge: @MainActor GestureRecognizerDelegate {
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        asDelegate { $0.gestureRecognizerShouldBegin(owner) } ?? true
    }

    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        asDelegate { $0.gestureRecognizer(owner, shouldReceive: UITouch.face(of: touch)) } ?? true
    }

    /// Asked by the engine before the touch question, and for hover and scroll events (A.2.3, F.5.3).
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive event: TouchEvent) -> Bool {
        asDelegate { $0.gestureRecognizer(owner, shouldReceive: UIEvent.face(of: event)) } ?? true
    }

    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        asDelegate { $0.gestureRecognizer(owner, shouldRecognizeSimultaneouslyWith: UIGestureRecognizer.face(of: other)) } ?? false
    }

    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool {
        asDelegate { $0.gestureRecognizer(owner, shouldRequireFailureOf: UIGestureRecognizer.face(of: other)) } ?? false
    }

    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool {
        asDelegate { $0.gestureRecognizer(owner, shouldBeRequiredToFailBy: UIGestureRecognizer.face(of: other)) } ?? false
    }

    /// Asks the delegate, if there is one, as its own code (timers it schedules are the replay's).
    private func asDelegate<T>(_ question: (UIGestureRecognizerDelegate) -> T) -> T? {
        guard let d = owner.delegate else { return nil }
        return DrivenCode.run(d, recognizer: owner.engine) { question(d) }
    }

    func explanationOfLastAnswer() -> String? {
        owner.delegate.map { "answered by \(type(of: $0))" }
    }
}
