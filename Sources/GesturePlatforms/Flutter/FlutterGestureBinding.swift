import GestureEngine
import GestureTrace

/// Flutter's `GestureBinding` over GestureLab's views, clock and log (the platform reference's
/// section 1.8): a pointer going down is hit-tested (deepest view first), offered to the
/// recognizers of every GestureDetector on the path, routed to those that took it, and its
/// arena closed; moves and lifts are routed to the pointer's routes in the order they were added
/// (so the deepest recognizer sees each event first), and a lift sweeps the arena. What the
/// arena defers (a last member's default win) runs after the event, at the same time. Timers
/// (a tap's 100 ms, a long press's 500 ms, a double tap's 300 ms) run on the trace's clock.
public final class FlutterGestureBinding {
    public let window: View
    public let settings: FlutterSettings
    let out: PlatformLog
    /// Everything decided so far.
    public var log: DecisionLog { out.log }
    var now: Timestamp { out.now }
    let arena = FlutterGestureArena()
    private var clock = VirtualClock()
    /// Each view's GestureDetector, its recognizers in Flutter's build order.
    private var detectors: [ObjectIdentifier: [FlutterGestureRecognizer]] = [:]
    public private(set) var recognizers: [FlutterGestureRecognizer] = []
    /// The pointer router's per-pointer routes, in the order they were added.
    private var routes: PointerMap<[FlutterGestureRecognizer]> = [:]
    /// Flutter numbers every pointer anew when it goes down; a trace reuses its ids.
    private var pointerOfTouch: PointerMap<Int> = [:]
    /// The trace's touch behind each Flutter pointer still in play (down, routed or with an
    /// arena): an arena may be decided after its pointer lifted (a double tap holds it), so an
    /// entry outlives the lift; it goes at a later finger down, once nothing can ask for it
    /// (kept for every pointer, the list grew with the trace and every lookup searched it).
    private var touchOfPointer: PointerMap<Int> = [:]
    private var nextPointer = 1
    private var lastPosition: PointerMap<Point> = [:]
    private var hitViewOfPointer: PointerMap<View> = [:]
    /// Scrollables whose content ignores pointers while they scroll (`IgnorePointer`,
    /// `scrollable.dart:1008-1012`).
    private var ignoringContent: Set<ObjectIdentifier> = []
    /// Why a recognizer loses, while the arena tells it or while it rejects itself.
    fileprivate(set) var currentReason: Cause?
    /// Why a recognizer wins, while the arena tells it.
    fileprivate(set) var currentWin: Cause?
    /// The row whose consequences are being worked out (an input, a timer, an arena decision).
    private var causeSeq: Int? {
        get { out.causeSeq }
        set { out.causeSeq = newValue }
    }
    private var touched: [FlutterGestureRecognizer] = []
    /// A timer that keeps scheduling itself stops the replay's end after this many.
    private let maximumFinishingTimers = 100_000

    public init(window: View, settings: FlutterSettings = FlutterSettings(), log: DecisionLog = DecisionLog()) {
        self.window = window
        self.settings = settings
        out = PlatformLog(log)
        arena.around = { [unowned self] decision, winner, losers, tell in
            self.logDecision(decision, winner: winner, losers: losers, tell)
        }
    }

    /// Puts `recognizer` in `view`'s GestureDetector. Inside one detector Flutter builds its
    /// recognizers in a fixed order (Tap, DoubleTap, LongPress, VerticalDrag, HorizontalDrag,
    /// Pan, Scale: `gesture_detector.dart:1044-1220`), which is their order in the arena.
    public func attach(_ recognizer: FlutterGestureRecognizer, to view: View) {
        recognizer.bindingRef = self
        recognizer.view = view
        var list = detectors[ObjectIdentifier(view)] ?? []
        let rank = Self.buildRank(recognizer)
        let at = list.firstIndex { Self.buildRank($0) > rank } ?? list.count
        list.insert(recognizer, at: at)
        detectors[ObjectIdentifier(view)] = list
        recognizers.append(recognizer)
    }

    static func buildRank(_ r: FlutterGestureRecognizer) -> Int {
        switch r {
        case is FlutterTapRecognizer: return 0
        case is FlutterDoubleTapRecognizer: return 1
        case is FlutterLongPressRecognizer: return 2
        case let d as FlutterDragRecognizer:
            switch d.axis { case .vertical: return 3; case .horizontal: return 4; case nil: return 5 }
        case is FlutterScaleRecognizer: return 6
        default: return 7
        }
    }

