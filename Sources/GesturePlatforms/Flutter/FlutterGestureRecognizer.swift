import GestureEngine
import GestureTrace

/// What every Flutter recognizer shares (`gestures/recognizer.dart`, `GestureRecognizer`): it
/// belongs to one view's GestureDetector, is offered each pointer that goes down on that view
/// (`addPointer`), takes the ones it allows, and is told by the arena whether it won.
///
/// For the decision log it keeps the state GestureLab publishes for it: `possible` while it
/// competes, then `recognized` (a discrete gesture fired), `began`/`changed`/`ended` (a
/// continuous one), `failed` (it lost or gave up before firing) or `cancelled` (it stopped after
/// beginning); back to `possible` when it tracks no pointer any more (a `reset` row).
open class FlutterGestureRecognizer: PlatformRecognizer, FlutterGestureArena.Member {
    /// Flutter's class name, for the log ("TapGestureRecognizer").
    open var flutterClassName: String { "GestureRecognizer" }
    /// Whether GestureLab's log shows it as a discrete gesture (recognized) or a continuous one.
    open var isDiscrete: Bool { true }

    // Unowned, not weak: the binding is reached several times for every event, and a weak
    // reference gives the binding a side table, which sends each of its retains and releases
    // down the runtime's slow path (a sixth of a Flutter replay's instructions with the loads).
    // The binding outlives the recognizers it holds; a recognizer used after its binding is gone
    // traps, as the weak reference's `!` did.
    unowned var bindingRef: FlutterGestureBinding?
    var binding: FlutterGestureBinding { bindingRef! }
    /// The view whose GestureDetector holds it.
    public internal(set) weak var view: View?
    /// A GestureArenaTeam it competes in (`team.dart`), if any.
    var team: FlutterGestureArenaTeam?

    public var arenaName: String { id }
    /// In the binding's list of attempts to end.
    var isWatched = false

    /// Whether it holds no pointer and no pending decision: its attempt is over.
    open var isIdle: Bool { true }

    /// `isPointerAllowed` (`recognizer.dart:251-258`): the primary button only, unless a
    /// subclass says otherwise.
    open func isPointerAllowed(_ event: FlutterPointerEvent) -> Bool { event.buttons & 1 != 0 }

    /// `addPointer`: a pointer went down on the recognizer's view.
    final func addPointer(_ event: FlutterPointerEvent) {
        if isPointerAllowed(event) { addAllowedPointer(event) } else { handleNonAllowedPointer(event) }
    }

    open func addAllowedPointer(_ event: FlutterPointerEvent) {}
    open func handleNonAllowedPointer(_ event: FlutterPointerEvent) {}
    /// A routed event of a pointer it tracks.
    open func handleEvent(_ event: FlutterPointerEvent) {}
    open func acceptGesture(pointer: Int) {}
    open func rejectGesture(pointer: Int) {}

    // MARK: What subclasses tell the log

    /// Publishes a new state with its cause.
    @discardableResult
    func transition(to state: LogName, _ cause: @autoclosure () -> Cause) -> Int {
        binding.publish(self, state, cause())
    }


    /// Fires a callback (`onTap`, `onStart`...): an action row.
    @discardableResult
    func callback(_ name: LogName, _ detail: @autoclosure () -> String = "") -> Int {
        binding.out.callback(self, name, detail: detail())
    }

    /// Fires a callback on every move: its words a template starting `%n %n` (see `PlatformLog`).
    @discardableResult
    func callback(_ name: LogName, words: @autoclosure () -> CauseText) -> Int {
        binding.out.callback(self, name, words: words())
    }

    /// The cause of a loss: the arena's decision being delivered, or the reason the recognizer
    /// gave before rejecting itself.
    /// Shows the attempt failed, unless it already fired or failed.
    func fail(_ cause: Cause) {
        if published == .possible { transition(to: .failed, cause) }
    }

    func lossCause(_ fallback: String) -> Cause {
        binding.currentReason ?? Cause(.touches, fallback)
    }

    func winCause(_ fallback: String) -> Cause {
        binding.currentWin ?? Cause(.touches, fallback)
    }
}

/// `OneSequenceGestureRecognizer` (`recognizer.dart:420-560`): tracks pointers through the
/// pointer router and holds one arena entry per pointer; `resolve` settles them all.
open class FlutterOneSequenceRecognizer: FlutterGestureRecognizer {
    public enum Disposition { case accepted, rejected }

    /// Pointers with an arena entry not yet resolved by this recognizer, in order (`_entries`).
    var entries: [Int] = []
    private(set) var trackedPointers: Set<Int> = []

    open override var isIdle: Bool { trackedPointers.isEmpty }

    open override func addAllowedPointer(_ event: FlutterPointerEvent) {
        startTrackingPointer(event.pointer)
    }

    /// `handleNonAllowedPointer` (`:436`): rejects every entry it holds.
    open override func handleNonAllowedPointer(_ event: FlutterPointerEvent) {
        resolve(.rejected)
    }

