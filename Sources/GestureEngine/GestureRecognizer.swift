import GestureTrace

/// The base class of every recognizer, with UIKit's subclass API (`UIGestureRecognizerSubclass`).
///
/// A subclass overrides the `touches…` methods and `reset()`, and sets `state`. The environment
/// decides what that request becomes: whether the recognizer may begin, must wait for another
/// to fail, or is excluded (Settlement.swift, ExclusionRule.swift, FailureRequirements.swift). Reading `state` returns what the recognizer
/// itself last set; `publishedState` is what others (and the log) see, which differs while the
/// recognizer waits on a failure requirement.
///
/// The members subclasses use on every event (`state`, `now`, `setState`, the touch read-outs,
/// timers) are `final`: not being `open`, no other module could override them anyway, and final,
/// the recognizers of other modules call them directly rather than through the class's table.
open class GestureRecognizer {
    public package(set) var id: String { didSet { logName = LogName(id) } }
    /// `id` as the log names it.
    package private(set) final var logName: LogName
    /// What the engine keeps about this recognizer between events (see `Bookkeeping`).
    @usableFromInline final var book = Bookkeeping()
    /// Unowned for speed (see `View.superview`); the view clears it when it goes away.
    public internal(set) unowned(unsafe) var view: View? {
        didSet {
            book.isAttached = view != nil
            environmentAttached(view?.environmentRef)
            let dropped = companion.attachmentChanged(attached: view != nil)
            withExtendedLifetime(dropped) {}
        }
    }

    /// This recognizer's face in GestureLabUIKit (see `CompanionLink`).
    package var companion = CompanionLink()

    func environmentAttached(_ env: GestureEnvironment?) {
        book.clockReading = env?.clockReading
        book.environmentLink = env.map { Unretained($0) }
    }

    // MARK: UIKit's properties, with UIKit's defaults (GestureDefaults)

    public var cancelsTouchesInView = true
    public var delaysTouchesBegan = false
    public var delaysTouchesEnded = true
    public var delegate: GestureRecognizerDelegate? {
        didSet {
            book.requirementHint = delegate as? FailureRequirementFreeDelegate
            book.touchFilterHint = delegate as? TouchFilterFreeDelegate
        }
    }
    /// `allowedTouchTypes`: nil accepts every device.
    public var allowedDevices: Set<InputDevice>?

    /// The app action that disabled it, when one did (for the log's "why").
    var disabledBy: (source: String, seq: Int)?

    /// Disabling cancels an active recognizer and fails a possible one (A.1.9).
    public var isEnabled = true {
        didSet {
            guard oldValue != isEnabled else { return }
            environment?.enabledChanged(self)
        }
    }

    // MARK: What kind of recognizer this is

    /// Discrete recognizers go possible to recognized or failed; continuous ones through began,
    /// changed, ended or cancelled.
    open var isDiscrete: Bool { false }
    /// The type name in logs and scene files ("tap", "pan", ...).
    open var typeName: String { "custom" }
    /// Whether this gesture is one a control's default action takes precedence over when the
    /// recognizer is on the control's ancestor (A.2.12): a one-finger single tap.
    open var overlapsControlDefaultAction: Bool { false }
    // MARK: Pointer input that is not a touch (F.5)

    /// Whether the recognizer follows a pointer hovering (UIKit's UIHoverGestureRecognizer).
    /// Such a recognizer receives no touches.
    open var takesHover: Bool { false }
    /// Whether scroll events of this kind drive the recognizer (a pan's `allowedScrollTypesMask`).
    open func takesScroll(_ kind: ScrollSample.Kind) -> Bool { false }
    /// A hover sample: where the pointer is, and whether that is over this recognizer's view (or
    /// a view inside it). Called for samples over the view, and for the first one outside it
    /// while the recognizer is in an attempt.
    open func pointerHovered(at location: Point, inside: Bool) {}
    /// A scroll sample at the pointer's place, over this recognizer's view.
    open func pointerScrolled(_ sample: ScrollSample, at location: Point) {}
    /// A mouse or pen button was pressed (the pointer became a touch): hover pauses (F.5.6).
    open func pointerPressed() {}

