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
        /// Its cause, kept for `cause` and `evidence` to be made only if the row is shown
        /// (`Stream`): the words before it, and the log's cause.
        var unformatted: (prefix: String, cause: Cause)?

        /// The row with the text and evidence of its kept cause.
        func withCauseText() -> Decision {
            guard let (prefix, c) = unformatted else { return self }
            var d = self
            d.cause = prefix + c.text
            d.evidence = c.evidence
            d.unformatted = nil
            return d
        }
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

    /// `logs` in the order to show them, whole; the first platform's touches bound the sequences
    /// (a long trace is compared while it replays: `Stream`). UIKit machinery with no
    /// counterpart (a scroll view's content-touch delay) is left out.
    public init(logs: [(Platform, DecisionLog)]) {
        platforms = logs.map(\.0)
        guard let reference = logs.first?.1 else {
            sequences = []
            return
        }
        var counter = TouchSequenceCounter()
        let bounds = reference.entries.filter { counter.step($0) == .firstFingerDown }.map(\.time)
        let rows = logs.map { $0.1.entries.compactMap { PlatformComparison.decision($0) } }
        var cursors = rows.map { list in list.firstIndex { d in !bounds.isEmpty && d.time >= bounds[0] } ?? list.count }
        var out: [SequenceComparison] = []
        out.reserveCapacity(bounds.count)
        for (k, start) in bounds.enumerated() {
            let next = k + 1 < bounds.count ? bounds[k + 1] : Timestamp(microseconds: .max)
            var sides: [Side] = [], inSequence: [(Platform, ArraySlice<Decision>)] = []
            var end = start
            for (p, platform) in platforms.enumerated() {
                let from = cursors[p]
                while cursors[p] < rows[p].count && rows[p][cursors[p]].time < next { cursors[p] += 1 }
                let ds = rows[p][from..<cursors[p]]
                if let last = ds.last { end = max(end, last.time) }
                sides.append(Side(platform: platform, winners: Self.winners(ds)))
                inSequence.append((platform, ds))
            }
            out.append(SequenceComparison(index: k + 1, start: start, end: end, sides: sides, divergence: Self.divergence(inSequence)))
        }
        sequences = out
    }

    /// The recognizers that recognized or began among a sequence's rows, each with its first win.
    static func winners(_ ds: ArraySlice<Decision>) -> [Decision] {
        var winners: [Decision] = []
        for d in ds where (d.state == "recognized" || d.state == "began") && !winners.contains(where: { $0.recognizer == d.recognizer }) {
            winners.append(d)
        }
        return winners
    }

    /// `keepingCause`: the row keeps the log's cause unformatted (`Decision.withCauseText`).
    static func decision(_ e: LogEntry, cause: Bool = true, keepingCause: Bool = false) -> Decision? {
        switch e.kind {
        case .transition:
            guard let r = e.recognizer, e.toName != .changed, !r.hasSuffix(".delay") else { return nil }
            var d = Decision(recognizer: r, state: e.to ?? "?", time: e.time, cause: cause ? e.cause.text : "", evidence: cause ? e.cause.evidence : [])
            if keepingCause { d.unformatted = ("", e.cause) }
            return d
        case .control:
            guard let v = e.view, e.phase == "touchUpInside" || e.phase == "valueChanged" else { return nil }
            var d = Decision(recognizer: v, state: "recognized", time: e.time, cause: cause ? "\(v) sends \(e.phase ?? "?"): \(e.cause.text)" : "", evidence: [])
            // A control's cause has no evidence in the text shown.
            if keepingCause { d.unformatted = ("\(v) sends \(e.phase ?? "?"): ", Cause(e.cause.kind, e.cause.text)) }
            return d
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
        var writer = TextWriter(title: title, platforms: platforms)
        for q in sequences { writer.add(q) }
        return writer.finish()
    }

    /// The text of `text(title:)` made a sequence at a time (`compare` writes it as the
    /// sequences come): `add` returns each sequence's lines, `finish` the summary (after the
    /// title and every sequence's lines when none were taken).
    public struct TextWriter {
        let width: Int
        var pending: String
        public private(set) var count = 0
        public private(set) var parted = 0

        public init(title: String, platforms: [Platform]) {
            width = platforms.map(\.title.count).max() ?? 7
            pending = title + "\n"
        }

        /// The title with the first sequence's lines, then each sequence's.
        @discardableResult
        public mutating func take(_ q: SequenceComparison) -> String {
            add(q)
            defer { pending = "" }
            return pending
        }

        public mutating func add(_ q: SequenceComparison) {
            func pad(_ s: String) -> String { s + String(repeating: " ", count: max(0, width - s.count)) }
            count += 1
            var s = "\nsequence \(q.index) (\(PlatformComparison.ms(q.start))-\(PlatformComparison.ms(q.end)) ms)\n"
            for side in q.sides {
                let w = side.winners.isEmpty ? "nobody won" : side.winners.map { "\($0.recognizer) \($0.state) at \(PlatformComparison.ms($0.time)) ms" }.joined(separator: "; ")
                s += "  \(pad(side.platform.title))  \(w)\n"
            }
            if let d = q.divergence {
                if !q.sameWinners { parted += 1 }
                s += "  \(q.sameWinners ? "same winners; they differ" : "they part ways") at \(d.recognizer):\n"
                for (platform, row) in d.rows {
                    if let r = row {
                        s += "    \(pad(platform.title))  \(r.state) at \(PlatformComparison.ms(r.time)) ms: \(r.cause)"
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
            pending += s
        }

        public mutating func finish() -> String {
            defer { pending = "" }
            return pending + "\n\(count) sequence\(count == 1 ? "" : "s"); the winners differ in \(parted)\n"
        }
    }

    static func ms(_ t: Timestamp) -> String { NumberText.decimal(t.milliseconds, decimals: 1) }
}
