import GestureTrace

/// Runs touches through a view hierarchy and its recognizers, one dispatch cycle per event,
/// under UIKit's rules, on a virtual clock. Reference Part C gives the cycle:
///
/// 1. new touches are hit-tested and bound; recognizers on the hit view and its ancestors
///    receive them (filtered by `isEnabled`, device and the delegate's `shouldReceive`);
/// 2. each recognizer's `touches…` hooks run; the states they set are queued as requests;
/// 3. the arena settles: requests become published transitions under exclusion, prevention and
///    failure requirements (`Arbitration.settle`, in `Arena/Settlement.swift`, `ExclusionRule.swift`,
///    `FailureRequirements.swift`);
/// 4. the views get their phases, held back, released or cancelled (`ViewDelivery.swift`);
/// 5. the arena resets finished recognizers (`Arena/RecognizerReset.swift`).
/// Timers fire as events of their own at their due time. The environment keeps input, the clock,
/// the log and view delivery; the arena (`arbitration`) decides.
public final class GestureEnvironment {
    public let window: View
    public var options: EngineOptions
    public var log: DecisionLog
    /// The virtual time: the latest event's or timer's. Kept behind a pointer that recognizers
    /// read directly (see `GestureRecognizer.clockReading`).
    public internal(set) var now: Timestamp {
        get { clockReading.pointee }
        set { clockReading.pointee = newValue }
    }
    let clockReading: UnsafeMutablePointer<Timestamp> = {
        let p = UnsafeMutablePointer<Timestamp>.allocate(capacity: 1)
        p.initialize(to: .zero)
        return p
    }()

    var clock = VirtualClock()
    /// Who is competing for touches and what they asked for (see `Arbitration`).
    package let arbitration = Arbitration()
    /// Touches down, by pointer id.
    var touchesByPointer: [Int: Touch] = [:]
    /// Touches whose view delivery may still change (holds pending); kept until finished.
    var touchesWithHolds: [Touch] = []
    var nextSerial = 0
    /// The last touch that lifted where it went down: when, where and its tap count (for the next
    /// touch's `tapCount`).
    var lastLift: (time: Timestamp, location: Point, tapCount: Int)?
    var spareChanged = ScratchSlot<Touch>()
    /// `spareChanged`, unretained (it keeps them alive), for the common event's fast path.
    var spareChangedLinks = UnretainedList<Touch>()
    var spareOneTouch = ScratchSlot<Touch>()
    /// Bumped when a touch goes down or is removed, so the event's list of touches is rebuilt
    /// only when it changed.
    var touchSetVersion = 0
    private var eventTouchesVersion = -1
    /// What is being processed now, for the causes of requests the subclasses make.
    var context: DispatchContext = .idle
    /// The touches of a `.delivering` context, for causes; set only when the log records, so the
    /// context is a plain value on the hot path. Borrowed from the list being delivered, which
    /// outlives the delivery, rather than stored (a retain and release per event). Valid only
    /// while `deliverToRecognizers` runs (it puts back what it found).
    var deliveringTouches = UnsafeBufferPointer<Unretained<Touch>>(start: nil, count: 0)
    var isDispatching = false
    /// Cancellations the system was asked for inside a dispatch, done after it (`cancelTouches`).
    var systemCancels: [(GestureEnvironment.CancelledTouches, String, Int?)] = []
    /// Fingers the system cancelled that have not lifted yet: their later samples are ignored.
    var systemCancelledPointers: Set<Int> = []
    /// Timers app code scheduled that have not fired (CodeTimers.swift).
    var codeTimers = CodeTimerBook()
    /// The event a delegate is asked about for a hover or scroll sample (reused).
    let pointerEvent = TouchEvent(timestamp: .zero, allTouches: [])
    /// The event object handed to recognizers and views, reused between dispatches.
    let sharedEvent = TouchEvent(timestamp: .zero, allTouches: [])
    /// Lets go of the UIKit faces the environment's own objects hold (its event, touches still
    /// down), which hold those objects in turn; called when a replay's scene is torn down.
    package func releaseCompanions() {
        let dropped = sharedEvent.companion.release()
        withExtendedLifetime(dropped) {}
        let droppedPointer = pointerEvent.companion.release()
        withExtendedLifetime(droppedPointer) {}
        for t in touchesByPointer.values {
            let face = t.companion.release()
            withExtendedLifetime(face) {}
        }
    }