    /// Whether this gesture, now, is one the default action of a control of `type` takes
    /// precedence over (A.2.12, F.2.5): the one-finger single tap on a button or a switch
    /// (`overlapsControlDefaultAction`); pans and swipes say so for switches and sliders.
    open func overlapsDefaultAction(of type: ControlView.ControlType) -> Bool {
        type != .slider && overlapsControlDefaultAction
    }
    /// The parameters particular to this type (see `RecognizerParameter.swift`).
    open var ownParameters: [ParameterSpec] { [] }
    /// Parameters a registration adds to this recognizer: a UIKit-style subclass's own
    /// properties, named where it is registered (`GestureParameter`).
    package final var registeredParameters: [ParameterSpec] = []

    public init(id: String) {
        self.id = id
        logName = LogName(id)
    }

    deinit { attemptTouchLinks.free() }

    // MARK: State

    @usableFromInline final var internalState: RecognizerState = .possible
    public internal(set) final var publishedState: RecognizerState = .possible
    /// Waiting for a failure requirement before its requested transition is published. Set only
    /// by the arena (`Arbitration.wait`, `stopWaiting`), which counts the waiting.
    package internal(set) final var isPending = false
    /// Has received a touch since its last reset.
    package internal(set) final var isInAttempt = false

    /// Called when a recognizer that waited on failure requirements is allowed to proceed, just
    /// before its transition is published. A pan resets its translation here (A.4.6).
    open func willBeginAfterSatisfyingFailureRequirements() {}

    /// The state as this recognizer last set it (after UIKit's coercions, A.1.5).
    public final var state: RecognizerState {
        // Inlinable, as `now` is: recognizers in other modules read both on every event.
        @inlinable get { internalState }
        set { setState(newValue) }
    }

    /// Sets the state with a reason and the numbers behind it, for the decision log.
    /// The reason and evidence are only evaluated when the decision log will keep them.
    public final func setState(_ requested: RecognizerState, because reason: @autoclosure () -> String? = nil,
                         evidence: @autoclosure () -> [Evidence] = []) {
        setState(requested, message: reason().map(CauseText.init), evidence: evidence())
    }

    /// `setState(_:because:evidence:)` with the reason as a template and its values, formatted
    /// only if someone reads it: for the updates a recognizer makes on every move.
    public final func setState(_ requested: RecognizerState, because message: @autoclosure () -> CauseText,
                         evidence: @autoclosure () -> [Evidence] = []) {
        setState(requested, message: message(), evidence: evidence())
    }

    private func setState(_ requested: RecognizerState, message: @autoclosure () -> CauseText?, evidence: @autoclosure () -> [Evidence]) {
        switch internalState.coerced(to: requested) {
        case .unchanged:
            return
        case let .ignored(why):
            // Setting the final state it already has again is harmless (a waiting tap that keeps counting).
            if requested != internalState { environment?.noteIgnoredTransition(self, requested: requested, why: why) }
        case let .state(s):
            internalState = s
            if let env = book.environmentLink {
                // Unretained: the view keeps its environment alive while this is attached.
                env.with { $0.request(self, s, reason: message, evidence: evidence) }
            } else {
                publishedState = s
            }
        }
    }

    /// Shorthand for `setState(.failed, because:)`.
    public final func fail(because reason: @autoclosure () -> String, evidence: @autoclosure () -> [Evidence] = []) {
        // Straight to the common setter: every recognizer that misses a stroke fails through here.
        setState(.failed, message: CauseText(reason()), evidence: evidence())
    }

    /// `fail(because:evidence:)` with the reason as a template and its values, formatted only if
    /// someone reads it (the log's writer, on its own thread): for the reasons given at every
    /// stroke, which String interpolation made a sixteenth of a logged replay's engine thread.
    public final func fail(because message: @autoclosure () -> CauseText, evidence: @autoclosure () -> [Evidence] = []) {
        setState(.failed, message: message(), evidence: evidence())
    }

    // MARK: Touches

    /// Touches received in this attempt, in order of arrival (ended ones included, so a double
    /// tap can cancel the first tap's touch in the view, A.2.9).
    package private(set) final var attemptTouches: [Touch] = []
    /// The same touches, unretained, for the questions asked on every event (see `UnretainedList`).
    private(set) var attemptTouchLinks = UnretainedList<Touch>()

    /// The only ways the attempt's touches change (the list and its unretained copy together):
    /// a touch is received, or the recognizer resets. Both keep their buffers.
    func receive(_ touch: Touch) {
        attemptTouches.append(touch)
        attemptTouchLinks.append(touch)
    }