    /// `startTrackingPointer` (`:517-524`): a route for the pointer's events and an arena entry
    /// (or a team's).
    func startTrackingPointer(_ pointer: Int) {
        binding.addRoute(pointer, self)
        trackedPointers.insert(pointer)
        if !entries.contains(pointer) { entries.append(pointer) }
        binding.addToArena(pointer, self)
    }

    /// `stopTrackingPointer` (`:532-541`).
    func stopTrackingPointer(_ pointer: Int) {
        guard trackedPointers.contains(pointer) else { return }
        binding.removeRoute(pointer, self)
        trackedPointers.remove(pointer)
        if trackedPointers.isEmpty { didStopTrackingLastPointer(pointer) }
    }

    /// `stopTrackingIfPointerNoLongerDown` (`:546-550`).
    func stopTrackingIfPointerNoLongerDown(_ event: FlutterPointerEvent) {
        if event.kind == .up || event.kind == .cancel { stopTrackingPointer(event.pointer) }
    }

    open func didStopTrackingLastPointer(_ pointer: Int) {}

    /// `resolve` (`:445-453`): every entry it holds, for all of its pointers.
    open func resolve(_ disposition: Disposition) {
        let local = entries
        entries.removeAll()
        for p in local { binding.resolveEntry(p, self, disposition) }
    }

    /// `resolvePointer` (`:457-465`).
    func resolvePointer(_ pointer: Int, _ disposition: Disposition) {
        guard let i = entries.firstIndex(of: pointer) else { return }
        entries.remove(at: i)
        binding.resolveEntry(pointer, self, disposition)
    }
}

/// `PrimaryPointerGestureRecognizer` (`recognizer.dart:580-780`), the base of Tap and LongPress:
/// the first pointer is the primary one; moving it beyond a slop rejects the gesture; an optional
/// deadline calls `didExceedDeadline`.
open class FlutterPrimaryPointerRecognizer: FlutterOneSequenceRecognizer {
    enum State { case ready, possible, defunct }

    /// `deadline`: ms after the down, or nil for none.
    var deadlineMs: Double? { nil }
    /// `preAcceptSlopTolerance` / `postAcceptSlopTolerance` (`:594-608`): both `kTouchSlop` by
    /// default, whatever the device settings.
    var preAcceptSlopTolerance: Double? { binding.settings.preAcceptSlopTolerance }
    var postAcceptSlopTolerance: Double? { binding.settings.preAcceptSlopTolerance }

    var state = State.ready
    var primaryPointer: Int?
    var initialPosition = Point.zero
    var gestureAccepted = false
    private var timer: VirtualClock.TimerID?

    open override func addAllowedPointer(_ event: FlutterPointerEvent) {
        super.addAllowedPointer(event)
        if state == .ready {
            state = .possible
            primaryPointer = event.pointer
            initialPosition = event.position
            if let deadlineMs {
                timer = binding.schedule("deadline", owner: self, afterMs: deadlineMs) { [unowned self] in
                    self.timer = nil
                    self.didExceedDeadline(event)
                }
            }
        }
    }

    /// `handleEvent` (`:686-707`): a move of the primary pointer beyond the slop rejects.
    open override func handleEvent(_ event: FlutterPointerEvent) {
        if state == .possible && event.pointer == primaryPointer {
            let distance = event.position.distance(to: initialPosition)
            let tolerance = gestureAccepted ? postAcceptSlopTolerance : preAcceptSlopTolerance
            if event.kind == .move, let tolerance, distance > tolerance {
                let which = gestureAccepted ? "postAcceptSlopTolerance" : "preAcceptSlopTolerance"
                binding.withReason(Cause(.touches, CauseText("moved %1 px from its down > %s %1 (recognizer.dart:686-707)", which, numbers: distance, tolerance),
                                         evidence: [Evidence(which, value: distance, threshold: tolerance, unit: "px", comparison: ">")])) {
                    resolve(.rejected)
                }
                stopTrackingPointer(primaryPointer!)
            } else {
                handlePrimaryPointer(event)
            }
        }
        stopTrackingIfPointerNoLongerDown(event)
    }

    open func handlePrimaryPointer(_ event: FlutterPointerEvent) {}
    open func didExceedDeadline(_ down: FlutterPointerEvent) {}

    open override func acceptGesture(pointer: Int) {
        if pointer == primaryPointer {
            stopTimer()
            gestureAccepted = true
        }
    }

    open override func rejectGesture(pointer: Int) {
        if pointer == primaryPointer && state == .possible {
            stopTimer()
            state = .defunct
        }
    }

    open override func didStopTrackingLastPointer(_ pointer: Int) {
        // The primary pointer is kept: an arena decided after the lift (a held one) is still
        // this recognizer's to win (`:750-757` resets the state, not the pointer).
        stopTimer()
        state = .ready
        gestureAccepted = false
    }

    func stopTimer() {
        if let timer { binding.cancel(timer) }
        timer = nil
    }

}
