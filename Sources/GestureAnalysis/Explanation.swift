import GestureEngine
import GestureTrace

/// Answers "why did my recognizer (not) fire?" from a decision log: the outcome of each attempt
/// and the chain of causes behind it, with the numbers that decided it.
public struct Explanation: Sendable {
    public struct Step: Sendable {
        public var seq: Int
        public var time: Timestamp
        public var who: String
        public var what: String
        public var because: String
        public var evidence: [Evidence]
    }

    public struct Outcome: Sendable {
        public var recognizer: String
        /// recognized, ended, cancelled, failed, or "still possible".
        public var result: String
        public var time: Timestamp?
        /// The final decision first, then what caused it, and so on.
        public var chain: [Step]
        /// When it waited on a failure requirement first.
        public var waitedSince: Timestamp?
        public var waitedFor: String?
        public var summary: String
    }

    public struct Sequence: Sendable {
        public var start: Timestamp
        public var end: Timestamp
        public var winners: [String]
        public var outcomes: [Outcome]
        /// Recognizers that started waiting here and were decided in a later sequence.
        public var stillWaiting: [String] = []
    }

    let log: DecisionLog
    let bySeq: [Int: LogEntry]

    public init(log: DecisionLog) {
        self.log = log
        var m: [Int: LogEntry] = [:]
        for e in log.entries { m[e.seq] = e }
        bySeq = m
    }

    static func ms(_ t: Timestamp) -> String { t.millisecondsText + " ms" }

    /// The causal chain from an entry back to where it started (at most `depth` steps).
    public func chain(from seq: Int, depth: Int = 8) -> [Step] {
        var steps: [Step] = []
        var current: Int? = seq
        var seen = Set<Int>()
        while let s = current, let e = bySeq[s], steps.count < depth, seen.insert(s).inserted {
            // Actions and releases are links in the chain, not decisions worth their own line.
            if e.kind != .action {
                steps.append(Step(seq: e.seq, time: e.time, who: e.recognizer ?? e.view ?? "input", what: describe(e),
                                  because: e.cause.text, evidence: e.cause.evidence))
            }
            current = e.cause.causedBy
        }
        return steps
    }

    func describe(_ e: LogEntry) -> String {
        switch e.kind {
        case .transition: return "\(e.recognizer ?? "?") \(e.to == "began" ? "began" : (e.to ?? "?"))"
        case .pending: return "\(e.recognizer ?? "?") started waiting"
        case .released: return "\(e.recognizer ?? "?") was released"
        case .timer: return e.cause.text
        case .view: return "view \(e.view ?? "?") received \(e.phase ?? "?")"
        default: return e.cause.text
        }
    }

