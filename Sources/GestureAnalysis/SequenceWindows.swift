import GestureTrace

/// A trace seen only through the windows of some touch sequences (each from its start to the
/// next sequence's start), each with the sequence before it as a lead-in, so that a threshold
/// search replays the sequences that recorded the threshold and not the whole trace (issue 35).
///
/// Replaying a window from a fresh scene is the same as replaying it in place when nothing is
/// carried across the quiet point before it (a scroll view still moving, a view an app action
/// moved, a recognizer still waiting); `ThresholdSensitivity`'s caller checks that on the
/// unchanged scene first, and replays the whole trace where it does not hold.
public final class SequenceWindows: TraceEventSource {
    let source: any TraceEventSource
    /// Sorted, disjoint [start, end) spans; the last may run to the end of the trace.
    let spans: [(start: Timestamp, end: Timestamp)]
    var k = 0

    /// `starts`: every sequence's start, in order; `sequences`: the ones to see (ascending).
    public init(source: any TraceEventSource, starts: [Timestamp], sequences: [Int]) {
        self.source = source
        spans = Self.spans(starts: starts, sequences: sequences)
    }

    /// The windows' [start, end) spans, sorted and merged where they touch.
    /// `leadIn`: how many sequences before each one its window starts with (1 unless told).
    public static func spans(starts: [Timestamp], sequences: [Int], leadIn: (Int) -> Int = { _ in 1 }) -> [(start: Timestamp, end: Timestamp)] {
        // A longer lead-in may reach back past the window before it: sorted, then merged.
        let windows = sequences.filter { $0 < starts.count }.map { i in
            (start: starts[max(0, i - leadIn(i))], end: i + 1 < starts.count ? starts[i + 1] : Timestamp(microseconds: .max))
        }.sorted { $0.start < $1.start }
        var spans: [(start: Timestamp, end: Timestamp)] = []
        for w in windows {
            if let last = spans.last, last.end >= w.start { spans[spans.count - 1].end = max(last.end, w.end) } else { spans.append(w) }
        }
        return spans
    }

    public var header: TraceHeader { source.header }
    public var warnings: [TraceDiagnostic] { source.warnings }
    public var eventCount: Int { source.eventCount }

    public func nextEvent() throws(TraceDiagnostic) -> TraceEvent? {
        while k < spans.count, let e = try source.nextEvent() {
            while k < spans.count && spans[k].end <= e.time { k += 1 }
            if k < spans.count && e.time >= spans[k].start { return e }
        }
        // Past the last window nothing more is read.
        return nil
    }
}
