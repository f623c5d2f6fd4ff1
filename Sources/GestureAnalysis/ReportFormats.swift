import GestureTrace

/// The evaluation report as JSON, Markdown and a terminal table. Numbers are rounded the same
/// way everywhere and keys come in a fixed order, so reports can be diffed and gated in CI.
extension EvaluationReport {
    static func r(_ v: Double) -> String { NumberText.decimal(v, decimals: 4) }
    static func opt(_ v: Double?) -> String { v.map { NumberText.decimal($0, decimals: 1) } ?? "null" }
    /// Milliseconds to the microsecond: what a trace's clock resolves, so merged reports recompute
    /// the same latencies.
    static func ms(_ v: Double) -> String { NumberText.decimal(v, decimals: 3) }

    public var json: String {
        var s = "{\"format\":\"gesturelab-evaluation\",\"version\":1"
        s += ",\"corpus\":\(jsonQuoted(corpus)),\"scene\":\(jsonQuoted(scene)),\"labelField\":\(jsonQuoted(labelField))"
        s += ",\"traces\":\(traces),\"events\":\(events),\"unreadable\":[" + unreadable.map(jsonQuoted).joined(separator: ",") + "]"
        if let shard { s += ",\"shard\":{\"index\":\(shard.index),\"count\":\(shard.count)}" }
        s += ",\n\"scores\":[\n" + scores.map { sc in
            var t = "{\"recognizer\":\(jsonQuoted(sc.recognizer)),\"label\":\(jsonQuoted(sc.label)),\"tp\":\(sc.tp),\"fp\":\(sc.fp),\"fn\":\(sc.fn),\"tn\":\(sc.tn)"
            t += ",\"precision\":\(Self.r(sc.precision)),\"recall\":\(Self.r(sc.recall)),\"f1\":\(Self.r(sc.f1))"
            t += ",\"latencyMedianMs\":\(Self.opt(sc.latencyMedian)),\"latencyP90Ms\":\(Self.opt(sc.latencyP90))"
            t += ",\"recallBy\":{" + sc.recallBy.keys.sorted().map { field in
                jsonQuoted(field) + ":{" + sc.recallBy[field]!.keys.sorted().map { v in
                    let h = sc.recallBy[field]![v]!
                    return "\(jsonQuoted(v)):{\"hits\":\(h.hits),\"total\":\(h.total),\"recall\":\(Self.r(h.rate))}"
                }.joined(separator: ",") + "}"
            }.joined(separator: ",") + "}}"
            return t
        }.joined(separator: ",\n") + "\n]"
        s += ",\n\"confusion\":{\"labels\":[" + confusionLabels.map(jsonQuoted).joined(separator: ",") + "],\"columns\":["
            + confusionColumns.map(jsonQuoted).joined(separator: ",") + "],\"counts\":["
            + confusion.map { "[" + $0.map(String.init).joined(separator: ",") + "]" }.joined(separator: ",") + "]}"
        s += ",\n\"bothRecognized\":[" + bothRecognized.map { "{\"pair\":\(jsonQuoted($0.pair)),\"count\":\($0.count)}" }.joined(separator: ",") + "]"
        s += ",\n\"lostArbitration\":[" + lostArbitration.map { l in
            "{\"trace\":\(jsonQuoted(l.trace)),\"recognizer\":\(jsonQuoted(l.recognizer)),\"winner\":\(l.winner.map(jsonQuoted) ?? "null"),\"rule\":\(jsonQuoted(l.rule)),\"cause\":\(jsonQuoted(l.text))}"
        }.joined(separator: ",\n") + "]"
        s += ",\n\"recognizers\":[" + recognizers.map(jsonQuoted).joined(separator: ",") + "]"
        s += ",\n\"perTrace\":[\n" + perTrace.map { t in
            "{\"trace\":\(jsonQuoted(t.trace)),\"label\":\(t.label.map(jsonQuoted) ?? "null"),\"recognized\":{"
                + t.recognized.keys.sorted().map { "\(jsonQuoted($0)):\(Self.ms(t.recognized[$0]!))" }.joined(separator: ",")
                + "},\"winner\":\(t.winner.map(jsonQuoted) ?? "null"),\"lost\":{"
                + t.lost.keys.sorted().map { r in
                    let l = t.lost[r]!
                    return "\(jsonQuoted(r)):{\"to\":\(l.winner.map(jsonQuoted) ?? "null"),\"rule\":\(jsonQuoted(l.rule)),\"cause\":\(jsonQuoted(l.text))}"
                }.joined(separator: ",") + "},\"events\":\(t.events),\"firstTouchMs\":\(t.firstTouch.map { Self.ms($0.milliseconds) } ?? "null"),\"labels\":{"
                + t.labels.keys.sorted().map { "\(jsonQuoted($0)):\(jsonQuoted(t.labels[$0]!))" }.joined(separator: ",") + "}}"
        }.joined(separator: ",\n") + "\n]"
        return s + "}\n"
    }

