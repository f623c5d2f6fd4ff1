import GestureEngine
import GestureRecognizers

/// The engine scroll view behind a `UIScrollView` made in code: it asks the face's
/// `touchesShouldBegin(_:with:in:)` and `touchesShouldCancel(in:)` (A.7.3, A.7.4), which a
/// subclass overrides (a scroll view that scrolls even when the drag starts on a button, say).
/// The face's defaults come back here for the engine's answers.
final class RoutedScrollView: ScrollView {
    /// Set only when the face is a subclass: UIScrollView's own answers are the engine's.
    var questions: (any ContentTouchQuestions)?

    override func touchesShouldBegin(_ touches: [Touch], with event: TouchEvent?, in view: View) -> Bool {
        guard let questions else { return super.touchesShouldBegin(touches, with: event, in: view) }
        return questions.touchesShouldBegin(touches, with: event, in: view)
    }

    override func touchesShouldCancel(in view: View) -> Bool {
        guard let questions else { return super.touchesShouldCancel(in: view) }
        return questions.touchesShouldCancel(in: view)
    }

    func engineTouchesShouldBegin(_ touches: [Touch], with event: TouchEvent?, in view: View) -> Bool {
        super.touchesShouldBegin(touches, with: event, in: view)
    }

    func engineTouchesShouldCancel(in view: View) -> Bool { super.touchesShouldCancel(in: view) }
}

/// What the engine scroll view asks a `UIScrollView` subclass, with engine types.
protocol ContentTouchQuestions: AnyObject {
    func touchesShouldBegin(_ touches: [Touch], with event: TouchEvent?, in view: View) -> Bool
    func touchesShouldCancel(in view: View) -> Bool
}

/// Asks a `UIScrollView` subclass with UIKit's types; main-actor isolated with its conformance,
/// as `RecognizerHooks` is (see there).
@MainActor
final class ScrollViewHooks {
    unowned(unsafe) let owner: UIScrollView

    init(owner: UIScrollView) { self.owner = owner }
}

extension ScrollViewHooks: @MainActor ContentTouchQuestions {
    func touchesShouldBegin(_ touches: [Touch], with event: TouchEvent?, in view: View) -> Bool {
        DrivenCode.run(owner, view: owner.engineView) {
            var set = Set<UITouch>()
            for t in touches { set.insert(UITouch.face(of: t)) }
            return owner.touchesShouldBegin(set, with: event.map { UIEvent.face(of: $0) }, in: UIView.face(of: view))
        }
    }

    func touchesShouldCancel(in view: View) -> Bool {
        DrivenCode.run(owner, view: owner.engineView) { owner.touchesShouldCancel(in: UIView.face(of: view)) }
    }
}