    /// The event being dispatched (UIKit reuses one event object, and so does the environment).
    package var eventBeingDispatched: TouchEvent { sharedEvent }
    /// Bumped whenever the hierarchy changes, so recognizers recompute their order keys.
    private var hierarchyGeneration = 1

    public init(window: View, options: EngineOptions = EngineOptions(), recordLog: Bool = true, keptKinds: Set<LogEntry.Kind>? = nil) {
        self.window = window
        self.options = options
        self.log = DecisionLog(recordLog ? .entries : .counted, keptKinds: keptKinds)
        arbitration.attach(to: self)
        for v in window.subtree { v.environmentRef = self }
    }

    deinit {
        for v in window.subtree { v.environmentRef = nil }
        clockReading.deallocate()
        spareChangedLinks.free()
    }

    /// Every recognizer in the hierarchy.
    public var allRecognizers: [GestureRecognizer] { window.subtree.flatMap(\.gestureRecognizers) }

    public func recognizer(_ id: String) -> GestureRecognizer? { allRecognizers.first { $0.id == id } }

    func hierarchyChanged() {
        hierarchyGeneration &+= 1
        geometryGeneration &+= 1
    }

    /// Bumped when any view's frame, bounds origin or place in the hierarchy changes.
    private(set) var geometryGeneration = 0
    func geometryChanged() { geometryGeneration &+= 1 }

    /// Delivery order and tie-break order (A.2.5, A.3.4): deepest view first, then the most
    /// recently added recognizer on a view, then hierarchy order for siblings (which never share
    /// a touch, so this last key only keeps replays reproducible).
    @inline(__always)
    func orderKey(_ r: GestureRecognizer) -> (Int, Int, Int) {
        if r.book.orderGeneration != hierarchyGeneration { recomputeOrderKeys(r) }
        return r.book.orderKey
    }

    /// The keys of every recognizer in the hierarchy, after the hierarchy changed (rare: kept out
    /// of line so that the usual read above is a comparison and a load).
    @inline(never)
    private func recomputeOrderKeys(_ r: GestureRecognizer) {
        for (pre, v) in window.subtree.enumerated() {
            let d = v.depth
            for (i, g) in v.gestureRecognizers.enumerated() {
                g.book.orderKey = (-d, -i, pre)
                g.book.orderGeneration = hierarchyGeneration
            }
        }
        // Not in the hierarchy (removed from its view): last, in a stable place.
        if r.book.orderGeneration != hierarchyGeneration {
            r.book.orderKey = (0, 0, Int.max)
            r.book.orderGeneration = hierarchyGeneration
        }
    }

    @inline(__always)
    func precedes(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        let ka = orderKey(a), kb = orderKey(b)
        return ka < kb
    }

    // MARK: Timers

    /// Fires every timer due up to `time`, each in its own cycle.
    public func advance(to time: Timestamp, inclusive: Bool = true) {
        while clock.mayHaveDue(upTo: time, inclusive: inclusive), let timer = clock.popDue(upTo: time, inclusive: inclusive) {
            fire(timer)
        }
        if time > now { now = time }
    }

    /// Runs the timers that are still scheduled after the last event (a double tap's interval,
    /// a long press that is still held). Bounded, so a timer that reschedules itself forever
    /// cannot hang a replay.
    public func finish(maximumTimers: Int = 100_000) {
        codeTimers.finishing = true
        defer { codeTimers.finishing = false }
        var fired = 0
        while fired < maximumTimers, let timer = clock.popDue(upTo: Timestamp(microseconds: .max), inclusive: true) {
            fire(timer)
            fired += 1
        }
        if fired == maximumTimers {
            log.append(time: now, kind: .note, cause: Cause(.lifecycle, "stopped after \(maximumTimers) timers: a timer keeps rescheduling itself"))
        }
        for touch in touchesByPointer.values.sorted(by: { $0.serial < $1.serial }) {
            log.append(time: now, kind: .note, view: touch.view?.logName, touches: TouchIDs(touch.pointer),
                       cause: Cause(.lifecycle, "\(touch.label) is still down at the end of the trace"))
        }
    }

    private func fire(_ timer: VirtualClock.Scheduled) {
        now = max(now, timer.due)
        if timer.owner == Self.appActionOwner {
            let seq = log.append(time: now, kind: .app, cause: Cause(.reaction, "app action \(timer.name)"))
            runCycle(context: .reaction(source: "the app action \(timer.name)", seq: seq)) { timer.action() }
            return
        }
        // App code's timers write their own rows (CodeTimers.swift).
        if timer.owner == Self.codeTimerOwner { return timer.action() }
        if timer.owner == Self.viewFrameOwner { return runCycle { timer.action() } }
        let seq = log.append(time: now, kind: .timer, recognizer: LogName(timer.owner),
                             cause: Cause(.timer, "timer \(timer.name) of \(timer.owner) fired"))
        // A fired timer stays in its owner's list until the owner resets (cancelling it then
        // is harmless): looking the owner up by id on every timer cost more than the timer.
        runCycle(context: .timer(name: timer.name, owner: timer.owner, seq: seq)) {
            timer.action()
        }
    }

