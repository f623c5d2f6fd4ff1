/// A trace's events kept as fixed-size records in a spool (memory up to a budget, then a
/// temporary file), with the time each chunk of records starts at: stretches of the trace can
/// then be read again and again without parsing its text, and without holding the trace. A
/// threshold search replays the touch sequences a value can change tens of times (issue 35).
///
/// A usual event (time, type, pointer, x, y, device) is one 40-byte `TapeRecord`; an event with
/// any of the rare fields (pressure, contact, buttons, scroll) is that record followed by its
/// whole `TraceEvent` as raw bytes in `TapeRecord.continuations` more. A third of the bytes
/// `TraceEvent`'s 120 would be: the searches read the tape some forty times over, and copying it
/// out of the file was a tenth of `sensitivity`'s time.
package final class TraceTape: @unchecked Sendable {
    // @unchecked: filled by one owner while the first replay reads the trace, then only read
    // (each reader has its own position; the spool reads with pread).
    private let spool: Spool<TapeRecord>
    private let chunkSize: Int
    /// Every chunk the spool wrote: the time of its first event, and how many records at its
    /// start continue an event begun in the chunk before (a reader starting there skips them).
    private var chunks: [(start: Timestamp, skip: Int)] = []
    /// The same for the records still in memory.
    private var firstInMemory = Timestamp.zero
    private var skipInMemory = 0
    package private(set) var header = TraceHeader()
    package private(set) var warnings: [TraceDiagnostic] = []
    fileprivate let name: String

    /// `name`: the trace's file, for messages.
    package init(name: String, chunkSize: Int = 1 << 14) {
        self.name = name
        self.chunkSize = chunkSize
        spool = Spool(budget: chunkSize)
    }

    package private(set) var eventCount = 0

    /// Why the events could not be kept (a full disk), if they could not.
    package var failure: String? { spool.failure }

    package func append(_ e: TraceEvent) {
        eventCount += 1
        TapeRecord.records(of: e) { add($0, time: e.time, following: $1) }
    }

    /// `following`: how many records of the same event come after this one.
    private func add(_ r: TapeRecord, time: Timestamp, following: Int) {
        if spool.memoryCount(of: 0) == 0 { firstInMemory = time }
        spool.append(r, to: 0)
        if spool.chunkCount(of: 0) > chunks.count {
            chunks.append((firstInMemory, skipInMemory))
            // The records still to come open the next chunk; `firstInMemory` is their event's time.
            skipInMemory = following
            firstInMemory = time
        }
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

    fileprivate var chunkCount: Int { chunks.count }

    /// Records that continue an event from chunk `k - 1` at the start of chunk `k`.
    fileprivate func skip(_ k: Int) -> Int { k < chunks.count ? chunks[k].skip : skipInMemory }

    /// The records of chunk `k` (`k == chunkCount`: those still in memory).
    fileprivate func records(_ k: Int) throws(TraceDiagnostic) -> [TapeRecord] {
        if k == chunks.count { return spool.memoryRecords(of: 0) }
        do {
            return try spool.read(spool.chunkList(of: 0)[k])
        } catch {
            throw TraceDiagnostic(file: name, line: 0, message: "\(error)")
        }
    }

    /// The chunk holding the first event at or after `t`: the last one starting before `t`
    /// (events of one time may straddle two chunks).
    fileprivate func chunk(before t: Timestamp) -> Int {
        var lo = 0, hi = chunks.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if chunks[mid].start < t { lo = mid + 1 } else { hi = mid }
        }
        return max(lo - 1, 0)
    }
}

