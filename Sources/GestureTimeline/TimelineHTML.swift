import Foundation
import GestureEngine
import GestureTrace

/// One self-contained HTML page (no network, opens from disk): the timeline lanes on a canvas
/// that zooms and pans (wheel, drag, keys) from the whole trace down to a fraction of a
/// millisecond, lanes that can be hidden, a step through the touch sequences, the scene with
/// the current sequence's strokes, a scrubber that moves through time in both, and the cause and
/// numbers of any mark under the pointer. The data is `TimelineData`'s compact encoding, so a
/// long trace's page stays a few dozen bytes per event and opens in about a second.
public enum TimelineHTML {
    static func esc(_ s: String) -> String { TimelineSVG.esc(s) }
    static func n(_ v: Double) -> String { NumberText.decimal(v, decimals: 1) }

    /// The scene's views (the strokes are drawn by the page's script, in the group `strokes`).
    static func sceneSVG(_ scene: SceneSnapshot) -> String {
        let w = 300.0
        let k = w / max(scene.width, 1)
        let h = scene.height * k
        var s = "<svg id=\"scene\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(w))\" height=\"\(n(h))\" viewBox=\"0 0 \(n(scene.width)) \(n(scene.height))\">"
        s += "<rect width=\"\(n(scene.width))\" height=\"\(n(scene.height))\" fill=\"#fcfcfc\" stroke=\"#bbb\"/>"
        for b in scene.boxes {
            let fill = b.kind == "scroll" ? "#eef4fa" : (b.kind == "control" ? "#fdf3e6" : "#f3f3f3")
            s += "<rect x=\"\(n(b.frame.minX))\" y=\"\(n(b.frame.minY))\" width=\"\(n(b.frame.width))\" height=\"\(n(b.frame.height))\" fill=\"\(fill)\" fill-opacity=\"0.7\" stroke=\"#9aa5b1\" stroke-width=\"\(n(1 / k))\"/>"
            s += "<text x=\"\(n(b.frame.minX + 4 / k))\" y=\"\(n(b.frame.minY + 13 / k))\" font-size=\"\(n(11 / k))\" fill=\"#556\">\(esc(b.id))</text>"
        }
        return s + "<g id=\"strokes\" stroke-linecap=\"round\" stroke-linejoin=\"round\" transform=\"scale(1)\" style=\"--k:\(n(1 / k))\"></g></svg>"
    }

    public static func render(_ model: TimelineModel, title: String, scene: SceneSnapshot, strokes: [StrokePath], log: DecisionLog) throws -> String {
        String(decoding: try page(model, title: title, scene: scene, strokes: strokes, log: log), as: UTF8.self)
    }

    /// The page as bytes (a long trace's page is tens of megabytes: no String on the way).
    public static func page(_ model: TimelineModel, title: String, scene: SceneSnapshot, strokes: [StrokePath], log: DecisionLog) throws -> [UInt8] {
        var last: [String: LogEntry] = [:]
        for e in log.entries where e.kind == .transition && e.to != "changed" {
            if let r = e.recognizer { last[r] = e }
        }
        return try page(model, title: title, scene: scene, strokes: strokes, lastDecisions: last)
    }

    /// `lastDecisions`: each recognizer's last transition other than `changed`
    /// (`TimelineModel.Builder.lastDecision`), for the outcome table.
    public static func page(_ model: TimelineModel, title: String, scene: SceneSnapshot, strokes: [StrokePath], lastDecisions last: [String: LogEntry]) throws -> [UInt8] {
        let (out, bytes) = PageOutput.collecting()
        try write(model, title: title, scene: scene, strokes: StrokePathBuilder(strokes), lastDecisions: last, to: out)
        return bytes()
    }

