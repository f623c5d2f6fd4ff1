import Foundation
import GestureEngine
import GestureTrace

/// One self-contained HTML page (no network, opens from disk): the timeline lanes, the scene
/// with the strokes drawn over it, a scrubber that moves through time in both, and the cause and
/// numbers of any mark under the pointer.
public enum TimelineHTML {
    static func esc(_ s: String) -> String { TimelineSVG.esc(s) }
    static func n(_ v: Double) -> String { NumberText.decimal(v, decimals: 1) }

    static let strokeColors = ["#3b6ea5", "#c85f5f", "#3f8f63", "#8a5aa8", "#dd8d4c", "#2f8f9d"]

    static func sceneSVG(_ scene: SceneSnapshot, strokes: [StrokePath]) -> String {
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
        for (i, st) in strokes.enumerated() {
            let pts = st.points.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
            let color = strokeColors[i % strokeColors.count]
            s += "<polyline class=\"stroke\" points=\"\(pts)\" fill=\"none\" stroke=\"\(color)\" stroke-opacity=\"0.25\" stroke-width=\"\(n(3 / k))\" stroke-linecap=\"round\"/>"
            s += "<polyline class=\"stroke-done\" data-i=\"\(i)\" points=\"\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"\(n(3 / k))\" stroke-linecap=\"round\"/>"
            s += "<circle class=\"finger\" data-i=\"\(i)\" r=\"\(n(9 / k))\" cx=\"-100\" cy=\"-100\" fill=\"\(color)\" fill-opacity=\"0.35\" stroke=\"\(color)\"/>"
        }
        return s + "</svg>"
    }

    static func strokesJSON(_ strokes: [StrokePath]) -> String {
        "[" + strokes.map { st in
            "{\"pointer\":\(st.pointer),\"points\":[" + st.points.map { "[\(NumberText.decimal($0.t)),\(n($0.x)),\(n($0.y))]" }.joined(separator: ",") + "]}"
        }.joined(separator: ",") + "]"
    }

    /// State of every recognizer over time, for the "as of now" table: [lane, [[t, state]]].
    static func statesJSON(_ log: DecisionLog, recognizers: [String]) -> String {
        var changes: [String: [(Double, String)]] = [:]
        for e in log.entries {
            guard let r = e.recognizer else { continue }
            switch e.kind {
            case .transition: changes[r, default: []].append((e.time.milliseconds, e.to ?? "?"))
            case .pending: changes[r, default: []].append((e.time.milliseconds, "waiting"))
            case .reset: changes[r, default: []].append((e.time.milliseconds, "possible"))
            default: break
            }
        }
        return "{" + recognizers.map { r in
            jsonQuoted(r) + ":[" + (changes[r] ?? []).map { "[\(NumberText.decimal($0.0)),\(jsonQuoted($0.1))]" }.joined(separator: ",") + "]"
        }.joined(separator: ",") + "}"
    }

