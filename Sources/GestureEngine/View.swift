/// A rectangle in the simulated hierarchy: what touches hit and what recognizers attach to.
///
/// `frame` is in the superview's coordinate space; `boundsOrigin` is the view's own scroll
/// offset, so a scroll view moves its content by changing it and hit-testing follows.
open class View {
    public package(set) var id: String { didSet { logName = LogName(id) } }
    /// `id` as the log names it.
    package private(set) final var logName: LogName
    public var frame: Rect { didSet { environmentRef?.geometryChanged() } }
    public var boundsOrigin: Point = .zero { didSet { environmentRef?.geometryChanged() } }
    /// The window-to-bounds offset, cached until any view's geometry changes (recognizers ask
    /// for locations in their view's coordinates on every move).
    private var cachedOffset: (generation: Int, dx: Double, dy: Double) = (-1, 0, 0)
    public var isHidden = false
    public var isUserInteractionEnabled = true
    /// Views with alpha below 0.01 are skipped by hit-testing, as in UIKit.
    public var alpha: Double = 1
    public private(set) var subviews: [View] = []
    // Back references are unowned(unsafe) rather than weak: the engine follows them for every
    // event, and weak loads dominated its profile. Each is cleared before its target goes away
    // (removal, and the owner's deinit below), so none can dangle.
    public private(set) unowned(unsafe) var superview: View?
    public private(set) var gestureRecognizers: [GestureRecognizer] = []
    /// The environment this view's hierarchy runs in; set on every view of the hierarchy.
    /// Kept unretained, like `superview` (the environment owns the hierarchy's root).
    var environmentRef: GestureEnvironment? {
        get { environmentLink?.object }
        set {
            environmentLink = newValue.map { Unretained($0) }
            for r in gestureRecognizers { r.environmentAttached(newValue) }
        }
    }
    /// `environmentRef` as stored: read through it where a strong reference would be an atomic
    /// retain and release (see `convertFromWindow`).
    private var environmentLink: Unretained<GestureEnvironment>?

    /// This view's face in GestureLabUIKit (see `CompanionLink`).
    package var companion = CompanionLink()

    public init(id: String, frame: Rect) {
        self.id = id
        logName = LogName(id)
        self.frame = frame
    }

    deinit {
        for s in subviews {
            s.superview = nil
            // A face its subview kept because it was attached goes with the attachment.
            let dropped = s.companion.attachmentChanged(attached: false)
            withExtendedLifetime(dropped) {}
        }
        for r in gestureRecognizers where r.view === self { r.view = nil }
    }

    /// A `UIControl` wins over recognizers on its ancestors for its default action (A.2.12), and
    /// is not cancelled by a scroll view by default (A.7.4).
    open var isControl: Bool { false }

    /// The kind shown in logs and the studio ("view", "scroll", "button").
    open var kindName: String { "view" }

    public var bounds: Rect { Rect(origin: boundsOrigin, size: frame.size) }

    public func addSubview(_ view: View) { insertSubview(view, at: Int.max) }

    /// Puts `view` at `index` among the subviews (clamped; later ones are hit-tested first).
    public func insertSubview(_ view: View, at index: Int) {
        view.removeFromSuperview()
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
        let dropped = view.companion.attachmentChanged(attached: true)
        withExtendedLifetime(dropped) {}
        for v in view.subtree { v.environmentRef = environmentRef }
        environment?.hierarchyChanged()
    }

