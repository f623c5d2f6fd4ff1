import GestureEngine

/// Passes the engine's calls to a recognizer's subclass hooks on to its UIKit face, with UIKit's
/// types: `Set<UITouch>` and `UIEvent` for touches, `UIGestureRecognizer` for the others.
///
/// A separate object rather than the face itself, so the face's namespace holds only UIKit's
/// names. Owned by the face; the engine reaches it unretained.
///
/// Main-actor isolated, as the face is, and so is its conformance to the engine's
/// `RecognizerFront` (`@MainActor RecognizerFront`): the engine, plain synchronous code, calls
/// these methods directly, on the actor that drives it. The compiler lets only main-actor code
/// hand this object to the engine, and the engine's objects are not `Sendable`, so they stay
/// there; no call checks or casts isolation.
@MainActor
final class RecognizerHooks {
    unowned(unsafe) let owner: UIGestureRecognizer
    /// The engine touches being delivered, so a `super` call with the same set passes them on
    /// as they came (in their order, without a lookup).
    private(set) var deliveredTouches: [Touch]?
    /// Reused from event to event: UIKit hands a new set each time, and a set the subclass kept
    /// is copied before this one is refilled (copy on write).
    private(set) var touchSet = Set<UITouch>()
    /// The finger `touchSet` holds when it holds one (unretained: the set's UITouch keeps it).
    private unowned(unsafe) var setFinger: Touch?

    init(owner: UIGestureRecognizer) { self.owner = owner }

    /// The engine touches behind `touches` when it is the set being delivered: a subclass's
    /// `super` call, which so reaches the engine recognizer with the touches as the engine
    /// gave them (the set's identity decides, for any number of fingers).
    func delivered(as touches: Set<UITouch>) -> [Touch]? {
        guard let deliveredTouches, touches.count == deliveredTouches.count, touches == touchSet else { return nil }
        return deliveredTouches
    }
}

extension RecognizerHooks: @MainActor RecognizerFront {
    func deliver(_ phase: TouchPhase, _ touches: [Touch], with event: TouchEvent) {
        DrivenCode.run(owner, recognizer: owner.engine) { deliverAsOwner(phase, touches, event) }
    }

    private func deliverAsOwner(_ phase: TouchPhase, _ touches: [Touch], _ event: TouchEvent) {
        // The same finger moving again: last event's set is this one's (no hashing, no
        // reference counting). Otherwise it is rebuilt.
        if !(touches.count == 1 && touchSet.count == 1 && setFinger === touches[0]) {
            touchSet.removeAll(keepingCapacity: true)
            for t in touches { touchSet.insert(UITouch.face(of: t)) }
            setFinger = touches.count == 1 ? touches[0] : nil
        }
        let uiEvent = UIEvent.face(of: event)
        let outer = (deliveredTouches, owner.currentHook)
        deliveredTouches = touches
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
        (deliveredTouches, owner.currentHook) = outer
        // A lifted finger's UITouch is not kept here: it goes when nobody else keeps it.
        if phase == .ended || phase == .cancelled { forgetSet() }
    }

    private func forgetSet() {
        touchSet.removeAll(keepingCapacity: true)
        setFinger = nil
    }

    func resetFromEngine() {
        DrivenCode.run(owner, recognizer: owner.engine) {
            let outer = owner.currentHook
            owner.currentHook = "reset"
            owner.reset()
            owner.currentHook = outer
            forgetSet()
        }
    }

    func canPrevent(_ other: GestureRecognizer) -> Bool {
        DrivenCode.run(owner, recognizer: owner.engine) { owner.canPrevent(UIGestureRecognizer.face(of: other)) }
    }

    func canBePrevented(by other: GestureRecognizer) -> Bool {
        DrivenCode.run(owner, recognizer: owner.engine) { owner.canBePrevented(by: UIGestureRecognizer.face(of: other)) }
    }

    func shouldRequireFailure(of other: GestureRecognizer) -> Bool {
        DrivenCode.run(owner, recognizer: owner.engine) { owner.shouldRequireFailure(of: UIGestureRecognizer.face(of: other)) }
    }

    func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool {
        DrivenCode.run(owner, recognizer: owner.engine) { owner.shouldBeRequiredToFail(by: UIGestureRecognizer.face(of: other)) }
    }
}
