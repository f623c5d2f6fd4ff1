/// The arena of an environment, as Flutter's gesture arena manager keeps one: which recognizers
/// are competing for touches (in an attempt), the states they have asked for that settlement has
/// not yet decided, which of them wait on a failure requirement, and whether any has finished
/// since the last reset step.
///
/// Its state is private; the dispatch cycle changes it only through the verbs below, and a
/// recognizer never reaches it. The rules that decide are in the files beside this one, one rule
/// each (docs/engine.md has the map): `Settlement.swift` (step 3 of the cycle),
/// `ExclusionRule.swift`, `FailureRequirements.swift` and `RecognizerReset.swift` (step 5). They
/// are the environment's methods, not the arena's, because deciding calls out to user code
/// (actions, delegates, views) that may request states again: a rule running inside a mutating
/// method of this value would overlap with that request's access.
///
/// A value stored in the environment rather than an object: every cycle reads it many times, and
/// an object is retained and released around reads of it. Tests run with exclusivity checks, so
/// no two accesses to it may overlap.
struct Arbitration {
    // MARK: Membership

    /// Recognizers that have received a touch since their last reset, in delivery order.
    private(set) var attempts: [GestureRecognizer] = []

    /// `r` starts an attempt: it received its first touch since its reset.
    @inline(__always)
    mutating func enter(_ r: GestureRecognizer) {
        r.isInAttempt = true
        attempts.append(r)
    }

    /// `r` was reset: it competes for nothing until its next touch, and waits for nothing.
    @inline(__always)
    mutating func leave(_ r: GestureRecognizer) {
        stopWaiting(r)
        r.isInAttempt = false
        // Found unretained: the list keeps its recognizers alive.
        if let i = attempts.withUnretainedElements({ $0.firstIndex { $0.refers(to: r) } }) { attempts.remove(at: i) }
    }

    // MARK: Waiting on failure requirements

    /// How many recognizers wait on a failure requirement; settlement skips its scans at zero.
    private(set) var waitingCount = 0

    /// `r` wants to leave possible but waits for the recognizers it requires to fail.
    @inline(__always)
    mutating func wait(_ r: GestureRecognizer) {
        guard !r.isPending else { return }
        r.isPending = true
        waitingCount += 1
    }

    /// `r` waits no longer: it was released, it failed, or it was reset. Called on every
    /// publication, so it returns at once when `r` was not waiting.
    @inline(__always)
    mutating func stopWaiting(_ r: GestureRecognizer) {
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
    mutating func noteFinished() { mayNeedReset = true }

    /// Whether the reset step should look, which it then does: cleared until a recognizer finishes.
    @inline(__always)
    mutating func takeResetNeed() -> Bool {
        defer { mayNeedReset = false }
        return mayNeedReset
    }

    /// The reset step looked: `stillFinished` tells whether finished recognizers remain (linked
    /// to one still undecided), to be looked at after the next cycle.
    @inline(__always)
    mutating func resetStepLooked(stillFinished: Bool) { mayNeedReset = stillFinished }

    /// Marks the reset search's passes: a recognizer visited in this pass carries its number.
    private var resetPass = 0

    @inline(__always)
    mutating func nextResetPass() -> Int {
        resetPass &+= 1
        return resetPass
    }

    // MARK: Requests waiting for settlement

    /// Requested states waiting for settlement.
    private var requests: [TransitionRequest] = []
    /// The queue settlement is working through; swapped with `requests` so neither reallocates.
    private var requestsInProgress: [TransitionRequest] = []
    /// Causes of the queued requests that the log keeps (see `TransitionRequest.causeSlot`).
    private var requestCauses: [Cause] = []
    /// How deep settlements are nested (an action that makes a recognizer request a state).
    private(set) var settleDepth = 0
    private var requestClasses: [RequestClass] = []
    /// Numbers the batches settlement classifies (see `Bookkeeping.requestBatch`).
    private var batchToken = 0

    /// Keeps a request's cause (only when the log will keep it) and returns its slot. Taken, not
    /// copied: a copy is a call per string and array of the cause, and the original's free another.
    @inline(__always)
    mutating func keep(_ cause: consuming Cause) -> Int32 {
        requestCauses.append(cause)
        return Int32(requestCauses.count - 1)
    }

    /// The cause kept in `slot` (`keep`'s answer); -1 is a cause the log does not keep.
    @inline(__always)
    func cause(inSlot slot: Int32) -> Cause {
        slot >= 0 ? requestCauses[Int(slot)] : Cause.unlogged
    }

    /// Queues a requested state for settlement, with the slot of its kept cause (-1: none): a
    /// slot, not an optional `Cause`, because every move of every finger makes a request.
    @inline(__always)
    mutating func enqueue(_ r: GestureRecognizer, _ state: RecognizerState, causeSlot: Int32, forced: Bool = false) {
        requests.append(TransitionRequest(recognizer: r, to: state, causeSlot: causeSlot, forced: forced))
    }

    var requestCount: Int { @inline(__always) get { requests.count } }
    var hasRequests: Bool { @inline(__always) get { !requests.isEmpty } }
    /// The oldest queued request (there is one).
    var firstRequest: TransitionRequest { @inline(__always) get { requests[0] } }

    /// Takes the newest queued request (there is one).
    @inline(__always)
    mutating func takeLastRequest() -> TransitionRequest { requests.removeLast() }

    /// Moves the whole queue into `batch` (an empty list) for a round of settlement; requests
    /// made meanwhile (by actions, by released waiters) go into an emptied queue for the next
    /// round. Give it back with `finishBatch`, so the two queues swap rather than reallocate.
    @inline(__always)
    mutating func takeBatch(into batch: inout [TransitionRequest]) {
        swap(&batch, &requestsInProgress)  // so `batch` holds the spare buffer alone and reuses it
        swap(&batch, &requests)
    }

    @inline(__always)
    mutating func finishBatch(_ batch: inout [TransitionRequest]) {
        batch.clearKeepingCapacity()
        if requestsInProgress.isEmpty { swap(&batch, &requestsInProgress) }
    }

    /// The reused list settlement classifies a batch into; give it back with `returnClasses`.
    @inline(__always)
    mutating func takeClasses(into classes: inout [RequestClass]) { swap(&classes, &requestClasses) }
    @inline(__always)
    mutating func returnClasses(_ classes: inout [RequestClass]) { swap(&classes, &requestClasses) }

    /// A new batch's number, which marks each recognizer's first request in it.
    @inline(__always)
    mutating func nextBatchToken() -> Int {
        batchToken &+= 1
        return batchToken
    }

    @inline(__always)
    mutating func beginSettlement() { settleDepth += 1 }
    @inline(__always)
    mutating func endSettlement() { settleDepth -= 1 }

    /// Frees the kept causes once no settlement at `depth` or outside it can read them.
    @inline(__always)
    mutating func forgetCauses(atDepth depth: Int) {
        if settleDepth == depth && !requestCauses.isEmpty { requestCauses.clearKeepingCapacity() }
    }

    /// Settlement gave up (recognizers that keep changing each other): the queue is dropped.
    @inline(__always)
    mutating func abandonRequests() {
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
    mutating func lend(_ which: ScratchList) -> [Unretained<GestureRecognizer>] {
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
    mutating func giveBack(_ list: inout [Unretained<GestureRecognizer>], _ which: ScratchList) {
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