    func schedule(name: String, owner: String, after delay: Duration, _ action: @escaping () -> Void) -> VirtualClock.TimerID {
        clock.schedule(name: name, owner: owner, at: now + delay, action)
    }

    func cancelTimer(_ id: VirtualClock.TimerID) { clock.cancel(id) }

    package var scheduledTimerCount: Int { clock.pendingCount }
    /// The owners (recognizer ids) of the timers still scheduled.
    package var scheduledTimerOwners: [String] { clock.pendingOwners }

    /// The touches down now, in the order they went down.
    public var touchesDown: [Touch] { touchesByPointer.values.sorted { $0.serial < $1.serial } }

    /// How much state the environment is carrying: recognizers in an attempt, touches with view
    /// phases still held, touches down. All three return to zero when the input is idle; the
    /// property tests and benchmarks watch them.
    package var carriedState: (inAttempt: Int, heldTouches: Int, touchesDown: Int) {
        (arbitration.attempts.count, touchesWithHolds.count, touchesByPointer.count)
    }

    // MARK: The dispatch cycle

    /// Brings the shared event up to the present: its time, and the touches down when they
    /// changed. UIKit reuses one event object; so do dispatches and the deliveries made outside
    /// one (a release or a cancellation at a timer), which built an event of their own before.
    @inline(__always)
    func refreshSharedEvent() {
        sharedEvent.timestamp = now
        if eventTouchesVersion != touchSetVersion { refillSharedEventTouches() }
    }

    /// The event's touches after a finger went down or lifted.
    @inline(never)
    private func refillSharedEventTouches() {
        let event = sharedEvent
        eventTouchesVersion = touchSetVersion
        // Refilled in place when one finger or none is down (every tap goes through both):
        // the event's buffer is reused unless a recognizer kept a copy of the list.
        if touchesByPointer.count <= 1 {
            event.allTouches.clearKeepingCapacity()
            if let only = touchesByPointer.first { event.allTouches.append(only.value) }
        } else {
            event.allTouches = touchesByPointer.values.sorted { $0.serial < $1.serial }
        }
    }

    func dispatch(_ changed: [Touch]) {
        guard !changed.isEmpty else { return }
        refreshSharedEvent()
        // Read from the constant property, not returned by the call (a returned object is retained).
        let event = sharedEvent
        runCycle {
            // Recognizers first (A.2.4), each once per phase in the order began, moved, ended, cancelled.
            // One touch: its recognizers are already in delivery order (bound deepest view first,
            // most recently added first). Several: merge and sort, unless (usually: fingers on
            // one view) they all have the same list. Recognizers are reached unretained: the
            // touches' lists, or `merged`, keep them alive.
            if changed.count == 1 {
                deliverToRecognizers(changed, links: changed[0].recognizerLinks, event: event)
                return
            }
            var merged: [GestureRecognizer] = []
            var mergedLinks = UnretainedList<GestureRecognizer>()
            defer { mergedLinks.free() }
            var links = changed[0].recognizerLinks
            if !changed.dropFirst().allSatisfy({ $0.recognizerLinks.isSame(as: links) }) {
                for t in changed {
                    for r in t.recognizers where !merged.contains(where: { $0 === r }) { merged.append(r) }
                }
                if merged.count > 1 { merged.sort { precedes($0, $1) } }
                mergedLinks.replace(with: merged)
                links = mergedLinks
            }
            deliverToRecognizers(changed, links: links, event: event)
            withExtendedLifetime(merged) {}
        } viewPhases: {
            changed.withUnretainedElements { touches in
                for t in touches { t.with { self.deliverNewPhase(of: $0, event: event) } }
            }
        }
    }

