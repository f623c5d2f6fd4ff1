/// A trace's events grouped into strokes: one per pointer from its down to its up or cancel,
/// in the order the strokes began. Kept up to date one event at a time, so a window that draws
/// the strokes every frame, or a playhead that moves forward, never regroups from the start.
public struct TraceStrokes: Sendable {
    public private(set) var strokes: [[TraceEvent]] = []
    /// The stroke each pointer still down is drawing.
    private var open: [Int: Int] = [:]

    public init() {}

    public init(_ events: some Sequence<TraceEvent>) {
        for e in events { add(e) }
    }

    /// Adds an event: a down starts a stroke, anything else extends its pointer's stroke (an
    /// event for a pointer that is not down is dropped, as a recorder does).
    public mutating func add(_ e: TraceEvent) {
        guard e.type.isTouch else { return }
        if e.type == .down {
            strokes.append([e])
            open[e.pointer] = strokes.count - 1
        } else if let i = open[e.pointer] {
            strokes[i].append(e)
            if e.type != .move { open[e.pointer] = nil }
        }
    }

    public mutating func removeAll() {
        strokes.removeAll()
        open.removeAll()
    }
}
