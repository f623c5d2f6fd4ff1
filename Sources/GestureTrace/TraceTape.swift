/// A trace's events kept as fixed-size records in a spool (memory up to a budget, then a
/// temporary file), with the time each chunk of records starts at: stretches of the trace can
/// then be read again and again without parsing its text, and without holding the trace. A
/// threshold search replays the touch sequences a value can change tens of times (issue 35).
package final class TraceTape: @unchecked Sendable {
    // @unchecked: filled by one owner while the first replay reads the trace, then only read
    // (each reader has its own position; the spool reads with pread).
    private let spool: Spool<TraceEvent>
    private let chunkSize: Int
    /// The time of the first event of every chunk the spool wrote.
    private var chunkStarts: [Timestamp] = []
    private var firstInMemory = Timestamp.zero
    package private(set) var header = TraceHeader()
    package private(set) var warnings: [TraceDiagnostic] = []
    private let name: String

    /// `name`: the trace's file, for messages.
    package init(name: String, chunkSize: Int = 1 << 14) {
        self.name = name
        self.chunkSize = chunkSize
        spool = Spool(budget: chunkSize)
    }

    package var eventCount: Int { spool.count(of: 0) }

    /// Why the events could not be kept (a full disk), if they could not.
    package var failure: String? { spool.failure }

    package func append(_ e: TraceEvent) {
        if spool.memoryCount(of: 0) == 0 { firstInMemory = e.time }
        spool.append(e, to: 0)
        if spool.chunkCount(of: 0) > chunkStarts.count { chunkStarts.append(firstInMemory) }
    }

    /// The source's header and warnings, once it has been read to the end.
    package func finish(from source: any TraceEventSource) {
        header = source.header
        warnings = source.warnings
    }

    /// The events inside `spans` (sorted, disjoint [start, end) intervals; nil: every event), in
    /// order, as a source a replay reads.
    package func reader(spans: [(start: Timestamp, end: Timestamp)]? = nil) -> any TraceEventSource {
        TapeReader(tape: self, spans: spans ?? [(Timestamp(microseconds: .min), Timestamp(microseconds: .max))])
    }

    fileprivate var chunkCount: Int { chunkStarts.count }

    /// The records of chunk `k` (`k == chunkCount`: those still in memory).
    fileprivate func records(_ k: Int) throws(TraceDiagnostic) -> [TraceEvent] {
        if k == chunkStarts.count { return spool.memoryRecords(of: 0) }
        do {
            return try spool.read(spool.chunkList(of: 0)[k])
        } catch {
            throw TraceDiagnostic(file: name, line: 0, message: "\(error)")
        }
    }

    /// The chunk holding the first event at or after `t`: the last one starting before `t`
    /// (events of one time may straddle two chunks).
    fileprivate func chunk(before t: Timestamp) -> Int {
        var lo = 0, hi = chunkStarts.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if chunkStarts[mid] < t { lo = mid + 1 } else { hi = mid }
        }
        return max(lo - 1, 0)
    }
}

private final class TapeReader: TraceEventSource {
    let tape: TraceTape
    let spans: [(start: Timestamp, end: Timestamp)]
    var span = 0
    var chunk = -1
    var records: [TraceEvent] = []
    var i = 0
    var seeking = true

    init(tape: TraceTape, spans: [(start: Timestamp, end: Timestamp)]) {
        self.tape = tape
        self.spans = spans
    }

    var header: TraceHeader { tape.header }
    var warnings: [TraceDiagnostic] { tape.warnings }
    var eventCount: Int { tape.eventCount }

    func load(_ k: Int) throws(TraceDiagnostic) {
        records = try tape.records(k)
        chunk = k
        i = 0
    }

    func nextEvent() throws(TraceDiagnostic) -> TraceEvent? {
        while span < spans.count {
            if seeking {
                // Jump ahead when the span starts in a later chunk than the one being read.
                let k = tape.chunk(before: spans[span].start)
                if k > chunk { try load(k) }
                seeking = false
            }
            if i == records.count {
                guard chunk < tape.chunkCount else { return nil }
                try load(chunk + 1)
                continue
            }
            let e = records[i]
            if e.time < spans[span].start { i += 1; continue }
            if e.time >= spans[span].end {
                span += 1
                seeking = true
                continue
            }
            i += 1
            return e
        }
        return nil
    }
}