    public func removeFromSuperview() {
        guard let s = superview else { return }
        s.subviews.removeAll { $0 === self }
        superview = nil
        let dropped = companion.attachmentChanged(attached: false)
        withExtendedLifetime(dropped) {}
        for v in subtree { v.environmentRef = nil }
        s.environment?.hierarchyChanged()
    }

    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        recognizer.view?.removeGestureRecognizer(recognizer)
        gestureRecognizers.append(recognizer)
        recognizer.view = self
        environment?.hierarchyChanged()
    }

    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        gestureRecognizers.removeAll { $0 === recognizer }
        if recognizer.view === self { recognizer.view = nil }
        environment?.hierarchyChanged()
    }

    public var root: View {
        var v = self
        while let s = v.superview { v = s }
        return v
    }

    public var environment: GestureEnvironment? { environmentRef }

    /// Number of ancestors: the root is 0.
    public var depth: Int {
        var d = 0
        var v = self
        while let s = v.superview { d += 1; v = s }
        return d
    }

    public func isDescendant(of other: View) -> Bool {
        var v: View? = self
        while let current = v {
            if current === other { return true }
            v = current.superview
        }
        return false
    }

    /// Every view in this subtree, parents before children, subviews in order.
    public var subtree: [View] {
        var out: [View] = [self]
        for s in subviews { out.append(contentsOf: s.subtree) }
        return out
    }

    public func find(_ id: String) -> View? { subtree.first { $0.id == id } }

    // MARK: Coordinates

    /// A point in this view's bounds coordinates, in window coordinates.
    public func convertToWindow(_ q: Point) -> Point {
        let inParent = Point(x: q.x - boundsOrigin.x + frame.origin.x, y: q.y - boundsOrigin.y + frame.origin.y)
        return superview?.convertToWindow(inParent) ?? inParent
    }

    /// A window point in this view's bounds coordinates.
    public func convertFromWindow(_ p: Point) -> Point {
        // The generation is read without binding the environment (see `Unretained`): this runs
        // on every delivery to a view.
        if let g = environmentGeneration {
            if cachedOffset.generation != g {
                let o = uncachedConvertFromWindow(.zero)
                cachedOffset = (g, o.x, o.y)
            }
            return Point(x: p.x + cachedOffset.dx, y: p.y + cachedOffset.dy)
        }
        return uncachedConvertFromWindow(p)
    }

    private var environmentGeneration: Int? {
        environmentLink?.with { $0.geometryGeneration }
    }

    private func uncachedConvertFromWindow(_ p: Point) -> Point {
        let inParent = superview?.uncachedConvertFromWindow(p) ?? p
        return Point(x: inParent.x - frame.origin.x + boundsOrigin.x, y: inParent.y - frame.origin.y + boundsOrigin.y)
    }

    /// Converts a point in this view's space to `other`'s (the window's when nil).
    public func convert(_ p: Point, to other: View?) -> Point {
        let w = convertToWindow(p)
        return other?.convertFromWindow(w) ?? w
    }

    /// The frame in window coordinates.
    public var frameInWindow: Rect {
        let o = superview.map { $0.convertToWindow(frame.origin) } ?? frame.origin
        return Rect(origin: o, size: frame.size)
    }

    // MARK: Hit testing (docs/uikit-rules.md A.2.1)

    open func point(inside p: Point) -> Bool { bounds.contains(p) }

    /// The deepest view containing `p` (in this view's coordinates): front-most subview first.
    open func hitTest(_ p: Point) -> View? {
        guard !isHidden, isUserInteractionEnabled, alpha >= 0.01, asksPointInside(p) else { return nil }
        for sub in subviews.reversed() {
            let local = Point(x: p.x - sub.frame.origin.x + sub.boundsOrigin.x,
                              y: p.y - sub.frame.origin.y + sub.boundsOrigin.y)
            if let hit = sub.asksHitTest(local) { return hit }
        }
        return self
    }

    /// The face that answers the hit-testing and `gestureRecognizerShouldBegin` questions in place
    /// of this view, when a UIKit-style subclass overrides them (see `ViewFront`); unretained,
    /// cleared by the face when it goes away.
    package unowned(unsafe) var front: ViewFront? {
        didSet { hasFront = front != nil }
    }
    /// `front != nil` as a flag (see `Bookkeeping.hasFront`).
    private var hasFront = false

    /// Calls the touch method for `phase`, on the front when a UIKit-style subclass has one.
    func receive(_ phase: TouchPhase, _ touches: [Touch], with event: TouchEvent) {
        if hasFront {
            front!.deliver(phase, touches, with: event)
        } else {
            switch phase {
            case .began: touchesBegan(touches, with: event)
            case .moved: touchesMoved(touches, with: event)
            case .ended: touchesEnded(touches, with: event)
            case .cancelled: touchesCancelled(touches, with: event)
            case .stationary: break
            }
        }
    }

    /// Called after the view received a phase of touches (its touches methods ran, the log row
    /// was written): where a scene's reactions to a view's events hook in.
    public var onReceive: ((TouchPhase, [Touch]) -> Void)?

    package func asksHitTest(_ p: Point) -> View? { hasFront ? front!.hitTest(p) : hitTest(p) }
    func asksPointInside(_ p: Point) -> Bool { hasFront ? front!.point(inside: p) : point(inside: p) }
    func asksShouldBegin(_ r: GestureRecognizer) -> Bool { hasFront ? front!.gestureRecognizerShouldBegin(r) : gestureRecognizerShouldBegin(r) }

    // MARK: Questions UIKit asks views

    /// `UIView.gestureRecognizerShouldBegin(_:)` (A.5.2): asked of the touched view when a
    /// recognizer, possibly on an ancestor, is about to begin. Scenes set `rejectedRecognizers`.
    open func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        // Asked for every recognizer that begins: most views reject none, and an id is hashed.
        rejectedRecognizers.isEmpty || !rejectedRecognizers.contains(recognizer.id)
    }

    /// Why this view refuses `recognizer`, for the decision log; nil to use the generic wording.
    open func reasonForRefusing(_ recognizer: GestureRecognizer) -> String? { nil }

    /// Ids of recognizers this view answers `false` for in `gestureRecognizerShouldBegin`.
    public var rejectedRecognizers: Set<String> = []

    // MARK: Touch delivery to the view (after recognizers, A.2.4)

    open func touchesBegan(_ touches: [Touch], with event: TouchEvent) {}
    open func touchesMoved(_ touches: [Touch], with event: TouchEvent) {}
    open func touchesEnded(_ touches: [Touch], with event: TouchEvent) {}
    open func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {}
}
