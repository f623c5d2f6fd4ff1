/// The arena of an environment, as Flutter's gesture arena manager keeps one: which recognizers
/// are competing for touches (in an attempt), the transitions they have asked for and
/// settlement has not yet decided, how many wait on a failure requirement, and the scratch
/// lists that settlement and the reset search reuse between events.
///
/// It owns the state; the rules that decide are the environment's, one file each
/// (`ExclusionRule.swift`, `FailureRequirements.swift`, `Settlement.swift`, `RecognizerReset.swift`).
/// Its verbs are the only ways its membership changes: a recognizer `enter`s when it gets its
/// first touch since its reset and `leave`s at its reset; a requested state is `enqueue`d (its
/// cause kept with `keep` when the log wants it) until settlement takes the queue.
///
/// A value stored in the environment, not an object: every cycle reads it many times, and an
/// object is retained and released around reads of it (seen in the disassembly of the reset
/// step). Tests run with exclusivity checks, so no two accesses to it may overlap.
struct Arbitration {
    /// Recognizers that have received a touch since their last reset, in delivery order.
    private(set) var attempts: [GestureRecognizer] = []

    /// Requested states waiting for settlement.
    var requests: [TransitionRequest] = []
    /// The queue settlement is working through; swapped with `requests` so neither reallocates.
    var requestsInProgress: [TransitionRequest] = []
    /// Causes of the queued requests that the log keeps (see `TransitionRequest.causeSlot`).
    var requestCauses: [Cause] = []
    /// How deep settlements are nested (an action that makes a recognizer request a state).
    var settleDepth = 0
    var requestClasses: [RequestClass] = []
    /// Numbers the batches settlement classifies (see `Bookkeeping.requestBatch`).
    var batchToken = 0

    /// How many recognizers wait on a failure requirement; settlement skips its scans at zero.
    var pendingCount = 0
    /// Set when a recognizer reached a final state; the reset step skips its scan otherwise.
    var mayNeedReset = false

    /// Scratch state of `resetFinishedRecognizers`, kept between cycles.
    var resetPass = 0
    var spareResetList: [Unmanaged<GestureRecognizer>] = []
    /// The reset search's lists hold recognizers of `attempts`, unretained (it keeps them alive).
    var spareGroup: [Unmanaged<GestureRecognizer>] = []
    var spareFrontier: [Unmanaged<GestureRecognizer>] = []
    /// The competitors an exclusion goes through, reused (one exclusion per stroke at least).
    var spareCompetitors: [Unmanaged<GestureRecognizer>] = []
    /// The waiting recognizers a release goes through, reused (a waiting tap is released or
    /// failed on every single tap).
    var spareWaiting: [Unmanaged<GestureRecognizer>] = []
    /// The recognizers a new touch starts attempts for, unretained (`attempts` keeps them alive).
    var spareNewAttempts: [Unmanaged<GestureRecognizer>] = []

    /// `r` starts an attempt: it received its first touch since its reset.
    mutating func enter(_ r: GestureRecognizer) {
        r.isInAttempt = true
        attempts.append(r)
    }

    /// `r` was reset: it competes for nothing until its next touch.
    @inline(__always)
    mutating func leave(_ r: GestureRecognizer) {
        r.isInAttempt = false
        // Found unretained: the list keeps its recognizers alive, and reference counting is atomic.
        if let i = attempts.withUnretainedElements({ $0.firstIndex { $0.refers(to: r) } }) { attempts.remove(at: i) }
    }

    /// Keeps a request's cause (only when the log will keep it) and returns its slot. Taken, not
    /// copied: a copy is a call per string and array of the cause, and the original's free another.
    mutating func keep(_ cause: consuming Cause) -> Int32 {
        requestCauses.append(cause)
        return Int32(requestCauses.count - 1)
    }

    /// Queues a requested state for settlement, with the slot of its kept cause (-1: none). The
    /// cause goes in by slot rather than as an optional: passing a `Cause?` on every request of
    /// every event cost 3-4% of a replay (measured).
    mutating func enqueue(_ r: GestureRecognizer, _ state: RecognizerState, causeSlot: Int32, forced: Bool = false) {
        requests.append(TransitionRequest(recognizer: r, to: state, causeSlot: causeSlot, forced: forced))
    }
}
