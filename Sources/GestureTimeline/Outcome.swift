import GestureEngine
import GestureTrace

/// What became of one recognizer in a replay: every attempt, how it ended and why.
public struct RecognizerOutcome: Sendable {
    public struct Attempt: Sendable {
        public var start: Timestamp
        public var firstTransition: LogEntry?
        public var final: LogEntry?
        public var changes = 0
        public var waited: LogEntry?
    }

    public var recognizer: String
    public var attempts: [Attempt]
    /// Attempts beyond a tally's detail limit, counted by how they ended ("failed": 9000).
    public var omitted: [String: Int] = [:]

    /// Summaries per recognizer, in order of first appearance in the log.
    public static func summarize(_ log: DecisionLog) -> [RecognizerOutcome] {
        var tally = Tally()
        for e in log.entries { tally.add(e) }
        return tally.outcomes
    }

    /// Builds the outcomes one log entry at a time, for logs that are streamed rather than kept.
    /// Recognizers are told apart by their `LogName`, which is a number: the tally sees every
    /// row of a replay, and the names are read as text only for the summary.
    public struct Tally {
        /// Recognizers in order of first appearance; each one's place in `open`, `begun`,
        /// `done` and `omitted`.
        private var order: [LogName] = []
        /// Per name number: the recognizer's place, or -1.
        private var slots: [Int] = []
        private var open: [Attempt?] = []
        /// Whether the open attempt has had its first transition (kept apart so that the
        /// commonest row, an update, is counted without reading the attempt).
        private var begun: [Bool] = []
        private var done: [[Attempt]] = []
        /// Attempts beyond the detail limit, counted by how they ended (nil: unfinished).
        private var omitted: [[LogName?: Int]] = []
        /// Attempts kept in full per recognizer; later ones are only counted, so a streamed
        /// replay of any length keeps a bounded summary.
        public let detailLimit: Int

        public init(detailLimit: Int = .max) { self.detailLimit = detailLimit }

        public mutating func add(_ e: LogEntry) {
            guard e.kind == .transition || e.kind == .pending || e.kind == .reset, let r = e.recognizerName else { return }
            let n = Int(r.number)
            if n >= slots.count { slots.append(contentsOf: repeatElement(-1, count: n + 1 - slots.count)) }
            var i = slots[n]
            if i < 0 {
                i = order.count
                slots[n] = i
                order.append(r)
                open.append(nil)
                begun.append(false)
                done.append([])
                omitted.append([:])
            }
            if e.kind == .transition && e.toName == .changed && begun[i] {
                // A continuous recognizer's update, counted in place.
                open[i]!.changes += 1
                return
            }
            var a = open[i] ?? Attempt(start: e.time)
            switch e.kind {
            case .pending: a.waited = e
            case .transition:
                if a.firstTransition == nil { a.firstTransition = e }
                switch e.toName {
                case .changed?: a.changes += 1
                case .ended?, .recognized?, .cancelled?, .failed?: a.final = e
                default: break
                }
            case .reset:
                if done[i].count < detailLimit {
                    done[i].append(a)
                } else {
                    omitted[i][a.final?.toName, default: 0] += 1
                }
                open[i] = nil
                begun[i] = false
                return
            default: break
            }
            begun[i] = a.firstTransition != nil
            open[i] = a
        }

        public var outcomes: [RecognizerOutcome] {
            order.indices.map { i in
                var counts: [String: Int] = [:]
                for (end, n) in omitted[i] { counts[end?.string ?? "unfinished", default: 0] += n }
                return RecognizerOutcome(recognizer: order[i].string, attempts: done[i] + (open[i].map { [$0] } ?? []), omitted: counts)
            }
        }
    }
}
