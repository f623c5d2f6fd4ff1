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
        return analyze(baseline: baseline, scene: scene, recognizers: recognizers, vary: vary, oneThread: oneThread) { doc, _ in
            replay(doc).map { SequenceResults.of($0.entries, recognizers: recognizers).map(\.winners) }
        }
    }

    /// The same from a baseline gathered as its replay ran. `winners(doc, sequences)` gives the
    /// whole trace's winners with `doc`, knowing that only the touch sequences numbered in
    /// `sequences` (from 0) recorded the threshold being varied: a caller may replay only those
    /// (`SequenceWindows`) and take the baseline's winners for the rest.
    /// `oneThread`: search on the calling thread only (the registry's types run users'
    /// main-actor code: `RecognizerRegistry.requiresMainThread`).
    public static func analyze(baseline: Baseline, scene: SceneDocument, recognizers: [String],
                               vary: ((SceneDocument, _ parameter: String, _ value: Double) -> SceneDocument?)? = nil,
                               oneThread: Bool = RecognizerRegistry.current.requiresMainThread,
                               winners: (SceneDocument, _ sequences: [Int]) -> [[String]]?) -> [Item] {
        // Taken, not copied: a long trace has hundreds of thousands of decisions.
        var items = baseline.takeItems()
        // Each "recognizer.parameter" is searched once, from its first decision; the searches
        // are independent, so they run on every core (`winners` must allow that) unless the
        // registry's types must stay on one thread.
        var firsts: [String: Int] = [:], order: [String] = []
        for k in items.indices {
            let ev = items[k].evidence, r = items[k].recognizer
            let spec = scene.recognizerSpecs.first { $0.id == r }
            let knownParameter = vary.map { $0(scene, ev.parameter, ev.threshold) != nil }
                ?? SceneBuilder.parameterNames(type: spec?.type ?? "").contains(ev.parameter)
            guard knownParameter, ev.value.isFinite, ev.threshold.isFinite else { continue }
            items[k].searched = true
            let key = "\(r).\(ev.parameter)"
            if firsts[key] == nil { firsts[key] = k; order.append(key) }
        }
        let found = SearchResults(count: order.count)
        withoutActuallyEscaping(winners) { winners in
            nonisolated(unsafe) let winners = winners, vary = vary
            // What each search reads, fixed before they start.
            let jobs = order.map { (item: items[firsts[$0]!], sequences: baseline.sequencesRecording[$0] ?? []) }
            let winnersBefore = baseline.winners, shown = baseline.analysedSequences
            let one = { (n: Int) in
                let (item, sequences) = jobs[n]
                found.set(n, search(recognizer: item.recognizer, parameter: item.evidence.parameter, from: item.evidence.threshold, past: item.evidence.value,
                                    scene: scene, baseline: winnersBefore, shown: shown, vary: vary) { winners($0, sequences) })
            }
            // Users' main-actor code (GestureLabUIKit) never runs on two threads at once.
            if oneThread {
                for n in jobs.indices { one(n) }
            } else {
                nonisolated(unsafe) let one = one
                DispatchQueue.concurrentPerform(iterations: jobs.count) { one($0) }
            }
        }
        let byKey = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, found.results[$0]) })
        for k in items.indices where items[k].searched {
            let hit = byKey["\(items[k].recognizer).\(items[k].evidence.parameter)"]!
            items[k].flipValue = hit.map(\.0)
            items[k].flipped = hit.map(\.1)
        }
        return items
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
    /// evidence), each touch sequence's winners and start, and which sequences recorded each
    /// recognizer's parameter. The memory of the answer, not of the log.
    public final class Baseline {
        public private(set) var items: [Item] = []
        public private(set) var winners: [[String]] = []
        /// When each touch sequence started (its window runs to the next one's start).
        public private(set) var starts: [Timestamp] = []
        /// "recognizer.parameter" -> the sequences (numbered from 0, ascending) whose decisions
        /// recorded it.
        public private(set) var sequencesRecording: [String: [Int]] = [:]
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
                winners.append(q.winners)
                starts.append(q.start)
            })
        }

        public func feed(_ e: LogEntry) {
            if counter.step(e) == .firstFingerDown {
                started += 1
                keeping = keeps?(started + 1, e.time) ?? true
                if keeping { kept.append(started) }
            }
            if keeping && e.kind == .transition && !e.cause.evidence.isEmpty, let r = e.recognizer, let to = e.to {
                for ev in e.cause.evidence {
                    let margin = ev.value - ev.threshold
                    let relative = ev.threshold != 0 ? abs(margin) / abs(ev.threshold) : .infinity
                    items.append(Item(time: e.time, recognizer: r, decision: to, evidence: ev, margin: margin, relativeMargin: relative))
                    let key = "\(r).\(ev.parameter)"
                    if started >= 0, sequencesRecording[key]?.last != started { sequencesRecording[key, default: []].append(started) }
                }
            }
            stream.feed(e)
        }

        public func finish() { _ = stream.finish() }

        /// The decisions, leaving the baseline without them (the analysis marks and returns them).
        func takeItems() -> [Item] {
            defer { items = [] }
            return items
        }
    }

    /// Moves the parameter from its threshold towards and past the decision's value (then further,
    /// up to 10 times as far) until the winners change, then bisects to the smallest such change.
    static func search(recognizer r: String, parameter: String, from threshold: Double, past value: Double,
                       scene: SceneDocument, baseline: [[String]], shown: [Int]? = nil,
                       vary: ((SceneDocument, String, Double) -> SceneDocument?)? = nil,
                       winnersOf: (SceneDocument) -> [[String]]?) -> (Double, String)? {
        func winners(_ v: Double) -> [[String]]? {
            var doc = scene
            if let vary {
                guard let varied = vary(scene, parameter, v) else { return nil }
                doc = varied
            } else {
                _ = doc.override(recognizer: r, parameter: parameter, value: .number(v))
            }
            return winnersOf(doc)
        }
        func describe(_ w: [[String]]) -> String { describeChange(from: baseline, to: w, shown: shown) }
        let direction: Double = value >= threshold ? 1 : -1
        let distance = max(abs(value - threshold), abs(threshold) * 0.25, 0.001)
        var unchanged = threshold
        var changed: (Double, [[String]])?
        for factor in [1.01, 1.25, 1.5, 2, 3, 5, 10] {
            let v = threshold + direction * distance * factor
            guard v >= 0, let w = winners(v) else { continue }
            if w != baseline { changed = (v, w); break }
            unchanged = v
        }
        guard var (hi, w) = changed else { return nil }
        var lo = unchanged
        for _ in 0..<8 {
            let mid = (lo + hi) / 2
            guard let wm = winners(mid) else { break }
            if wm != baseline { hi = mid; w = wm } else { lo = mid }
        }
        return (hi, describe(w))
    }

    /// Up to `listedSequences` sequences: every sequence's winners. A longer trace: the
    /// sequences that changed (the first three, and how many more), since a line per decision
    /// that lists every sequence grows with the square of the trace (2.4 GB of text for the
    /// Hammer.js streams).
    /// `shown`: the sequences of a stretch (numbered from 0), the only ones described.
    static func describeChange(from baseline: [[String]], to w: [[String]], shown: [Int]? = nil) -> String {
        func names(_ s: [String]) -> String { s.isEmpty ? "nobody" : s.joined(separator: "+") }
        let listed = shown?.filter { $0 < w.count } ?? Array(w.indices)
        if listed.count <= listedSequences { return listed.map { names(w[$0]) }.joined(separator: " | ") }
        let changed = listed.filter { $0 >= baseline.count || baseline[$0] != w[$0] }
        let shown = changed.prefix(3).map { "touch sequence \($0 + 1): \($0 < baseline.count ? names(baseline[$0]) : "none") -> \(names(w[$0]))" }
        return shown.joined(separator: ", ") + (changed.count > 3 ? " and \(changed.count - 3) more" : "")
    }

    public static let listedSequences = 8

    public static func text(_ items: [Item], winners: [[String]]) -> String {
        var s = "Winners: " + winners.map { $0.isEmpty ? "nobody" : $0.joined(separator: "+") }.joined(separator: " | ") + "\n"
        for i in items.sorted(by: { $0.relativeMargin < $1.relativeMargin }) {
            s += "\(i.time.millisecondsText) ms  \(i.recognizer) \(i.decision): \(i.evidence.text), margin \(NumberText.decimal(i.margin, decimals: 3)) (\(NumberText.decimal(i.relativeMargin * 100, decimals: 1))%)"
            if let v = i.flipValue, let to = i.flipped {
                s += "; \(i.recognizer).\(i.evidence.parameter)=\(NumberText.decimal(v, decimals: 3)) (from \(NumberText.decimal(i.evidence.threshold, decimals: 3))) flips the winners to \(to)"
            } else if SceneBuilderParameterHint.known(i) {
                s += "; no value up to 10 times as far changes the winner"
            }
            s += "\n"
        }
        return s
    }
}
