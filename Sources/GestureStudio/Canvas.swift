import CSDL2
import GestureEngine

/// Drawing on an SDL renderer with the studio's palette: calm colours, one per state.
final class Canvas {
    let renderer: OpaquePointer

    init(renderer: OpaquePointer) { self.renderer = renderer }

    struct Color { var r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255 }

    static let background = Color(r: 250, g: 250, b: 250)
    static let ink = Color(r: 40, g: 44, b: 52)
    static let faint = Color(r: 150, g: 156, b: 166)
    static let viewFill = Color(r: 238, g: 241, b: 245)
    static let viewEdge = Color(r: 150, g: 164, b: 180)
    static let scrollFill = Color(r: 228, g: 238, b: 248)
    static let controlFill = Color(r: 252, g: 238, b: 220)
    static let recording = Color(r: 210, g: 60, b: 60)
    static let pointers = [Color(r: 59, g: 110, b: 165), Color(r: 200, g: 95, b: 95), Color(r: 63, g: 143, b: 99), Color(r: 138, g: 90, b: 168)]

    static func stateColor(_ state: String) -> Color {
        switch state {
        case "waiting": return Color(r: 242, g: 196, b: 109)
        case "began", "changed": return Color(r: 140, g: 197, b: 173)
        case "recognized", "ended": return Color(r: 63, g: 143, b: 99)
        case "failed": return Color(r: 200, g: 95, b: 95)
        case "cancelled": return Color(r: 221, g: 141, b: 76)
        default: return Color(r: 222, g: 225, b: 230)
        }
    }

    /// A coordinate as SDL's pixel integer. Times far past a trace's end, or a scene many times
    /// the window's size, put marks far outside the window; they are clamped to where SDL clips
    /// them (a conversion of such a Double to Int32 would trap), and nan draws at 0.
    @inline(__always)
    static func px(_ v: Double) -> Int32 {
        guard v.isFinite else { return v.isNaN ? 0 : (v > 0 ? limit : -limit) }
        return Int32(min(max(v.rounded(), -Double(limit)), Double(limit)))
    }
    static let limit: Int32 = 1 << 24

    func set(_ c: Color) { SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, c.a) }

    func clear(_ c: Color) {
        set(c)
        SDL_RenderClear(renderer)
    }

    func fill(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ c: Color) {
        set(c)
        var r = SDL_Rect(x: Canvas.px(x), y: Canvas.px(y), w: max(1, Canvas.px(w)), h: max(1, Canvas.px(h)))
        SDL_RenderFillRect(renderer, &r)
    }

    func frame(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ c: Color) {
        set(c)
        var r = SDL_Rect(x: Canvas.px(x), y: Canvas.px(y), w: max(1, Canvas.px(w)), h: max(1, Canvas.px(h)))
        SDL_RenderDrawRect(renderer, &r)
    }

    func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ c: Color, width: Int = 1) {
        set(c)
        for k in 0..<width {
            let o = Double(k) - Double(width - 1) / 2
            SDL_RenderDrawLine(renderer, Canvas.px(x0 + o), Canvas.px(y0), Canvas.px(x1 + o), Canvas.px(y1))
            SDL_RenderDrawLine(renderer, Canvas.px(x0), Canvas.px(y0 + o), Canvas.px(x1), Canvas.px(y1 + o))
        }
    }

    /// A polyline in one call per pixel of width (a 5,000-point stroke is three calls, not 30,000).
    func polyline(_ points: [SDL_Point], _ c: Color, width: Int = 1) {
        guard points.count > 1 else { return }
        set(c)
        var shifted = points
        for k in 0..<width {
            let o = Int32(k - (width - 1) / 2)
            for i in shifted.indices { shifted[i] = SDL_Point(x: points[i].x + o, y: points[i].y + (k % 2 == 0 ? 0 : o)) }
            _ = shifted.withUnsafeBufferPointer { SDL_RenderDrawLines(renderer, $0.baseAddress, Int32($0.count)) }
        }
    }

    func dot(_ x: Double, _ y: Double, radius: Double, _ c: Color) {
        set(c)
        let r = Int(Canvas.px(min(radius, 64)))
        let cx = Int(Canvas.px(x)), cy = Int(Canvas.px(y))
        guard r >= 0 else { return }
        for dy in -r...r {
            let half = Int((Double(r * r - dy * dy)).squareRoot())
            SDL_RenderDrawLine(renderer, Int32(cx - half), Int32(cy + dy), Int32(cx + half), Int32(cy + dy))
        }
    }

    /// A piece of text as drawn: what `play --describe-frame` reports, so tests can check that
    /// nothing is cut off or drawn over other text.
    struct TextBox {
        var text: String
        var x, y, width: Double
        var role: String
        var height: Double { Canvas.lineHeight }
    }

    /// The texts drawn since the frame began, when asked for.
    var drawnTexts: [TextBox]?

    /// 8x8 bitmap text (SDL's test font): enough for ids, times and causes. Text longer than
    /// `maxWidth` ends in "..." instead of running past its space.
    @discardableResult
    func text(_ s: String, _ x: Double, _ y: Double, _ c: Color = Canvas.ink, maxWidth: Double, role: String = "text") -> Double {
        let shown = Canvas.fit(s, width: maxWidth)
        guard !shown.isEmpty else { return 0 }
        set(c)
        _ = SDLTest_DrawString(renderer, Canvas.px(x), Canvas.px(y), shown)
        let width = Canvas.width(of: shown)
        drawnTexts?.append(TextBox(text: shown, x: x, y: y, width: width, role: role))
        return width
    }

    static let charWidth = 8.0
    static let lineHeight = 8.0
    static let ellipsis = "..."

    static func width(of s: String) -> Double { Double(s.unicodeScalars.count) * charWidth }

    /// `s` if it fits in `width`, else as much as fits followed by "..." (nothing when not even
    /// that fits). The font is one byte per character, so the count is of scalars.
    static func fit(_ s: String, width: Double) -> String {
        let room = Int(width / charWidth)
        let scalars = Array(s.unicodeScalars)
        if scalars.count <= room { return s }
        guard room > ellipsis.count else { return "" }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars[..<(room - ellipsis.count)])
        return String(out) + ellipsis
    }

    /// `s` broken into at most `lines` lines of `width`, at spaces where possible; the last line
    /// ends in "..." when the text does not fit.
    static func wrap(_ s: String, width: Double, lines: Int) -> [String] {
        let room = max(1, Int(width / charWidth))
        var out: [String] = []
        var rest = Substring(s)
        while !rest.isEmpty && out.count < lines {
            if rest.unicodeScalars.count <= room {
                out.append(String(rest))
                rest = ""
                break
            }
            if out.count == lines - 1 {
                out.append(fit(String(rest), width: width))
                rest = ""
                break
            }
            let head = rest.prefix(room + 1)
            let cut = head.lastIndex(of: " ").map { $0 > rest.startIndex ? $0 : rest.index(rest.startIndex, offsetBy: room) }
                ?? rest.index(rest.startIndex, offsetBy: room)
            out.append(String(rest[..<cut]))
            rest = rest[cut...].drop { $0 == " " }
        }
        return out
    }
}
