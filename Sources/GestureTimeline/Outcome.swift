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
    public struct Tally {
        private var order: [String] = []
        /// Each recognizer's place in `open` and `begun`, in order of first appearance.
        private var slots: [String: Int] = [:]
        private var open: [Attempt?] = []
        /// Whether the open attempt has had its first transition (kept apart so that the
        /// commonest row, an update, is counted without reading the attempt).
        private var begun: [Bool] = []
        private var done: [String: [Attempt]] = [:]
        private var omitted: [String: [String: Int]] = [:]
        /// Attempts kept in full per recognizer; later ones are only counted, so a streamed
        /// replay of any length keeps a bounded summary.
        public let detailLimit: Int

        public init(detailLimit: Int = .max) { self.detailLimit = detailLimit }

        public mutating func add(_ e: LogEntry) {
            guard let r = e.recognizer, e.kind == .transition || e.kind == .pending || e.kind == .reset else { return }
            let i: Int
            if let known = slots[r] {
                i = known
            } else {
                i = open.count
                slots[r] = i
                order.append(r)
                open.append(nil)
                begun.append(false)
            }
            if e.kind == .transition && e.to == "changed" && begun[i] {
                // A continuous recognizer's update, counted in place.
                open[i]!.changes += 1
                return
            }
            var a = open[i] ?? Attempt(start: e.time)
            switch e.kind {
            case .pending: a.waited = e
            case .transition:
                if a.firstTransition == nil { a.firstTransition = e }
                if e.to == "changed" { a.changes += 1 }
                switch e.to {
                case "ended", "recognized", "cancelled", "failed": a.final = e
                default: break
                }
            case .reset:
                if done[r, default: []].count < detailLimit {
                    done[r, default: []].append(a)
                } else {
                    omitted[r, default: [:]][a.final?.to ?? "unfinished", default: 0] += 1
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
            var finished = done
            for (r, i) in slots { if let a = open[i] { finished[r, default: []].append(a) } }
            return order.map { RecognizerOutcome(recognizer: $0, attempts: finished[$0] ?? [], omitted: omitted[$0] ?? [:]) }
        }
    }
}
