import GestureEngine
import GestureTrace

/// One view as Android's view system sees it: a `ViewGroup` when it has children (or scrolls),
/// with its touch target and its `FLAG_DISALLOW_INTERCEPT`, and what handles its own touches
/// (a clickable view's click and long click, a GestureDetector, a ScaleGestureDetector, a
/// scroll view's drag).
final class AndroidNode {
    let view: View
    var children: [AndroidNode] = []
    // Unowned, not weak: a parent holds its children, so it outlives them, and a weak reference
    // would give every parent a side table, sending its retains and releases (several an
    // event, along the dispatch path) down the runtime's slow path.
    unowned var parent: AndroidNode?
    /// `mFirstTouchTarget`: the child that took the gesture's down.
    var touchTarget: AndroidNode?
    /// `FLAG_DISALLOW_INTERCEPT`.
    var disallowIntercept = false

    var scroller: AndroidScrollView?
    var clickable: AndroidClickableView?
    var detector: AndroidGestureDetector?
    var scale: AndroidScaleGestureDetector?
    /// When the view's own code calls `requestDisallowInterceptTouchEvent(true)` (a scene option).
    var disallowWhen: DisallowTrigger?

    enum DisallowTrigger: String, CaseIterable { case onDown, onScroll }

    init(view: View) { self.view = view }

    /// `shouldDelayChildPressedState()`: true for a scroll view; the layouts a plain view stands
    /// for (FrameLayout, LinearLayout) say false (`ViewGroup.java:7924-7926` is true by default).
    var delaysChildPressedState: Bool { scroller != nil }

    /// `isInScrollingContainer()` (`View.java:17250-17259`).
    var isInScrollingContainer: Bool {
        var p = parent
        while let n = p {
            if n.delaysChildPressedState { return true }
            p = n.parent
        }
        return false
    }

    var name: String { view.id }
}

/// Android's touch dispatch over GestureLab's views, clock and log (the platform reference's
/// sections 2.1 and 2.8): every MotionEvent goes down from the root; at `ACTION_DOWN` each group
/// forgets its target and its disallow flag, asks its own `onInterceptTouchEvent` first, then
/// its children front to back, and the first child whose dispatch returns true becomes its
/// target. Later events go to the target unless the group intercepts, in which case the target
/// gets `ACTION_CANCEL` and the group's own `onTouchEvent` takes the following events. The parent
/// is asked before the child, so on the same move the parent wins.
public final class AndroidTouchDispatch {
    public let window: View
    let root: AndroidNode
    let out: PlatformLog
    public var log: DecisionLog { out.log }
    var now: Timestamp { out.now }
    private var clock = VirtualClock()
    /// The pointers down, in the order they went down.
    private var down: [(id: Int, at: Point)] = []
    /// Moves of the same time, merged into one ACTION_MOVE.
    private var pendingMoves: [TraceEvent] = []
    private let maximumFinishingTimers = 100_000
    public private(set) var recognizerIDs: [String] = []

    public let settings: AndroidSettings

    init(window: View, root: AndroidNode, settings: AndroidSettings, log: DecisionLog) {
        self.window = window
        self.root = root
        self.settings = settings
        out = PlatformLog(log)
    }

    func registerRecognizer(_ id: String) { recognizerIDs.append(id) }

    // MARK: Input

    public func handle(_ e: TraceEvent) {
        if let first = pendingMoves.first, e.type != .move || e.time != first.time || pendingMoves.contains(where: { $0.pointer == e.pointer }) {
            flushMoves()
        }
        runTimers(upTo: e.time)
        out.now = max(now, e.time)
        let p = Point(x: e.x, y: e.y)
        switch e.type {
        case .down:
            if down.contains(where: { $0.id == e.pointer }) { lift(e.pointer, at: p, cancel: true) }
            out.input(view: nil, phase: .began, touch: e.pointer, CauseText("touch %d down at (%1, %1)", Double(e.pointer), p.x, p.y))
            down.append((e.pointer, p))
            let action: AndroidMotionEvent.Action = down.count == 1 ? .down : .pointerDown
            send(AndroidMotionEvent(action: action, actionPointer: e.pointer, pointers: down, time: now))
        case .move:
            guard down.contains(where: { $0.id == e.pointer }) else { return }
            pendingMoves.append(e)
        case .up, .cancel:
            guard down.contains(where: { $0.id == e.pointer }) else { return }
            lift(e.pointer, at: p, cancel: e.type == .cancel)
        case .hover, .scroll:
            return
        }
    }

    private func flushMoves() {
        guard !pendingMoves.isEmpty else { return }
        // Nothing in the loop adds a move; emptied after it, keeping its storage (a copy taken
        // before emptying made the list anew for every event).
        for m in pendingMoves {
            if let i = down.firstIndex(where: { $0.id == m.pointer }) { down[i].at = Point(x: m.x, y: m.y) }
            out.input(view: nil, phase: .moved, touch: m.pointer, CauseText("touch %d moves to (%1, %1)", Double(m.pointer), m.x, m.y))
        }
        pendingMoves.removeAll(keepingCapacity: true)
        send(AndroidMotionEvent(action: .move, actionPointer: down.first?.id ?? 0, pointers: down, time: now))
    }

