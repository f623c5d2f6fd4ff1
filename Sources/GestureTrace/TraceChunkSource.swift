/// A source that can hand its events over a run at a time, in an array the replay reads where
/// the events lie (`EventBatcher.add(chunk:)`), instead of one call and one copy per event. The
/// pipelined reader hands over what its thread read; a trace tape and a stretch of a trace
/// (`TraceUntil`) cut runs out of what they hold. Asked once, before a replay reads.
package protocol TraceChunkSource: TraceEventSource {
    /// Whether `nextChunk` gives the same events, the same replay, as `nextEvent` one by one.
    var readsInChunks: Bool { get }
    /// The next events in order, at least one; nil at the end.
    func nextChunk() throws(TraceDiagnostic) -> [TraceEvent]?
}

extension PipelinedTraceReader: TraceChunkSource {
    package var readsInChunks: Bool { true }
}
