import GestureTrace

/// What the engine keeps about a recognizer between events, in one value beside the subclass
/// API (`GestureRecognizer.book`): its place in the tie-break order, its waits, its timers and
/// actions, and the plain pointers it reads the clock and the environment through. Nothing here
/// is for subclasses; the read-outs users may inspect are `publishedState`, `stateName` and
/// `failureRequirements`.
@usableFromInline struct Bookkeeping {
    /// `view != nil`, kept as a plain flag because the dispatch loop asks it for every event.
    var isAttached = false
    /// The environment's clock, read through a plain pointer: recognizers ask for the time on
    /// every event, without following view and environment references (see `Unretained`). Set
    /// and cleared with the view's environment, so it never outlives the clock.
    @usableFromInline var clockReading: UnsafeMutablePointer<Timestamp>?
    /// The environment, unretained, for the same reason; set and cleared with `clockReading`.
    var environmentLink: Unretained<GestureEnvironment>?

    /// Delivery and tie-break order, cached by the environment.
    var orderKey = (0, 0, Int.max)
    var orderGeneration = 0
    /// The last batch of requests in which settlement met this recognizer's first request.
    var requestBatch = 0
    /// The last reset search that visited this recognizer (see `resetFinishedRecognizers`).
    var resetPass = 0

    /// The log entry of the latest published transition (for causes that point at it).
    var lastTransitionSeq: Int?
    /// When and where it started waiting on a failure requirement.
    var pendingSeq: Int?
    var pendingSince: Timestamp?

    /// The delegate again, when it is one that can say it never requires failures (cast once when
    /// the delegate is set, not on every touch).
    var requirementHint: FailureRequirementFreeDelegate?
    /// The delegate again, when it can say it refuses no touch (see `TouchFilterFreeDelegate`).
    var touchFilterHint: TouchFilterFreeDelegate?
    /// Whether the delegate may answer the failure-requirement questions with true, read once per
    /// new touch (see `FailureRequirementFreeDelegate`), so the engine asks per pair only then.
    var delegateMayRequireFailures = false
    /// Whether the subclass's own `shouldRequireFailure(of:)`/`shouldBeRequiredToFail(by:)` may
    /// answer true (see `FailureRequirementFreeRecognizer`); nil until the first touch asks.
    var subclassMayRequireFailures: Bool?
    /// Whether anything may set up a requirement between this one and another for an attempt:
    /// its delegate, its subclass or a UIKit-style front. Read once per new touch.
    var mayAskFailureRequirements = true
    /// `!failureRequirements.isEmpty`, as a flag: every new touch asks it for every pair of its
    /// recognizers, and reading the array from the recognizer retains and releases it.
    var hasStaticRequirements = false
    /// Set once another recognizer requires this one to fail, statically or for an attempt, and
    /// never cleared: while it is false nobody waits on this one, so the reset search need not
    /// look for recognizers linked to it.
    var mayBeRequired = false
    /// Whether a failure requirement may link this recognizer to another in an attempt, either
    /// way (the reset search's question; false for most).
    var mayBeLinked: Bool { mayBeRequired || hasStaticRequirements || !dynamicRequirements.isEmpty }
    /// Requirements set up for the current attempt by delegates and subclass overrides (A.4.1).
    var dynamicRequirements: [(GestureRecognizer, String)] = []

    /// The target-action closures (`addAction`).
    var actions: [(GestureRecognizer) -> Void] = []
    /// Timers started in this attempt, cancelled at the reset.
    var timers: [VirtualClock.TimerID] = []

    /// The face that receives the subclass hooks in place of the recognizer (see
    /// `RecognizerFront`); unretained, cleared by the face when it goes away.
    unowned(unsafe) var front: RecognizerFront? {
        didSet { hasFront = front != nil }
    }
    /// `front != nil`, as a flag: binding the unretained reference costs a call into the
    /// runtime even when it is nil, and the delivery loop asks for every recognizer and event.
    private(set) var hasFront = false
}
