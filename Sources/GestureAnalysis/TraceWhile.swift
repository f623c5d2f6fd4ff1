import GestureTrace

/// A trace read only while `wanted()` says more is needed: a reader of the log that has found
/// what it looks for (the transitions `diff` shows, found by replaying both sides again) ends
/// the replay there instead of at the end of the trace. Asked before each event, on the
/// engine's thread, after the rows of the event before it were handed over.
public final class TraceWhile: TraceEventSource {
    let source: any TraceEventSource
    let wanted: () -> Bool
    var done = false

    public init(source: any TraceEventSource, while wanted: @escaping () -> Bool) {
        self.source = source
        self.wanted = wanted
    }

    public var header: TraceHeader { source.header }
    public var warnings: [TraceDiagnostic] { source.warnings }
    public var eventCount: Int { source.eventCount }

    public func nextEvent() throws(TraceDiagnostic) -> TraceEvent? {
        guard !done else { return nil }
        guard wanted() else {
            done = true
            return nil
        }
        return try source.nextEvent()
    }
}
