import Foundation
import GestureEngine
import GestureScenes
import GestureTrace

/// For each decision that a threshold made: how close the deciding value was, and whether
/// moving that threshold just past the value changes who wins.
enum SceneBuilderParameterHint {
    static func known(_ i: ThresholdSensitivity.Item) -> Bool { i.searched }
}

public struct ThresholdSensitivity {
    public struct Item: Sendable {
        public var time: Timestamp
        public var recognizer: String
        public var decision: String
        public var evidence: Evidence
        /// value - threshold, and that as a fraction of the threshold.
        public var margin: Double
        public var relativeMargin: Double
        /// The smallest value of the parameter (found by search) that changes who wins.
        public var flipValue: Double?
        /// What the winners became with that value, when they changed.
        public var flipped: String?
        /// Whether the parameter could be varied (it is a parameter of the recognizer).
        public var searched = false
    }

    /// Replays with each candidate threshold and reports the flips; `replay` runs a scene document
    /// (with overrides applied) over the trace and returns its log.
    /// `vary` sets a threshold that is not a recognizer's parameter (another platform's slop,
    /// `PlatformReplay.setting`): the scene with `parameter` at `value`, or nil when it cannot.
    public static func analyze(log: DecisionLog, scene: SceneDocument, recognizers: [String],
                               vary: ((SceneDocument, _ parameter: String, _ value: Double) -> SceneDocument?)? = nil,
                               oneThread: Bool = RecognizerRegistry.current.requiresMainThread,
                               replay: (SceneDocument) -> DecisionLog?) -> [Item] {
        let baseline = Baseline(recognizers: recognizers)
        for e in log.entries { baseline.feed(e) }
        baseline.finish()
        let found = analyze(baseline: baseline, scene: scene, recognizers: recognizers, vary: vary, oneThread: oneThread) { doc, _, _ in
            replay(doc).map { (SequenceResults.of($0.entries, recognizers: recognizers).map { baseline.winnerLists.number($0.winners) }, partial: false) }
        }
        // A log in memory is short: its decisions come back from memory (the spool's budget).
        return (try? found.decisions.all().map(found.item)) ?? []
    }

    /// What the searches found: each decision (kept in `decisions`), which parameters could be
    /// varied, and for each the smallest value that changes the winners and what they became.
    public struct Findings {
        let decisions: ThresholdDecisions
        let searched: Set<UInt64>
        let flips: [UInt64: (value: Double, winners: String)]

        func item(_ r: ThresholdDecisions.Record) -> Item {
            let d = decisions
            let evidence = Evidence(d.name(r.parameter), value: r.value, threshold: r.threshold, unit: d.name(r.unit), comparison: d.name(r.comparison))
            var i = Item(time: Timestamp(microseconds: r.microseconds), recognizer: d.name(r.recognizer), decision: d.name(r.decision),
                         evidence: evidence, margin: r.value - r.threshold, relativeMargin: r.relativeMargin)
            let key = Baseline.key(r)
            i.searched = searched.contains(key) && r.value.isFinite && r.threshold.isFinite
            if i.searched, let hit = flips[key] {
                i.flipValue = hit.value
                i.flipped = hit.winners
            }
            return i
        }
    }

