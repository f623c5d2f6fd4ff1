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
                               replay: (SceneDocument) -> DecisionLog?) -> [Item] {
        let baseline = Explanation(log: log).sequences(recognizers: recognizers).map(\.winners)
        var items: [Item] = []
        var tried: [String: (Double, String)?] = [:]
        for e in log.entries where e.kind == .transition && !e.cause.evidence.isEmpty {
            guard let r = e.recognizer, let to = e.to else { continue }
            for ev in e.cause.evidence {
                let margin = ev.value - ev.threshold
                let relative = ev.threshold != 0 ? abs(margin) / abs(ev.threshold) : .infinity
                var item = Item(time: e.time, recognizer: r, decision: to, evidence: ev, margin: margin, relativeMargin: relative)
                let spec = scene.recognizerSpecs.first { $0.id == r }
                let knownParameter = vary.map { $0(scene, ev.parameter, ev.threshold) != nil }
                    ?? SceneBuilder.parameterNames(type: spec?.type ?? "").contains(ev.parameter)
                if knownParameter, ev.value.isFinite, ev.threshold.isFinite {
                    item.searched = true
                    let key = "\(r).\(ev.parameter)"
                    if let cached = tried[key] {
                        item.flipValue = cached.map(\.0)
                        item.flipped = cached.map(\.1)
                    } else {
                        let found = search(recognizer: r, parameter: ev.parameter, from: ev.threshold, past: ev.value,
                                           scene: scene, recognizers: recognizers, baseline: baseline, vary: vary, replay: replay)
                        tried[key] = found
                        item.flipValue = found?.0
                        item.flipped = found?.1
                    }
                }
                items.append(item)
            }
        }
        return items
    }

    /// Moves the parameter from its threshold towards and past the decision's value (then further,
    /// up to 10 times as far) until the winners change, then bisects to the smallest such change.
    static func search(recognizer r: String, parameter: String, from threshold: Double, past value: Double,
                       scene: SceneDocument, recognizers: [String], baseline: [[String]],
                       vary: ((SceneDocument, String, Double) -> SceneDocument?)? = nil,
                       replay: (SceneDocument) -> DecisionLog?) -> (Double, String)? {
        func winners(_ v: Double) -> [[String]]? {
            var doc = scene
            if let vary {
                guard let varied = vary(scene, parameter, v) else { return nil }
                doc = varied
            } else {
                _ = doc.override(recognizer: r, parameter: parameter, value: .number(v))
            }
            return replay(doc).map { Explanation(log: $0).sequences(recognizers: recognizers).map(\.winners) }
        }
        func describe(_ w: [[String]]) -> String { w.map { $0.isEmpty ? "nobody" : $0.joined(separator: "+") }.joined(separator: " | ") }
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