    /// Every attempt of `recognizer`, or the one in progress at `at`.
    public func outcomes(of recognizer: String, at: Timestamp? = nil) -> [Outcome] {
        var out: [Outcome] = []
        var waitedSince: Timestamp?
        var waitedFor: String?
        var last: LogEntry?
        var attemptStart: Timestamp?
        func finish() {
            guard let l = last else { return }
            let chain = self.chain(from: l.seq)
            let result = l.to ?? "still possible"
            var summary = "\(recognizer) \(result) at \(Explanation.ms(l.time)): \(l.cause.text)"
            if let w = waitedSince, let f = waitedFor { summary += "; it had been waiting since \(Explanation.ms(w)) for \(f)" }
            let o = Outcome(recognizer: recognizer, result: result, time: l.time, chain: chain, waitedSince: waitedSince, waitedFor: waitedFor, summary: summary)
            if at == nil || (attemptStart.map { $0 <= at! } ?? true) { out.append(o) }
        }
        for e in log.entries where e.recognizer == recognizer {
            switch e.kind {
            case .pending:
                if attemptStart == nil { attemptStart = e.time }
                waitedSince = e.time
                waitedFor = e.cause.other
            case .transition:
                if attemptStart == nil { attemptStart = e.time }
                if e.to != "changed" { last = e }
            case .reset:
                finish()
                if let a = at, let l = last, l.time >= a { return out.suffix(1).map { $0 } }
                last = nil
                waitedSince = nil
                waitedFor = nil
                attemptStart = nil
            case .note where e.cause.kind == .disabled && e.cause.text.contains("does not receive"):
                // A touch it was not given because it was disabled: an outcome of its own.
                if at == nil || e.time <= at! {
                    out.append(Outcome(recognizer: recognizer, result: "received no touch", time: e.time, chain: self.chain(from: e.seq),
                                       waitedSince: nil, waitedFor: nil, summary: "\(e.cause.text), at \(Explanation.ms(e.time))"))
                }
            default:
                break
            }
        }
        if last != nil { finish() }
        out.sort { ($0.time ?? .zero) < ($1.time ?? .zero) }
        if let a = at {
            // The attempt whose decision is at or after `at`, else the last one before it.
            if let o = out.first(where: { ($0.time ?? .zero) >= a }) { return [o] }
            return out.suffix(1).map { $0 }
        }
        if out.isEmpty {
            let touched = log.entries.contains { $0.recognizer == recognizer && $0.kind != .note }
            // Touches it was not given (disabled, a device not allowed, its delegate said no).
            // Touches it was not given for other reasons (a device not allowed, its delegate said no).
            let refused = log.entries.filter { $0.recognizer == recognizer && $0.kind == .note && ($0.cause.text.contains("does not receive") || $0.cause.text.contains("shouldReceive")) }
            let summary: String
            if touched {
                summary = "\(recognizer) never left possible"
            } else if let first = refused.first {
                summary = refused.count == 1 ? first.cause.text : "\(first.cause.text) (and \(refused.count - 1) more touches not received)"
            } else {
                summary = "\(recognizer) never received a touch (not on the touched view or its ancestors, or filtered out)"
            }
            return [Outcome(recognizer: recognizer, result: refused.isEmpty || touched ? "still possible" : "received no touch", time: refused.first?.time,
                            chain: [], waitedSince: nil, waitedFor: nil, summary: summary)]
        }
        return out
    }

    /// Touch sequences (first finger down to last finger up, plus the timers that follow) and
    /// who won each.
    public func sequences(recognizers: [String]) -> [Sequence] {
        var bounds: [(Timestamp, Timestamp)] = []
        var down = 0
        var start: Timestamp?
        for e in log.entries where e.kind == .input {
            if e.phase == "began" {
                if down == 0 { start = e.time }
                down += 1
            } else if e.phase == "ended" || e.phase == "cancelled" {
                down = max(0, down - 1)
                if down == 0, let s = start { bounds.append((s, e.time)); start = nil }
            }
        }
        if let s = start { bounds.append((s, log.entries.last?.time ?? s)) }
        // One walk over the log: each sequence's entries are the ones from its start up to the
        // next sequence's start (a trace of thousands of taps was quadratic here).
        let entries = log.entries
        var result: [Sequence] = []
        var k = 0
        for (i, (s, _)) in bounds.enumerated() {
            let next = i + 1 < bounds.count ? bounds[i + 1].0 : Timestamp(microseconds: .max)
            while k < entries.count && entries[k].time < s { k += 1 }
            var transitions: [String: [LogEntry]] = [:], pendings: [String: [LogEntry]] = [:]
            var j = k
            while j < entries.count && entries[j].time < next {
                let e = entries[j]
                if let r = e.recognizer {
                    if e.kind == .transition { transitions[r, default: []].append(e) } else if e.kind == .pending { pendings[r, default: []].append(e) }
                }
                j += 1
            }
            let end = j > 0 ? entries[j - 1].time : s
            k = j
            var outcomes: [Outcome] = []
            var winners: [String] = []
            var waiting: [String] = []
            for r in recognizers {
                let inWindow = transitions[r] ?? []
                guard let final = inWindow.last(where: { $0.to != "changed" }) else {
                    if let p = pendings[r]?.last { waiting.append("\(r) is still waiting at the end of this sequence: \(p.cause.text)") }
                    continue
                }
                if inWindow.contains(where: { $0.to == "began" || $0.to == "recognized" }) { winners.append(r) }
                let waited = pendings[r]?.last { $0.time <= final.time }
                var summary = "\(r) \(final.to ?? "?") at \(Explanation.ms(final.time)): \(final.cause.text)"
                if let w = waited { summary += "; it had been waiting since \(Explanation.ms(w.time)) for \(w.cause.other ?? "another recognizer")" }
                outcomes.append(Outcome(recognizer: r, result: final.to ?? "?", time: final.time, chain: chain(from: final.seq),
                                        waitedSince: waited?.time, waitedFor: waited?.cause.other, summary: summary))
            }
            result.append(Sequence(start: s, end: end, winners: winners, outcomes: outcomes, stillWaiting: waiting))
        }
        return result
    }

