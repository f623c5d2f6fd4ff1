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