    private func lift(_ id: Int, at p: Point, cancel: Bool) {
        guard let i = down.firstIndex(where: { $0.id == id }) else { return }
        down[i].at = p
        out.input(view: nil, phase: cancel ? .cancelled : .ended, touch: id,
                  cancel ? CauseText("touch %d is cancelled at (%1, %1)", Double(id), p.x, p.y) : CauseText("touch %d lifts at (%1, %1)", Double(id), p.x, p.y))
        let action: AndroidMotionEvent.Action = cancel ? .cancel : (down.count == 1 ? .up : .pointerUp)
        send(AndroidMotionEvent(action: action, actionPointer: id, pointers: down, time: now))
        if cancel { down.removeAll() } else { down.remove(at: i) }
    }

    /// `ViewRootImpl` hands the event to the root, and nothing is left over.
    private func send(_ ev: AndroidMotionEvent) {
        _ = dispatch(root, ev)
        if ev.action == .up || ev.action == .cancel { endOfGesture() }
    }

    // MARK: ViewGroup.dispatchTouchEvent (ViewGroup.java:2623-2837)

    func dispatch(_ node: AndroidNode, _ ev: AndroidMotionEvent) -> Bool {
        let isGroup = !node.children.isEmpty || node.scroller != nil
        guard isGroup else { return viewDispatch(node, ev) }
        let handled = dispatchToGroup(node, ev)
        if ev.action == .up || ev.action == .cancel, let s = node.scroller {
            // However the gesture ends, a scroll view that never dragged has lost it.
            s.gestureEnded(ev, interceptionDisallowed: node.disallowIntercept)
        }
        return handled
    }

    private func dispatchToGroup(_ node: AndroidNode, _ ev: AndroidMotionEvent) -> Bool {
        if ev.action == .down {
            // `cancelAndClearTouchTargets` and `resetTouchState` (`:2640-2646`, `:2882-2887`).
            node.touchTarget = nil
            node.disallowIntercept = false
            node.scroller?.nestedScrollAxes = false
        }
        let intercepted: Bool
        if ev.action == .down || node.touchTarget != nil {
            intercepted = node.disallowIntercept ? false : onInterceptTouchEvent(node, ev)
        } else {
            // No target: the group keeps the stream for its own onTouchEvent (`:2648-2663`).
            intercepted = true
        }
        if !intercepted && ev.action == .down {
            // Front to back (`:2711`): the last child drawn is tried first; the one that takes
            // the down has had it (`alreadyDispatchedToNewTouchTarget`).
            let at = ev.position(ev.actionPointer) ?? ev.first
            for child in node.children.reversed() where isHit(child, at) {
                if dispatch(child, ev) {
                    node.touchTarget = child
                    return true
                }
            }
        }
        guard let target = node.touchTarget else { return viewDispatch(node, ev) }
        if intercepted {
            // The target gets ACTION_CANCEL instead of the event; the group's onTouchEvent starts
            // with the next one (`:2799-2813`).
            cancel(target, because: "\(node.name) intercepted the touch", causedBy: node.scroller?.recognizer.lastTransitionSeq)
            node.touchTarget = nil
            return true
        }
        if ev.action == .up || ev.action == .cancel {
            defer { node.touchTarget = nil }
            return dispatch(target, ev)
        }
        return dispatch(target, ev)
    }

    /// Sends ACTION_CANCEL down a target's chain.
    /// `causedBy`: the row of the interception, so that an explanation of what the cancel stops
    /// leads to it (and its numbers).
    private func cancel(_ node: AndroidNode, because why: String, causedBy: Int?) {
        let ev = AndroidMotionEvent(action: .cancel, actionPointer: down.first?.id ?? 0, pointers: down, time: now)
        let saved = out.causeSeq
        if let causedBy { out.causeSeq = causedBy }
        out.causeSeq = out.note(nil, view: node.view, touches: ev.touchIDs, "ACTION_CANCEL to \(node.name): \(why) (ViewGroup.java:2799-2813)", kind: .exclusion)
        cancelReason = "ACTION_CANCEL: \(why)"
        _ = dispatch(node, ev)
        cancelReason = nil
        out.causeSeq = saved
    }

    /// Why the ACTION_CANCEL being delivered was sent, for the rows of what it stops.
    private(set) var cancelReason: String?

    private func isHit(_ node: AndroidNode, _ p: Point) -> Bool {
        let v = node.view
        guard !v.isHidden, v.alpha >= 0.01 else { return false }
        return v.bounds.contains(v.convertFromWindow(p))
    }

    private func onInterceptTouchEvent(_ node: AndroidNode, _ ev: AndroidMotionEvent) -> Bool {
        node.scroller?.onInterceptTouchEvent(ev) ?? false
    }

