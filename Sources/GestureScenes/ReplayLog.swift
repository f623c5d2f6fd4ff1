import GestureEngine

/// What a replay does with its decision log: where the rows go (the one way to connect a
/// replay's engine to what reads it), and which rows are written in full.
public struct ReplayLog {
    /// Where the rows go (`DecisionLog.Destination`: `.entries`, `.counted`, `.rows { }`, `.batches { }`).
    public typealias Destination = DecisionLog.Destination

    public var destination: Destination
    /// Only rows of these kinds are written (nil: every kind); the others are still numbered.
    public var kinds: Set<LogEntry.Kind>?
    /// Whether changed transitions and their actions are written (else an empty note numbers
    /// each): `replay --compact`, searches that need only who won.
    public var routineUpdates: Bool
    /// Whether routine rows carry their causes (the text timeline hides them unless verbose).
    public var routineCauses: Bool

    public init(_ destination: Destination = .entries, kinds: Set<LogEntry.Kind>? = nil, routineUpdates: Bool = true, routineCauses: Bool = true) {
        self.destination = destination
        self.kinds = kinds
        self.routineUpdates = routineUpdates
        self.routineCauses = routineCauses
    }

    /// Every row kept in memory (`ReplayResult.log.entries`).
    public static var entries: ReplayLog { ReplayLog() }
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
        log.destination = destination
    }
}
