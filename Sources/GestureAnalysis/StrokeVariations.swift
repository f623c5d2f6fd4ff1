import GestureEngine

/// Synthetic variations of real strokes, for writing styles seen on writers outside the $1
/// development set (issue 17). Each is built from a development stroke by a fixed rule, so the
/// variants of a subject's strokes are that subject's: cross-validation keeps them in its folds.
public enum StrokeVariations {
    /// A check that starts with a short rise: a straight lead-in of `length` points climbing up
    /// and to the right at 45 degrees into the stroke's first point, sampled at the stroke's
    /// mean spacing. Real checks drawn this way were missed before (the start was the top of the
    /// down leg).
    public static func leadIn(_ points: [Point], length: Double) -> [Point] {
        guard points.count > 1 else { return points }
        let step = max(pathLength(points) / Double(points.count - 1), 0.5)
        let start = points[0]
        let d = length / 2.0.squareRoot()
        let from = Point(x: start.x - d, y: start.y + d)
        let count = max(2, Int((length / step).rounded()))
        let lead = (0..<count).map { k -> Point in
            let u = Double(k) / Double(count)
            return Point(x: from.x + (start.x - from.x) * u, y: from.y + (start.y - from.y) * u)
        }
        return lead + points
    }

    /// A "v" whose right arm is `factor` times as long: the points after its lowest point are
    /// stretched away from it, so the arm ends well above the start. Such v's were read as checks.
    public static func lopsidedV(_ points: [Point], factor: Double) -> [Point] {
        guard let bottom = points.indices.max(by: { points[$0].y < points[$1].y }) else { return points }
        let turn = points[bottom]
        return points.enumerated().map { i, p in
            i <= bottom ? p : Point(x: turn.x + (p.x - turn.x) * factor, y: turn.y + (p.y - turn.y) * factor)
        }
    }

    /// A circle drawn on past its end: the pen goes round again, retracing the stroke from the
    /// point of its first half nearest to where it was, for `extraTurns` of its samples (1.75
    /// turns in all for 0.75). The last 5% of the stroke (where a lifting pen hooks) is left
    /// out first. The retraced points start where the pen was and drift back onto the first
    /// loop over the first third of the retrace, as a pen does: jumping straight back to the
    /// start (as this did before) made a corner of up to a third of the circle in one step,
    /// which no writer draws and which the corner test rightly rejects.
    public static func overdrawn(_ points: [Point], extraTurns: Double) -> [Point] {
        guard points.count > 4 else { return points }
        let kept = Array(points[..<max(3, points.count * 95 / 100)])
        let end = kept[kept.count - 1]
        let half = max(1, kept.count / 2)
        let nearest = (0..<half).min { kept[$0].distance(to: end) < kept[$1].distance(to: end) } ?? 0
        let extra = Int((Double(points.count) * extraTurns).rounded())
        let from = nearest + 1, to = min(kept.count - 1, nearest + extra)
        guard from <= to else { return kept }
        let offset = end - kept[nearest]
        let drift = max(1.0, Double(to - from + 1) / 3)
        let retrace = (from...to).map { i -> Point in
            let left = max(0, 1 - Double(i - nearest) / drift)
            return Point(x: kept[i].x + offset.dx * left, y: kept[i].y + offset.dy * left)
        }
        return kept + retrace
    }

    /// A circle left open: its last points dropped until its ends are `gap` of its size apart
    /// (0.8 for a circle whose last quarter or so is missing).
    public static func open(_ points: [Point], gap: Double) -> [Point] {
        let xs = points.map(\.x), ys = points.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return points }
        let size = max(maxX - minX, maxY - minY)
        guard size > 0 else { return points }
        var end = points.count
        while end > points.count / 2 && points[0].distance(to: points[end - 1]) < gap * size { end -= 1 }
        return Array(points[..<end])
    }

    static func pathLength(_ points: [Point]) -> Double {
        var length = 0.0
        for i in 1..<points.count { length += points[i - 1].distance(to: points[i]) }
        return length
    }
}
