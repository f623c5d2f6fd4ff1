import GestureEngine

/// What a replay does with its decision log: where the rows go and on which thread (the one way
/// to connect a replay's engine to what reads it: reader -> engine -> this), and which rows are
/// written in full.
///
/// On the engine's thread (`.entries`, `.counted`, `.rows { }`, `.batches { }`), or on a thread
/// of their own (`batchesOnItsOwnThread`), so that formatting and writing the log overlap the
/// engine on a second core; `Replay.run` and `PlatformReplay.run` start that thread and wait
/// for it to write every row before they return or throw.
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
    /// Whether a touch's moves are written as input rows (a search reading only who won skips
    /// them: `DecisionLog.keepsRoutineInput`).
    package var routineInput = true
    /// Whether each update left out (`routineUpdates` off) is stood for by an empty note, or
    /// only numbered (`DecisionLog.keepsUpdateNotes`).
    package var updateNotes = true

    public init(_ destination: Destination = .entries, kinds: Set<LogEntry.Kind>? = nil, routineUpdates: Bool = true, routineCauses: Bool = true) {
        self.destination = destination
        self.kinds = kinds
        self.routineUpdates = routineUpdates
        self.routineCauses = routineCauses
    }

    /// Only what `SequenceResults` reads, for a replay that asks only who won each touch
    /// sequence (threshold searches, `minimize`): the touches' first and last input rows and the
    /// decisions, without updates or causes of routine rows.
    package static func winnersOnly(_ body: @escaping (LogEntry) -> Void) -> ReplayLog {
        transitionsAndTouches(updates: false, body)
    }

    /// Every row but the updates (only numbered, not even an empty note for each), routine rows
    /// without their causes: what a reader of each recognizer's last other decision and the
    /// times of a sequence's rows needs, following no chain (`explain`'s text).
    package static func withoutUpdates(_ body: @escaping (LogEntry) -> Void) -> ReplayLog {
        var log = ReplayLog(.rows(body), routineUpdates: false, routineCauses: false)
        log.updateNotes = false
        return log
    }

    /// The transitions (with `updates`, every `changed` too, without its cause) and each touch's
    /// first and last input rows: what a reader that cuts the log into touch sequences and
    /// compares decisions needs (`diff`'s first replays).
    package static func transitionsAndTouches(updates: Bool, _ body: @escaping (LogEntry) -> Void) -> ReplayLog {
        var log = ReplayLog(.rows(body), kinds: [.input, .transition], routineUpdates: updates, routineCauses: false)
        log.routineInput = false
        return log
    }

    /// Every row kept in memory (`ReplayResult.log.entries`).
    public static var entries: ReplayLog { ReplayLog() }
    /// Rows only numbered.
    public static var counted: ReplayLog { ReplayLog(.counted) }
    /// Every row handed to `body` as it is decided.
    public static func rows(_ body: @escaping (LogEntry) -> Void) -> ReplayLog { ReplayLog(.rows(body)) }
    /// Every row handed over in batches.
    public static func batches(_ body: @escaping (inout LogBatch) -> Void) -> ReplayLog { ReplayLog(.batches(body)) }

    /// Every row handed to `consume` in batches on a thread of its own (a `LogPipeline`), which
    /// may read them in place; `whileIdle`, when given, runs on that thread while no rows wait,
    /// as long as it finds work (reading the trace ahead: `PipelinedTraceReader.readAhead`).
    public static func batchesOnItsOwnThread(whileIdle: (@Sendable () -> Bool)? = nil,
                                             _ consume: @escaping (LogBatch) -> Void) -> ReplayLog {
        var log = ReplayLog(.batches { _ in })
        log.writer = Writer(whileIdle: whileIdle, consume: consume)
        return log
    }

    /// The rows' own thread, when they have one.
    private var writer: Writer?

    private struct Writer {
        let whileIdle: (@Sendable () -> Bool)?
        let consume: (LogBatch) -> Void
    }

    /// Whether rows are written at all (not only numbered).
    public var records: Bool {
        if case .counted = destination { return false }
        return true
    }

    /// Connects `log` to the destination and sets what it writes; starts the rows' own thread if
    /// they have one. Call the connection's `finish()` once the replay is over, also when it
    /// failed (after the log's last `flushBatch()`).
    public func connect(_ log: inout DecisionLog) -> Connection {
        log.keepsRoutineUpdates = routineUpdates
        log.keepsRoutineCauses = routineCauses
        log.keepsRoutineInput = routineInput
        log.keepsUpdateNotes = updateNotes
        guard let writer else {
            log.destination = destination
            return Connection(pipeline: nil)
        }
        let pipeline = LogPipeline(whileIdle: writer.whileIdle, consume: writer.consume)
        log.destination = .batches { pipeline.take(&$0) }
        return Connection(pipeline: pipeline)
    }

    /// A replay's log connected to its destination (`connect`).
    public struct Connection {
        fileprivate let pipeline: LogPipeline?

        /// Waits until the rows' own thread has written every row (nothing to wait for on the
        /// engine's thread).
        public func finish() { pipeline?.finish() }
    }
}
