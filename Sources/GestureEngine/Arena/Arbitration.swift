import GestureTrace

/// The arena of an environment, as Flutter's gesture arena manager keeps one: which recognizers
/// are competing for touches (in an attempt), the states they have asked for that settlement has
/// not yet decided, which of them wait on a failure requirement, and whether any has finished
/// since the last reset step.
///
/// Its state is private; the rules change it only through the verbs below, and a recognizer
/// never reaches it. The rules are the arena's too, one per file beside this one (docs/engine.md
/// has the map): `Settlement.swift` (step 3 of the cycle: `settle`), `ExclusionRule.swift`,
/// `FailureRequirements.swift` and `RecognizerReset.swift` (step 5: `resetFinishedRecognizers`).
/// The environment calls them and keeps input, the clock, the log and view delivery, which the
/// rules reach through `environment`.
///
/// An object, so that a rule may call out to user code (actions, delegates, views) that requests
/// states again while the rule runs: its verbs are short accesses of their own, where a mutating
/// method of a value would hold the whole value for the rule's length.
package final class Arbitration {
    /// The environment this arena decides for: it owns the arena, and attaches itself once its
    /// own initialization is done (`attach(to:)`), before any rule runs.
    private var environmentLink: Unretained<GestureEnvironment>?

    func attach(to environment: GestureEnvironment) { environmentLink = Unretained(environment) }

    // MARK: What the rules read of the environment

    /// The environment, for a rule's statement that writes the log or delivers to views:
    /// `environment.with { env in ... }`. Unretained (the environment owns the arena): a stored
    /// reference to it, even `unowned(unsafe)`, is retained and released around every use.
    var environment: Unretained<GestureEnvironment> {
        @inline(__always) get { environmentLink.unsafelyUnwrapped }
    }

    /// The switches for what UIKit leaves open (`EngineOptions`).
    var options: EngineOptions {
        @inline(__always) get { environment.with { $0.options } }
    }

    /// The replay's time.
    var now: Timestamp {
        @inline(__always) get { environment.with { $0.now } }
    }

    /// Whether the log keeps rows of `kind` (rules skip formatting what it would drop).
    @inline(__always)
    func logKeeps(_ kind: LogEntry.Kind) -> Bool {
        environment.with { $0.log.keeps(kind) }
    }

    /// Tie-break order (A.3.4).
    @inline(__always)
    func precedes(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        environment.with { $0.precedes(a, b) }
    }

    // MARK: Membership

    /// Recognizers that have received a touch since their last reset, in delivery order.
    private(set) var attempts: [GestureRecognizer] = []

    /// `r` starts an attempt: it received its first touch since its reset.
    @inline(__always)
    func enter(_ r: GestureRecognizer) {
        r.isInAttempt = true
        attempts.append(r)
    }

    /// `r` was reset: it competes for nothing until its next touch, and waits for nothing.
    /// Returns the list's reference to it, moved out (not copied): the caller holds it while
    /// the reset finishes, since it may be the last one (a recognizer an action removed from its
    /// view), and lets it go after.
    @inline(__always)
    func leave(_ r: GestureRecognizer) -> GestureRecognizer? {
        stopWaiting(r)
        r.isInAttempt = false
        // Found unretained: the list keeps its recognizers alive.
        guard let i = attempts.withUnretainedElements({ $0.firstIndex { $0.refers(to: r) } }) else { return nil }
        return attempts.remove(at: i)
    }

    // MARK: Waiting on failure requirements

    /// How many recognizers wait on a failure requirement; settlement skips its scans at zero.
    private(set) var waitingCount = 0

    /// `r` wants to leave possible but waits for the recognizers it requires to fail.
    @inline(__always)
    func wait(_ r: GestureRecognizer) {
        guard !r.isPending else { return }
        r.isPending = true
        waitingCount += 1
    }

    /// `r` waits no longer: it was released, it failed, or it was reset. Called on every
    /// publication, so it returns at once when `r` was not waiting.
    @inline(__always)
    func stopWaiting(_ r: GestureRecognizer) {
        guard r.isPending else { return }
        r.isPending = false
        waitingCount -= 1
    }

    // MARK: Finishing

    /// Whether a recognizer may have reached a final state since the reset step last looked;
    /// the reset step skips its scan otherwise.
    private(set) var mayNeedReset = false

    /// A recognizer reached a final state.
    @inline(__always)
    func noteFinished() { mayNeedReset = true }

    /// Whether the reset step should look, which it then does: cleared until a recognizer finishes.
    @inline(__always)
    func takeResetNeed() -> Bool {
        defer { mayNeedReset = false }
        return mayNeedReset
    }

    /// The reset step looked: `stillFinished` tells whether finished recognizers remain (linked
    /// to one still undecided), to be looked at after the next cycle.
    @inline(__always)
    func resetStepLooked(stillFinished: Bool) { mayNeedReset = stillFinished }

    /// Marks the reset search's passes: a recognizer visited in this pass carries its number.
    private var resetPass = 0

    @inline(__always)
    func nextResetPass() -> Int {
        resetPass &+= 1
        return resetPass
    }

    // MARK: Requests waiting for settlement

    /// Requested states waiting for settlement.
    private var requests: [TransitionRequest] = []
    /// The queue settlement is working through; swapped with `requests` so neither reallocates.
    private var requestsInProgress: [TransitionRequest] = []
    /// Causes of the queued requests that the log keeps (see `TransitionRequest.causeSlot`).
    private var requestCauses = KeptCauses()
    /// How deep settlements are nested (an action that makes a recognizer request a state).
    private(set) var settleDepth = 0
    private var requestClasses: [RequestClass] = []
    /// Numbers the batches settlement classifies (see `Bookkeeping.requestBatch`).
    private var batchToken = 0

    /// Keeps a request's cause (only when the log will keep it) and returns its slot. Taken, not
    /// copied: a copy is a call per string and array of the cause, and the original's free another.
    @inline(__always)
    func keep(_ cause: consuming Cause) -> Int32 {
        requestCauses.append(cause)
    }

    /// The cause of a queued request: the one kept in its slot (`keep`'s answer), or the
    /// placeholder of a cause the log does not keep (slot -1).
    @inline(__always)
    func cause(of q: TransitionRequest) -> Cause {
        q.causeSlot >= 0 ? requestCauses.cause(at: Int(q.causeSlot)) : Cause.unlogged
    }

    /// The cause of a request that is read once and never again (an update, published as it
    /// came): moved out of its slot rather than copied. A copy costs a call per string and array
    /// of the cause and the slot's free as many again, on every logged move of an active recognizer.
    @inline(__always)
    func takeCause(of q: TransitionRequest) -> Cause {
        q.causeSlot >= 0 ? requestCauses.take(at: Int(q.causeSlot)) : Cause.unlogged
    }

    /// Queues a requested state for settlement, with the slot of its kept cause (-1: none): a
    /// slot, not an optional `Cause`, because every move of every finger makes a request.
    @inline(__always)
    func enqueue(_ r: GestureRecognizer, _ state: RecognizerState, causeSlot: Int32, forced: Bool = false) {
        requests.append(TransitionRequest(recognizer: r, to: state, causeSlot: causeSlot, forced: forced))
    }

    var requestCount: Int { @inline(__always) get { requests.count } }
    var hasRequests: Bool { @inline(__always) get { !requests.isEmpty } }
    /// The oldest queued request (there is one).
    var firstRequest: TransitionRequest { @inline(__always) get { requests[0] } }

    /// Takes the newest queued request (there is one).
    @inline(__always)
    func takeLastRequest() -> TransitionRequest { requests.removeLast() }

    /// Moves the whole queue into `batch` (an empty list) for a round of settlement; requests
    /// made meanwhile (by actions, by released waiters) go into an emptied queue for the next
    /// round. Give it back with `finishBatch`, so the two queues swap rather than reallocate.
    @inline(__always)
    func takeBatch(into batch: inout [TransitionRequest]) {
        swap(&batch, &requestsInProgress)  // so `batch` holds the spare buffer alone and reuses it
        swap(&batch, &requests)
    }

    @inline(__always)
    func finishBatch(_ batch: inout [TransitionRequest]) {
        batch.clearKeepingCapacity()
        if requestsInProgress.isEmpty { swap(&batch, &requestsInProgress) }
    }

    /// The reused list settlement classifies a batch into; give it back with `returnClasses`.
    @inline(__always)
    func takeClasses(into classes: inout [RequestClass]) { swap(&classes, &requestClasses) }
    @inline(__always)
    func returnClasses(_ classes: inout [RequestClass]) { swap(&classes, &requestClasses) }

    /// A new batch's number, which marks each recognizer's first request in it.
    @inline(__always)
    func nextBatchToken() -> Int {
        batchToken &+= 1
        return batchToken
    }

    @inline(__always)
    func beginSettlement() { settleDepth += 1 }
    @inline(__always)
    func endSettlement() { settleDepth -= 1 }

    /// Frees the kept causes once no settlement at `depth` or outside it can read them.
    @inline(__always)
    func forgetCauses(atDepth depth: Int) {
        if settleDepth == depth && !requestCauses.isEmpty { requestCauses.removeAll() }
    }

    /// Settlement gave up (recognizers that keep changing each other): the queue is dropped.
    @inline(__always)
    func abandonRequests() {
        requests.removeAll()
        if settleDepth == 1 { requestCauses.removeAll() }
    }

    // MARK: Scratch lists

    /// Lists the rules fill and empty on every event, lent out and given back so their buffers
    /// are reused. They hold recognizers of `attempts` unretained (`attempts` keeps them alive).
    enum ScratchList { case competitors, waiting, newAttempts, resetList, resetGroup, resetFrontier }

    private var spareCompetitors: [Unretained<GestureRecognizer>] = []
    private var spareWaiting: [Unretained<GestureRecognizer>] = []
    private var spareNewAttempts: [Unretained<GestureRecognizer>] = []
    private var spareResetList: [Unretained<GestureRecognizer>] = []
    private var spareGroup: [Unretained<GestureRecognizer>] = []
    private var spareFrontier: [Unretained<GestureRecognizer>] = []

    @inline(__always)
    func lend(_ which: ScratchList) -> [Unretained<GestureRecognizer>] {
        switch which {
        case .competitors: takeScratch(&spareCompetitors)
        case .waiting: takeScratch(&spareWaiting)
        case .newAttempts: takeScratch(&spareNewAttempts)
        case .resetList: takeScratch(&spareResetList)
        case .resetGroup: takeScratch(&spareGroup)
        case .resetFrontier: takeScratch(&spareFrontier)
        }
    }

    /// Empties `list` and puts it back for the next `lend`.
    @inline(__always)
    func giveBack(_ list: inout [Unretained<GestureRecognizer>], _ which: ScratchList) {
        list.clearKeepingCapacity()
        switch which {
        case .competitors: swap(&list, &spareCompetitors)
        case .waiting: swap(&list, &spareWaiting)
        case .newAttempts: swap(&list, &spareNewAttempts)
        case .resetList: swap(&list, &spareResetList)
        case .resetGroup: swap(&list, &spareGroup)
        case .resetFrontier: swap(&list, &spareFrontier)
        }
    }
}
