import ArgumentParser
import GestureAnalysis
import GestureEngine
import GestureTrace

/// `--from`, `--to` and `--sequence`: one stretch of a long trace, its touch sequences numbered
/// as in the whole. What comes before the stretch is still replayed (the engine keeps no
/// snapshot of its state at a quiet point to start from: docs/debugging.md), what comes after it
/// is never read (`TraceUntil`).
struct StretchOptions: ParsableArguments {
    @Option(name: .long, help: "Only the touch sequences that start at or after this time (ms).")
    var from: Double?

    @Option(name: .long, help: "Only the touch sequences that start at or before this time (ms); nothing after the next one is read.")
    var to: Double?

    @Option(name: .long, help: "Only this touch sequence (numbered from 1); nothing after it is read.")
    var sequence: Int?

    func validate() throws {
        try OptionCheck.time(from, "--from")
        try OptionCheck.time(to, "--to")
        if let from, let to, from > to { throw ValidationError("--from \(from) is after --to \(to)") }
        if let sequence, sequence < 1 { throw ValidationError("--sequence \(sequence): sequences are numbered from 1") }
        if sequence != nil && (from != nil || to != nil) { throw ValidationError("--sequence and --from/--to choose the same thing two ways: give one") }
    }

    /// Whether any of the three was given.
    var isSet: Bool { from != nil || to != nil || sequence != nil }

    /// Whether a sequence (numbered from 1, starting at `start`) is asked for.
    func asked(_ number: Int, _ start: Timestamp) -> Bool {
        if let sequence { return number == sequence }
        if let from, start.milliseconds < from { return false }
        if let to, start.milliseconds > to { return false }
        return true
    }

    /// The trace, read only as far as the stretch needs.
    /// `busyThreads`: the threads the replay keeps busy (`openTraceOrExit`).
    func reader(_ trace: String, busyThreads: Int = 1) throws -> any TraceEventSource {
        let whole = try openTraceOrExit(trace, busyThreads: busyThreads)
        guard to != nil || sequence != nil else { return whole }
        return TraceUntil(source: whole, time: to.map { Timestamp.milliseconds($0) }, sequences: sequence)
    }
}

/// Which events and log entries of a replay belong to the stretch, for the drawings: sequences
/// are counted on the trace's events, which a replay sees before the engine logs what they cause
/// (and what came due before them); the stretch runs from the start of its first sequence to the
/// end of what is read (`TraceUntil` stops the reading).
struct StretchFilter {
    let stretch: StretchOptions
    /// `stretch.isSet`, read once: the options' wrapped values are slow to read on every row.
    private let isSet: Bool
    private var fingers = 0
    private(set) var sequences = 0
    private var inStretch: Bool
    private(set) var start: Timestamp?

    init(_ stretch: StretchOptions) {
        self.stretch = stretch
        isSet = stretch.isSet
        inStretch = !isSet
    }

    /// Whether a trace event is in the stretch.
    mutating func saw(_ e: TraceEvent) -> Bool {
        if e.type == .down {
            if fingers == 0 {
                sequences += 1
                inStretch = stretch.asked(sequences, e.time)
                if inStretch && start == nil { start = e.time }
            }
            fingers += 1
        } else if e.type == .up || e.type == .cancel {
            fingers = max(0, fingers - 1)
        }
        return inStretch
    }

    /// Whether a log entry is in the stretch (a timer due before its start fires when its first
    /// touch arrives, and is not).
    func keeps(_ e: LogEntry) -> Bool {
        !isSet || start.map { e.time >= $0 } == true
    }
}