private final class TapeReader: TraceChunkSource {
    let tape: TraceTape
    let spans: [(start: Timestamp, end: Timestamp)]
    var span = 0
    var chunk = -1
    var records: [TapeRecord] = []
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
                if k > chunk {
                    try load(k)
                    try skip(tape.skip(k))
                }
                seeking = false
            }
            if i == records.count {
                guard chunk < tape.chunkCount else { return nil }
                try load(chunk + 1)
                continue
            }
            let head = records[i]
            let time = head.time
            if time < spans[span].start {
                i += 1
                if head.continuations > 0 { try skip(head.continuations) }
                continue
            }
            if time >= spans[span].end {
                span += 1
                seeking = true
                continue
            }
            if head.continuations == 0 {
                i += 1
                return head.event
            }
            return try whole(head)
        }
        return nil
    }

    var readsInChunks: Bool { true }
    /// The run handed out last, reused once the replay has let it go.
    private var run: [TraceEvent] = []

    /// Up to a chunk's worth of the events `nextEvent` would give, decoded into one array.
    func nextChunk() throws(TraceDiagnostic) -> [TraceEvent]? {
        run.removeAll(keepingCapacity: true)
        while run.count < 4096, span < spans.count {
            // Straight through the usual records of the current span; the rest one by one.
            if !seeking && i < records.count {
                let start = spans[span].start, end = spans[span].end
                while i < records.count, run.count < 4096 {
                    let r = records[i]
                    guard r.continuations == 0, r.time64 >= start.microseconds, r.time64 < end.microseconds else { break }
                    run.append(r.event)
                    i += 1
                }
                if run.count == 4096 { break }
            }
            guard let e = try nextEvent() else { break }
            run.append(e)
        }
        return run.isEmpty ? nil : run
    }

    /// The record at `i`, going on into the next chunk at the end of this one (an event's
    /// continuations may run into it); nil past the last record.
    private func takeRecord() throws(TraceDiagnostic) -> TapeRecord? {
        while i == records.count {
            guard chunk < tape.chunkCount else { return nil }
            try load(chunk + 1)
        }
        defer { i += 1 }
        return records[i]
    }

    /// Steps over `count` records (an event's continuations).
    private func skip(_ count: Int) throws(TraceDiagnostic) {
        for _ in 0..<count {
            guard try takeRecord() != nil else { return }
        }
    }

    /// The event whose first record is at `i`, read from the raw bytes that follow it.
    private func whole(_ head: TapeRecord) throws(TraceDiagnostic) -> TraceEvent {
        i += 1
        return try withUnsafeTemporaryAllocation(of: TapeRecord.self, capacity: head.continuations) { raw throws(TraceDiagnostic) in
            for k in 0..<head.continuations {
                guard let r = try takeRecord() else {
                    throw TraceDiagnostic(file: tape.name, line: 0, message: "GestureLab's temporary copy of the trace ends inside an event")
                }
                raw.initializeElement(at: k, to: r)
            }
            return UnsafeRawPointer(raw.baseAddress!).loadUnaligned(as: TraceEvent.self)
        }
    }
}

/// One record of a `TraceTape`: five words, so that any bit pattern is a valid value (a
/// continuation holds another value's raw bytes).
struct TapeRecord: BitwiseCopyable {
    var time64: Int64
    var pointer64: Int64
    var x: Double
    var y: Double
    /// The type's tag, the device's (0: none), and how many records after this one hold the
    /// whole event (0 for a usual event).
    var tags: UInt64

    var time: Timestamp { Timestamp(microseconds: time64) }
    var continuations: Int { Int(truncatingIfNeeded: tags >> 16 & 0xFF) }

    private init(head e: TraceEvent, continuations: Int) {
        time64 = e.time.microseconds
        pointer64 = Int64(e.pointer)
        x = e.x
        y = e.y
        let type: UInt64 = switch e.type {
        case .down: 0
        case .move: 1
        case .up: 2
        case .cancel: 3
        case .hover: 4
        case .scroll: 5
        }
        let device: UInt64 = switch e.device {
        case nil: 0
        case .mouse: 1
        case .touch: 2
        case .pen: 3
        case .synthetic: 4
        }
        tags = type | device << 8 | UInt64(continuations) << 16
    }

    private init(raw: UnsafeRawPointer) {
        time64 = raw.loadUnaligned(as: Int64.self)
        pointer64 = raw.loadUnaligned(fromByteOffset: 8, as: Int64.self)
        x = raw.loadUnaligned(fromByteOffset: 16, as: Double.self)
        y = raw.loadUnaligned(fromByteOffset: 24, as: Double.self)
        tags = raw.loadUnaligned(fromByteOffset: 32, as: UInt64.self)
    }

    /// A usual event (`continuations == 0`).
    @inline(__always)
    var event: TraceEvent {
        let type: TouchEventType = switch tags & 0xFF {
        case 0: .down
        case 1: .move
        case 2: .up
        case 3: .cancel
        case 4: .hover
        default: .scroll
        }
        let device: InputDevice? = switch tags >> 8 & 0xFF {
        case 0: nil
        case 1: .mouse
        case 2: .touch
        case 3: .pen
        default: .synthetic
        }
        return TraceEvent(time: time, type: type, pointer: Int(pointer64), x: x, y: y, device: device)
    }

    static let size = MemoryLayout<TapeRecord>.stride
    /// How many records an event's raw bytes take.
    static let continuationCount = (MemoryLayout<TraceEvent>.size + size - 1) / size

    /// The records that keep `e`, each with how many follow it: a usual event's one, or for an
    /// event with a rare field its head, then its bytes.
    static func records(of e: TraceEvent, _ body: (TapeRecord, _ following: Int) -> Void) {
        guard e.pressure != nil || e.contact != nil || e.buttons != nil || e.scroll != nil else {
            return body(TapeRecord(head: e, continuations: 0), 0)
        }
        body(TapeRecord(head: e, continuations: continuationCount), continuationCount)
        withUnsafeTemporaryAllocation(byteCount: continuationCount * size, alignment: 8) { buffer in
            buffer.initializeMemory(as: UInt8.self, repeating: 0)
            withUnsafeBytes(of: e) { buffer.baseAddress!.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
            for k in 0..<continuationCount { body(TapeRecord(raw: buffer.baseAddress! + k * size), continuationCount - 1 - k) }
        }
    }
}
