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
/// The points go to a spool (memory up to a budget, then a temporary file), read back stroke by
/// stroke when the page is written. One owner adds to a builder (copies share the spool).
public struct StrokePathBuilder: Sendable {
    private var grouping = StrokeGrouping()
    let points: Spool<StrokePoint>
    /// Each stroke's pointer, and its first and last times (ms): the page's touch sequences.
    private(set) var pointers: [Int] = []
    private(set) var bounds: [(first: Double, last: Double)] = []

    public init() { self.init(spillAfter: 1 << 15) }

    init(spillAfter budget: Int) { points = Spool(budget: budget) }

    public init(_ strokes: [StrokePath]) {
        self.init()
        for s in strokes {
            pointers.append(s.pointer)
            bounds.append((s.points.first?.t ?? 0, s.points.last?.t ?? 0))
            for p in s.points { points.append(StrokePoint(t: p.t, x: p.x, y: p.y), to: pointers.count - 1) }
        }
    }

    public var count: Int { pointers.count }

    public mutating func add(_ e: TraceEvent) {
        let i: Int
        switch grouping.place(e) {
        case .starts:
            pointers.append(e.pointer)
            bounds.append((e.time.milliseconds, e.time.milliseconds))
            i = pointers.count - 1
        case let .extends(k): i = k
        case nil: return
        }
        points.append(StrokePoint(t: e.time.milliseconds, x: e.x, y: e.y), to: i)
        bounds[i].last = e.time.milliseconds
    }

    func forEachPoint(ofStroke i: Int, _ body: (StrokePoint) throws -> Void) throws {
        try points.forEach(in: i, body)
    }

    /// The strokes as values (a short trace's; a long one is read back with `forEachPoint`).
    public var strokes: [StrokePath] {
        (0..<count).map { i in
            var path = StrokePath(pointer: pointers[i], points: [])
            try? forEachPoint(ofStroke: i) { path.points.append(($0.t, $0.x, $0.y)) }
            return path
        }
    }
}

struct StrokePoint {
    var t: Double
    var x: Double
    var y: Double
}