    public func recognizer(_ id: String) -> FlutterGestureRecognizer? { recognizers.first { $0.id == id } }

    // MARK: Input

    /// Replays one trace event: the timers due by then first, then the event.
    public func handle(_ e: TraceEvent) {
        runTimers(upTo: e.time)
        out.now = max(now, e.time)
        let position = Point(x: e.x, y: e.y)
        switch e.type {
        case .down:
            if pointerOfTouch[e.pointer] != nil { lift(e.pointer, at: lastPosition[e.pointer] ?? position, kind: .cancel) }
            down(e, at: position)
        case .move:
            guard let p = pointerOfTouch[e.pointer] else { return }
            causeSeq = out.log.append(time: now, kind: .input, view: hitViewOfPointer[p]?.logName, phase: .moved, touches: TouchIDs(e.pointer),
                                  cause: Cause(.input, CauseText("touch %d moves to (%1, %1)", Double(e.pointer), e.x, e.y)))
            route(FlutterPointerEvent(kind: .move, pointer: p, time: now, position: position, delta: position - (lastPosition[e.pointer] ?? position),
                                      buttons: buttons(e), isPrecise: e.device == .mouse))
            lastPosition[e.pointer] = position
            endOfEvent()
        case .up, .cancel:
            guard pointerOfTouch[e.pointer] != nil else { return }
            lift(e.pointer, at: position, kind: e.type == .up ? .up : .cancel)
        case .hover, .scroll:
            // Hover and scroll-wheel signals go to other recognizers than the ones modelled here.
            return
        }
    }

    private func buttons(_ e: TraceEvent) -> Int { e.buttons.map { $0 == 0 ? 1 : $0 } ?? 1 }

    private func down(_ e: TraceEvent, at position: Point) {
        let p = nextPointer
        nextPointer += 1
        if !touchOfPointer.isEmpty { forgetPointersOutOfPlay() }
        pointerOfTouch[e.pointer] = p
        touchOfPointer[p] = e.pointer
        lastPosition[e.pointer] = position
        let path = hitPath(position)
        hitViewOfPointer[p] = path.first
        causeSeq = out.log.append(time: now, kind: .input, view: path.first?.logName, phase: .began, touches: TouchIDs(e.pointer),
                              cause: Cause(.input, path.first.map {
                                  CauseText("touch %d down at (%1, %1) hits %n (Flutter pointer %s)", names: $0.logName, string: String(p),
                                            numbers: Double(e.pointer), position.x, position.y)
                              } ?? CauseText("touch %d down at (%1, %1) hits nothing (Flutter pointer %s)", String(p), numbers: Double(e.pointer), position.x, position.y)))
        let event = FlutterPointerEvent(kind: .down, pointer: p, time: now, position: position, buttons: buttons(e), isPrecise: e.device == .mouse)
        // `_handlePointerDown` of each detector on the path, deepest first (gesture_detector.dart:1517-1522).
        for view in path {
            for r in detectors[ObjectIdentifier(view)] ?? [] {
                r.attemptTouches = r.attemptTouches.contains(e.pointer) ? r.attemptTouches : r.attemptTouches + [e.pointer]
                r.addPointer(event)
                watch(r)
            }
        }
        route(event)
        arena.close(pointer: p)
        endOfEvent()
    }

    private func lift(_ touch: Int, at position: Point, kind: FlutterPointerEvent.Kind) {
        guard let p = pointerOfTouch[touch] else { return }
        causeSeq = out.log.append(time: now, kind: .input, view: hitViewOfPointer[p]?.logName, phase: kind == .up ? .ended : .cancelled, touches: TouchIDs(touch),
                              cause: Cause(.input, kind == .up ? CauseText("touch %d lifts at (%1, %1)", Double(touch), position.x, position.y)
                                           : CauseText("touch %d is cancelled at (%1, %1)", Double(touch), position.x, position.y)))
        route(FlutterPointerEvent(kind: kind, pointer: p, time: now, position: position, delta: position - (lastPosition[touch] ?? position)))
        // `GestureBinding.handleEvent`: an up sweeps the arena; a cancel does not (binding.dart:501-510).
        if kind == .up { arena.sweep(pointer: p) }
        pointerOfTouch[touch] = nil
        lastPosition[touch] = nil
        hitViewOfPointer[p] = nil
        endOfEvent()
    }