    /// The same from a baseline gathered as its replay ran. `winners(doc, sequences)` gives the
    /// whole trace's winners with `doc` (numbered in `baseline.winnerLists`), knowing that only the touch sequences numbered in
    /// `sequences` (from 0) recorded the threshold being varied: a caller may replay only those
    /// (`SequenceWindows`) and take the baseline's winners for the rest. With `untilChanged`, the
    /// replay may stop at the first sequence whose winners are not the baseline's, returning a
    /// partial list that says so (`partial`): the search then knows the value changes them.
    /// `oneThread`: search on the calling thread only (the registry's types run users'
    /// main-actor code: `RecognizerRegistry.requiresMainThread`).
    public static func analyze(baseline: Baseline, scene: SceneDocument, recognizers: [String],
                               vary: ((SceneDocument, _ parameter: String, _ value: Double) -> SceneDocument?)? = nil,
                               oneThread: Bool = RecognizerRegistry.current.requiresMainThread,
                               winners: (SceneDocument, _ sequences: [Int], _ untilChanged: Bool) -> (winners: [Int32], partial: Bool)?) -> Findings {
        // Each "recognizer.parameter" is searched once, from its first decision with finite
        // numbers; the searches are independent, so they run on every core (`winners` must allow
        // that) unless the registry's types must stay on one thread.
        let d = baseline.decisions
        let firsts = baseline.firstFinite.filter { key, r in
            let spec = scene.recognizerSpecs.first { $0.id == d.name(r.recognizer) }
            return vary.map { $0(scene, d.name(r.parameter), r.threshold) != nil }
                ?? SceneBuilder.parameterNames(type: spec?.type ?? "").contains(d.name(r.parameter))
        }
        let found = SearchResults(count: firsts.count)
        withoutActuallyEscaping(winners) { winners in
            nonisolated(unsafe) let winners = winners, vary = vary
            // What each search reads, fixed before they start.
            let jobs = firsts.map { (record: $0.record, sequences: baseline.sequencesRecording[$0.key] ?? []) }
            let winnersBefore = baseline.winners, shown = baseline.analysedSequences, sets = baseline.winnerLists
            let one = { (n: Int) in
                let (r, sequences) = jobs[n]
                found.set(n, search(recognizer: d.name(r.recognizer), parameter: d.name(r.parameter), from: r.threshold, past: r.value,
                                    scene: scene, baseline: winnersBefore, vary: vary,
                                    describe: { describeChange(from: winnersBefore, to: $0, shown: shown, names: sets.list) }) { winners($0, sequences, $1) })
            }
            // Users' main-actor code (GestureLabUIKit) never runs on two threads at once.
            if oneThread {
                for n in jobs.indices { one(n) }
            } else {
                nonisolated(unsafe) let one = one
                DispatchQueue.concurrentPerform(iterations: jobs.count) { one($0) }
            }
        }
        var flips: [UInt64: (value: Double, winners: String)] = [:]
        for (n, first) in firsts.enumerated() { if let hit = found.results[n] { flips[first.key] = (hit.0, hit.1) } }
        return Findings(decisions: d, searched: Set(firsts.map(\.key)), flips: flips)
    }

    /// Search results filled in from several threads, each index once.
    final class SearchResults: @unchecked Sendable {
        private(set) var results: [(Double, String)?]
        private let lock = NSLock()
        init(count: Int) { results = Array(repeating: nil, count: count) }
        func set(_ i: Int, _ r: (Double, String)?) {
            lock.lock()
            results[i] = r
            lock.unlock()
        }
    }

    /// What the analysis needs of the baseline replay, gathered entry by entry as its log is
    /// written (`feed` as the log sink): every threshold decision (a transition with
    /// evidence, kept in `decisions`), each touch sequence's winners and start, and which
    /// sequences recorded each recognizer's parameter. The memory of the answer, not of the log.
    public final class Baseline {
        public let decisions = ThresholdDecisions()
        /// Each touch sequence's winners, numbered in `winnerLists`.
        public private(set) var winners: [Int32] = []
        public let winnerLists = NameLists()
        /// When each touch sequence started (its window runs to the next one's start).
        public private(set) var starts: [Timestamp] = []
        /// Recognizer and parameter (`key`) -> the sequences (numbered from 0, ascending) whose
        /// decisions recorded it.
        private(set) var sequencesRecording: [UInt64: [Int]] = [:]
        /// Each recognizer's parameter with its first decision whose numbers are finite, in the
        /// order they first came: where its search starts.
        private(set) var firstFinite: [(key: UInt64, record: ThresholdDecisions.Record)] = []
        private var seenFinite: Set<UInt64> = []
        var stream: ExplanationStream!
        var started = -1
        var counter = TouchSequenceCounter()
        /// Which sequences' decisions are analysed (number from 1, start): a stretch of a long
        /// trace; nil: all.
        let keeps: ((Int, Timestamp) -> Bool)?
        var keeping: Bool
        var kept: [Int] = []
        /// The sequences analysed (numbered from 0), when not all are.
        public var analysedSequences: [Int]? { keeps == nil ? nil : kept }

