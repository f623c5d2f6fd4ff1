import GestureEngine

/// GestureLab's circle: the cookbook's idea (a closed loop that sweeps about one turn) measured
/// on the resampled stroke at touch-up, so that it survives real input at any speed and size:
/// - it closes: some point after it has turned half a turn comes back within `maximumGap` (0.3)
///   of its size to the start (undershoot and overshoot both pass; an over-drawn circle closes
///   after one turn, long before its end), or within `maximumOpenGap` (0.9) when it is very
///   round (radius varying by at most `maximumOpenRadialVariation`, 0.1): a circle left open;
/// - it turns about once: the net heading change is 0.5 to 2.2 turns, either way round (over-drawn
///   circles go round nearly twice);
/// - it turns evenly: no 1/21 of the path (away from the ends) turns more than
///   `maximumWindowTurn` (90 degrees; a true circle turns 17) - which tells it from rectangles
///   and triangles, whose corners turn 90 to 120 degrees at once; and the sharpest tenth of its
///   windows turn at most `maximumTurnUnevenness` times as much as the median one (a circle
///   about 2, a rounded rectangle 6 or more, however soft its corners);
/// - it is round: the distance of its points from the centre of the circle that fits them best
///   varies by at most `maximumRadialVariation` (0.22 of the mean), and it is not flat (aspect
///   at least 0.5).
/// The recognized circle (centroid and mean radius) is reported as a rectangle in `circle`.
/// The thresholds are the best of a grid on the $1 development set and its over-drawn and open
/// variants (`StrokeDetectorGrids.circle`, `gesturelab crossval`): fitted on all six subjects;
/// the same choice made on five scores F1 1.0 on the sixth (README).
public final class CircleRecognizer: WholeStrokeRecognizer {
    public var maximumGap = 0.3
    public var minimumTurns = 0.5
    public var maximumTurns = 2.2
    public var maximumWindowTurn = 90.0
    public var maximumRadialVariation = 0.22
    public var minimumAspect = 0.5
    public var minimumPathLength = 15.0
    /// A circle left open further than `maximumGap`, up to this, still closes when it is very
    /// round (`maximumOpenRadialVariation`): people who leave a gap draw the rest carefully,
    /// and the shapes with wide gaps (braces, question marks) are not round. Not fitted: writers
    /// outside the development set leave about 0.8 (issue 17), and a round "[" drawn as a "C"
    /// is open by 0.94-0.98, so 0.9 keeps the one and not the other.
    public var maximumOpenGap = 0.9
    public var maximumOpenRadialVariation = 0.1
    public var maximumTurnUnevenness = 5.0

    public override var typeName: String { "circle" }
    public override var strokeName: String { "a circle" }
    /// The recognized circle's bounding square, in window coordinates.
    public private(set) var circle: Rect?

    public override var ownParameters: [ParameterSpec] {
        [
            .number("maximumGap", \CircleRecognizer.maximumGap, unit: "", "gap between start and end, as a fraction of the size (0.3)"),
            .number("minimumTurns", \CircleRecognizer.minimumTurns, unit: "turns", "net turning at least (0.5)"),
            .number("maximumTurns", \CircleRecognizer.maximumTurns, unit: "turns", "net turning at most (2.2)"),
            .number("maximumWindowTurn", \CircleRecognizer.maximumWindowTurn, unit: "deg", "turning within 1/21 of the path at most (90)"),
            .number("maximumRadialVariation", \CircleRecognizer.maximumRadialVariation, unit: "", "spread of the radius over its mean at most (0.22)"),
            .number("minimumAspect", \CircleRecognizer.minimumAspect, unit: "", "shorter side over longer side at least (0.5)"),
            .number("minimumPathLength", \CircleRecognizer.minimumPathLength, unit: "pt", "shorter strokes are not circles (15 pt)"),
            .number("maximumOpenGap", \CircleRecognizer.maximumOpenGap, unit: "", "gap allowed to a very round stroke (0.9)"),
            .number("maximumTurnUnevenness", \CircleRecognizer.maximumTurnUnevenness, unit: "", "90th-percentile window turn over the median one, at most (5)"),
            .number("maximumOpenRadialVariation", \CircleRecognizer.maximumOpenRadialVariation, unit: "", "how round a stroke with a wide gap must be (0.1)"),
        ]
    }