    /// The views a pointer at `position` hits, deepest first, with their ancestors after them.
    /// A view hit stops the search among the views behind it (a Stack's children, front to
    /// back); a scrollable that is scrolling hides its content (`IgnorePointer`).
    func hitPath(_ position: Point) -> [View] {
        func visit(_ v: View, _ local: Point) -> [View]? {
            guard !v.isHidden, v.isUserInteractionEnabled, v.alpha >= 0.01, v.bounds.contains(local) else { return nil }
            if !ignoringContent.contains(ObjectIdentifier(v)) {
                for sub in v.subviews.reversed() {
                    let inSub = Point(x: local.x - sub.frame.origin.x + sub.boundsOrigin.x, y: local.y - sub.frame.origin.y + sub.boundsOrigin.y)
                    if let path = visit(sub, inSub) { return path + [v] }
                }
            }
            return [v]
        }
        let inWindow = Point(x: position.x - window.frame.origin.x + window.boundsOrigin.x, y: position.y - window.frame.origin.y + window.boundsOrigin.y)
        return visit(window, inWindow) ?? []
    }

    func setIgnoringContent(_ view: View, _ ignoring: Bool) {
        if ignoring { ignoringContent.insert(ObjectIdentifier(view)) } else { ignoringContent.remove(ObjectIdentifier(view)) }
    }

    // MARK: Routing and the arena

    func addRoute(_ pointer: Int, _ r: FlutterGestureRecognizer) {
        routes[pointer, default: []].append(r)
    }

    func removeRoute(_ pointer: Int, _ r: FlutterGestureRecognizer) {
        routesRemoved &+= 1
        routes[pointer]?.removeAll { $0 === r }
        if routes[pointer]?.isEmpty == true { routes[pointer] = nil }
    }

    /// Counts the routes removed, so that `route` looks a route up again only when one was.
    private var routesRemoved = 0

    /// `PointerRouter.route`: the routes as they were when the event arrived; one removed on
    /// the way is skipped, one added on the way waits for the next event (`pointer_router.dart:27-36`).
    private func route(_ event: FlutterPointerEvent) {
        let copy = routes[event.pointer] ?? []
        let removed = routesRemoved
        // Most events remove no route (a move): then every route of the copy is still there.
        // The copy keeps its recognizers: each is handed the event without a retain.
        copy.withUnretainedElements { routed in
            for link in routed where routesRemoved == removed || routes[event.pointer]?.contains(where: { link.refers(to: $0) }) == true {
                link.with { $0.handleEvent(event) }
            }
        }
    }

    func addToArena(_ pointer: Int, _ r: FlutterGestureRecognizer) {
        if let team = r.team { team.add(pointer, r, arena: arena) } else { arena.add(pointer: pointer, r) }
    }

    func resolveEntry(_ pointer: Int, _ r: FlutterGestureRecognizer, _ disposition: FlutterOneSequenceRecognizer.Disposition) {
        if let team = r.team, team.resolve(pointer, r, disposition, arena: arena) { return }
        switch disposition {
        case .accepted: arena.accept(pointer: pointer, r)
        case .rejected: arena.reject(pointer: pointer, r)
        }
    }

    func holdArena(_ pointer: Int) { arena.hold(pointer: pointer) }
    func releaseArena(_ pointer: Int) { arena.release(pointer: pointer) }

    /// The trace's id of a Flutter pointer.
    func touch(of pointer: Int) -> Int { touchOfPointer[pointer] ?? pointer }

    /// How many pointers the binding still knows the touch of (for tests: it stays small).
    var pointersRemembered: Int { touchOfPointer.count }

    /// Drops the touches of pointers that lifted and have neither routes nor an arena left:
    /// only a pointer event or an arena decision asks which touch a pointer is.
    private func forgetPointersOutOfPlay() {
        touchOfPointer.removeAll { p in
            routes[p] == nil && !arena.hasArena(pointer: p) && !pointerOfTouch.containsValue { $0 == p }
        }
    }

