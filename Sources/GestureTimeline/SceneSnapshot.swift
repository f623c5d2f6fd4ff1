import GestureEngine
import GestureTrace

/// The views of a scene as drawn on a timeline page: each view's rectangle in window points.
public struct SceneSnapshot: Sendable {
    public struct Box: Sendable {
        public var id: String
        public var kind: String
        public var frame: Rect
        public var depth: Int
    }

    public var width: Double
    public var height: Double
    public var boxes: [Box]

    public init(_ window: View) {
        width = window.frame.width
        height = window.frame.height
        boxes = window.subtree.dropFirst().map { Box(id: $0.id, kind: $0.kindName, frame: $0.frameInWindow, depth: $0.depth) }
    }
}

/// One pointer's path through the trace, for drawing.
public struct StrokePath: Sendable {
    public var pointer: Int
    /// (ms, x, y)
    public var points: [(t: Double, x: Double, y: Double)]

    public init(pointer: Int, points: [(t: Double, x: Double, y: Double)]) {
        self.pointer = pointer
        self.points = points
    }

    /// Each stroke of a trace's events, from its touch down to its lift.
    public static func strokes(of events: [TraceEvent]) -> [StrokePath] {
        var b = StrokePathBuilder()
        for e in events { b.add(e) }
        return b.strokes
    }
}

/// Strokes gathered event by event while a trace streams past (grouped as `TraceStrokes`
/// groups them, keeping only time and place): a long trace's strokes without holding its events.
public struct StrokePathBuilder: Sendable {
    public private(set) var strokes: [StrokePath] = []
    private var grouping = StrokeGrouping()

    public init() {}

    public mutating func add(_ e: TraceEvent) {
        switch grouping.place(e) {
        case .starts: strokes.append(StrokePath(pointer: e.pointer, points: [(e.time.milliseconds, e.x, e.y)]))
        case let .extends(i): strokes[i].points.append((e.time.milliseconds, e.x, e.y))
        case nil: break
        }
    }
}