    public override func strokeWillBegin() { circle = nil }

    public override func decide(_ points: [Point]) -> Decision {
        let v = analyze(points)
        if let c = v.circle { circle = c }
        return Decision(accepted: v.circle != nil, reason: v.reason, evidence: v.evidence)
    }

    public struct Verdict: Sendable {
        public var circle: Rect?
        public var reason: String
        public var evidence: [Evidence]
    }

    /// What the tests measure on one stroke: computed once, judged against any thresholds.
    public struct Features: Sendable {
        public var pathLength: Double
        /// The closest it comes back to the start once it has turned half a turn (the end when
        /// it never does), over the stroke's size: an over-drawn circle closes after one turn,
        /// long before its end.
        public var gap: Double
        /// Net heading change, in turns.
        public var turns: Double
        /// The most turning within 1/21 of the path, degrees.
        public var maxWindowTurn: Double
        /// The 90th-percentile window's turning over the median window's: corners, however
        /// rounded, turn much more than the sides between them; a circle turns evenly.
        public var turnUnevenness: Double
        /// Spread of the distance from the fitted centre over its mean.
        public var radialVariation: Double
        public var aspect: Double
        public var center: Point
        public var meanRadius: Double
    }

    /// The measurements, or nil for a stroke with no extent.
    public static func features(_ raw: [Point]) -> Features? {
        guard let g = StrokeGeometry(raw), g.pathLength > 0, g.size > 0 else { return nil }
        let n = g.points.count
        let turning = g.turningAngles
        let total = turning.reduce(0, +)
        let turns = abs(total) / (2 * .pi)
        let gap = closestReturn(g.points, turning: turning, sign: total < 0 ? -1 : 1) / g.size
        let window = max(1, n / 21)
        var windows: [Double] = []
        let lo = turning.count / 10, hi = turning.count * 9 / 10
        var i = lo
        while i + window <= hi {
            windows.append(abs(turning[i..<(i + window)].reduce(0, +)) * 180 / .pi)
            i += 1
        }
        let maxWindow = windows.max() ?? 0
        windows.sort()
        let unevenness = windows.isEmpty ? 1 : windows[windows.count * 9 / 10] / max(windows[windows.count / 2], 1e-9)
        // Round about the circle that fits the points best, not about their centroid: the
        // centroid of a circle left open, or drawn unevenly, is off its centre.
        let c = Self.fittedCenter(g.points) ?? g.centroid
        let radii = g.points.map { $0.distance(to: c) }
        let mean = radii.reduce(0, +) / Double(n)
        let spread = (radii.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(n)).squareRoot() / max(mean, 1e-9)
        return Features(pathLength: g.pathLength, gap: gap, turns: turns, maxWindowTurn: maxWindow, turnUnevenness: unevenness, radialVariation: spread,
                        aspect: min(g.bounds.width, g.bounds.height) / g.size, center: c, meanRadius: mean)
    }

    /// The closest a point comes to the first once the heading has turned half a turn the way
    /// the stroke turns overall (`turning[k]` is the turn at point k + 1); the last point's
    /// distance when it never does.
    static func closestReturn(_ points: [Point], turning: [Double], sign: Double) -> Double {
        let start = points[0]
        var swept = 0.0
        var closest = start.distance(to: points[points.count - 1])
        for (k, a) in turning.enumerated() {
            swept += a * sign
            if swept >= .pi { closest = min(closest, start.distance(to: points[k + 1])) }
        }
        return closest
    }