    private func logDecision(_ d: FlutterGestureArena.Decision, winner: FlutterGestureArena.Member?, losers: [FlutterGestureArena.Member], _ tell: () -> Void) {
        let touch = touch(of: d.pointer)
        let winnerName = winner.map { LogName($0.arenaName) }
        let seq = out.log.append(time: now, kind: .note, recognizer: winnerName, touches: TouchIDs(touch),
                                 cause: Cause(.touches, FlutterArenaWords.note(d.rule, winner: winnerName, touch: Double(touch), pointer: Double(d.pointer),
                                                                        rejects: losers.isEmpty ? "" : "; rejects " + losers.map(\.arenaName).joined(separator: ", ")),
                                              otherName: nil, causedBy: causeSeq))
        let saved = (currentReason, currentWin, causeSeq)
        causeSeq = seq
        // A win the recognizer asked for keeps its own reason and numbers (the slop it passed).
        let asked = currentWin
        currentWin = Cause(.touches, FlutterArenaWords.win(d.rule, winner: winnerName, touch: Double(touch), asked: asked.map { $0.text + "; it " } ?? ""),
                           otherName: nil, causedBy: seq, evidence: asked?.evidence ?? [])
        // A loser's cause says why the winner won, numbers included (the slop it passed).
        currentReason = winnerName.map {
            Cause(.exclusion, FlutterArenaWords.loss(d.rule, winner: $0, touch: Double(touch), asked: asked.map { " (\($0.text))" } ?? ""),
                  otherName: $0, causedBy: seq, evidence: asked?.evidence ?? [])
        }
        tell()
        (currentReason, currentWin, causeSeq) = saved
    }

    /// Runs `body` with `reason` as the cause of any loss it brings about.
    func withReason(_ reason: Cause, _ body: () -> Void) { with(\.currentReason, reason, body) }

    /// Runs `body` with `win` as the cause of a win it brings about (a recognizer accepting).
    func withWin(_ win: Cause, _ body: () -> Void) { with(\.currentWin, win, body) }

    /// Sets one of the cause slots (caused by the row being worked out) for the length of `body`.
    private func with(_ slot: ReferenceWritableKeyPath<FlutterGestureBinding, Cause?>, _ cause: Cause, _ body: () -> Void) {
        let saved = self[keyPath: slot]
        var c = cause
        if c.causedBy == nil { c.causedBy = causeSeq }
        self[keyPath: slot] = c
        body()
        self[keyPath: slot] = saved
    }

    // MARK: Timers

    func schedule(_ what: String, owner: FlutterGestureRecognizer, afterMs ms: Double, _ action: @escaping () -> Void) -> VirtualClock.TimerID {
        clock.schedule(name: what, owner: owner.id, at: now + .milliseconds(ms), action)
    }

    func cancel(_ id: VirtualClock.TimerID) { clock.cancel(id) }

    private func runTimers(upTo limit: Timestamp) {
        // A timer due at an event's time fires before the event (documented in docs/platforms.md).
        while let timer = clock.popDue(upTo: limit, inclusive: true) {
            fire(timer)
        }
    }

    private func fire(_ timer: VirtualClock.Scheduled) {
        out.now = max(now, timer.due)
        causeSeq = out.log.append(time: now, kind: .timer, recognizer: LogName(timer.owner),
                              cause: Cause(.timer, "\(timer.owner): \(timer.name) fires"))
        timer.action()
        endOfEvent()
    }

    /// The end of the trace: timers still pending fire in order (a double tap's 300 ms after the
    /// last lift decides the last tap), then every pointer still down is left as it is.
    public func finish() {
        var fired = 0
        while fired < maximumFinishingTimers, let timer = clock.popDue(upTo: Timestamp(microseconds: .max), inclusive: true) {
            fire(timer)
            fired += 1
        }
        if fired == maximumFinishingTimers {
            out.log.append(time: now, kind: .note, cause: Cause(.lifecycle, "stopped after \(maximumFinishingTimers) timers: a timer keeps rescheduling itself"))
        }
    }

    /// After an event or a timer: what the arena deferred, then the attempts that are over.
    private func endOfEvent() {
        arena.drainMicrotasks()
        guard !touched.isEmpty else { return }
        // Most events end no attempt (a move in the middle of a gesture): asked of each
        // recognizer without a retain and release of it (the list keeps them).
        guard touched.withUnretainedElements({ $0.contains { $0.with { $0.isIdle } } }) else { return }
        for r in touched where r.isIdle { endAttempt(r) }
        touched.removeAll { r in
            guard r.isIdle else { return false }
            r.isWatched = false
            return true
        }
    }

    /// Keeps `r` in the list of attempts to end once it is idle (once each).
    private func watch(_ r: FlutterGestureRecognizer) {
        guard !r.isWatched else { return }
        r.isWatched = true
        touched.append(r)
    }

    func endAttempt(_ r: FlutterGestureRecognizer) {
        out.endAttempt(r, "tracks no pointer any more: ready for the next gesture (didStopTrackingLastPointer)")
    }

    // MARK: Log rows

    func publish(_ r: FlutterGestureRecognizer, _ state: LogName, _ cause: @autoclosure () -> Cause) -> Int {
        watch(r)
        return out.publish(r, state, cause())
    }

