import GestureTrace

/// A trace read up to the first touch sequence that starts after `time` (a finger going down
/// with none down): `explain --to` and `--sequence` stop reading there. What comes before is
/// replayed in full, because the engine's state at a quiet point (a scroll view still
/// decelerating, a view an app action moved, a recognizer waiting on another) is not kept as a
/// snapshot to start from; what comes after is never read.
///
/// Or read only while `wanted()` says more is needed: a reader of the log that has found what
/// it looks for (the transitions `diff` shows, found by replaying both sides again) ends the
/// replay there. It is asked before each event, on the engine's thread, once the rows of the
/// event before it were handed over.
public final class TraceUntil: TraceEventSource {
    let source: any TraceEventSource
    let time: Timestamp?
    let sequences: Int?
    let wanted: (() -> Bool)?
    var down = 0, started = 0
    var done = false

    /// Stops at the first sequence starting after `time`, after `sequences` sequences, or
    /// before the first event `wanted` no longer asks for.
    public init(source: any TraceEventSource, time: Timestamp? = nil, sequences: Int? = nil, while wanted: (() -> Bool)? = nil) {
        self.source = source
        self.time = time
        self.sequences = sequences
        self.wanted = wanted
    }

    public var header: TraceHeader { source.header }
    public var warnings: [TraceDiagnostic] { source.warnings }
    public var eventCount: Int { source.eventCount }

    public func nextEvent() throws(TraceDiagnostic) -> TraceEvent? {
        guard !done else { return nil }
        if let wanted, !wanted() {
            done = true
            return nil
        }
        guard let e = try source.nextEvent() else { return nil }
        switch e.type {
        case .down:
            if down == 0 {
                if let time, e.time > time { done = true }
                if let sequences, started >= sequences { done = true }
                if done { return nil }
                started += 1
            }
            down += 1
        case .up, .cancel:
            down = max(0, down - 1)
        default:
            break
        }
        return e
    }
}
