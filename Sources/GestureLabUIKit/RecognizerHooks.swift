import GestureEngine

/// Passes the engine's calls to a recognizer's subclass hooks on to its UIKit face, with UIKit's
/// types: `Set<UITouch>` and `UIEvent` for touches, `UIGestureRecognizer` for the others.
///
/// A separate object rather than the face itself, so the face's namespace holds only UIKit's
/// names. Owned by the face; the engine reaches it unretained.
final class RecognizerHooks: RecognizerFront, @unchecked Sendable {
    unowned(unsafe) let owner: UIGestureRecognizer
    /// The engine touches being delivered, so a `super` call with the same set passes them on
    /// as they came (in their order, without a lookup).
    private(set) var deliveredTouches: [Touch]?
    /// Reused from event to event: UIKit hands a new set each time, and a set the subclass kept
    /// is copied before this one is refilled (copy on write).
    private var touchSet = Set<UITouch>()

    init(owner: UIGestureRecognizer) { self.owner = owner }

    func deliver(_ phase: TouchPhase, _ touches: [Touch], with event: TouchEvent) {
        nonisolated(unsafe) let touches = touches
        nonisolated(unsafe) let event = event
        onMainActor { self.deliverOnMainActor(phase, touches, event) }
    }

    @MainActor
    private func deliverOnMainActor(_ phase: TouchPhase, _ touches: [Touch], _ event: TouchEvent) {
        touchSet.removeAll(keepingCapacity: true)
        for t in touches { touchSet.insert(UITouch.face(of: t)) }
        let uiEvent = UIEvent.face(of: event)
        let outer = (deliveredTouches, owner.currentHook)
        deliveredTouches = touches
        defer {
            (deliveredTouches, owner.currentHook) = outer
            // Not kept between events: a lifted finger's UITouch would outlive its use here.
            touchSet.removeAll(keepingCapacity: true)
        }
        switch phase {
        case .began:
            owner.currentHook = "touchesBegan"
            owner.touchesBegan(touchSet, with: uiEvent)
        case .moved:
            owner.currentHook = "touchesMoved"
            owner.touchesMoved(touchSet, with: uiEvent)
        case .ended:
            owner.currentHook = "touchesEnded"
            owner.touchesEnded(touchSet, with: uiEvent)
        case .cancelled:
            owner.currentHook = "touchesCancelled"
            owner.touchesCancelled(touchSet, with: uiEvent)
        case .stationary:
            break
        }
    }

    func resetFromEngine() {
        onMainActor {
            let outer = owner.currentHook
            owner.currentHook = "reset"
            owner.reset()
            owner.currentHook = outer
        }
    }

    func canPrevent(_ other: GestureRecognizer) -> Bool {
        nonisolated(unsafe) let other = other
        return onMainActor { owner.canPrevent(UIGestureRecognizer.face(of: other)) }
    }

    func canBePrevented(by other: GestureRecognizer) -> Bool {
        nonisolated(unsafe) let other = other
        return onMainActor { owner.canBePrevented(by: UIGestureRecognizer.face(of: other)) }
    }

    func shouldRequireFailure(of other: GestureRecognizer) -> Bool {
        nonisolated(unsafe) let other = other
        return onMainActor { owner.shouldRequireFailure(of: UIGestureRecognizer.face(of: other)) }
    }

    func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool {
        nonisolated(unsafe) let other = other
        return onMainActor { owner.shouldBeRequiredToFail(by: UIGestureRecognizer.face(of: other)) }
    }
}