    /// The recognizer hooks of one dispatch, each recognizer once per phase in the order began,
    /// moved, ended, cancelled; `links` are the recognizers in delivery order, kept alive by the
    /// touches' lists (or the caller's merged list).
    private func deliverToRecognizers(_ changed: [Touch], links: UnretainedList<GestureRecognizer>, event: TouchEvent) {
        // A delivery inside this one (an action that cancels touches) borrows its own list.
        let outerTouches = deliveringTouches
        defer { deliveringTouches = outerTouches }
        if changed.count == 1 {
            // One touch, one phase: no per-phase sets to build (the common case, a move).
            changed.withUnretainedElements { touches in touches[0].with { touch in
                let phase = touch.phase
                // Which touches are being delivered is read only for the causes the log keeps:
                // without a log the context stays `.idle` (two enum stores saved per event).
                let describes = log.isRecording
                if describes {
                    context = .delivering(phase: phase)
                    deliveringTouches = touches
                }
                defer { if describes { context = .idle } }
                for link in links {
                    link.with { r in
                        // A touch's recognizers are those that received it and have not reset
                        // since (a reset takes them off the list), so each tracks it unless
                        // told to ignore it.
                        assert(r.isTracking(touch) == !r.isIgnoring(touch))
                        guard !r.publishedState.isTerminal, r.book.isAttached, !r.isIgnoring(touch) else { return }
                        deliver(phase, changed, to: r, event: event)
                    }
                }
            } }
            return
        } else if let phase = changed.withUnretainedElements({ Self.commonPhase(of: $0) }) {
            // Several fingers in one phase (a pinch's moves): one set per recognizer, and
            // usually the whole list (passed as it is: a copy would be retained).
            for link in links {
                link.with { r in
                    guard !r.publishedState.isTerminal, r.book.isAttached else { return }
                    context = .delivering(phase: phase)
                    if changed.withUnretainedElements({ $0.allSatisfy { $0.with { r.isTracking($0) } } }) {
                        deliver(phase, changed, to: r, event: event, describing: log.isRecording)
                    } else {
                        let set = changed.filter { r.isTracking($0) }
                        guard !set.isEmpty else { return }
                        deliver(phase, set, to: r, event: event, describing: log.isRecording)
                    }
                }
            }
        } else {
            for link in links {
                link.with { r in
                    for phase in TouchPhase.deliveryOrder {
                        guard !r.publishedState.isTerminal, r.book.isAttached else { break }
                        let set = changed.filter { $0.phase == phase && r.isTracking($0) }
                        guard !set.isEmpty else { continue }
                        context = .delivering(phase: phase)
                        deliver(phase, set, to: r, event: event, describing: log.isRecording)
                    }
                }
            }
        }
        context = .idle
    }

    /// `deliver(_:_:to:event:)` with the touches borrowed for the causes of the requests made
    /// meanwhile, when `describing`.
    private func deliver(_ phase: TouchPhase, _ set: [Touch], to r: GestureRecognizer, event: TouchEvent, describing: Bool) {
        guard describing else { return deliver(phase, set, to: r, event: event) }
        set.withUnretainedElements { touches in
            deliveringTouches = touches
            deliver(phase, set, to: r, event: event)
        }
    }

    /// The phase all these touches are in, if they share one.
    private static func commonPhase(of touches: UnsafeBufferPointer<Unretained<Touch>>) -> TouchPhase? {
        let phase = touches[0].with { $0.phase }
        return touches.allSatisfy({ $0.with { $0.phase == phase } }) ? phase : nil
    }

    /// Calls the hook for `phase`; the caller has set `context` to say which touches these are.
    private func deliver(_ phase: TouchPhase, _ set: [Touch], to r: GestureRecognizer, event: TouchEvent) {
        if r.book.hasFront { return deliverThroughFront(phase, set, to: r, event: event) }
        switch phase {
        case .began: r.touchesBegan(set, with: event)
        case .moved: r.touchesMoved(set, with: event)
        case .ended: r.touchesEnded(set, with: event)
        case .cancelled: r.touchesCancelled(set, with: event)
        case .stationary: break
        }
    }

    @inline(never)
    private func deliverThroughFront(_ phase: TouchPhase, _ set: [Touch], to r: GestureRecognizer, event: TouchEvent) {
        r.book.front?.deliver(phase, set, with: event)
    }

    /// One cycle: run `body` (recognizer hooks or a timer), settle, deliver to views, reset.
    func runCycle(context newContext: DispatchContext? = nil, _ body: () -> Void, viewPhases: () -> Void = {}) {
        let outer = isDispatching
        // Only timers and reactions name a context; the rest run in the one they find (`.idle`
        // between events), so a touch's cycle stores no context.
        let saved: DispatchContext? = newContext == nil ? nil : context
        isDispatching = true
        if let newContext { context = newContext }
        body()
        arbitration.settle()
        viewPhases()
        if !touchesWithHolds.isEmpty { recheckHeldTouches() }
        if let saved { context = saved }
        isDispatching = outer
        if !outer {
            // Asked here rather than in the call: most cycles (a move) finish nothing.
            if arbitration.mayNeedReset { arbitration.resetFinishedRecognizers() }
            if !systemCancels.isEmpty { performSystemCancels() }
        }
    }

