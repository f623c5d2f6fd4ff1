import GestureEngine
import GestureTrace

/// The timeline page's data, compact enough for a million-event trace: columns of integers
/// instead of an element per mark. Times are whole microseconds from the trace's start, each
/// the difference from the one before it in its column; positions are tenths of a point, also
/// as differences; labels, causes and mark styles are tables, each entry written once and
/// referred to by index. The page decodes it into typed arrays (`TimelineHTML`).
///
///     {"title", "startMs", "endUs", "recognizers": [name],
///      "styles": [[kind, colour, shape, priority]], "labels": [text], "causes": [text],
///      "lanes": [{"id", "kind", "spans": [Δstart, length, stateLabel, ...],
///                 "marks": [Δt, style, label, cause, ...]}],
///      "links": [Δfrom, to - from, ...],          (mark numbers, counted lane after lane)
///      "strokes": [{"pointer", "points": [Δt, Δx, Δy, ...]}],
///      "sequences": [Δstart, length, touches, ...]}
public enum TimelineData {
    /// Shapes the page draws marks with: d diamond (state changes), c circle (actions), b bar.
    static func shape(_ kind: String) -> String {
        switch kind {
        case "transition", "pending", "released": return "d"
        case "action": return "c"
        default: return "b"
        }
    }

    /// Which mark a pixel column shows when several fall in it: decisions first.
    static func priority(_ mark: TimelineModel.Mark) -> Int {
        guard mark.kind == "transition" else { return mark.kind == "action" ? 2 : 1 }
        if mark.label.hasSuffix("failed") || mark.label.hasSuffix("cancelled") { return 4 }
        if mark.label.hasSuffix("recognized") || mark.label.hasSuffix("ended") { return 3 }
        return 2
    }

    /// The touch sequences of the strokes: from a first finger down to the last finger up.
    static func sequences(_ strokes: StrokePathBuilder) -> [(start: Double, end: Double, touches: Int)] {
        let spans = strokes.bounds.sorted { $0.first < $1.first }
        var out: [(start: Double, end: Double, touches: Int)] = []
        for (a, b) in spans {
            if let last = out.last, a <= last.end {
                out[out.count - 1].end = max(last.end, b)
                out[out.count - 1].touches += 1
            } else {
                out.append((a, b, 1))
            }
        }
        return out
    }

    public static func encode(_ model: TimelineModel, title: String, strokes: [StrokePath], recognizers: [String]) throws -> [UInt8] {
        let (out, bytes) = PageOutput.collecting()
        try encode(model, title: title, strokes: StrokePathBuilder(strokes), recognizers: recognizers, into: out)
        try out.flush()
        return bytes()
    }