    public static func render(_ model: TimelineModel, title: String, scene: SceneSnapshot, strokes: [StrokePath], log: DecisionLog) -> String {
        let (lanes, height) = TimelineSVG.lanes(model)
        let sc = TimelineSVG.scale(model)
        let width = TimelineSVG.labelWidth + TimelineSVG.plotWidth + 20
        let recognizers = model.lanes.filter { $0.kind == "recognizer" }.map(\.id)
        let outcome = recognizers.map { r -> String in
            let last = log.entries.last { $0.recognizer == r && $0.kind == .transition && $0.to != "changed" }
            return "<tr><td>\(esc(r))</td><td class=\"st\" data-r=\"\(esc(r))\">possible</td><td>\(esc(last.map { "\($0.to ?? "") at \($0.time.millisecondsText) ms" } ?? "never left possible"))</td></tr>"
        }.joined()
        return """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>\(esc(title)) — GestureLab timeline</title>
        <style>
        body{font-family:system-ui,-apple-system,"Segoe UI",Helvetica,Arial,sans-serif;margin:18px;color:#222;background:#fff}
        h1{font-size:18px;margin:0 0 4px}p.sub{margin:0 0 12px;color:#666;font-size:13px}
        .wrap{display:flex;flex-wrap:wrap;gap:18px;align-items:flex-start}
        #tl{border:1px solid #ddd;background:#fff;flex-shrink:0}
        .mark{cursor:pointer}.mark:hover{stroke:#222;stroke-width:1.5}
        #tip{position:fixed;pointer-events:none;background:#222;color:#fff;font-size:12px;padding:6px 8px;border-radius:4px;max-width:460px;display:none;line-height:1.35}
        #controls{margin:10px 0;display:flex;align-items:center;gap:10px;font-size:13px}
        #scrub{width:\(n(TimelineSVG.plotWidth))px}
        table{border-collapse:collapse;font-size:12px;margin-top:10px}td{border-bottom:1px solid #eee;padding:3px 8px}
        .legend span{display:inline-block;margin-right:12px;font-size:12px}.legend i{display:inline-block;width:12px;height:10px;margin-right:4px;vertical-align:middle}
        </style></head><body>
        <h1>\(esc(title))</h1>
        <p class="sub">Every state change with its cause. Hover a mark for the cause and the numbers; arrows run from a cause to its effect; drag the slider to move through time.</p>
        <div class="legend"><span><i style="background:#8cc5ad"></i>began/changed</span><span><i style="background:#f2c46d"></i>waiting (failure requirement)</span><span><i style="background:#3f8f63"></i>recognized/ended</span><span><i style="background:#c85f5f"></i>failed</span><span><i style="background:#dd8d4c"></i>cancelled</span><span><i style="background:#3b6ea5;border-radius:6px"></i>action</span><span><i style="background:#5b7db1"></i>view delivery</span><span><i style="background:#c9b26b"></i>held back</span></div>
        <div id="controls"><label>time <input id="scrub" type="range" min="\(NumberText.decimal(sc.start))" max="\(NumberText.decimal(sc.start + sc.span))" step="0.5" value="\(NumberText.decimal(sc.start + sc.span))"></label><span id="now"></span></div>
        <div class="wrap">
        <svg id="tl" xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" font-family="system-ui,Helvetica,Arial,sans-serif">\(lanes)<line id="cursor" x1="0" x2="0" y1="20" y2="\(n(height))" stroke="#d33" stroke-width="1.5"/></svg>
        <div>\(sceneSVG(scene, strokes: strokes))
        <table><tr><td><b>recognizer</b></td><td><b>state now</b></td><td><b>outcome</b></td></tr>\(outcome)</table></div>
        </div>
        <div id="tip"></div>
        <script>
        const strokes = \(strokesJSON(strokes));
        const states = \(statesJSON(log, recognizers: recognizers));
        const x0 = \(NumberText.decimal(TimelineSVG.labelWidth)), w = \(NumberText.decimal(TimelineSVG.plotWidth)), t0 = \(NumberText.decimal(sc.start)), span = \(NumberText.decimal(sc.span));
        const scrub = document.getElementById('scrub'), cursor = document.getElementById('cursor'), nowLabel = document.getElementById('now');
        function at(t) {
          const x = x0 + (t - t0) / span * w;
          cursor.setAttribute('x1', x); cursor.setAttribute('x2', x);
          nowLabel.textContent = t.toFixed(1) + ' ms';
          strokes.forEach((s, i) => {
            const done = s.points.filter(p => p[0] <= t);
            document.querySelector('.stroke-done[data-i="' + i + '"]').setAttribute('points', done.map(p => p[1] + ',' + p[2]).join(' '));
            const f = document.querySelector('.finger[data-i="' + i + '"]');
            const last = s.points[s.points.length - 1];
            if (done.length && (done.length < s.points.length || t === last[0])) { const p = done[done.length - 1]; f.setAttribute('cx', p[1]); f.setAttribute('cy', p[2]); }
            else { f.setAttribute('cx', -100); f.setAttribute('cy', -100); }
          });
          document.querySelectorAll('.st').forEach(td => {
            let s = 'possible';
            for (const [ct, st] of (states[td.dataset.r] || [])) { if (ct <= t) s = st; }
            td.textContent = s;
          });
          document.querySelectorAll('.mark').forEach(m => { m.style.opacity = parseFloat(m.dataset.t) <= t ? 1 : 0.3; });
        }
        scrub.addEventListener('input', () => at(parseFloat(scrub.value)));
        const tip = document.getElementById('tip');
        document.querySelectorAll('.mark').forEach(m => {
          m.addEventListener('mousemove', e => { tip.textContent = m.dataset.tip; tip.style.display = 'block'; tip.style.left = (e.clientX + 12) + 'px'; tip.style.top = (e.clientY + 12) + 'px'; });
          m.addEventListener('mouseleave', () => { tip.style.display = 'none'; });
          m.addEventListener('click', () => { scrub.value = m.dataset.t; at(parseFloat(m.dataset.t)); });
        });
        at(parseFloat(scrub.value));
        </script>
        </body></html>

        """
    }
}