    static func pct(_ v: Double) -> String { NumberText.decimal(v, decimals: 3) }

    /// A Markdown report (the README's tables come from it).
    public var markdown: String {
        var s = "## Evaluation of `\(scene)` on `\(corpus)`\n\n\(traces) traces, \(events) events; positives by `\(labelField)`.\n\n"
        s += "| recognizer | expects | TP | FP | FN | precision | recall | F1 | latency median / p90 (ms) |\n|---|---|---|---|---|---|---|---|---|\n"
        for sc in scores {
            s += "| `\(sc.recognizer)` | \(sc.label) | \(sc.tp) | \(sc.fp) | \(sc.fn) | \(Self.pct(sc.precision)) | \(Self.pct(sc.recall)) | \(Self.pct(sc.f1)) | \(Self.opt(sc.latencyMedian)) / \(Self.opt(sc.latencyP90)) |\n"
        }
        for field in Set(scores.flatMap { $0.recallBy.keys }).sorted() {
            let values = Set(scores.flatMap { $0.recallBy[field]?.keys.map { $0 } ?? [] }).sorted { a, b in
                if let x = Int(a), let y = Int(b) { return x < y }
                return a < b
            }
            s += "\nRecall by `\(field)`:\n\n| recognizer | " + values.joined(separator: " | ") + " |\n|---|" + values.map { _ in "---" }.joined(separator: "|") + "|\n"
            for sc in scores {
                s += "| `\(sc.recognizer)` | " + values.map { v in sc.recallBy[field]?[v].map { Self.pct($0.rate) } ?? "" }.joined(separator: " | ") + " |\n"
            }
        }
        s += "\nConfusion (traces of each \(labelField) on which each recognizer fired):\n\n| \(labelField) | " + confusionColumns.map { "`\($0)`" }.joined(separator: " | ") + " |\n|---|" + confusionColumns.map { _ in "---" }.joined(separator: "|") + "|\n"
        for (i, label) in confusionLabels.enumerated() {
            s += "| \(label) | " + confusion[i].map(String.init).joined(separator: " | ") + " |\n"
        }
        if !bothRecognized.isEmpty {
            s += "\nTraces where two recognizers both fired:\n\n" + bothRecognized.prefix(20).map { "- \($0.pair): \($0.count)" }.joined(separator: "\n") + "\n"
        }
        if !lostArbitration.isEmpty {
            s += "\nExpected recognizer lost arbitration (\(lostArbitration.count)):\n\n"
            var grouped: [String: Int] = [:]
            for l in lostArbitration { grouped["`\(l.recognizer)` lost to \(l.winner.map { "`\($0)`" } ?? "-") by \(l.rule)", default: 0] += 1 }
            s += grouped.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { "- \($0.key): \($0.value)" }.joined(separator: "\n") + "\n"
        }
        return s
    }

    /// A compact table for a terminal.
    public var text: String {
        func pad(_ s: String, _ n: Int, right: Bool = false) -> String {
            s.count >= n ? s : (right ? String(repeating: " ", count: n - s.count) + s : s + String(repeating: " ", count: n - s.count))
        }
        let w = max(12, (scores.map(\.recognizer.count).max() ?? 0) + 2)
        var s = "\(scene) on \(corpus): \(traces) traces, \(events) events\n\n"
        s += pad("recognizer", w) + pad("expects", 14) + pad("TP", 6, right: true) + pad("FP", 6, right: true) + pad("FN", 6, right: true)
            + pad("prec", 8, right: true) + pad("recall", 8, right: true) + pad("F1", 8, right: true) + pad("lat ms p50/p90", 18, right: true) + "\n"
        for sc in scores {
            s += pad(sc.recognizer, w) + pad(sc.label, 14) + pad(String(sc.tp), 6, right: true) + pad(String(sc.fp), 6, right: true) + pad(String(sc.fn), 6, right: true)
                + pad(Self.pct(sc.precision), 8, right: true) + pad(Self.pct(sc.recall), 8, right: true) + pad(Self.pct(sc.f1), 8, right: true)
                + pad("\(Self.opt(sc.latencyMedian))/\(Self.opt(sc.latencyP90))", 18, right: true) + "\n"
        }
        if !bothRecognized.isEmpty {
            s += "\nboth fired: " + bothRecognized.prefix(6).map { "\($0.pair) (\($0.count))" }.joined(separator: ", ") + "\n"
        }
        if !lostArbitration.isEmpty {
            var grouped: [String: Int] = [:]
            for l in lostArbitration { grouped["\(l.recognizer) lost to \(l.winner ?? "-") by \(l.rule)", default: 0] += 1 }
            s += "lost arbitration: " + grouped.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(6).map { "\($0.key) (\($0.value))" }.joined(separator: ", ") + "\n"
        }
        if !unreadable.isEmpty { s += "\n\(unreadable.count) traces could not be read; first: \(unreadable[0])\n" }
        return s
    }
}
