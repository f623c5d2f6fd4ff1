import GestureEngine
import GestureScenes
import GestureTrace

/// `sensitivity` for the properties a registration names on a UIKit-style recognizer
/// (`GestureParameter`). Those recognizers set their states themselves, so their decisions carry
/// no evidence (no "value against threshold" to start from); instead each numeric property is
/// moved from its value, down and up (to a quarter and to four times it), and the nearest value
/// that changes who wins is reported, found by the same search as a built-in's thresholds.
public enum RegisteredParameterSweep {
    public struct Item: Sendable {
        public var recognizer: String
        public var parameter: String
        public var unit: String
        public var value: Double
        /// The nearest value below and above that changes the winners, and what they become.
        public var below: (value: Double, winners: String)?
        public var above: (value: Double, winners: String)?
    }

    /// `recognizers` are the built scene's; `replay` runs a scene document over the trace.
    public static func analyze(recognizers built: [GestureRecognizer], scene: SceneDocument, baseline: [[String]],
                               replay: (SceneDocument) -> DecisionLog?) -> [Item] {
        let ids = built.map(\.id)
        func winnersOf(_ doc: SceneDocument) -> [[String]]? { replay(doc).map { SequenceResults.of($0.entries, recognizers: ids).map(\.winners) } }
        func describe(_ w: [[String]]) -> String { ThresholdSensitivity.describeChange(from: baseline, to: w) }
        var items: [Item] = []
        for r in built {
            for spec in r.registeredParameters {
                let unit: String
                switch spec.kind {
                case let .number(u): unit = u
                case .integer: unit = ""
                default: continue
                }
                guard case let .number(v) = spec.get(r), v.isFinite else { continue }
                var item = Item(recognizer: r.id, parameter: spec.name, unit: unit, value: v)
                if v > 0 {
                    item.below = ThresholdSensitivity.search(recognizer: r.id, parameter: spec.name, from: v, past: v * 0.75,
                                                             scene: scene, baseline: baseline, describe: describe, winnersOf: winnersOf)
                }
                item.above = ThresholdSensitivity.search(recognizer: r.id, parameter: spec.name, from: v, past: max(v * 1.25, v + 0.001),
                                                         scene: scene, baseline: baseline, describe: describe, winnersOf: winnersOf)
                items.append(item)
            }
        }
        return items
    }

    public static func text(_ items: [Item]) -> String {
        var s = ""
        for i in items {
            let u = i.unit.isEmpty ? "" : " " + i.unit
            s += "\(i.recognizer).\(i.parameter) = \(NumberText.decimal(i.value, decimals: 3))\(u) (a registered property; its decisions carry no evidence, so it was moved both ways)"
            for (side, found) in [("below", i.below), ("above", i.above)] {
                if let f = found {
                    s += "; \(side): \(NumberText.decimal(f.value, decimals: 3))\(u) flips the winners to \(f.winners)"
                } else {
                    s += "; \(side): no value flips the winners"
                }
            }
            s += "\n"
        }
        return s
    }
}