    /// The data written into `out` as it is made (escaped for the page's script element): a
    /// long trace's marks are read back from the model's spool lane by lane, never all held.
    public static func encode(_ model: TimelineModel, title: String, strokes: StrokePathBuilder, recognizers: [String], into out: PageOutput) throws {
        let j = JSONBytes()
        func drain() throws {
            try j.buffer.withUnsafeBytes { try out.writeData($0) }
            j.clear()
        }
        defer { out.endData() }
        let origin = model.start.microseconds
        var table: [String: Int] = [:], labels: [String] = []
        var causeIndex: [String: Int] = [:], causes: [String] = []
        var styleIndex: [String: Int] = [:], styles: [(String, String, String, Int)] = []
        func label(_ s: String) -> Int {
            if let i = table[s] { return i }
            labels.append(s)
            table[s] = labels.count - 1
            return labels.count - 1
        }
        func cause(_ m: TimelineModel.Mark) -> Int {
            let text = m.evidence.isEmpty ? m.cause : m.cause + " [" + m.evidence + "]"
            if let i = causeIndex[text] { return i }
            causes.append(text)
            causeIndex[text] = causes.count - 1
            return causes.count - 1
        }
        func style(_ m: TimelineModel.Mark) -> Int {
            let colour = TimelineSVG.markColor(m), p = priority(m)
            let key = m.kind + "|" + colour + "|" + String(p)
            if let i = styleIndex[key] { return i }
            styles.append((m.kind, colour, shape(m.kind), p))
            styleIndex[key] = styles.count - 1
            return styles.count - 1
        }
        j.ascii("{\"title\":")
        j.quoted(title)
        j.ascii(",\"startMs\":")
        j.fixed(origin, scale: 1000)
        j.ascii(",\"endUs\":")
        j.integer(model.end.microseconds - origin)
        j.ascii(",\"recognizers\":")
        strings(recognizers, into: j)
        j.ascii(",\"lanes\":[")
        // Mark numbers count lane after lane: a link's ends are (lane, place in lane).
        var laneFirstMark: [Int] = []
        var marks = 0
        for lane in model.lanes {
            laneFirstMark.append(marks)
            marks += lane.markCount
        }
        for (li, lane) in model.lanes.enumerated() {
            if li > 0 { j.byte(0x2C) }
            j.ascii("{\"id\":")
            j.quoted(lane.id)
            j.ascii(",\"kind\":")
            j.quoted(lane.kind)
            j.ascii(",\"spans\":[")
            var previous = origin
            for (k, span) in lane.spans.enumerated() {
                if k > 0 { j.byte(0x2C) }
                j.integer(span.start.microseconds - previous)
                j.byte(0x2C)
                j.integer(span.end.microseconds - span.start.microseconds)
                j.byte(0x2C)
                j.integer(Int64(label(span.state)))
                previous = span.start.microseconds
            }
            j.ascii("],\"marks\":[")
            previous = origin
            var k = 0
            try model.forEachMark(inLane: li) { mark in
                if k > 0 { j.byte(0x2C) }
                k += 1
                j.integer(mark.time.microseconds - previous)
                j.byte(0x2C)
                j.integer(Int64(style(mark)))
                j.byte(0x2C)
                j.integer(Int64(label(mark.label)))
                j.byte(0x2C)
                j.integer(Int64(cause(mark)))
                previous = mark.time.microseconds
                if j.buffer.count >= 1 << 16 { try drain() }
            }
            j.ascii("]}")
        }
        j.ascii("],\"links\":[")
        var previousFrom = 0, first = true
        try model.forEachLink { link in
            let a = laneFirstMark[link.fromLane] + link.fromIndex, b = laneFirstMark[link.toLane] + link.toIndex
            guard a != b else { return }
            if j.buffer.count >= 1 << 16 { try drain() }
            if !first { j.byte(0x2C) }
            first = false
            j.integer(Int64(a - previousFrom))
            j.byte(0x2C)
            j.integer(Int64(b - a))
            previousFrom = a
        }
        j.ascii("],\"strokes\":[")
        for k in 0..<strokes.count {
            if j.buffer.count >= 1 << 16 { try drain() }
            if k > 0 { j.byte(0x2C) }
            j.ascii("{\"pointer\":")
            j.integer(Int64(strokes.pointers[k]))
            j.ascii(",\"points\":[")
            var t = origin, x: Int64 = 0, y: Int64 = 0, i = 0
            try strokes.forEachPoint(ofStroke: k) { p in
                if i > 0 { j.byte(0x2C) }
                i += 1
                let pt = Int64((p.t * 1000).rounded()), px = Int64((p.x * 10).rounded()), py = Int64((p.y * 10).rounded())
                j.integer(pt - t)
                j.byte(0x2C)
                j.integer(px - x)
                j.byte(0x2C)
                j.integer(py - y)
                t = pt; x = px; y = py
                if j.buffer.count >= 1 << 16 { try drain() }
            }
            j.ascii("]}")
        }
        j.ascii("],\"sequences\":[")
        var previous = origin
        for (k, s) in sequences(strokes).enumerated() {
            if k > 0 { j.byte(0x2C) }
            let a = Int64((s.start * 1000).rounded()), b = Int64((s.end * 1000).rounded())
            j.integer(a - previous)
            j.byte(0x2C)
            j.integer(b - a)
            j.byte(0x2C)
            j.integer(Int64(s.touches))
            previous = a
        }
        j.ascii("],\"styles\":[")
        for (k, s) in styles.enumerated() {
            if k > 0 { j.byte(0x2C) }
            j.byte(0x5B)
            j.quoted(s.0)
            j.byte(0x2C)
            j.quoted(s.1)
            j.byte(0x2C)
            j.quoted(s.2)
            j.byte(0x2C)
            j.integer(Int64(s.3))
            j.byte(0x5D)
        }
        j.ascii("],\"labels\":")
        strings(labels, into: j)
        j.ascii(",\"causes\":")
        strings(causes, into: j)
        j.byte(0x7D)
        try drain()
    }

    static func strings(_ list: [String], into j: JSONBytes) {
        j.byte(0x5B)
        for (k, s) in list.enumerated() {
            if k > 0 { j.byte(0x2C) }
            j.quoted(s)
        }
        j.byte(0x5D)
    }
}
