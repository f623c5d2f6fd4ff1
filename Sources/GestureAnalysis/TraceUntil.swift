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
/// event before it were handed over; or (`wantedBeforeSequences`) only before each touch
/// sequence's first event, which lets a replay take the events in runs (`TraceChunkSource`) and
/// may replay a sequence more than was needed.
public final class TraceUntil: TraceEventSource {
    let source: any TraceEventSource
    let time: Timestamp?
    let sequences: Int?
    let wanted: (() -> Bool)?
    /// `wanted` is asked before a sequence's first event only.
    let wantedBeforeSequences: Bool
    var down = 0, started = 0
    var done = false
    /// The run taken from the source that `nextChunk` is cutting up, and where it stands.
    private var pending: [TraceEvent] = []
    private var at = 0

    /// Stops at the first sequence starting after `time`, after `sequences` sequences, or
    /// before the first event `wanted` no longer asks for.
    public init(source: any TraceEventSource, time: Timestamp? = nil, sequences: Int? = nil, while wanted: (() -> Bool)? = nil) {
        self.source = source
        self.time = time
        self.sequences = sequences
        self.wanted = wanted
        wantedBeforeSequences = false
    }

    /// Read while `wanted()`, asked before each touch sequence's first event, says more is
    /// needed (a threshold search that has seen a sequence's winners change).
    package init(source: any TraceEventSource, wantedBeforeSequences wanted: @escaping () -> Bool) {
        self.source = source
        time = nil
        sequences = nil
        self.wanted = wanted
        wantedBeforeSequences = true
    }

    public var header: TraceHeader { source.header }
    public var warnings: [TraceDiagnostic] { source.warnings }
    public var eventCount: Int { source.eventCount }

    public func nextEvent() throws(TraceDiagnostic) -> TraceEvent? {
        guard !done else { return nil }
        if !wantedBeforeSequences, let wanted, !wanted() {
            done = true
            return nil
        }
        let e: TraceEvent
        if at < pending.count {
            e = pending[at]
            at += 1
        } else {
            guard let next = try source.nextEvent() else { return nil }
            e = next
        }
        return admits(e) ? e : nil
    }

    /// Counts `e` in, or says (setting `done`) that reading stops before it.
    @inline(__always)
    private func admits(_ e: TraceEvent) -> Bool {
        switch e.type {
        case .down:
            if down == 0 {
                if wantedBeforeSequences, let wanted, !wanted() { done = true }
                if let time, e.time > time { done = true }
                if let sequences, started >= sequences { done = true }
                if done { return false }
                started += 1
            }
            down += 1
        case .up, .cancel:
            down = max(0, down - 1)
        default:
            break
        }
        return true
    }
}

extension TraceUntil: TraceChunkSource {
    /// When the source hands runs over, unless `wanted` is asked before every event (that
    /// needs the events one at a time). From a source without runs, `nextChunk` still works, a
    /// run an event, but a replay is better served by `nextEvent`.
    package var readsInChunks: Bool {
        (wanted == nil || wantedBeforeSequences) && (source as? any TraceChunkSource)?.readsInChunks == true
    }

    /// The source's events in runs, each cut where reading stops and, when `wanted` is asked
    /// before sequences, before each sequence's first event: the replay has fed the runs
    /// before it (but for their last moment) when `wanted` is asked.
    package func nextChunk() throws(TraceDiagnostic) -> [TraceEvent]? {
        while !done {
            if at == pending.count {
                if let chunked = source as? any TraceChunkSource, chunked.readsInChunks {
                    guard let next = try chunked.nextChunk() else { return nil }
                    pending = next
                } else {
                    guard let e = try source.nextEvent() else { return nil }
                    pending = [e]
                }
                at = 0
            }
            let start = at
            while at < pending.count {
                let e = pending[at]
                // A new sequence ends the run, so that `wanted` is asked after the run is fed.
                if wantedBeforeSequences && at > start && e.type == .down && down == 0 { break }
                guard admits(e) else { break }
                at += 1
            }
            if at > start { return start == 0 && at == pending.count ? pending : Array(pending[start..<at]) }
        }
        return nil
    }
}