    func clearAttemptTouches() {
        attemptTouches.clearKeepingCapacity()
        attemptTouchLinks.removeAll()
    }
    var ignoredSerials: Set<Int> = [] {
        didSet { ignoresAny = !ignoredSerials.isEmpty }
    }
    /// `!ignoredSerials.isEmpty`, kept as a flag: asked for every touch of every event, and
    /// a set's emptiness costs a reference count round trip.
    private(set) var ignoresAny = false

    /// Tells the engine to stop sending `touch` to this recognizer (A.2.11). The touch is then
    /// neither held back nor cancelled in its view on this recognizer's account.
    public final func ignore(_ touch: Touch, for event: TouchEvent? = nil) {
        ignoredSerials.insert(touch.serial)
    }


    /// Touches that are down and not ignored.
    public final var activeTouches: [Touch] {
        if !ignoresAny {
            // Every finger still down, the usual case: the array as it is, nothing allocated.
            if attemptTouches.allSatisfy(\.isDown) { return attemptTouches }
            return attemptTouches.filter(\.isDown)
        }
        return attemptTouches.filter { $0.isDown && !ignoredSerials.contains($0.serial) }
    }

    public final var numberOfTouches: Int { activeTouchCount }

    /// How many touches are down and not ignored, without building the list (asked per event).
    var activeTouchCount: Int {
        // One touch received, the usual attempt: no loop.
        if attemptTouchLinks.count == 1 { return attemptTouchLinks[0].with { isActive($0) } ? 1 : 0 }
        var n = 0
        for link in attemptTouchLinks where link.with({ isActive($0) }) { n += 1 }
        return n
    }

    @inline(__always)
    private func isActive(_ t: Touch) -> Bool {
        t.isDown && !isIgnoring(t)
    }

    /// The mean window location of the active touches, without building the list; nil when
    /// none is down.
    public final var activeCentroidInWindow: Point? {
        if attemptTouchLinks.count == 1 {
            return attemptTouchLinks[0].with { isActive($0) ? $0.locationInWindow : nil }
        }
        var x = 0.0, y = 0.0, n = 0
        var only = Point.zero
        for link in attemptTouchLinks {
            link.with { t in
                guard isActive(t) else { return }
                only = t.locationInWindow
                x += only.x
                y += only.y
                n += 1
            }
        }
        // One finger: its location as it is (a sum would turn -0.0 into 0.0).
        if n == 1 { return only }
        return n == 0 ? nil : Point(x: x / Double(n), y: y / Double(n))
    }

    /// The mean window location of every touch received in this attempt and not ignored, lifted
    /// ones included (where a gesture ended), without building the list; nil when there is none.
    package final var receivedCentroidInWindow: Point? {
        var x = 0.0, y = 0.0, n = 0
        for link in attemptTouchLinks {
            link.with { t in
                guard !isIgnoring(t) else { return }
                x += t.locationInWindow.x
                y += t.locationInWindow.y
                n += 1
            }
        }
        return n == 0 ? nil : Point(x: x / Double(n), y: y / Double(n))
    }

    /// The mean window location of `touches` (or of where they went down, with `atStart`):
    /// what multi-finger recognizers measure. `.zero` for no touches.
    public final func centroidInWindow(of touches: [Touch], atStart: Bool = false) -> Point {
        guard !touches.isEmpty else { return .zero }
        var x = 0.0, y = 0.0
        for t in touches {
            let p = atStart ? t.startLocationInWindow : t.locationInWindow
            x += p.x
            y += p.y
        }
        return Point(x: x / Double(touches.count), y: y / Double(touches.count))
    }

    /// The first of `touches` that has moved farther than `limit` points (in window coordinates,
    /// docs/uikit-rules.md A.6.7) from where it went down, and how far: the allowable-movement
    /// test of a tap or a long press. Asked on every move, so the touches are read without
    /// reference counting (the caller's array keeps them alive).
    public final func firstTouch(_ touches: [Touch], movedBeyond limit: Double) -> (touch: Touch, distance: Double)? {
        touches.withUnretainedElements { list in
            for link in list {
                let d = link.with { $0.locationInWindow.distance(to: $0.startLocationInWindow) }
                if d > limit { return (link.object, d) }
            }
            return nil
        }
    }

