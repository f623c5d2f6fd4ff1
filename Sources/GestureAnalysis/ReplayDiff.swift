import GestureEngine
import GestureTrace

/// Where two replays of one trace part ways, and which outcomes changed.
public struct ReplayDiff: Sendable {
    public struct Divergence: Sendable {
        public var time: Timestamp
        public var left: LogEntry?
        public var right: LogEntry?
    }

    public struct Change: Sendable, Equatable {
        public var sequence: Int
        public var recognizer: String
        public var left: String
        public var right: String

        public init(sequence: Int, recognizer: String, left: String, right: String) {
            self.sequence = sequence
            self.recognizer = recognizer
            self.left = left
            self.right = right
        }
    }

    public var divergence: Divergence?
    public var changes: [Change] = []
    /// The first sequence compared (numbered from 0): 0, or a stretch's first.
    public var first = 0
    public var winnersLeft: [[String]] = []
    public var winnersRight: [[String]] = []

    /// What makes two transitions the same decision: when, who, from what to what.
    struct Key: Equatable {
        var time: Int64
        var recognizer: LogName?, from: LogName?, to: LogName?

        init(_ e: LogEntry) {
            time = e.time.microseconds
            recognizer = e.recognizerName
            from = e.fromName
            to = e.toName
        }

        /// The key folded into `h` (SplitMix64's finalizer on each field: the same in every process).
        func folded(into h: UInt64) -> UInt64 {
            func mix(_ h: UInt64, _ v: UInt64) -> UInt64 {
                var z = (h ^ v) &+ 0x9E37_79B9_7F4A_7C15
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
            func name(_ n: LogName?) -> UInt64 { n.map { UInt64(UInt32(bitPattern: $0.number)) } ?? UInt64.max }
            return mix(mix(mix(mix(h, UInt64(bitPattern: time)), name(recognizer)), name(from)), name(to))
        }
    }

    public init(left: DecisionLog, right: DecisionLog, recognizers: [String]) {
        let lists = NameLists()
        let a = Side(recognizers: recognizers, lists: lists), b = Side(recognizers: recognizers, lists: lists)
        for e in left.entries { a.feed(e) }
        for e in right.entries { b.feed(e) }
        self.init(left: a, right: b, recognizers: recognizers) { range in
            func block(_ log: DecisionLog) -> [LogEntry] { Array(log.entries.lazy.filter { $0.kind == .transition }.dropFirst(range.lowerBound).prefix(range.count)) }
            return (block(left), block(right))
        }
    }

    /// From two sides gathered as their replays ran. The sides keep a hash per block of
    /// `Side.blockSize` transitions; where two blocks differ, `transitions(range)` gives that
    /// block's transitions of the left and the right replay (a stream replays again to find
    /// them) and the first that differ are the divergence.
    public init(left a: Side, right b: Side, recognizers: [String], transitions: (_ range: Range<Int>) throws -> ([LogEntry], [LogEntry])) rethrows {
        a.finish()
        b.finish()
        let blocks = min(a.blockHashes.count, b.blockHashes.count)
        let block = (0..<blocks).first { a.blockHashes[$0] != b.blockHashes[$0] }
            ?? (a.count == b.count ? nil : blocks)
        if let block {
            let range = block * Side.blockSize ..< (block + 1) * Side.blockSize
            let (xs, ys) = try transitions(range)
            if let k = (0..<max(xs.count, ys.count)).first(where: { k in (k < xs.count ? Key(xs[k]) : nil) != (k < ys.count ? Key(ys[k]) : nil) }) {
                let x = k < xs.count ? xs[k] : nil, y = k < ys.count ? ys[k] : nil
                divergence = Divergence(time: min(x?.time ?? .init(microseconds: .max), y?.time ?? .init(microseconds: .max)), left: x, right: y)
            }
        }
        // A stretch: only its sequences (the sides number them as in the whole trace).
        first = a.stretch.firstSequence ?? a.results.count
        // The lists' storage is the tables': a name list per sequence costs a reference.
        winnersLeft = a.winners.map(a.lists.list)
        winnersRight = b.winners.map(b.lists.list)
        let shared = a.lists === b.lists
        for i in min(first, a.results.count)..<min(a.results.count, b.results.count) {
            // Numbered in one table, equal outcomes have equal numbers (the usual sequence).
            if shared && a.results[i] == b.results[i] { continue }
            let x = a.lists.list(a.results[i]), y = b.lists.list(b.results[i])
            for (k, r) in recognizers.enumerated() where x[k] != y[k] {
                changes.append(Change(sequence: i + 1, recognizer: r, left: x[k], right: y[k]))
            }
        }
    }

