import GestureEngine

/// Asks a UIKit-style view subclass what the engine would ask the view (see `ViewFront`): hit
/// testing, `gestureRecognizerShouldBegin(_:)`, and its touch methods, with UIKit's types.
/// Owned by the face; the engine reaches it unretained. Views get touches one call per touch.
/// Main-actor isolated with its conformance, as `RecognizerHooks` is (see there).
@MainActor
final class ViewHooks {
    unowned(unsafe) let owner: UIView

    init(owner: UIView) { self.owner = owner }
}

extension ViewHooks: @MainActor ViewFront {
    func point(inside p: Point) -> Bool {
        DrivenCode.run(owner, view: owner.engineView) { owner.point(inside: CGPoint(p), with: nil) }
    }

    func hitTest(_ p: Point) -> View? {
        DrivenCode.run(owner, view: owner.engineView) { owner.hitTest(CGPoint(p), with: nil)?.engineView }
    }

    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        DrivenCode.run(owner, recognizer: recognizer, view: owner.engineView) { owner.gestureRecognizerShouldBegin(UIGestureRecognizer.face(of: recognizer)) }
    }

    func deliver(_ phase: TouchPhase, _ touches: [Touch], with event: TouchEvent) {
        DrivenCode.run(owner, view: owner.engineView) {
            var set = Set<UITouch>()
            for t in touches { set.insert(UITouch.face(of: t)) }
            let uiEvent = UIEvent.face(of: event)
            switch phase {
            case .began: owner.touchesBegan(set, with: uiEvent)
            case .moved: owner.touchesMoved(set, with: uiEvent)
            case .ended: owner.touchesEnded(set, with: uiEvent)
            case .cancelled: owner.touchesCancelled(set, with: uiEvent)
            case .stationary: break
            }
        }
    }
}