    /// The pointer ids of the touches this attempt competes for: those received and not ignored
    /// (A.3.2). Transitions in the log list these.
    var claimedPointers: TouchIDs {
        // Read unretained, in a plain loop: one or two fingers, the usual case, need no array,
        // and the closure of a lazy sequence would retain the recognizer for every update.
        var ids = TouchIDs.Builder()
        for link in attemptTouchLinks {
            if let id = link.with({ t in isIgnoring(t) ? nil : t.pointer }) { ids.append(id) }
        }
        return ids.ids
    }

    /// The centroid of the active touches in `view`'s coordinates, or of the last touches
    /// when none is down (UIKit's `location(in:)`).
    open func location(in view: View?) -> Point {
        var list = activeTouches
        if list.isEmpty { list = attemptTouches.filter { !ignoredSerials.contains($0.serial) } }
        guard !list.isEmpty else { return .zero }
        var x = 0.0, y = 0.0
        for t in list {
            let p = t.location(in: view)
            x += p.x
            y += p.y
        }
        return Point(x: x / Double(list.count), y: y / Double(list.count))
    }

    public final func location(ofTouch index: Int, in view: View?) -> Point {
        let list = activeTouches
        guard index >= 0, index < list.count else { return .zero }
        return list[index].location(in: view)
    }

    // MARK: Subclass hooks

    open func touchesBegan(_ touches: [Touch], with event: TouchEvent) {}
    open func touchesMoved(_ touches: [Touch], with event: TouchEvent) {}
    open func touchesEnded(_ touches: [Touch], with event: TouchEvent) {}
    /// A touch was cancelled by the system. The default gives up the gesture: `cancelled` when
    /// active, `failed` when still possible (by the coercions of A.1.5).
    open func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        setState(.cancelled, because: "its touch was cancelled")
    }
    /// Called when the recognizer goes back to possible; clear per-attempt state here.
    open func reset() {}

    // MARK: Relationships (A.3, A.4)

    public private(set) var failureRequirements: [GestureRecognizer] = [] {
        didSet { book.hasStaticRequirements = !failureRequirements.isEmpty }
    }

    /// This recognizer may leave possible only once `other` has failed (A.4.2).
    public func require(toFail other: GestureRecognizer) {
        guard other !== self, !failureRequirements.contains(where: { $0 === other }) else { return }
        failureRequirements.append(other)
        other.book.mayBeRequired = true
    }


    /// Ids this recognizer may not prevent, on top of the subclass rule (a scene's one-way rule).
    package var cannotPreventIDs: Set<String> = []

    open func canPrevent(_ other: GestureRecognizer) -> Bool { true }
    open func canBePrevented(by other: GestureRecognizer) -> Bool { true }
    open func shouldRequireFailure(of other: GestureRecognizer) -> Bool { false }
    open func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { false }

    /// Drops what this recognizer refers to beyond its view: actions, delegate and failure
    /// requirements. Called when a scene is torn down, because these references may form cycles.
    package func detachRelationships() {
        book.actions.removeAll()
        delegate = nil
        failureRequirements.removeAll()
        book.dynamicRequirements.removeAll()
        let dropped = companion.release()
        withExtendedLifetime(dropped) {}
    }

    // MARK: Actions

    /// Registers a closure called on every action (UIKit's target-action pair).
    public func addAction(_ action: @escaping (GestureRecognizer) -> Void) { book.actions.append(action) }

    // MARK: Timers

    /// Runs `body` after `delay` of virtual time, unless cancelled or the recognizer resets
    /// first (a timer never outlives the attempt that started it).
    @discardableResult
    public final func startTimer(_ name: String, after delay: Duration, _ body: @escaping () -> Void) -> VirtualClock.TimerID? {
        // Through the unretained link (see `Bookkeeping.environmentLink`): a tap starts timers
        // on every touch.
        guard let env = book.environmentLink else { return nil }
        let id = env.with { $0.schedule(name: name, owner: self.id, after: delay, body) }
        book.timers.append(id)
        return id
    }

    public final func cancelTimer(_ id: VirtualClock.TimerID?) {
        guard let id else { return }
        book.environmentLink?.with { $0.cancelTimer(id) }
        // Usually the timer started last (a tap's duration timer, cancelled at its lift).
        if book.timers.last == id {
            book.timers.removeLast()
        } else if let i = book.timers.firstIndex(of: id) {
            book.timers.remove(at: i)
        }
    }

    /// The current time on the replay's clock.
    @inlinable public final var now: Timestamp { book.clockReading?.pointee ?? .zero }

    package var environment: GestureEnvironment? { view?.environment }

}
