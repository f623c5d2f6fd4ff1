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

    /// Summaries per recognizer, in order of first appearance in the log.
    public static func summarize(_ log: DecisionLog) -> [RecognizerOutcome] {
        var order: [String] = []
        var open: [String: Attempt] = [:]
        var done: [String: [Attempt]] = [:]
        for e in log.entries {
            guard let r = e.recognizer, e.kind == .transition || e.kind == .pending || e.kind == .reset else { continue }
            if !order.contains(r) { order.append(r) }
            var a = open[r] ?? Attempt(start: e.time)
            switch e.kind {
            case .pending: a.waited = e
            case .transition:
                if a.firstTransition == nil { a.firstTransition = e }
                if e.to == "changed" { a.changes += 1 }
                if ["ended", "recognized", "cancelled", "failed"].contains(e.to ?? "") { a.final = e }
            case .reset:
                done[r, default: []].append(a)
                open[r] = nil
                continue
            default: break
            }
            open[r] = a
        }
        for (r, a) in open { done[r, default: []].append(a) }
        return order.map { RecognizerOutcome(recognizer: $0, attempts: done[$0] ?? []) }
    }
}
