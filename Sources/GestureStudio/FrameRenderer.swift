import CSDL2
import GestureEngine
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
        var recording: Bool
        var message: String
        var keys: String
        var error: String?
    }

    /// Space for the lanes at the bottom.
    func lanesHeight(count: Int) -> Double { Double(count) * FrameRenderer.laneHeight + 48 }

    /// Scene points to window pixels: the scene is scaled to fit above the lanes.
    func sceneTransform(_ window: View, lanes: Int) -> (scale: Double, dx: Double, dy: Double) {
        let available = height - lanesHeight(count: lanes) - 24
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
        for v in window.subtree.dropFirst() where !v.isHidden {
            // Content is clipped to its ancestors (a scroll view shows only what is in its bounds).
            var clip = Rect(x: 0, y: 0, width: window.frame.width, height: window.frame.height)
            var a = v.superview
            while let s = a, s !== window {
                let fr = s.frameInWindow
                let x0 = max(clip.minX, fr.minX), y0 = max(clip.minY, fr.minY)
                clip = Rect(x: x0, y: y0, width: max(0, min(clip.maxX, fr.maxX) - x0), height: max(0, min(clip.maxY, fr.maxY) - y0))
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
            c.text(v.id, X(f.minX) + 4, Y(f.minY) + 4, Canvas.faint)
        }
        // The views hit by the touches that are down, outlined in their pointer's colour.
        for (i, touch) in session.scene.environment.touchesDown.enumerated() {
            guard let v = touch.view, v !== window else { continue }
            let f = v.frameInWindow
            let color = Canvas.pointers[i % Canvas.pointers.count]
            for k in 0..<3 {
                let o = Double(k)
                c.frame(X(f.minX) - o, Y(f.minY) - o, f.width * t.scale + 2 * o, f.height * t.scale + 2 * o, color)
            }
            c.text("hit", X(f.maxX) - 3 * Canvas.charWidth - 4, Y(f.minY) + 4, color)
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
        let top = height - lanesHeight(count: ids.count)
        c.fill(0, top - 4, width, height - top + 4, Canvas.Color(r: 243, g: 244, b: 246))
        let plotX = FrameRenderer.labelWidth, plotW = width - plotX - 10
        let start = laneRange.map { $0.0.seconds } ?? now.seconds - laneWindow
        let span = laneRange.map { max($0.1.seconds - $0.0.seconds, 0.001) } ?? laneWindow
        func px(_ time: Timestamp) -> Double { plotX + (time.seconds - start) / span * plotW }
        let changes = session.stateChanges()
        for (i, id) in ids.enumerated() {
            let y = top + Double(i) * FrameRenderer.laneHeight
            c.text(String(id.prefix(18)), 6, y + 5)
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
            let current = list.last { $0.0 <= now }?.1 ?? "possible"
            c.text(current, plotX + plotW - Double(current.count) * Canvas.charWidth - 4, y + 5, Canvas.ink)
        }
        let cause = session.latestDecision(before: now).map { "\($0.time.millisecondsText) ms  \($0.recognizer ?? ""): \($0.to ?? "waits") - \($0.cause.text)" } ?? "no decision yet"
        let maxChars = Int(width / Canvas.charWidth) - 2
        c.text(String(cause.prefix(maxChars)), 6, height - 34, Canvas.ink)
        // Status line.
        c.fill(0, 0, width, 16, status.recording ? Canvas.recording : Canvas.Color(r: 60, g: 66, b: 78))
        let state = status.recording ? "RECORDING" : "not recording"
        c.text("\(state)  \(status.title)  \(status.message)".prefix(maxChars).description, 6, 4, Canvas.Color(r: 255, g: 255, b: 255))
        c.text(String(status.keys.prefix(maxChars)), 6, height - 22, Canvas.faint)
        if let e = status.error {
            c.fill(0, 18, width, 14, Canvas.Color(r: 255, g: 226, b: 226))
            c.text(String(e.prefix(maxChars)), 6, 21, Canvas.recording)
        }
    }
}