    // MARK: Rendering

    public static func text(_ o: Outcome) -> String {
        var s = o.summary + "\n"
        for (i, step) in o.chain.enumerated() where i > 0 {
            s += "  <- \(step.what) at \(ms(step.time)): \(step.because)"
            if !step.evidence.isEmpty { s += " [" + step.evidence.map(\.text).joined(separator: "; ") + "]" }
            s += "\n"
        }
        if let first = o.chain.first, !first.evidence.isEmpty {
            s += "  numbers: " + first.evidence.map(\.text).joined(separator: "; ") + "\n"
        }
        return s
    }

    public static func text(_ sequences: [Sequence]) -> String {
        var s = ""
        for (i, q) in sequences.enumerated() {
            s += "Touch sequence \(i + 1), \(ms(q.start)) to \(ms(q.end)): "
            s += q.winners.isEmpty ? "no recognizer won.\n" : "won by \(q.winners.joined(separator: " and ")).\n"
            for o in q.outcomes where !q.winners.contains(o.recognizer) || o.result == "cancelled" {
                s += "  " + o.summary + "\n"
            }
            for w in q.stillWaiting { s += "  " + w + "\n" }
        }
        return s.isEmpty ? "No touches in this trace.\n" : s
    }

    static func json(_ o: Outcome) -> String {
        var s = "{\"recognizer\":\(jsonQuoted(o.recognizer)),\"result\":\(jsonQuoted(o.result))"
        s += ",\"t\":" + (o.time.map { $0.millisecondsText } ?? "null")
        if let w = o.waitedSince { s += ",\"waitedSince\":\(w.millisecondsText),\"waitedFor\":\(o.waitedFor.map(jsonQuoted) ?? "null")" }
        s += ",\"summary\":\(jsonQuoted(o.summary)),\"chain\":[" + o.chain.map { st in
            "{\"seq\":\(st.seq),\"t\":\(st.time.millisecondsText),\"who\":\(jsonQuoted(st.who)),\"what\":\(jsonQuoted(st.what)),\"because\":\(jsonQuoted(st.because)),\"evidence\":["
                + st.evidence.map { ev in "{\"parameter\":\(jsonQuoted(ev.parameter)),\"value\":\(NumberText.decimal(ev.value, decimals: 4)),\"threshold\":\(NumberText.decimal(ev.threshold, decimals: 4)),\"unit\":\(jsonQuoted(ev.unit)),\"comparison\":\(jsonQuoted(ev.comparison))}" }.joined(separator: ",") + "]}"
        }.joined(separator: ",") + "]}"
        return s
    }

    public static func json(outcomes: [Outcome]) -> String { "{\"outcomes\":[" + outcomes.map(json).joined(separator: ",\n") + "]}\n" }

    public static func json(sequences: [Sequence]) -> String {
        "{\"sequences\":[" + sequences.map { q in
            "{\"start\":\(q.start.millisecondsText),\"end\":\(q.end.millisecondsText),\"winners\":[" + q.winners.map(jsonQuoted).joined(separator: ",")
                + "],\"outcomes\":[" + q.outcomes.map(json).joined(separator: ",") + "]}"
        }.joined(separator: ",\n") + "]}\n"
    }
}
