import GestureEngine

/// One straight-ish part of a stroke: consecutive moves in the same direction.
public struct DirectionalStroke: Sendable, Equatable {
    public var direction: StrokeDirection
    public var start: Point
    public var end: Point
    public var moves: Int
}

/// Seed 003's segmentation of a stroke into directional strokes: each move is classified by its
/// gradient to the nearest of eight directions; moves that are "slow" (under `slowThreshold` on
/// either axis, as the sample defines it) join the current segment instead of starting one.
public enum DirectionalSegmenter {
    public static func segments(of points: [Point], slowThreshold: Double = 5) -> [DirectionalStroke] {
        var out: [DirectionalStroke] = []
        guard points.count >= 2 else { return out }
        for i in 1..<points.count {
            let v = TouchVelocity(vx: points[i].x - points[i - 1].x, vy: points[i].y - points[i - 1].y)
            if v.vx == 0 && v.vy == 0 { continue }
            let d = StrokeDirection.nearest(v.gradient)
            if var last = out.last, last.direction == d || v.isSlow(threshold: slowThreshold) {
                last.end = points[i]
                last.moves += 1
                out[out.count - 1] = last
            } else {
                out.append(DirectionalStroke(direction: d, start: points[i - 1], end: points[i], moves: 1))
            }
        }
        return out
    }
}
