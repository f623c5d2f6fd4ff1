import GestureEngine
import GesturePlatforms
import GestureTrace

/// One trace replayed under several platforms' rules, set side by side per touch sequence: who
/// won on each platform and when, and where the platforms part ways (`gesturelab compare`).
///
/// A sequence is a first finger down to the last finger up with what follows before the next
/// down (the same bounds as `Explanation.sequences`; the trace, so the bounds, is the same on
/// every platform). A recognizer won a sequence when it recognized or began in it; on UIKit a
/// control's `touchUpInside` or `valueChanged` counts as its view's win (a control is a tap on
/// the other platforms). The platforms part ways at the recognizer whose outcomes differ
/// earliest: for it, each platform's first row that differs, with its cause.
public struct PlatformComparison: Sendable {
    /// A recognizer's decisive row: a transition other than an update, or a control's action.
    public struct Decision: Sendable {
        public var recognizer: String
        public var state: String
        public var time: Timestamp
        public var cause: String
        public var evidence: [Evidence]
        /// Its place among the platform's decisive rows, for a cause fetched later
        /// (`Gatherer`, `fillCauses`).
        var ordinal = 0
    }

    public struct Side: Sendable {
        public var platform: Platform
        /// Recognizers that recognized or began, each with its first win.
        public var winners: [Decision]
    }

    /// Where the platforms part ways in one sequence.
    public struct Divergence: Sendable {
        public var recognizer: String
        /// Per platform, in the compared order: the first row of that recognizer that differs
        /// from the others' (nil: no such row on that platform).
        public var rows: [(platform: Platform, decision: Decision?)]
    }

    public struct SequenceComparison: Sendable {
        public var index: Int
        public var start: Timestamp
        public var end: Timestamp
        public var sides: [Side]
        public var divergence: Divergence?
        /// Every winner won at the same time on every platform.
        public var sameTimes: Bool {
            let firsts = sides.map { Dictionary($0.winners.map { ($0.recognizer, $0.time) }, uniquingKeysWith: { a, _ in a }) }
            return firsts.allSatisfy { $0 == firsts.first }
        }

        /// The same recognizers won on every platform.
        public var sameWinners: Bool {
            let sets = sides.map { Set($0.winners.map(\.recognizer)) }
            return sets.allSatisfy { $0 == sets.first }
        }
    }

    public var platforms: [Platform]
    public var sequences: [SequenceComparison]

    /// `logs` in the order to show them. UIKit machinery with no counterpart (a scroll view's
    /// content-touch delay) is left out.
    public init(logs: [(Platform, DecisionLog)]) {
        let gathered = logs.map { p, log in
            let g = Gatherer(causes: true)
            for e in log.entries { g.feed(e) }
            return (p, g)
        }
        self.init(gathered: gathered)
    }

    /// From each platform's decisions gathered as its replay ran, in the order to show them;
    /// the first platform's touches bound the sequences.
    public init(gathered: [(Platform, Gatherer)]) {
        platforms = gathered.map(\.0)
        guard let reference = gathered.first?.1 else {
            sequences = []
            return
        }
        let bounds = reference.starts
        // Each platform's rows are taken from its gatherer (not copied) and walked with a cursor
        // per platform, sequence after sequence: a long trace's rows are held once.
        let rows = gathered.map { $0.1.takeDecisions() }
        var cursors = rows.map { list in list.firstIndex { d in !bounds.isEmpty && d.time >= bounds[0] } ?? list.count }
        var out: [SequenceComparison] = []
        out.reserveCapacity(bounds.count)
        for (k, start) in bounds.enumerated() {
            let next = k + 1 < bounds.count ? bounds[k + 1] : Timestamp(microseconds: .max)
            var sides: [Side] = [], inSequence: [(Platform, ArraySlice<Decision>)] = []
            var end = start
            for (p, (platform, _)) in gathered.enumerated() {
                let from = cursors[p]
                while cursors[p] < rows[p].count && rows[p][cursors[p]].time < next { cursors[p] += 1 }
                let ds = rows[p][from..<cursors[p]]
                var winners: [Decision] = []
                for d in ds where (d.state == "recognized" || d.state == "began") && !winners.contains(where: { $0.recognizer == d.recognizer }) {
                    winners.append(d)
                }
                if let last = ds.last { end = max(end, last.time) }
                sides.append(Side(platform: platform, winners: winners))
                inSequence.append((platform, ds))
            }
            out.append(SequenceComparison(index: k + 1, start: start, end: end, sides: sides, divergence: Self.divergence(inSequence)))
        }
        sequences = out
    }

    /// One platform's decisive rows and its sequences' starts, gathered entry by entry as its
    /// replay writes the log (`feed` as the log sink). Without `causes` the rows carry none:
    /// a long trace has hundreds of thousands of decisive rows and the text shows the causes of
    /// a few (`rowsShown`, `fillCauses`).
    public final class Gatherer {
        let causes: Bool
        public private(set) var decisions: [Decision] = []
        public private(set) var starts: [Timestamp] = []
        var counter = TouchSequenceCounter()
        var count = 0

        public init(causes: Bool) { self.causes = causes }

        /// The rows, leaving the gatherer without them (the comparison keeps them once).
        public func takeDecisions() -> [Decision] {
            defer { decisions = [] }
            return decisions
        }