    /// The page written into `out` as it is made (`gesturelab timeline` hands it to the file a
    /// megabyte at a time).
    public static func write(_ model: TimelineModel, title: String, scene: SceneSnapshot, strokes: StrokePathBuilder, lastDecisions last: [String: LogEntry], to out: PageOutput) throws {
        let recognizers = model.lanes.filter { $0.kind == "recognizer" }.map(\.id)
        let outcome = recognizers.map { r -> String in
            "<tr><td>\(esc(r))</td><td class=\"st\" data-r=\"\(esc(r))\">possible</td><td>\(esc(last[r].map { "\($0.to ?? "") at \($0.time.millisecondsText) ms" } ?? "never left possible"))</td></tr>"
        }.joined()
        let head = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>\(esc(title)) — GestureLab timeline</title>
        <style>
        body{font-family:system-ui,-apple-system,"Segoe UI",Helvetica,Arial,sans-serif;margin:18px;color:#222;background:#fff}
        h1{font-size:18px;margin:0 0 4px}p.sub{margin:0 0 10px;color:#666;font-size:13px}
        .wrap{display:flex;flex-wrap:wrap;gap:18px;align-items:flex-start}
        #plot{flex:1 1 640px;min-width:480px;border:1px solid #ddd}
        #lanes{width:100%;display:block;cursor:grab;touch-action:none}
        #tip{position:fixed;pointer-events:none;background:#222;color:#fff;font-size:12px;padding:6px 8px;border-radius:4px;max-width:460px;display:none;line-height:1.35;z-index:2}
        .bar{margin:8px 0;display:flex;flex-wrap:wrap;align-items:center;gap:10px;font-size:13px}
        #scrub{flex:1 1 300px}
        #filters label{margin-right:10px;font-size:12px;white-space:nowrap}
        #strokes polyline{stroke-width:calc(var(--k) * 3)}
        kbd{font-size:11px;border:1px solid #ccc;border-radius:3px;padding:0 3px;background:#f7f7f7}
        table{border-collapse:collapse;font-size:12px;margin-top:10px}td{border-bottom:1px solid #eee;padding:3px 8px}
        .legend span{display:inline-block;margin-right:12px;font-size:12px}.legend i{display:inline-block;width:12px;height:10px;margin-right:4px;vertical-align:middle}
        </style></head><body>
        <h1>\(esc(title))</h1>
        <p class="sub">Every state change with its cause. Zoom with the wheel or <kbd>+</kbd> <kbd>-</kbd>, pan by dragging, with shift+wheel or <kbd>←</kbd> <kbd>→</kbd>, <kbd>0</kbd> shows everything; <kbd>n</kbd> and <kbd>p</kbd> step through the touch sequences. Hover a mark for its cause; click to move the time there.</p>
        <div class="legend"><span><i style="background:#8cc5ad"></i>began/changed</span><span><i style="background:#f2c46d"></i>waiting (failure requirement)</span><span><i style="background:#3f8f63"></i>recognized/ended</span><span><i style="background:#c85f5f"></i>failed</span><span><i style="background:#dd8d4c"></i>cancelled</span><span><i style="background:#3b6ea5;border-radius:6px"></i>action</span><span><i style="background:#5b7db1"></i>view delivery</span><span><i style="background:#c9b26b"></i>held back</span></div>
        <div class="bar"><label for="scrub">time</label><input id="scrub" type="range"><span id="now"></span><label class="axis"><input id="relative" type="checkbox"> count from the first event (+ms)</label></div>
        <div class="bar">touch sequence <button id="prev">previous</button><button id="next">next</button><button id="all">all</button><span id="seqlabel">all</span></div>
        <div class="bar" id="filters">lanes:</div>
        <div class="wrap">
        <div id="plot"><canvas id="lanes" height="100"></canvas></div>
        <div>\(sceneSVG(scene))
        <table><tr><td><b>recognizer</b></td><td><b>state now</b></td><td><b>outcome</b></td></tr>\(outcome)</table></div>
        </div>
        <div id="tip"></div>
        <script id="data" type="application/json">
        """
        try out.write(head)
        try TimelineData.encode(model, title: title, strokes: strokes, recognizers: recognizers, into: out)
        try out.write("\n</script>\n<script>\n\(TimelinePageScript.source)\n</script>\n</body></html>\n")
        try out.flush()
    }
}
