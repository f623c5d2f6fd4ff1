import CSDL2
import GestureEngine
import GestureScenes
import GestureTrace

/// Draws one studio frame: the scene (views at their current positions, scroll offsets, dragged
/// copies), the strokes with a colour per pointer, recognizer lanes over the last seconds with
/// waiting visible, the latest decision's cause, and a status line.
struct FrameRenderer {
    var width: Double
    var height: Double
    /// Seconds of history shown in the lanes while recording.
    var laneWindow = 3.0
    /// When set (playback), the lanes show this whole time range with a cursor at now.
    var laneRange: (Timestamp, Timestamp)?
    static let laneHeight = 18.0
    static let labelWidth = 150.0

    struct Status {
        var title: String
        /// Recording or not (record); nil in playback, where it does not apply.
        var recording: Bool?
        var message: String
        var keys: String
        var error: String?
    }

    /// Space at the bottom: a lane per recognizer, two lines for the latest decision, two for
    /// the keys, and the scrubber.
    static func lanesHeight(count: Int) -> Double { Double(count) * laneHeight + 72 }

    /// Scene points to window pixels: the scene is scaled to fit above the lanes.
    func sceneTransform(_ window: View, lanes: Int) -> (scale: Double, dx: Double, dy: Double) {
        let available = height - FrameRenderer.lanesHeight(count: lanes) - 24
        // Never enlarge: at 1:1 a recorded point is exactly the pixel that was touched.
        let s = min(1, width / max(window.frame.width, 1), available / max(window.frame.height, 1))
        return (s, (width - window.frame.width * s) / 2, 20)
    }