    /// One replay's part of a diff, gathered entry by entry as the engine writes its log
    /// (`feed` as the log sink): a hash of each block of transitions, and each touch sequence's
    /// winners and how each recognizer ended ("untouched" if it did not). A long trace has
    /// hundreds of thousands of transitions (every `changed`); their keys would be the diff's
    /// largest memory, their block hashes are a few kilobytes. Two different blocks hash alike
    /// with odds of 2^-64.
    public final class Side {
        static let blockSize = 1024
        let recognizers: [String]
        public private(set) var count = 0
        var blockHashes: [UInt64] = []
        var hash: UInt64 = 0
        /// Each sequence's winners and each recognizer's last state in it ("untouched" if it had
        /// none), as numbers in `lists`.
        var winners: [Int32] = []
        var results: [Int32] = []
        let lists: NameLists
        var stream: ExplanationStream!
        var finished = false

        /// The stretch compared (`SequenceStretch`): its transitions are hashed, its sequences'
        /// results compared.
        var stretch: SequenceStretch

        /// `lists`: the table both sides of a diff number their lists in (then equal numbers
        /// are equal lists).
        public init(recognizers: [String], stretch: SequenceStretch = SequenceStretch(), lists: NameLists = NameLists()) {
            self.recognizers = recognizers
            self.stretch = stretch
            self.lists = lists
            stream = ExplanationStream(.results(recognizers: recognizers) { [unowned self] q in
                winners.append(self.lists.number(q.winners))
                results.append(self.lists.number(q.results.map { $0 ?? "untouched" }))
            })
        }

        public func feed(_ e: LogEntry) {
            if stretch.step(e) && e.kind == .transition {
                hash = Key(e).folded(into: hash)
                count += 1
                if count % Side.blockSize == 0 {
                    blockHashes.append(hash)
                    hash = 0
                }
            }
            stream.feed(e)
        }

        func finish() {
            guard !finished else { return }
            finished = true
            if count % Side.blockSize != 0 { blockHashes.append(hash) }
            _ = stream.finish()
        }
    }

    /// The transitions of a log numbered within `range` (from 0), fed entry by entry (`feed`
    /// as the log sink).
    public final class TransitionFinder {
        let range: Range<Int>
        var seen = 0
        var stretch: SequenceStretch
        public private(set) var found: [LogEntry] = []

        /// `stretch`: the one the sides were given (transitions are numbered within it).
        public init(range: Range<Int>, stretch: SequenceStretch = SequenceStretch()) {
            self.range = range
            self.stretch = stretch
        }

        public func feed(_ e: LogEntry) {
            guard stretch.step(e), e.kind == .transition else { return }
            if range.contains(seen) { found.append(e) }
            seen += 1
        }

        /// Whether every transition of the range has been found (the rest of the trace is not
        /// needed: `TraceUntil(source:while:)`).
        public var isComplete: Bool { seen >= range.upperBound }
    }

    public var identical: Bool { divergence == nil && changes.isEmpty }

    public func text(leftName: String, rightName: String) -> String {
        guard !identical else { return "The two replays make the same decisions.\n" }
        var s = ""
        if let d = divergence {
            s += "First divergence at \(d.time.millisecondsText) ms:\n"
            s += "  \(leftName): " + (d.left.map { "\($0.recognizer ?? "?") \($0.from ?? "") -> \($0.to ?? "") at \($0.time.millisecondsText) ms because \($0.cause.text)" } ?? "(no more transitions)") + "\n"
            s += "  \(rightName): " + (d.right.map { "\($0.recognizer ?? "?") \($0.from ?? "") -> \($0.to ?? "") at \($0.time.millisecondsText) ms because \($0.cause.text)" } ?? "(no more transitions)") + "\n"
        }
        if !changes.isEmpty {
            s += "Outcomes that changed:\n"
            for c in changes { s += "  touch sequence \(c.sequence): \(c.recognizer) \(c.left) -> \(c.right)\n" }
        }
        for i in min(first, winnersLeft.count)..<min(winnersLeft.count, winnersRight.count) where winnersLeft[i] != winnersRight[i] {
            s += "  touch sequence \(i + 1) was won by \(winnersLeft[i].joined(separator: ", ").nonEmpty ?? "nobody"), now by \(winnersRight[i].joined(separator: ", ").nonEmpty ?? "nobody")\n"
        }
        return s
    }
}

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
