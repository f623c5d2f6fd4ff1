import GestureTrace

/// The evaluation report as one self-contained HTML page: no scripts or files from elsewhere,
/// plots drawn as inline SVG.
extension EvaluationReport {
    package static func esc(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    /// Horizontal bars for precision, recall and F1 of each recognizer.
    var scoreChart: String {
        let rowH = 54, left = 190, width = 420
        let height = scores.count * rowH + 30
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(left + width + 60)\" height=\"\(height)\" role=\"img\" aria-label=\"precision, recall and F1 per recognizer\">"
        let colors = [("precision", "#7aa6c2"), ("recall", "#9cc59a"), ("F1", "#e0a96d")]
        for (i, sc) in scores.enumerated() {
            let y = 10 + i * rowH
            svg += "<text x=\"\(left - 8)\" y=\"\(y + 28)\" text-anchor=\"end\" font-size=\"13\">\(Self.esc(sc.recognizer))</text>"
            for (j, (name, color)) in colors.enumerated() {
                let v = [sc.precision, sc.recall, sc.f1][j]
                let w = Int((v * Double(width)).rounded())
                svg += "<rect x=\"\(left)\" y=\"\(y + j * 15)\" width=\"\(w)\" height=\"12\" fill=\"\(color)\"><title>\(name) \(Self.pct(v))</title></rect>"
                svg += "<text x=\"\(left + w + 4)\" y=\"\(y + j * 15 + 10)\" font-size=\"10\" fill=\"#555\">\(name) \(Self.pct(v))</text>"
            }
        }
        return svg + "</svg>"
    }

    public var html: String {
        var s = """
        <!doctype html><html lang="en"><head><meta charset="utf-8"><title>GestureLab evaluation: \(Self.esc(scene))</title>
        <style>
        body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:2em;color:#222;max-width:1100px}
        table{border-collapse:collapse;margin:1em 0}th,td{border:1px solid #ccc;padding:4px 8px;text-align:right}
        th:first-child,td:first-child{text-align:left}th{background:#f3f3f3}.hot{background:#fde2c8}
        </style></head><body>
        <h1>Evaluation of <code>\(Self.esc(scene))</code></h1>
        <p>Corpus <code>\(Self.esc(corpus))</code>: \(traces) traces, \(events) events. Positives by <code>\(Self.esc(labelField))</code>.</p>
        \(scoreChart)
        <h2>Scores</h2><table><tr><th>recognizer</th><th>expects</th><th>TP</th><th>FP</th><th>FN</th><th>precision</th><th>recall</th><th>F1</th><th>latency p50 (ms)</th><th>p90</th></tr>
        """
        for sc in scores {
            s += "<tr><td>\(Self.esc(sc.recognizer))</td><td>\(Self.esc(sc.label))</td><td>\(sc.tp)</td><td>\(sc.fp)</td><td>\(sc.fn)</td><td>\(Self.pct(sc.precision))</td><td>\(Self.pct(sc.recall))</td><td>\(Self.pct(sc.f1))</td><td>\(Self.opt(sc.latencyMedian))</td><td>\(Self.opt(sc.latencyP90))</td></tr>"
        }
        s += "</table><h2>Confusion</h2><table><tr><th>\(Self.esc(labelField))</th>" + confusionColumns.map { "<th>\(Self.esc($0))</th>" }.joined() + "</tr>"
        for (i, label) in confusionLabels.enumerated() {
            s += "<tr><td>\(Self.esc(label))</td>" + confusion[i].map { "<td\($0 > 0 ? " class=\"hot\"" : "")>\($0)</td>" }.joined() + "</tr>"
        }
        s += "</table>"
        for field in Set(scores.flatMap { $0.recallBy.keys }).sorted() {
            let values = Set(scores.flatMap { $0.recallBy[field]?.keys.map { $0 } ?? [] }).sorted()
            s += "<h2>Recall by \(Self.esc(field))</h2><table><tr><th>recognizer</th>" + values.map { "<th>\(Self.esc($0))</th>" }.joined() + "</tr>"
            for sc in scores {
                s += "<tr><td>\(Self.esc(sc.recognizer))</td>" + values.map { v in "<td>\(sc.recallBy[field]?[v].map { Self.pct($0.rate) } ?? "")</td>" }.joined() + "</tr>"
            }
            s += "</table>"
        }
        if !bothRecognized.isEmpty {
            s += "<h2>Both recognized</h2><table><tr><th>pair</th><th>traces</th></tr>" + bothRecognized.map { "<tr><td>\(Self.esc($0.pair))</td><td>\($0.count)</td></tr>" }.joined() + "</table>"
        }
        if !lostArbitration.isEmpty {
            s += "<h2>Expected recognizer lost arbitration</h2><table><tr><th>trace</th><th>recognizer</th><th>winner</th><th>rule</th><th>cause</th></tr>"
            s += lostArbitration.prefix(500).map { "<tr><td>\(Self.esc($0.trace))</td><td>\(Self.esc($0.recognizer))</td><td>\(Self.esc($0.winner ?? ""))</td><td>\(Self.esc($0.rule))</td><td style=\"text-align:left\">\(Self.esc($0.text))</td></tr>" }.joined()
            s += "</table>"
        }
        return s + "</body></html>\n"
    }
}
