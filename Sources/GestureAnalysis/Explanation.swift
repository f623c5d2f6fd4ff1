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

    /// The entries explained, in log order.
    let entries: [LogEntry]
    /// Earlier entries a chain may lead back to, in log order, not explained themselves (a
    /// stream keeps the touch sequence before the one it explains).
    let context: [LogEntry]
    /// The time of the log's last row, when rows after the last of `entries` were left out
    /// (`ExplanationStream` keeps only the rows a sequence's answer reads): the last sequence ends there.
    let lastTime: Timestamp?

    public init(log: DecisionLog) { self.init(entries: log.entries) }

    init(entries: [LogEntry], context: [LogEntry] = [], lastTime: Timestamp? = nil) {
        self.entries = entries
        self.context = context
        self.lastTime = lastTime
    }

    /// The entry numbered `seq`, if kept: entries are in log order, so numbers only grow.
    func entry(_ seq: Int) -> LogEntry? { Explanation.find(seq, in: entries) ?? Explanation.find(seq, in: context) }

    static func find(_ seq: Int, in entries: [LogEntry]) -> LogEntry? {
        var lo = 0, hi = entries.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if entries[mid].seq < seq { lo = mid + 1 } else { hi = mid }
        }
        return lo < entries.count && entries[lo].seq == seq ? entries[lo] : nil
    }

    static func ms(_ t: Timestamp) -> String { t.millisecondsText + " ms" }

    /// The causal chain from an entry back to where it started (at most `depth` steps).
    public func chain(from seq: Int, depth: Int = 8) -> [Step] { Explanation.chain(from: seq, depth: depth) { entry($0) } }

    static func chain(from seq: Int, depth: Int = 8, lookup: (Int) -> LogEntry?) -> [Step] {
        var steps: [Step] = []
        var current: Int? = seq
        var seen = Set<Int>()
        while let s = current, let e = lookup(s), steps.count < depth, seen.insert(s).inserted {
            // Actions and releases are links in the chain, not decisions worth their own line.
            if e.kind != .action {
                steps.append(Step(seq: e.seq, time: e.time, who: e.recognizer ?? e.view ?? "input", what: Explanation.describe(e),
                                  because: e.cause.text, evidence: e.cause.evidence))
            }
            current = e.cause.causedBy
        }
        return steps
    }

    static func describe(_ e: LogEntry) -> String {
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
        var attempts = Attempts(recognizer: recognizer, at: at)
        for e in entries where !attempts.isDone { attempts.feed(e) { entry($0) } }
        return attempts.finish { entry($0) }
    }

    /// One recognizer's attempts, found entry by entry (an attempt ends at its reset), so a
    /// stream can follow them without keeping the log.
    public struct Attempts: Sendable {
        let recognizer: String
        let at: Timestamp?
        var out: [Outcome] = []
        var waitedSince: Timestamp?
        var waitedFor: String?
        var last: LogEntry?
        var attemptStart: Timestamp?
        /// Whether it took part (any of its entries other than a note), and the touches it was
        /// not given, for the answer when no attempt was decided.
        var touched = false
        var refused: (first: LogEntry, count: Int)?
        /// Set once the attempt `at` asks for is known: later entries change nothing.
        public private(set) var isDone = false

        public init(recognizer: String, at: Timestamp?) {
            self.recognizer = recognizer
            self.at = at
        }

        mutating func close(_ lookup: (Int) -> LogEntry?) {
            guard let l = last else { return }
            let chain = Explanation.chain(from: l.seq, lookup: lookup)
            let result = l.to ?? "still possible"
            var summary = "\(recognizer) \(result) at \(Explanation.ms(l.time)): \(l.cause.text)"
            if let w = waitedSince, let f = waitedFor { summary += "; it had been waiting since \(Explanation.ms(w)) for \(f)" }
            let o = Outcome(recognizer: recognizer, result: result, time: l.time, chain: chain, waitedSince: waitedSince, waitedFor: waitedFor, summary: summary)
            if at == nil || (attemptStart.map { $0 <= at! } ?? true) { out.append(o) }
        }

        public mutating func feed(_ e: LogEntry, lookup: (Int) -> LogEntry?) {
            guard !isDone, e.recognizer == recognizer else { return }
            if e.kind != .note { touched = true }
            switch e.kind {
            case .pending:
                if attemptStart == nil { attemptStart = e.time }
                waitedSince = e.time
                waitedFor = e.cause.other
            case .transition:
                if attemptStart == nil { attemptStart = e.time }
                if e.to != "changed" { last = e }
            case .reset:
                close(lookup)
                if let a = at, let l = last, l.time >= a {
                    out = out.suffix(1).map { $0 }
                    last = nil
                    isDone = true
                    return
                }
                last = nil
                waitedSince = nil
                waitedFor = nil
                attemptStart = nil
            case .note:
                // Touches it was not given (disabled, a device not allowed, its delegate said no).
                if e.cause.text.contains("does not receive") || e.cause.text.contains("shouldReceive") {
                    refused = refused.map { ($0.first, $0.count + 1) } ?? (e, 1)
                }
                // A touch it was not given because it was disabled: an outcome of its own.
                if e.cause.kind == .disabled && e.cause.text.contains("does not receive"), at == nil || e.time <= at! {
                    out.append(Outcome(recognizer: recognizer, result: "received no touch", time: e.time, chain: Explanation.chain(from: e.seq, lookup: lookup),
                                       waitedSince: nil, waitedFor: nil, summary: "\(e.cause.text), at \(Explanation.ms(e.time))"))
                }
            default:
                break
            }
        }

        public mutating func finish(_ lookup: (Int) -> LogEntry?) -> [Outcome] {
            if isDone { return out }
            if last != nil { close(lookup) }
            var out = self.out
            out.sort { ($0.time ?? .zero) < ($1.time ?? .zero) }
            if let a = at {
                // The attempt whose decision is at or after `at`, else the last one before it.
                if let o = out.first(where: { ($0.time ?? .zero) >= a }) { return [o] }
                return out.suffix(1).map { $0 }
            }
            if out.isEmpty {
                let summary: String
                if touched {
                    summary = "\(recognizer) never left possible"
                } else if let r = refused {
                    summary = r.count == 1 ? r.first.cause.text : "\(r.first.cause.text) (and \(r.count - 1) more touches not received)"
                } else {
                    summary = "\(recognizer) never received a touch (not on the touched view or its ancestors, or filtered out)"
                }
                return [Outcome(recognizer: recognizer, result: refused == nil || touched ? "still possible" : "received no touch", time: refused?.first.time,
                                chain: [], waitedSince: nil, waitedFor: nil, summary: summary)]
            }
            return out
        }
    }

    /// Touch sequences (first finger down to last finger up, plus the timers that follow) and
    /// who won each.
    ///
    /// Without `chains`, outcomes carry no causal chain (who won and how each ended, for a
    /// comparison that needs no more).
    public func sequences(recognizers: [String], chains: Bool = true) -> [Sequence] {
        let bounds = Explanation.sequenceBounds(entries)
        // Rows name their recognizer by number: each number is looked up once, not read as
        // text on every row (a replay logs nearly three rows per event).
        // A short list searched in order rather than a dictionary: a streamed explanation calls
        // this once per touch sequence, and a dictionary made (and hashed into) for each cost
        // more than the few names a sequence's rows hold.
        var slots: [(number: Int32, slot: Int)] = []
        func slot(_ name: LogName) -> Int {
            if let s = slots.first(where: { $0.number == name.number }) { return s.slot }
            let s = recognizers.firstIndex(of: name.string) ?? -1
            slots.append((name.number, s))
            return s
        }
        // Each outcome's summary is written as bytes and made a String once (interpolating it
        // was a fifth of a streamed `explain`).
        let bytes = OutputBytes(capacity: 256)
        let firstSlot = recognizers.map { recognizers.firstIndex(of: $0)! }
        // Per recognizer, in each sequence: its last transition other than an update (which
        // decides nothing), whether it began or recognized, and the rows where it waited.
        var final = [Int](repeating: -1, count: recognizers.count)
        var won = [Bool](repeating: false, count: recognizers.count)
        var pendings: [(slot: Int, row: Int)] = []
        // One walk over the log: each sequence's entries are the ones from its start up to the
        // next sequence's start (a trace of thousands of taps was quadratic here).
        var result: [Sequence] = []
        var k = 0
        for (i, (s, _)) in bounds.enumerated() {
            let next = i + 1 < bounds.count ? bounds[i + 1].0 : Timestamp(microseconds: .max)
            while k < entries.count && entries[k].time < s { k += 1 }
            for r in final.indices { final[r] = -1; won[r] = false }
            pendings.removeAll(keepingCapacity: true)
            var j = k
            entries.withUnsafeBufferPointer { rows in
                while j < rows.count && rows[j].time < next {
                    if rows[j].kind == .transition || rows[j].kind == .pending, let name = rows[j].recognizerName {
                        let r = slot(name)
                        if r >= 0 {
                            if rows[j].kind == .pending {
                                pendings.append((r, j))
                            } else if rows[j].toName != .changed {
                                final[r] = j
                                if rows[j].toName == .began || rows[j].toName == .recognized { won[r] = true }
                            }
                        }
                    }
                    j += 1
                }
            }
            let end = j == entries.count ? lastTime ?? entries.last?.time ?? s : entries[j - 1].time
            k = j
            var outcomes: [Outcome] = []
            var winners: [String] = []
            var waiting: [String] = []
            for (r, name) in recognizers.enumerated() {
                let slot = firstSlot[r]
                guard final[slot] >= 0 else {
                    if let p = pendings.last(where: { $0.slot == slot }) {
                        waiting.append("\(name) is still waiting at the end of this sequence: \(entries[p.row].cause.text)")
                    }
                    continue
                }
                let final = entries[final[slot]]
                if won[slot] { winners.append(name) }
                let waited = pendings.last { $0.slot == slot && entries[$0.row].time <= final.time }.map { entries[$0.row] }
                let result = final.to ?? "?"
                bytes.removeAll()
                bytes.append(utf8: name)
                bytes.append(" ")
                bytes.append(utf8: result)
                bytes.append(" at ")
                Explanation.appendMilliseconds(final.time, to: bytes)
                bytes.append(": ")
                final.cause.message.appendUTF8(to: bytes)
                if let w = waited {
                    bytes.append("; it had been waiting since ")
                    Explanation.appendMilliseconds(w.time, to: bytes)
                    bytes.append(" for ")
                    bytes.append(utf8: w.cause.other ?? "another recognizer")
                }
                let summary = bytes.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
                outcomes.append(Outcome(recognizer: name, result: result, time: final.time, chain: chains ? chain(from: final.seq) : [],
                                        waitedSince: waited?.time, waitedFor: waited?.cause.other, summary: summary))
            }
            result.append(Sequence(start: s, end: end, winners: winners, outcomes: outcomes, stillWaiting: waiting))
        }
        return result
    }

    /// Whether `sequences(recognizers:chains: false)` reads the row (a touch's input rows other
    /// than moves, the transitions, the waits); of the others it reads only the last one's time.
    static func isReadBySequences(_ e: LogEntry) -> Bool {
        e.kind == .transition || e.kind == .pending || e.kind == .input && e.phaseName != .moved
    }

    /// Each touch sequence's first finger down and last finger up (or the log's end).
    static func sequenceBounds(_ entries: [LogEntry]) -> [(Timestamp, Timestamp)] {
        var bounds: [(Timestamp, Timestamp)] = []
        var counter = TouchSequenceCounter()
        var start: Timestamp?
        // Rows read in place: a copy of each (its cause, its evidence) cost more than the rest.
        entries.withUnsafeBufferPointer { rows in
            for i in rows.indices where rows[i].kind == .input {
                switch counter.step(kind: .input, phase: rows[i].phaseName) {
                case .firstFingerDown: start = rows[i].time
                case .lastFingerUp:
                    if let s = start { bounds.append((s, rows[i].time)); start = nil }
                case .other: break
                }
            }
        }
        if let s = start { bounds.append((s, entries.last?.time ?? s)) }
        return bounds
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
        let s = sequences.enumerated().map { text($1, number: $0 + 1) }.joined()
        return s.isEmpty ? noTouchesText : s
    }

    public static let noTouchesText = "No touches in this trace.\n"

    /// One sequence's lines, numbered from 1 (written as bytes, made a String once: `explain`
    /// writes one for every touch sequence of a trace).
    public static func text(_ q: Sequence, number: Int) -> String {
        let b = OutputBytes(capacity: 512)
        b.append("Touch sequence ")
        NumberText.appendInteger(Int64(number), to: b)
        b.append(", ")
        appendMilliseconds(q.start, to: b)
        b.append(" to ")
        appendMilliseconds(q.end, to: b)
        b.append(": ")
        if q.winners.isEmpty {
            b.append("no recognizer won.\n")
        } else {
            b.append("won by ")
            for (i, w) in q.winners.enumerated() {
                if i > 0 { b.append(" and ") }
                b.append(utf8: w)
            }
            b.append(".\n")
        }
        for o in q.outcomes where !q.winners.contains(o.recognizer) || o.result == "cancelled" {
            b.append("  ")
            b.append(utf8: o.summary)
            b.append("\n")
        }
        for w in q.stillWaiting {
            b.append("  ")
            b.append(utf8: w)
            b.append("\n")
        }
        return b.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// `ms(t)`, appended.
    static func appendMilliseconds(_ t: Timestamp, to b: OutputBytes) {
        NumberText.appendFixed(t.microseconds, scale: 1000, to: b)
        b.append(" ms")
    }

    static func json(_ o: Outcome) -> String { ExplanationJSON.text { $0.outcome(o) } }

    public static func json(outcomes: [Outcome]) -> String { "{\"outcomes\":[" + outcomes.map(json).joined(separator: ",\n") + "]}\n" }

    public static func json(sequences: [Sequence]) -> String {
        jsonSequencesOpening + sequences.map(json).joined(separator: ",\n") + jsonSequencesClosing
    }

    /// What `json(sequences:)` writes around the sequences (joined by ",\n"), for a writer that
    /// writes them one at a time.
    public static let jsonSequencesOpening = "{\"sequences\":[", jsonSequencesClosing = "]}\n"

    public static func json(_ q: Sequence) -> String { ExplanationJSON.text { $0.sequence(q) } }
}