        public init(recognizers: [String], keeps: ((Int, Timestamp) -> Bool)? = nil) {
            self.keeps = keeps
            keeping = keeps == nil
            stream = ExplanationStream(.results(recognizers: recognizers) { [unowned self] q in
                winners.append(winnerLists.number(q.winners))
                starts.append(q.start)
            })
        }

        /// A recognizer's parameter, as one number.
        static func key(_ r: ThresholdDecisions.Record) -> UInt64 { UInt64(r.recognizer) << 32 | UInt64(r.parameter) }

        public func feed(_ e: LogEntry) {
            if counter.step(e) == .firstFingerDown {
                started += 1
                keeping = keeps?(started + 1, e.time) ?? true
                if keeping { kept.append(started) }
            }
            if keeping && e.kind == .transition && !e.cause.evidence.isEmpty, let r = e.recognizer, let to = e.to {
                let recognizer = decisions.number(r), decision = decisions.number(to)
                for ev in e.cause.evidence {
                    let record = decisions.append(time: e.time, recognizer: recognizer, decision: decision, evidence: ev)
                    let key = Baseline.key(record)
                    if ev.value.isFinite && ev.threshold.isFinite && seenFinite.insert(key).inserted { firstFinite.append((key, record)) }
                    if started >= 0, sequencesRecording[key]?.last != started { sequencesRecording[key, default: []].append(started) }
                }
            }
            stream.feed(e)
        }

        public func finish() { _ = stream.finish() }
    }

    /// Moves the parameter from its threshold towards and past the decision's value (then further,
    /// up to 10 times as far) until the winners change, then bisects to the smallest such change.
    /// `W`: the winners of every sequence, as names or as numbers; `describe` says what they became.
    static func search<W: Equatable>(recognizer r: String, parameter: String, from threshold: Double, past value: Double,
                                     scene: SceneDocument, baseline: W,
                                     vary: ((SceneDocument, String, Double) -> SceneDocument?)? = nil,
                                     describe: (W) -> String, winnersOf: (SceneDocument) -> W?) -> (Double, String)? {
        search(recognizer: r, parameter: parameter, from: threshold, past: value, scene: scene, baseline: baseline, vary: vary,
               describe: describe) { doc, _ in winnersOf(doc).map { ($0, partial: false) } }
    }

    /// The same, with replays that may stop at the first sequence whose winners differ from the
    /// baseline's: `winnersOf(doc, untilChanged)` may then return a partial list (saying so), which
    /// is enough to know that the value changes the winners. Most steps of a search only ask that;
    /// the winners shown are those of a whole replay with the value found.
    static func search<W: Equatable>(recognizer r: String, parameter: String, from threshold: Double, past value: Double,
                                     scene: SceneDocument, baseline: W,
                                     vary: ((SceneDocument, String, Double) -> SceneDocument?)? = nil,
                                     describe: (W) -> String,
                                     winnersOf: (SceneDocument, _ untilChanged: Bool) -> (winners: W, partial: Bool)?) -> (Double, String)? {
        func winners(_ v: Double, untilChanged: Bool = true) -> (winners: W, partial: Bool)? {
            var doc = scene
            if let vary {
                guard let varied = vary(scene, parameter, v) else { return nil }
                doc = varied
            } else {
                _ = doc.override(recognizer: r, parameter: parameter, value: .number(v))
            }
            return winnersOf(doc, untilChanged)
        }
        let direction: Double = value >= threshold ? 1 : -1
        let distance = max(abs(value - threshold), abs(threshold) * 0.25, 0.001)
        var unchanged = threshold
        var changed: (Double, (winners: W, partial: Bool))?
        for factor in [1.01, 1.25, 1.5, 2, 3, 5, 10] {
            let v = threshold + direction * distance * factor
            guard v >= 0, let w = winners(v) else { continue }
            if w.winners != baseline { changed = (v, w); break }
            unchanged = v
        }
        guard var (hi, w) = changed else { return nil }
        var lo = unchanged
        for _ in 0..<8 {
            let mid = (lo + hi) / 2
            guard let wm = winners(mid) else { break }
            if wm.winners != baseline { hi = mid; w = wm } else { lo = mid }
        }
        if w.partial, let whole = winners(hi, untilChanged: false) { w = whole }
        return (hi, describe(w.winners))
    }

