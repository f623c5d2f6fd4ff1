import Foundation
import GestureEngine
import GestureTrace

/// The decisions a replay's thresholds made (a transition with evidence), kept as fixed-size
/// records and read back closest first, for `sensitivity`'s answer.
///
/// The answer lists every decision, so it grows with the trace (about 39,000 decisions per
/// million Hammer.js events); the memory does not: records are sorted in runs of `runLength`,
/// each run a stream of a `Spool` (memory up to a budget, then an unlinked temporary file), and
/// the runs are merged a block at a time when the answer is written. Names (recognizers,
/// decisions, parameters, units, comparisons) are kept once each and referred to by number.
public final class ThresholdDecisions {
    /// One decision: 64 bytes, no references.
    struct Record: BitwiseCopyable {
        var microseconds: Int64
        var value: Double
        var threshold: Double
        /// |value - threshold| / |threshold| (infinite for a zero threshold): the sort key.
        var relativeMargin: Double
        /// Arrival order: ties in margin keep it.
        var order: Int64
        var recognizer: UInt32
        var decision: UInt32
        var parameter: UInt32
        var unit: UInt32
        var comparison: UInt32
    }

    /// How many records are sorted together before they go to the spool as one run.
    let runLength: Int
    private let spool: Spool<Record>
    private var run: [Record] = []
    private var runs = 0
    private var names: [String] = []
    private var numbers: [String: UInt32] = [:]
    public private(set) var count = 0

    /// `runLength`: records sorted in memory at once (tests make it small to cross runs);
    /// `directory`: where the spool's file goes.
    public init(runLength: Int = 32_768, directory: String = NSTemporaryDirectory()) {
        self.runLength = max(1, runLength)
        spool = Spool(budget: self.runLength, directory: directory)
        run.reserveCapacity(min(self.runLength, 4096))
    }

    func number(_ name: String) -> UInt32 {
        if let n = numbers[name] { return n }
        names.append(name)
        numbers[name] = UInt32(names.count - 1)
        return UInt32(names.count - 1)
    }

    func name(_ n: UInt32) -> String { names[Int(n)] }

    /// Keeps a decision (`recognizer` decided `decision` at `time` on `evidence`).
    func append(time: Timestamp, recognizer: UInt32, decision: UInt32, evidence ev: Evidence) -> Record {
        let margin = ev.value - ev.threshold
        let relative = ev.threshold != 0 ? abs(margin) / abs(ev.threshold) : .infinity
        let r = Record(microseconds: time.microseconds, value: ev.value, threshold: ev.threshold, relativeMargin: relative,
                       order: Int64(count), recognizer: recognizer, decision: decision, parameter: number(ev.parameter),
                       unit: number(ev.unit), comparison: number(ev.comparison))
        count += 1
        run.append(r)
        if run.count >= runLength { closeRun() }
        return r
    }

    /// Sorted, the current run goes to the spool as a stream of its own.
    private func closeRun() {
        guard !run.isEmpty else { return }
        run.sort(by: ThresholdDecisions.closer)
        for r in run { spool.append(r, to: runs) }
        runs += 1
        run.removeAll(keepingCapacity: true)
    }

    /// The answer's order: the smaller relative margin first, then the earlier decision. A
    /// margin that is not a number (a recognizer's value was not) goes last.
    static func closer(_ a: Record, _ b: Record) -> Bool {
        if a.relativeMargin.isNaN != b.relativeMargin.isNaN { return b.relativeMargin.isNaN }
        if a.relativeMargin != b.relativeMargin && !a.relativeMargin.isNaN { return a.relativeMargin < b.relativeMargin }
        return a.order < b.order
    }

    /// Every decision, closest first. Throws when the temporary file could not be
    /// written or read back (a full disk).
    func forEachClosestFirst(_ body: (Record) throws -> Void) throws {
        closeRun()
        // Records the spool could not write were dropped: say so rather than answer with fewer.
        if let failure = spool.failure { throw SpoolError(message: failure) }
        var cursors = try (0..<runs).map { try RunCursor(spool: spool, stream: $0) }
        // A handful of runs (one per 32,768 decisions): a linear pick beats a heap's bookkeeping.
        while true {
            var best = -1
            for k in cursors.indices where cursors[k].current != nil {
                if best < 0 || ThresholdDecisions.closer(cursors[k].current!, cursors[best].current!) { best = k }
            }
            guard best >= 0 else { return }
            try body(cursors[best].current!)
            try cursors[best].advance()
        }
    }

    /// Every decision in arrival order (for callers that keep the whole list: short logs).
    func all() throws -> [Record] {
        var out: [Record] = []
        out.reserveCapacity(count)
        try forEachClosestFirst { out.append($0) }
        out.sort { $0.order < $1.order }
        return out
    }

    /// One run read back a block at a time.
    private struct RunCursor {
        let spool: Spool<Record>
        var pieces: [(offset: Int64, count: Int)]
        var memory: [Record]
        var block: [Record] = []
        var index = 0
        var piece = 0
        var inMemory = false
        static let blockLength = 1024

        init(spool: Spool<Record>, stream: Int) throws {
            self.spool = spool
            let size = Int64(MemoryLayout<Record>.stride)
            // A chunk of the file is read in blocks, so that many runs merged at once stay small.
            pieces = spool.chunkList(of: stream).flatMap { chunk in
                stride(from: 0, to: chunk.count, by: RunCursor.blockLength).map { start in
                    (offset: chunk.offset + Int64(start) * size, count: min(RunCursor.blockLength, chunk.count - start))
                }
            }
            memory = spool.memoryRecords(of: stream)
            try load()
        }

        var current: Record? { index < block.count ? block[index] : nil }

        mutating func advance() throws {
            index += 1
            if index >= block.count { try load() }
        }

        private mutating func load() throws {
            index = 0
            if piece < pieces.count {
                block = try spool.read(pieces[piece])
                piece += 1
            } else if !inMemory {
                inMemory = true
                block = memory
                memory = []
            } else {
                block = []
            }
        }
    }

    /// Why the records could not be kept (a full disk), if they could not.
    var failure: String? { spool.failure }
}
