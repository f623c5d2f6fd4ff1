import GestureEngine
import GestureRecognizers

/// The engine scroll view behind a `UIScrollView` made in code: it asks the face's
/// `touchesShouldBegin(_:with:in:)` and `touchesShouldCancel(in:)` (A.7.3, A.7.4), which a
/// subclass overrides (a scroll view that scrolls even when the drag starts on a button, say).
/// The face's defaults come back here for the engine's answers.
final class RoutedScrollView: ScrollView, @unchecked Sendable {
    /// Set only when the face is a subclass: UIScrollView's own answers are the engine's.
    unowned(unsafe) var owner: UIScrollView?

    override func touchesShouldBegin(_ touches: [Touch], with event: TouchEvent?, in view: View) -> Bool {
        guard let owner else { return super.touchesShouldBegin(touches, with: event, in: view) }
        nonisolated(unsafe) let (touches, event, view) = (touches, event, view)
        return DrivenCode.run(owner, view: self) {
            var set = Set<UITouch>()
            for t in touches { set.insert(UITouch.face(of: t)) }
            return owner.touchesShouldBegin(set, with: event.map(UIEvent.face(of:)), in: UIView.face(of: view))
        }
    }

    override func touchesShouldCancel(in view: View) -> Bool {
        guard let owner else { return super.touchesShouldCancel(in: view) }
        nonisolated(unsafe) let view = view
        return DrivenCode.run(owner, view: self) { owner.touchesShouldCancel(in: UIView.face(of: view)) }
    }

    func engineTouchesShouldBegin(_ touches: [Touch], with event: TouchEvent?, in view: View) -> Bool {
        super.touchesShouldBegin(touches, with: event, in: view)
    }

    func engineTouchesShouldCancel(in view: View) -> Bool { super.touchesShouldCancel(in: view) }
}
