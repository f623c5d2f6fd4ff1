/// The object that stands for an engine object in another API: GestureLabUIKit's `UIView`,
/// `UIGestureRecognizer` or `UITouch`, so that asking twice for the face of one view, recognizer or
/// finger gives the same object (UIKit code compares them with `===` and keeps them in sets).
///
/// Who owns whom depends on who came first. A face made later for an engine object (a scene's
/// view, a built-in recognizer, a touch) is owned by the engine object (`owned`), and holds the
/// engine object in turn: that cycle is cut when the engine is done with the object (a scene is
/// torn down, a touch lifts). A face made first by user code (`MyRecognizer()`) owns its engine
/// object; the engine keeps it (`owned`) only while it is attached (a recognizer to a view, a
/// view to a superview), because the engine's lists then are the only references to it.
/// The face clears `object` when it goes away, so `object` never dangles.
package struct CompanionLink {
    package unowned(unsafe) var object: AnyObject?
    package var owned: AnyObject?
    /// The face was made for an engine object, which owns it whether or not it is attached.
    package var ownedAlways = false

    package init() {}

    /// A face made for an engine object that had none: the engine object owns it.
    package mutating func adopt(_ face: AnyObject) {
        object = face
        owned = face
        ownedAlways = true
    }

    /// A face that made its engine object: it owns the engine object until it is attached.
    package mutating func link(_ face: AnyObject) {
        object = face
        owned = nil
        ownedAlways = false
    }

    /// The engine object was attached (to a view, to a superview) or detached. Returns the face
    /// it let go of, for the caller to drop after this access ends (see `release()`).
    mutating func attachmentChanged(attached: Bool) -> AnyObject? {
        guard object != nil, !ownedAlways else { return nil }
        if attached {
            owned = object
            return nil
        }
        return release()
    }

    /// Stops owning the face and returns it. The caller drops it once this access to the link
    /// has ended: a face freed during it would reach back into the link from its deinit, which
    /// is a conflicting access (`_ = x.companion.release()` does that).
    package mutating func release() -> AnyObject? {
        let face = owned
        owned = nil
        return face
    }

    /// The face went away (called from its deinit).
    package mutating func faceWentAway(_ face: AnyObject) {
        guard object === face else { return }
        object = nil
        owned = nil
    }
}

extension View {
    /// The face, read without copying the link (a copy would retain the owned face as well).
    package var face: AnyObject? { companion.object }
}

extension GestureRecognizer {
    package var face: AnyObject? { companion.object }
}

extension Touch {
    package var face: AnyObject? { companion.object }
}

extension TouchEvent {
    package var face: AnyObject? { companion.object }
}

/// What a recognizer's face in another API does in place of the engine calling the subclass
/// hooks directly: GestureLabUIKit's `UIGestureRecognizer` subclasses override `touchesBegan`
/// and friends with UIKit's signatures, and their `super` calls come back to the engine
/// object's own hooks. Only recognizers with such a face pay for the indirection.
package protocol RecognizerFront: AnyObject {
    func deliver(_ phase: TouchPhase, _ touches: [Touch], with event: TouchEvent)
    func resetFromEngine()
    func canPrevent(_ other: GestureRecognizer) -> Bool
    func canBePrevented(by other: GestureRecognizer) -> Bool
    func shouldRequireFailure(of other: GestureRecognizer) -> Bool
    func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool
}

extension GestureRecognizer {
    /// The subclass questions of A.3.4 and A.4.1, asked of the front when there is one.
    func asksCanPrevent(_ other: GestureRecognizer) -> Bool {
        book.hasFront ? book.front!.canPrevent(other) : canPrevent(other)
    }

    func asksCanBePrevented(by other: GestureRecognizer) -> Bool {
        book.hasFront ? book.front!.canBePrevented(by: other) : canBePrevented(by: other)
    }

    func asksShouldRequireFailure(of other: GestureRecognizer) -> Bool {
        book.hasFront ? book.front!.shouldRequireFailure(of: other) : shouldRequireFailure(of: other)
    }

    func asksShouldBeRequiredToFail(by other: GestureRecognizer) -> Bool {
        book.hasFront ? book.front!.shouldBeRequiredToFail(by: other) : shouldBeRequiredToFail(by: other)
    }

    /// Routes this recognizer's subclass hooks through `front` (nil to stop). The front must
    /// outlive the routing: it clears it when it goes away.
    package func route(through front: RecognizerFront?) { book.front = front }
}

/// The view counterpart of `RecognizerFront`: a UIKit-style `UIView` subclass's overrides of
/// `point(inside:with:)`, `hitTest(_:with:)`, `gestureRecognizerShouldBegin(_:)` and the touch
/// methods (delivered after the recognizers, A.2.4).
package protocol ViewFront: AnyObject {
    func deliver(_ phase: TouchPhase, _ touches: [Touch], with event: TouchEvent)
    func point(inside p: Point) -> Bool
    func hitTest(_ p: Point) -> View?
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool
}