    /// Up to `listedSequences` sequences: every sequence's winners. A longer trace: the
    /// sequences that changed (the first three, and how many more), since a line per decision
    /// that lists every sequence grows with the square of the trace (2.4 GB of text for the
    /// Hammer.js streams).
    /// `shown`: the sequences of a stretch (numbered from 0), the only ones described.
    static func describeChange(from baseline: [[String]], to w: [[String]], shown: [Int]? = nil) -> String {
        describeChange(from: baseline, to: w, shown: shown) { $0 }
    }

    /// The same with the winners as numbers (`NameLists`), or anything `winners` names.
    static func describeChange<S: Equatable>(from baseline: [S], to w: [S], shown: [Int]? = nil, names winners: (S) -> [String]) -> String {
        func names(_ s: S) -> String {
            let s = winners(s)
            return s.isEmpty ? "nobody" : s.joined(separator: "+")
        }
        let listed = shown?.filter { $0 < w.count } ?? Array(w.indices)
        if listed.count <= listedSequences { return listed.map { names(w[$0]) }.joined(separator: " | ") }
        let changed = listed.filter { $0 >= baseline.count || baseline[$0] != w[$0] }
        let shown = changed.prefix(3).map { "touch sequence \($0 + 1): \($0 < baseline.count ? names(baseline[$0]) : "none") -> \(names(w[$0]))" }
        return shown.joined(separator: ", ") + (changed.count > 3 ? " and \(changed.count - 3) more" : "")
    }

    public static let listedSequences = 8

    /// The answer: the winners, then every decision closest first, with what its parameter's
    /// search found. Handed to `out` a block of lines at a time (a long trace has hundreds of
    /// thousands of decisions); throws when the decisions could not be kept (a full disk).
    public static func write(_ found: Findings, winners: [[String]], to out: (String) throws -> Void) throws {
        var s = winnersLine(winners)
        try found.decisions.forEachClosestFirst { r in
            s += line(found.item(r))
            if s.utf8.count >= 1 << 16 {
                try out(s)
                s = ""
            }
        }
        try out(s)
    }

    /// The answer's first line: every sequence's winners, up to `listedSequences` sequences;
    /// beyond, how many sequences each set of winners won, most first (a list of every sequence
    /// was a line of 100 KB for the Hammer.js streams).
    static func winnersLine(_ winners: [[String]]) -> String {
        let names = winners.map { $0.isEmpty ? "nobody" : $0.joined(separator: "+") }
        guard names.count > listedSequences else { return "Winners: " + names.joined(separator: " | ") + "\n" }
        var counts: [String: Int] = [:]
        for n in names { counts[n, default: 0] += 1 }
        let ranked = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        return "Winners of \(names.count) touch sequences: " + ranked.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + "\n"
    }

    private static func line(_ i: Item) -> String {
        var s = "\(i.time.millisecondsText) ms  \(i.recognizer) \(i.decision): \(i.evidence.text), margin \(NumberText.decimal(i.margin, decimals: 3)) (\(NumberText.decimal(i.relativeMargin * 100, decimals: 1))%)"
        if let v = i.flipValue, let to = i.flipped {
            s += "; \(i.recognizer).\(i.evidence.parameter)=\(NumberText.decimal(v, decimals: 3)) (from \(NumberText.decimal(i.evidence.threshold, decimals: 3))) flips the winners to \(to)"
        } else if SceneBuilderParameterHint.known(i) {
            s += "; no value up to 10 times as far changes the winner"
        }
        return s + "\n"
    }
}
