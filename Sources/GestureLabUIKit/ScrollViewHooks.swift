import GestureEngine

/// Asks a `UIScrollView` subclass the content-touch questions (A.7.3, A.7.4) with UIKit's types,
/// for its engine scroll view (`RoutedScrollView`, which owns this). Main-actor isolated with
/// its conformance, as `RecognizerHooks` is (see there).
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