    /// `View.dispatchTouchEvent` (`View.java:15620-15673`): the view's own listeners, then its
    /// `onTouchEvent`; true when it consumed the event.
    private func viewDispatch(_ node: AndroidNode, _ ev: AndroidMotionEvent) -> Bool {
        guard node.view.isUserInteractionEnabled else { return false }
        var handled = false
        let consumes = node.detector != nil || node.scale != nil || node.clickable != nil || node.scroller != nil
        if consumes {
            // The words are made only if the log keeps them.
            out.view(node.view, phase: ev.action.phase, touches: ev.touchIDs,
                     cancelReason.map { "\(ev.action.rawValue) to \(node.name) (\($0))" } ?? "\(ev.action.rawValue) to \(node.name)",
                     at: ev.position(ev.actionPointer) ?? ev.first)
        }
        if ev.action == .down, node.disallowWhen == .onDown {
            requestDisallowIntercept(from: node, because: "its code asks on ACTION_DOWN")
        }
        // An OnTouchListener feeding the detectors and returning true (the usual way to use them).
        if let s = node.scale { s.onTouchEvent(ev); handled = true }
        if let d = node.detector { d.onTouchEvent(ev); handled = true }
        if let c = node.clickable { if c.onTouchEvent(ev) { handled = true } }
        // A scroll view's own onTouchEvent runs too (a subclass's listeners call super).
        if let s = node.scroller, s.onTouchEvent(ev) { handled = true }
        return handled
    }

    /// `requestDisallowInterceptTouchEvent(true)` from `node`: its parent and every ancestor.
    func requestDisallowIntercept(from node: AndroidNode, because why: String) {
        var p = node.parent
        var names: [String] = []
        while let n = p {
            if !n.disallowIntercept { names.append(n.name) }
            n.disallowIntercept = true
            p = n.parent
        }
        if !names.isEmpty {
            out.note(nil, view: node.view, "\(node.name) calls requestDisallowInterceptTouchEvent(true) (\(why)): \(names.joined(separator: ", ")) will not intercept until the next ACTION_DOWN (ViewGroup.java:3227-3245)")
        }
    }

    // MARK: Timers

    func schedule(_ what: String, owner: String, afterMs ms: Double, _ action: @escaping () -> Void) -> VirtualClock.TimerID {
        clock.schedule(name: what, owner: owner, at: now + .milliseconds(ms), action)
    }

    func cancelTimer(_ id: VirtualClock.TimerID?) {
        if let id { clock.cancel(id) }
    }

    private func runTimers(upTo limit: Timestamp) {
        // A message due at an event's time runs before the event (docs/platforms.md).
        while let timer = clock.popDue(upTo: limit, inclusive: true) { fire(timer) }
    }

    private func fire(_ timer: VirtualClock.Scheduled) {
        out.now = max(now, timer.due)
        out.timer(owner: timer.owner, "\(timer.owner): \(timer.name) runs")
        timer.action()
    }

    public func finish() {
        flushMoves()
        var fired = 0
        while fired < maximumFinishingTimers, let timer = clock.popDue(upTo: Timestamp(microseconds: .max), inclusive: true) {
            fire(timer)
            fired += 1
        }
        if fired == maximumFinishingTimers {
            out.log.append(time: now, kind: .note, cause: Cause(.lifecycle, "stopped after \(maximumFinishingTimers) timers: a timer keeps rescheduling itself"))
        }
        endOfGesture()
    }

    // MARK: Attempts

    private var watched: [PlatformRecognizer] = []
    /// Recognizers whose attempt ends when no finger is down and nothing is pending.
    func touched(_ r: PlatformRecognizer) { if !watched.contains(where: { $0 === r }) { watched.append(r) } }

    /// After the last finger lifts: the attempts that are decided end (a reset row each). One
    /// still waiting (a double tap's `TAP` message) ends when it is decided.
    func endOfGesture() {
        for r in watched where r.published != .possible && r.published != .began && r.published != .changed {
            out.endAttempt(r)
        }
        watched.removeAll { $0.published == .possible }
    }

    // MARK: Log helpers

    @discardableResult
    func publish(_ r: PlatformRecognizer, _ state: LogName, _ cause: @autoclosure () -> Cause) -> Int {
        touched(r)
        return out.publish(r, state, cause())
    }

    func fail(_ r: PlatformRecognizer?, _ cause: Cause) {
        guard let r, r.published == .possible || r.published == .began || r.published == .changed else { return }
        let state: LogName = r.published == .possible ? .failed : .cancelled
        publish(r, state, cause)
    }

    /// The touches of a gesture's attempt, for a recognizer starting one.
    func begin(_ r: PlatformRecognizer?, _ ev: AndroidMotionEvent) {
        guard let r else { return }
        if r.published != .possible && r.published != .began && r.published != .changed { out.endAttempt(r) }
        for id in ev.pointers.map(\.id) where !r.attemptTouches.contains(id) { r.attemptTouches.append(id) }
        touched(r)
    }
}