    /// Changes made from outside a dispatch (a test or app code between events) are processed at
    /// once, as UIKit's run-loop observer does (A.1.4).
    func processOutsideDispatch() {
        guard !isDispatching else { return }
        runCycle {}
    }

    func finishTouch(_ touch: Touch) {
        touch.phase = .cancelled
        touch.delivery.finished = true
    }

    // MARK: Requests from recognizers

    func request(_ r: GestureRecognizer, _ state: RecognizerState, reason: () -> CauseText?, evidence: () -> [Evidence]) {
        // Reasons are formatted only when the log keeps them.
        // An update asked for while the recognizer is already changed is published from changed
        // to changed (or not at all, if it fails first): a routine row.
        let unlogged = !log.isRecording || state == .changed && (!log.keepsRoutineUpdates || !log.keepsRoutineCauses && r.publishedState == .changed)
        let slot: Int32 = unlogged ? -1 : arbitration.keep(causeForRequest(reason: reason(), evidence: evidence()))
        arbitration.enqueue(r, state, causeSlot: slot)
        if !isDispatching { processOutsideDispatch() }
    }

    /// The reason and evidence are taken into the cause, not copied (see `Arbitration.keep`).
    func causeForRequest(reason: consuming CauseText?, evidence: consuming [Evidence]) -> Cause {
        switch context {
        case let .timer(name, _, seq):
            return Cause(.timer, reason ?? CauseText("timer \(name) fired"), causedBy: seq, evidence: evidence)
        case let .delivering(phase):
            if let reason { return Cause(.touches, reason, evidence: evidence) }
            let where_ = "in touches\(phase.rawValue.prefix(1).uppercased() + phase.rawValue.dropFirst()) (\(deliveringTouches.map { "touch \($0.with { $0.pointer })" }.joined(separator: ", ")))"
            return Cause(.touches, "set by the recognizer \(where_)", evidence: evidence)
        case let .reaction(source, seq):
            return Cause(.reaction, reason ?? CauseText("reaction to \(source)"), other: source, causedBy: seq, evidence: evidence)
        case .idle:
            return Cause(.touches, reason ?? CauseText("set by the recognizer"), evidence: evidence)
        }
    }

    /// Records something the app or a view did (scrolling, a dragged copy), caused by the action
    /// being handled, if any.
    package func logAppEffect(view: String?, _ text: String, phase: String? = nil) {
        var causedBy: Int?
        var other: String?
        if case let .reaction(source, seq) = context { causedBy = seq; other = source }
        log.append(time: now, kind: .app, view: LogName?(view), phase: LogName?(phase), cause: Cause(.reaction, text, other: other, causedBy: causedBy))
    }

    /// Whether the touch's view has been sent its began (and not yet its end).
    package func viewIsTracking(_ touch: Touch) -> Bool {
        touch.delivery.began == .delivered && !touch.delivery.finished
    }

    func noteIgnoredTransition(_ r: GestureRecognizer, requested: RecognizerState, why: String) {
        log.append(time: now, kind: .note, recognizer: r.logName,
                   cause: Cause(.lifecycle, "\(r.id) set \(requested.name(discrete: r.isDiscrete)): ignored, \(why)"))
    }

    func enabledChanged(_ r: GestureRecognizer) {
        if case let .reaction(source, seq) = context, !r.isEnabled { r.disabledBy = (source, seq) } else { r.disabledBy = nil }
        guard !r.isEnabled, r.isInAttempt, !r.publishedState.isTerminal else { return }
        let target: RecognizerState = r.publishedState.isActive ? .cancelled : .failed
        r.internalState = target
        arbitration.enqueue(r, target, causeSlot: arbitration.keep(disabledCause(r)), forced: true)
        if !isDispatching { processOutsideDispatch() }
    }

    private func disabledCause(_ r: GestureRecognizer) -> Cause {
        if case let .reaction(source, seq) = context {
            return Cause(.disabled, "\(r.id) was disabled by a reaction to \(source)", other: source, causedBy: seq)
        }
        return Cause(.disabled, "\(r.id) was disabled")
    }
}
