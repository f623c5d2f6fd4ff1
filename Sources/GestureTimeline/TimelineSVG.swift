import Foundation
import GestureEngine
import GestureTrace

/// The timeline lanes as SVG: state spans, marks, and cause-to-effect arrows. `TimelineHTML`
/// embeds the same drawing and adds the scene, a scrubber and hover details.
public enum TimelineSVG {
    static let labelWidth = 190.0
    static let plotWidth = 860.0
    static let laneHeight = 30.0
    static let top = 34.0

    static let stateColors: [String: String] = [
        "waiting": "#f2c46d", "began": "#8cc5ad", "changed": "#a9d4c2",
    ]
    static let markColors: [String: String] = [
        "recognized": "#3f8f63", "ended": "#3f8f63", "began": "#3f8f63", "failed": "#c85f5f", "cancelled": "#dd8d4c",
        "action": "#3b6ea5", "pending": "#d9a13b", "released": "#d9a13b", "reset": "#9a9a9a", "timer": "#7a6fb0",
        "view": "#5b7db1", "hold": "#c9b26b", "drop": "#8f8f8f", "app": "#8a5aa8",
    ]

    static func esc(_ s: String) -> String {
        // Most texts (every mark's tip) need nothing replaced: looked at once, not four times.
        if !s.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 }) { return s }
        return s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func n(_ v: Double) -> String { NumberText.decimal(v, decimals: 1) }

    /// Maps virtual time to x.
    struct Scale {
        var start: Double
        var span: Double
        func x(_ t: Timestamp) -> Double { labelWidth + (t.milliseconds - start) / span * plotWidth }
    }

    static func scale(_ m: TimelineModel) -> Scale {
        let s = m.start.milliseconds
        let span = max(m.end.milliseconds - s, 1)
        return Scale(start: s - span * 0.02, span: span * 1.04)
    }

    /// The state a transition's label ends in: the text after its last "→ " ("possible → began":
    /// "began"), or the whole label without one. Read on every mark a page draws.
    static func state(after label: String) -> Substring {
        var end = label.endIndex
        while let arrow = label[..<end].lastIndex(of: "→") {
            let next = label.index(after: arrow)
            if next < label.endIndex && label[next] == " " { return label[label.index(after: next)...] }
            end = arrow
        }
        return label[...]
    }

    static func markColor(_ mark: TimelineModel.Mark) -> String {
        if mark.kind == "transition" { return markColors[String(state(after: mark.label))] ?? "#555" }
        if mark.kind == "view" && mark.label == "cancelled" { return "#c85f5f" }
        return markColors[mark.kind] ?? "#555"
    }

    static func height(_ m: TimelineModel) -> Double { top + Double(m.lanes.count) * laneHeight + 10 }

    /// The lanes (without the <svg> wrapper).
    static func writeLanes(_ m: TimelineModel, to out: PageOutput) throws {
        let sc = scale(m)
        let height = height(m)
        try out.write("<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"6\" markerHeight=\"6\" orient=\"auto-start-reverse\"><path d=\"M0 0 L10 5 L0 10 z\" fill=\"#6b7fa3\"/></marker></defs>")
        // Time axis.
        let ticks = 8
        for k in 0...ticks {
            let t = sc.start + sc.span * Double(k) / Double(ticks)
            let x = labelWidth + plotWidth * Double(k) / Double(ticks)
            try out.write("<line x1=\"\(n(x))\" y1=\"\(n(top - 6))\" x2=\"\(n(x))\" y2=\"\(n(height - 6))\" stroke=\"#eee\"/>")
            try out.write("<text x=\"\(n(x))\" y=\"\(n(top - 12))\" font-size=\"10\" fill=\"#777\" text-anchor=\"middle\">\(NumberText.decimal(t, decimals: 0)) ms</text>")
        }
        var y = top
        var mids: [Double] = []
        for (li, lane) in m.lanes.enumerated() {
            let mid = y + laneHeight / 2
            mids.append(mid)
            let fill = lane.kind == "recognizer" ? "#fbfbfb" : (lane.kind == "view" ? "#f6f8fb" : "#faf6fb")
            try out.write("<rect x=\"0\" y=\"\(n(y))\" width=\"\(n(labelWidth + plotWidth + 10))\" height=\"\(n(laneHeight))\" fill=\"\(fill)\"/>")
            let prefix = lane.kind == "recognizer" ? "" : (lane.kind == "view" ? "view " : "app ")
            try out.write("<text x=\"8\" y=\"\(n(mid + 4))\" font-size=\"12\" fill=\"#333\">\(esc(prefix + lane.id))</text>")
            for span in lane.spans {
                let x0 = sc.x(span.start), x1 = max(sc.x(span.end), x0 + 1.5)
                let color = stateColors[span.state] ?? "#ddd"
                try out.write("<rect class=\"span\" x=\"\(n(x0))\" y=\"\(n(y + 7))\" width=\"\(n(x1 - x0))\" height=\"\(n(laneHeight - 14))\" rx=\"3\" fill=\"\(color)\" data-seq=\"\(span.seq)\"><title>\(esc(lane.id)) \(esc(span.state)) \(span.start.millisecondsText)-\(span.end.millisecondsText) ms</title></rect>")
            }
            try m.forEachMark(inLane: li) { mark in
                let x = sc.x(mark.time)
                let color = markColor(mark)
                let tip = "\(mark.time.millisecondsText) ms · \(lane.id) · \(mark.label): \(mark.cause)" + (mark.evidence.isEmpty ? "" : " [" + mark.evidence + "]")
                let attrs = "class=\"mark\" data-seq=\"\(mark.seq)\" data-t=\"\(mark.time.millisecondsText)\" data-tip=\"\(esc(tip))\""
                switch mark.kind {
                case "action":
                    try out.write("<circle \(attrs) cx=\"\(n(x))\" cy=\"\(n(mid))\" r=\"3.5\" fill=\"\(color)\"><title>\(esc(tip))</title></circle>")
                case "transition", "pending", "released":
                    try out.write("<path \(attrs) d=\"M\(n(x)) \(n(mid - 7)) L\(n(x + 6)) \(n(mid)) L\(n(x)) \(n(mid + 7)) L\(n(x - 6)) \(n(mid)) Z\" fill=\"\(color)\" stroke=\"#fff\" stroke-width=\"1\"><title>\(esc(tip))</title></path>")
                default:
                    try out.write("<rect \(attrs) x=\"\(n(x - 1.5))\" y=\"\(n(mid - 8))\" width=\"3\" height=\"16\" fill=\"\(color)\"><title>\(esc(tip))</title></rect>")
                }
            }
            y += laneHeight
        }
        // Arrows from cause to effect.
        try m.forEachLink { link in
            let a = (sc.x(link.fromTime), mids[link.fromLane]), b = (sc.x(link.toTime), mids[link.toLane])
            guard a != b else { return }
            let dx = max(20, abs(b.0 - a.0) / 2)
            try out.write("<path class=\"link\" d=\"M\(n(a.0)) \(n(a.1)) C\(n(a.0 + dx)) \(n(a.1)), \(n(b.0 - dx)) \(n(b.1)), \(n(b.0)) \(n(b.1))\" fill=\"none\" stroke=\"#6b7fa3\" stroke-opacity=\"0.55\" stroke-width=\"1.2\" marker-end=\"url(#arrow)\"><title>\(esc(link.kind))</title></path>")
        }
    }

    /// A static picture for documents.
    public static func render(_ m: TimelineModel, title: String) throws -> String {
        let (out, bytes) = PageOutput.collecting()
        try write(m, title: title, to: out)
        return String(decoding: bytes(), as: UTF8.self)
    }

    /// The picture written into `out` as it is drawn.
    public static func write(_ m: TimelineModel, title: String, to out: PageOutput) throws {
        let height = height(m)
        let width = labelWidth + plotWidth + 20
        try out.write("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height + 24))\" viewBox=\"0 0 \(n(width)) \(n(height + 24))\" font-family=\"Helvetica, Arial, sans-serif\">"
            + "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/><text x=\"8\" y=\"16\" font-size=\"13\" font-weight=\"bold\" fill=\"#222\">\(esc(title))</text>"
            + "<g transform=\"translate(0, 8)\">")
        try writeLanes(m, to: out)
        try out.write("</g></svg>\n")
        try out.flush()
    }
}
