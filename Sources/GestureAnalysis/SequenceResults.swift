import GestureEngine
import GestureTrace

/// Who won each touch sequence and the state each recognizer ended it in, without the
/// explanations: what a threshold search, a diff and sensitivity's baseline compare, over and
/// over (issue 35). The same cut and the same answers as `Explanation.sequences` (its `winners`,
/// and each outcome's `result`), read from the log's numbers instead of its words and
/// formatted causes.
public enum SequenceResults {
    public struct Sequence: Sendable, Equatable {
        public var start: Timestamp
        /// The recognizers that began or were recognized in the sequence, in the order asked.
        public var winners: [String]
        /// Per recognizer asked: its last state other than `changed`, nil when it had none.
        public var finals: [LogName?]
        public var results: [String?] { finals.map { $0?.string } }
    }

    /// The answers gathered entry by entry as the log is written, keeping of each sequence only
    /// its decisions' times, recognizers and states (no entry is copied): a search replays a
    /// long trace tens of times and this is all it reads (`ExplanationStream`'s `.results`).
    /// Cut as `ExplanationStream` cuts: a sequence starts at a first finger down, and entries
    /// logged before it at or after its time belong to it (a timer that fired at that instant).
    public struct Gatherer {
        let recognizers: [String]
        let names: [Int32]
        let index: [Int32: Int]
        var counter = TouchSequenceCounter()
        var start: Timestamp?
        /// The current sequence's decisions (and, before the first sequence, those that may
        /// still fall into it), in log order.
        var decisions: [(time: Timestamp, at: Int, to: LogName)] = []
        let answer: (Sequence) -> Void

        public init(recognizers: [String], answer: @escaping (Sequence) -> Void) {
            self.recognizers = recognizers
            names = recognizers.map { LogName($0).number }
            var index: [Int32: Int] = [:]
            for (i, n) in names.enumerated() where index[n] == nil { index[n] = i }
            self.index = index
            self.answer = answer
        }

        public mutating func feed(_ e: LogEntry) {
            if counter.step(e) == .firstFingerDown { close(at: e.time) }
            guard e.kind == .transition, let r = e.recognizerName, let at = index[r.number], let to = e.toName, to != .changed else { return }
            decisions.append((e.time, at, to))
        }

        /// A new sequence starts at `t`: the decisions before it close the current one.
        mutating func close(at t: Timestamp) {
            var split = decisions.count
            while split > 0 && decisions[split - 1].time >= t { split -= 1 }
            if let s = start { answer(result(start: s, decisions[..<split])) }
            decisions.removeFirst(split)
            start = t
        }

        public mutating func finish() {
            if let s = start { answer(result(start: s, decisions[...])) }
            decisions = []
            start = nil
        }

        func result(start: Timestamp, _ decided: ArraySlice<(time: Timestamp, at: Int, to: LogName)>) -> Sequence {
            var final = [LogName?](repeating: nil, count: names.count)
            var won = [Bool](repeating: false, count: names.count)
            for d in decided {
                final[d.at] = d.to
                if d.to == .began || d.to == .recognized { won[d.at] = true }
            }
            return SequenceResults.sequence(start: start, recognizers: recognizers, names: names, index: index, final: final, won: won)
        }
    }

    /// The answer for one sequence from each recognizer's last state and whether it won; a name
    /// asked twice answers the same both times, as `Explanation.sequences` does.
    static func sequence(start: Timestamp, recognizers: [String], names: [Int32], index: [Int32: Int], final: [LogName?], won: [Bool]) -> Sequence {
        var winners: [String] = [], finals: [LogName?] = []
        finals.reserveCapacity(names.count)
        for (j, r) in recognizers.enumerated() {
            let at = index[names[j]]!
            if final[at] != nil && won[at] { winners.append(r) }
            finals.append(final[at])
        }
        return Sequence(start: start, winners: winners, finals: finals)
    }

    /// The sequences of `entries` (in log order), `Explanation(entries:).sequences` cut.
    public static func of(_ entries: [LogEntry], recognizers: [String]) -> [Sequence] {
        let bounds = Explanation.sequenceBounds(entries)
        guard !bounds.isEmpty else { return [] }
        let names = recognizers.map { LogName($0).number }
        var index: [Int32: Int] = [:]
        for (i, n) in names.enumerated() where index[n] == nil { index[n] = i }
        var result: [Sequence] = []
        result.reserveCapacity(bounds.count)
        var k = 0
        for (i, (s, _)) in bounds.enumerated() {
            let next = i + 1 < bounds.count ? bounds[i + 1].0 : Timestamp(microseconds: .max)
            while k < entries.count && entries[k].time < s { k += 1 }
            var final = [LogName?](repeating: nil, count: names.count)
            var won = [Bool](repeating: false, count: names.count)
            while k < entries.count && entries[k].time < next {
                let e = entries[k]
                k += 1
                guard e.kind == .transition, let r = e.recognizerName, let at = index[r.number], let to = e.toName else { continue }
                if to == .changed { continue }
                final[at] = to
                if to == .began || to == .recognized { won[at] = true }
            }
            result.append(sequence(start: s, recognizers: recognizers, names: names, index: index, final: final, won: won))
        }
        return result
    }
}
