import GestureEngine

/// What a replay does with its decision log: where the rows go (the one way to connect a
/// replay's engine to what reads it), and which rows are written in full.
public struct ReplayLog {
    public enum Destination {
        /// Kept in memory, in `ReplayResult.log` (tests, short traces).
        case kept
        /// Only numbered, not kept (benchmarks, and replays that read the recognizers instead).
        case counted
        /// Each row handed over as it is decided, then dropped: constant memory.
        case rows((LogEntry) -> Void)
        /// Rows handed over a batch at a time (cheaper per row than `rows`), for a writer on
        /// another thread (`LogPipeline`); the receiver takes the batch and leaves an empty one.
        case batches((inout LogBatch) -> Void)
    }

    public var destination: Destination
    /// Only rows of these kinds are written (nil: every kind); the others are still numbered.
    public var kinds: Set<LogEntry.Kind>?
    /// Whether changed transitions and their actions are written (else an empty note numbers
    /// each): `replay --compact`, searches that need only who won.
    public var routineUpdates: Bool
    /// Whether routine rows carry their causes (the text timeline hides them unless verbose).
    public var routineCauses: Bool

    public init(_ destination: Destination = .kept, kinds: Set<LogEntry.Kind>? = nil, routineUpdates: Bool = true, routineCauses: Bool = true) {
        self.destination = destination
        self.kinds = kinds
        self.routineUpdates = routineUpdates
        self.routineCauses = routineCauses
    }

    /// Every row kept in memory.
    public static var kept: ReplayLog { ReplayLog() }
    /// Rows only numbered.
    public static var counted: ReplayLog { ReplayLog(.counted) }
    /// Every row handed to `body` as it is decided.
    public static func rows(_ body: @escaping (LogEntry) -> Void) -> ReplayLog { ReplayLog(.rows(body)) }
    /// Every row handed over in batches.
    public static func batches(_ body: @escaping (inout LogBatch) -> Void) -> ReplayLog { ReplayLog(.batches(body)) }

    /// Whether rows are written at all (not only numbered).
    public var records: Bool {
        if case .counted = destination { return false }
        return true
    }

    /// Connects `log` to the destination and sets what it writes.
    public func configure(_ log: inout DecisionLog) {
        log.keepsRoutineUpdates = routineUpdates
        log.keepsRoutineCauses = routineCauses
        switch destination {
        case .kept, .counted: break
        case let .rows(body): log.sink = body
        case let .batches(body): log.batchSink = body
        }
    }
}
