/// A trace's events grouped into strokes: one per pointer from its down to its up or cancel,
/// in the order the strokes began. Kept up to date one event at a time, so a window that draws
/// the strokes every frame, or a playhead that moves forward, never regroups from the start.
public struct TraceStrokes: Sendable {
    public private(set) var strokes: [[TraceEvent]] = []
    private var grouping = StrokeGrouping()

    public init() {}

    public init(_ events: some Sequence<TraceEvent>) {
        for e in events { add(e) }
    }

    /// Adds an event: a down starts a stroke, anything else extends its pointer's stroke (an
    /// event for a pointer that is not down is dropped, as a recorder does).
    public mutating func add(_ e: TraceEvent) {
        switch grouping.place(e) {
        case .starts: strokes.append([e])
        case let .extends(i): strokes[i].append(e)
        case nil: break
        }
    }

    public mutating func removeAll() {
        strokes.removeAll()
        grouping = StrokeGrouping()
    }
}

/// Which stroke each event belongs to, without keeping the events: what `TraceStrokes` and
/// anything else that gathers strokes as a trace streams past (keeping less of each event)
/// share.
public struct StrokeGrouping: Sendable {
    public enum Place: Sendable, Equatable {
        /// A new stroke, numbered after the ones before it.
        case starts
        /// Part of stroke number `i`.
        case extends(Int)
    }

    /// The stroke each pointer still down is drawing.
    private var open: [Int: Int] = [:]
    private var count = 0

    public init() {}

    /// Where `e` goes; nil for an event that is not a touch's, or for a pointer not down.
    public mutating func place(_ e: TraceEvent) -> Place? {
        guard e.type.isTouch else { return nil }
        if e.type == .down {
            open[e.pointer] = count
            count += 1
            return .starts
        }
        guard let i = open[e.pointer] else { return nil }
        if e.type != .move { open[e.pointer] = nil }
        return .extends(i)
    }
}