        public func feed(_ e: LogEntry) {
            if counter.step(e) == .firstFingerDown { starts.append(e.time) }
            guard var d = PlatformComparison.decision(e, cause: causes) else { return }
            d.ordinal = count
            count += 1
            decisions.append(d)
        }
    }

    /// The decisive rows the text shows with their causes (the rows where platforms part
    /// ways), by platform: their ordinals.
    public var rowsShown: [Platform: Set<Int>] {
        var out: [Platform: Set<Int>] = [:]
        for q in sequences {
            for (p, row) in q.divergence?.rows ?? [] { if let row { out[p, default: []].insert(row.ordinal) } }
        }
        return out
    }

    /// The causes of `rowsShown`, found by replaying again (`CauseFinder`).
    public mutating func fillCauses(_ found: [Platform: [Int: (cause: String, evidence: [Evidence])]]) {
        for k in sequences.indices {
            guard let d = sequences[k].divergence else { continue }
            sequences[k].divergence!.rows = d.rows.map { p, row in
                guard var r = row, let c = found[p]?[r.ordinal] else { return (p, row) }
                r.cause = c.cause
                r.evidence = c.evidence
                return (p, r)
            }
        }
    }

    /// The causes of some decisive rows (by ordinal), fed entry by entry.
    public final class CauseFinder {
        let wanted: Set<Int>
        var count = 0
        public private(set) var found: [Int: (cause: String, evidence: [Evidence])] = [:]

        public init(wanted: Set<Int>) { self.wanted = wanted }

        public func feed(_ e: LogEntry) {
            guard let d = PlatformComparison.decision(e, cause: true) else { return }
            if wanted.contains(count) { found[count] = (d.cause, d.evidence) }
            count += 1
        }
    }

    static func decision(_ e: LogEntry, cause: Bool = true) -> Decision? {
        switch e.kind {
        case .transition:
            guard let r = e.recognizer, e.toName != .changed, !r.hasSuffix(".delay") else { return nil }
            return Decision(recognizer: r, state: e.to ?? "?", time: e.time, cause: cause ? e.cause.text : "", evidence: cause ? e.cause.evidence : [])
        case .control:
            guard let v = e.view, e.phase == "touchUpInside" || e.phase == "valueChanged" else { return nil }
            return Decision(recognizer: v, state: "recognized", time: e.time, cause: cause ? "\(v) sends \(e.phase ?? "?"): \(e.cause.text)" : "", evidence: [])
        default:
            return nil
        }
    }

    /// The recognizer whose outcomes differ earliest, and each platform's first differing row.
    static func divergence(_ sides: [(platform: Platform, decisions: ArraySlice<Decision>)]) -> Divergence? {
        var ids: [String] = []
        for s in sides { for d in s.decisions where !ids.contains(d.recognizer) { ids.append(d.recognizer) } }
        var best: (time: Timestamp, divergence: Divergence)?
        for id in ids {
            let rows = sides.map { s in s.decisions.filter { $0.recognizer == id } }
            let length = rows.map(\.count).max() ?? 0
            for i in 0..<length {
                let states = rows.map { i < $0.count ? $0[i].state : nil }
                guard Set(states.map { $0 ?? "-" }).count > 1 else { continue }
                let picked = zip(sides, rows).map { ($0.platform, i < $1.count ? $1[i] : nil) }
                let time = picked.compactMap(\.1?.time).min() ?? .zero
                if best == nil || time < best!.time { best = (time, Divergence(recognizer: id, rows: picked)) }
                break
            }
        }
        return best?.divergence
    }

    // MARK: Text

    public func text(title: String) -> String {
        let width = platforms.map(\.title.count).max() ?? 7
        func pad(_ s: String) -> String { s + String(repeating: " ", count: max(0, width - s.count)) }
        var s = title + "\n"
        var parted = 0
        for q in sequences {
            s += "\nsequence \(q.index) (\(Self.ms(q.start))-\(Self.ms(q.end)) ms)\n"
            for side in q.sides {
                let w = side.winners.isEmpty ? "nobody won" : side.winners.map { "\($0.recognizer) \($0.state) at \(Self.ms($0.time)) ms" }.joined(separator: "; ")
                s += "  \(pad(side.platform.title))  \(w)\n"
            }
            if let d = q.divergence {
                if !q.sameWinners { parted += 1 }
                s += "  \(q.sameWinners ? "same winners; they differ" : "they part ways") at \(d.recognizer):\n"
                for (platform, row) in d.rows {
                    if let r = row {
                        s += "    \(pad(platform.title))  \(r.state) at \(Self.ms(r.time)) ms: \(r.cause)"
                        if !r.evidence.isEmpty { s += " [" + r.evidence.map(\.text).joined(separator: "; ") + "]" }
                        s += "\n"
                    } else {
                        s += "    \(pad(platform.title))  nothing decided in this sequence\n"
                    }
                }
            } else if q.sameTimes {
                s += "  the same on every platform\n"
            } else {
                s += "  the same outcomes, at different times\n"
            }
        }
        s += "\n\(sequences.count) sequence\(sequences.count == 1 ? "" : "s"); the winners differ in \(parted)\n"
        return s
    }

    static func ms(_ t: Timestamp) -> String { NumberText.decimal(t.milliseconds, decimals: 1) }
}