    func draw(_ c: Canvas, session: LiveSession, strokes: [[TraceEvent]], now: Timestamp, status: Status) {
        c.clear(Canvas.background)
        let window = session.scene.window
        let ids = session.recognizerIDs
        let t = sceneTransform(window, lanes: ids.count)
        func X(_ x: Double) -> Double { t.dx + x * t.scale }
        func Y(_ y: Double) -> Double { t.dy + y * t.scale }
        // Scene.
        c.fill(X(0), Y(0), window.frame.width * t.scale, window.frame.height * t.scale, Canvas.Color(r: 255, g: 255, b: 255))
        c.frame(X(0), Y(0), window.frame.width * t.scale, window.frame.height * t.scale, Canvas.viewEdge)
        // Each view's visible part (content is clipped to its ancestors, as in a scroll view).
        var visible: [(View, Rect)] = []
        for v in window.subtree.dropFirst() where !v.isHidden {
            var clip = Rect(x: 0, y: 0, width: window.frame.width, height: window.frame.height)
            var a = v.superview
            while let s = a, s !== window {
                clip = clip.intersection(s.frameInWindow)
                a = s.superview
            }
            var cr = SDL_Rect(x: Canvas.px(X(clip.minX)), y: Canvas.px(Y(clip.minY)), w: Canvas.px(clip.width * t.scale), h: Canvas.px(clip.height * t.scale))
            SDL_RenderSetClipRect(c.renderer, &cr)
            defer { SDL_RenderSetClipRect(c.renderer, nil) }
            let f = v.frameInWindow
            let fill: Canvas.Color
            switch v.kindName {
            case "scroll": fill = Canvas.scrollFill
            case "control": fill = Canvas.controlFill
            default: fill = v.id.contains(".copy") ? Canvas.Color(r: 210, g: 226, b: 244) : Canvas.viewFill
            }
            c.fill(X(f.minX), Y(f.minY), f.width * t.scale, f.height * t.scale, fill)
            c.frame(X(f.minX), Y(f.minY), f.width * t.scale, f.height * t.scale, Canvas.viewEdge)
            visible.append((v, clip.intersection(f)))
        }
        // Labels go on after every fill, each where no other label is: the "hit" marks of the
        // views under a finger first, then the views' ids at the top left of what shows of them.
        var taken: [Rect] = []
        func place(_ text: String, at x: Double, _ y: Double, maxWidth: Double, color: Canvas.Color, role: String) -> Bool {
            let shown = Canvas.fit(text, width: maxWidth)
            guard !shown.isEmpty else { return false }
            let box = Rect(x: x, y: y, width: Canvas.width(of: shown), height: Canvas.lineHeight)
            guard !taken.contains(where: { $0.intersects(box, margin: 1) }) else { return false }
            taken.append(box)
            c.text(shown, x, y, color, maxWidth: maxWidth, role: role)
            return true
        }
        for (i, touch) in session.scene.environment.touchesDown.enumerated() {
            guard let v = touch.view, v !== window else { continue }
            let f = v.frameInWindow
            let color = Canvas.pointers[i % Canvas.pointers.count]
            for k in 0..<3 {
                let o = Double(k)
                c.frame(X(f.minX) - o, Y(f.minY) - o, f.width * t.scale + 2 * o, f.height * t.scale + 2 * o, color)
            }
            _ = place("hit", at: X(f.maxX) - 3 * Canvas.charWidth - 4, Y(f.minY) + 4, maxWidth: 3 * Canvas.charWidth, color: color, role: "hit")
        }
        for (v, shown) in visible where shown.width * t.scale >= 2 * Canvas.charWidth && shown.height * t.scale >= Canvas.lineHeight + 6 {
            let x = X(shown.minX) + 4, width = shown.width * t.scale - 8
            var y = Y(shown.minY) + 4
            // Lower down the view when a label is already there (a child at its parent's corner).
            while y + Canvas.lineHeight <= Y(shown.maxY) - 2 {
                if place(v.id, at: x, y, maxWidth: width, color: Canvas.faint, role: "view") { break }
                y += Canvas.lineHeight + 2
            }
        }
        // Strokes, a colour per pointer, with a dot where a finger is down.
        for (i, stroke) in strokes.enumerated() {
            let color = Canvas.pointers[i % Canvas.pointers.count]
            c.polyline(stroke.map { SDL_Point(x: Canvas.px(X($0.x)), y: Canvas.px(Y($0.y))) }, color, width: 3)
            if let last = stroke.last, last.type == .down || last.type == .move {
                c.dot(X(last.x), Y(last.y), radius: 9, Canvas.Color(r: color.r, g: color.g, b: color.b, a: 120))
            }
        }
        // Lanes.
        let top = height - FrameRenderer.lanesHeight(count: ids.count)
        c.fill(0, top - 4, width, height - top + 4, Canvas.Color(r: 243, g: 244, b: 246))
        let plotX = FrameRenderer.labelWidth, plotW = width - plotX - 10
        let start = laneRange.map { $0.0.seconds } ?? now.seconds - laneWindow
        let span = laneRange.map { max($0.1.seconds - $0.0.seconds, 0.001) } ?? laneWindow
        func px(_ time: Timestamp) -> Double { plotX + (time.seconds - start) / span * plotW }
        let changes = session.stateChanges()
        for (i, id) in ids.enumerated() {
            let y = top + Double(i) * FrameRenderer.laneHeight
            c.text(id, 6, y + 5, maxWidth: plotX - 12, role: "lane id")
            c.fill(plotX, y + 3, plotW, FrameRenderer.laneHeight - 6, Canvas.stateColor("possible"))
            let list = changes[id] ?? []
            for (k, (time, state)) in list.enumerated() {
                if time > now { break }
                let end = min(k + 1 < list.count ? list[k + 1].0 : now, now)
                guard end.seconds >= start, state != "possible" else { continue }
                let x0 = max(plotX, px(time)), x1 = min(plotX + plotW, max(px(end), x0 + 3))
                c.fill(x0, y + 3, x1 - x0, FrameRenderer.laneHeight - 6, Canvas.stateColor(state))
            }
            if laneRange != nil {
                c.fill(px(now), y + 1, 2, FrameRenderer.laneHeight - 2, Canvas.recording)
            }
            let current = LiveSession.state(in: list, at: now)
            c.text(current, plotX + plotW - Canvas.width(of: current) - 4, y + 5, Canvas.ink, maxWidth: plotW / 2, role: "lane state \(id)")
        }
        // The latest decision, in the words of its recognizer's lane.
        let textWidth = width - 12
        let below = top + Double(ids.count) * FrameRenderer.laneHeight
        let decision = session.decisionLine(at: now, changes: changes)
        for (k, line) in Canvas.wrap(decision, width: textWidth, lines: 2).enumerated() {
            c.text(line, 6, below + 8 + Double(k) * 10, Canvas.ink, maxWidth: textWidth, role: "decision")
        }
        for (k, line) in Canvas.wrap(status.keys, width: textWidth, lines: 2).enumerated() {
            c.text(line, 6, below + 32 + Double(k) * 10, Canvas.faint, maxWidth: textWidth, role: "keys")
        }
        // Status line.
        c.fill(0, 0, width, 16, status.recording == true ? Canvas.recording : Canvas.Color(r: 60, g: 66, b: 78))
        let state = status.recording.map { $0 ? "RECORDING  " : "not recording  " } ?? ""
        c.text("\(state)\(status.title)" + (status.message.isEmpty ? "" : "  \(status.message)"), 6, 4, Canvas.Color(r: 255, g: 255, b: 255), maxWidth: textWidth, role: "status")
        if let e = status.error {
            let lines = Canvas.wrap(e, width: textWidth, lines: 3)
            c.fill(0, 18, width, Double(lines.count) * 10 + 6, Canvas.Color(r: 255, g: 226, b: 226))
            for (k, line) in lines.enumerated() {
                c.text(line, 6, 21 + Double(k) * 10, Canvas.recording, maxWidth: textWidth, role: "error")
            }
        }
    }
}