    func appEffect(_ view: View, _ text: @autoclosure () -> String) { out.appEffect(view, text()) }

    func note(_ r: FlutterGestureRecognizer?, _ text: @autoclosure () -> String) { out.note(r, text()) }
}

/// The words of an arena's decision, as templates: made at every decision (a few a stroke)
/// and read only for the rows a log keeps, so the winner is a name and the touch a number
/// rather than an interpolated String. Each rule's reason cites arena.dart.
enum FlutterArenaWords {
    /// The decision's own row: `arena for touch T (Flutter pointer P): <why>; rejects ...`.
    static func note(_ rule: FlutterGestureArena.Rule?, winner: LogName?, touch: Double, pointer: Double, rejects: String) -> CauseText {
        guard let rule, let winner else {
            return CauseText("arena for touch %d (Flutter pointer %d): every member left the arena: nobody wins it%s", rejects, numbers: touch, pointer)
        }
        switch rule {
        case .eagerWinner:
            return CauseText("arena for touch %d (Flutter pointer %d): %n accepted while the arena was open: it wins as the arena closes (arena.dart:229-236, 247-259)%s",
                             names: winner, string: rejects, numbers: touch, pointer)
        case .acceptedWhenClosed:
            return CauseText("arena for touch %d (Flutter pointer %d): %n accepts: it wins at once (arena.dart:229-236)%s",
                             names: winner, string: rejects, numbers: touch, pointer)
        case .lastMemberStanding:
            return CauseText("arena for touch %d (Flutter pointer %d): %n is the last member standing: it wins after the event (arena.dart:247-259)%s",
                             names: winner, string: rejects, numbers: touch, pointer)
        case .firstMemberAtSweep:
            return CauseText("arena for touch %d (Flutter pointer %d): arena sweep at the lift: the first member, %n, wins (arena.dart:153-175)%s",
                             names: winner, string: rejects, numbers: touch, pointer)
        }
    }

    /// The winner's cause: `[its own reason; it ]wins the arena for touch T: <why>`.
    static func win(_ rule: FlutterGestureArena.Rule?, winner: LogName?, touch: Double, asked: String) -> CauseText {
        guard let rule, let winner else {
            return CauseText("%swins the arena for touch %d: every member left the arena: nobody wins it", asked, numbers: touch)
        }
        switch rule {
        case .eagerWinner:
            return CauseText("%swins the arena for touch %d: %n accepted while the arena was open: it wins as the arena closes (arena.dart:229-236, 247-259)",
                             names: winner, string: asked, numbers: touch)
        case .acceptedWhenClosed:
            return CauseText("%swins the arena for touch %d: %n accepts: it wins at once (arena.dart:229-236)", names: winner, string: asked, numbers: touch)
        case .lastMemberStanding:
            return CauseText("%swins the arena for touch %d: %n is the last member standing: it wins after the event (arena.dart:247-259)",
                             names: winner, string: asked, numbers: touch)
        case .firstMemberAtSweep:
            return CauseText("%swins the arena for touch %d: arena sweep at the lift: the first member, %n, wins (arena.dart:153-175)",
                             names: winner, string: asked, numbers: touch)
        }
    }

    /// A loser's cause: `W wins the arena for touch T[ (its own reason)]: <why>`.
    static func loss(_ rule: FlutterGestureArena.Rule?, winner: LogName, touch: Double, asked: String) -> CauseText {
        switch rule {
        case .eagerWinner?:
            return CauseText("%n wins the arena for touch %d%s: %n accepted while the arena was open: it wins as the arena closes (arena.dart:229-236, 247-259)",
                             names: winner, winner, string: asked, numbers: touch)
        case .acceptedWhenClosed?:
            return CauseText("%n wins the arena for touch %d%s: %n accepts: it wins at once (arena.dart:229-236)", names: winner, winner, string: asked, numbers: touch)
        case .lastMemberStanding?:
            return CauseText("%n wins the arena for touch %d%s: %n is the last member standing: it wins after the event (arena.dart:247-259)",
                             names: winner, winner, string: asked, numbers: touch)
        case .firstMemberAtSweep?:
            return CauseText("%n wins the arena for touch %d%s: arena sweep at the lift: the first member, %n, wins (arena.dart:153-175)",
                             names: winner, winner, string: asked, numbers: touch)
        case nil:
            return CauseText("%n wins the arena for touch %d%s: every member left the arena: nobody wins it", names: winner, string: asked, numbers: touch)
        }
    }
}