    /// The centre of the circle nearest the points in the least-squares sense (the algebraic
    /// fit of x² + y² + Dx + Ey + F = 0); nil when they are nearly on a line.
    static func fittedCenter(_ points: [Point]) -> Point? {
        let n = Double(points.count)
        guard n >= 3 else { return nil }
        // Centred coordinates keep the sums small.
        let mx = points.map(\.x).reduce(0, +) / n, my = points.map(\.y).reduce(0, +) / n
        var sxx = 0.0, syy = 0.0, sxy = 0.0, sxz = 0.0, syz = 0.0
        for p in points {
            let x = p.x - mx, y = p.y - my, z = x * x + y * y
            sxx += x * x; syy += y * y; sxy += x * y; sxz += x * z; syz += y * z
        }
        // With centred data the normal equations reduce to [sxx sxy; sxy syy] [D E] = -[sxz syz].
        let det = sxx * syy - sxy * sxy
        guard abs(det) > 1e-9 * max(sxx * syy, 1e-12) else { return nil }
        let d = -(sxz * syy - syz * sxy) / det
        let e = -(syz * sxx - sxz * sxy) / det
        return Point(x: mx - d / 2, y: my - e / 2)
    }

    public func analyze(_ raw: [Point]) -> Verdict {
        guard let f = Self.features(raw), f.pathLength >= minimumPathLength else {
            return Verdict(circle: nil, reason: "too short for a circle", evidence: [])
        }
        return judge(f)
    }

    /// `judge(f).circle != nil`, without the words (cross-validation asks it millions of times).
    public func accepts(_ f: Features) -> Bool {
        f.pathLength >= minimumPathLength && closes(f) && f.turns >= minimumTurns && f.turns <= maximumTurns
            && f.maxWindowTurn <= maximumWindowTurn && f.turnUnevenness <= maximumTurnUnevenness && f.radialVariation <= maximumRadialVariation && f.aspect >= minimumAspect
    }

    /// Its ends come close enough, or it is open but very round.
    public func closes(_ f: Features) -> Bool {
        f.gap <= maximumGap || (f.gap <= maximumOpenGap && f.radialVariation <= maximumOpenRadialVariation)
    }

    /// The tests, in order, on measured features.
    public func judge(_ f: Features) -> Verdict {
        let evidence = [
            Evidence("maximumGap", value: f.gap, threshold: maximumGap, unit: "", comparison: "<="),
            Evidence("minimumTurns", value: f.turns, threshold: minimumTurns, unit: "turns", comparison: ">="),
            Evidence("maximumWindowTurn", value: f.maxWindowTurn, threshold: maximumWindowTurn, unit: "deg", comparison: "<="),
            Evidence("maximumTurnUnevenness", value: f.turnUnevenness, threshold: maximumTurnUnevenness, unit: "", comparison: "<="),
            Evidence("maximumRadialVariation", value: f.radialVariation, threshold: maximumRadialVariation, unit: "", comparison: "<="),
            Evidence("minimumAspect", value: f.aspect, threshold: minimumAspect, unit: "", comparison: ">="),
        ]
        func no(_ why: String) -> Verdict { Verdict(circle: nil, reason: why, evidence: evidence) }
        if f.pathLength < minimumPathLength { return no("too short for a circle") }
        if f.turns < minimumTurns || f.turns > maximumTurns { return no("it turns \(NumberFormat.precise(f.turns)) times, not about once") }
        if !closes(f) {
            let open = f.gap <= maximumOpenGap ? " and, that open, is not round enough (radius varies by \(NumberFormat.precise(f.radialVariation)), at most \(NumberFormat.precise(maximumOpenRadialVariation)))" : ""
            return no("it does not close: it comes back no nearer than \(NumberFormat.precise(f.gap)) of its size to the start\(open)")
        }
        if f.maxWindowTurn > maximumWindowTurn { return no("it has a corner: \(NumberFormat.short(f.maxWindowTurn)) degrees within 1/21 of its length") }
        if f.turnUnevenness > maximumTurnUnevenness { return no("it turns unevenly, as at corners: its sharpest windows turn \(NumberFormat.short(f.turnUnevenness)) times its usual ones") }
        if f.radialVariation > maximumRadialVariation { return no("it is not round: its radius varies by \(NumberFormat.precise(f.radialVariation)) of its mean") }
        if f.aspect < minimumAspect { return no("it is flat: aspect \(NumberFormat.precise(f.aspect))") }
        let rect = Rect(x: f.center.x - f.meanRadius, y: f.center.y - f.meanRadius, width: 2 * f.meanRadius, height: 2 * f.meanRadius)
        return Verdict(circle: rect, reason: "a circle of radius \(NumberFormat.short(f.meanRadius)) pt around \(f.center)", evidence: evidence)
    }
}
