import GestureEngine

/// GestureLab's circle: the cookbook's idea (a closed loop that sweeps about one turn) measured
/// on the resampled stroke at touch-up, so that it survives real input at any speed and size:
/// - it closes: some point of its last 30% comes back within `maximumGap` (0.45) of its size to
///   the start (undershoot and overshoot both pass);
/// - it turns about once: the net heading change is 0.7 to 1.6 turns, either way round;
/// - it turns evenly: no 1/21 of the path (away from the ends) turns more than
///   `maximumWindowTurn` (72 degrees; a true circle turns 17) - which tells it from rectangles
///   and triangles, whose corners turn 90 to 120 degrees at once;
/// - it is round: the distance of its points from their centroid varies by at most
///   `maximumRadialVariation` (0.22 of the mean), and it is not flat (aspect at least 0.6).
/// The recognized circle (centroid and mean radius) is reported as a rectangle in `circle`.
/// Thresholds come from the shape and were checked against the $1 development set.
public final class CircleRecognizer: WholeStrokeRecognizer {
    public var maximumGap = 0.45
    public var minimumTurns = 0.7
    public var maximumTurns = 1.6
    public var maximumWindowTurn = 72.0
    public var maximumRadialVariation = 0.22
    public var minimumAspect = 0.6
    public var minimumPathLength = 15.0

    public override var typeName: String { "circle" }
    public override var strokeName: String { "a circle" }
    /// The recognized circle's bounding square, in window coordinates.
    public private(set) var circle: Rect?

    public override var ownParameters: [ParameterSpec] {
        [
            .number("maximumGap", \CircleRecognizer.maximumGap, unit: "", "gap between start and end, as a fraction of the size (0.45)"),
            .number("minimumTurns", \CircleRecognizer.minimumTurns, unit: "turns", "net turning at least (0.7)"),
            .number("maximumTurns", \CircleRecognizer.maximumTurns, unit: "turns", "net turning at most (1.6)"),
            .number("maximumWindowTurn", \CircleRecognizer.maximumWindowTurn, unit: "deg", "turning within 1/21 of the path at most (72)"),
            .number("maximumRadialVariation", \CircleRecognizer.maximumRadialVariation, unit: "", "spread of the radius over its mean at most (0.22)"),
            .number("minimumAspect", \CircleRecognizer.minimumAspect, unit: "", "shorter side over longer side at least (0.6)"),
            .number("minimumPathLength", \CircleRecognizer.minimumPathLength, unit: "pt", "shorter strokes are not circles (15 pt)"),
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

    public func analyze(_ raw: [Point]) -> Verdict {
        guard let g = StrokeGeometry(raw), g.pathLength >= minimumPathLength, g.size > 0 else {
            return Verdict(circle: nil, reason: "too short for a circle", evidence: [])
        }
        let n = g.points.count
        let start = g.points[0]
        var gap = Double.infinity
        for i in (n * 7 / 10)..<n { gap = min(gap, start.distance(to: g.points[i])) }
        gap /= g.size
        let turning = g.turningAngles
        let turns = abs(turning.reduce(0, +)) / (2 * .pi)
        let window = max(1, n / 21)
        var maxWindow = 0.0
        let lo = turning.count / 10, hi = turning.count * 9 / 10
        var i = lo
        while i + window <= hi {
            maxWindow = max(maxWindow, abs(turning[i..<(i + window)].reduce(0, +)) * 180 / .pi)
            i += 1
        }
        let c = g.centroid
        let radii = g.points.map { $0.distance(to: c) }
        let mean = radii.reduce(0, +) / Double(n)
        let spread = (radii.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(n)).squareRoot() / max(mean, 1e-9)
        let aspect = min(g.bounds.width, g.bounds.height) / g.size
        let evidence = [
            Evidence("maximumGap", value: gap, threshold: maximumGap, unit: "", comparison: "<="),
            Evidence("minimumTurns", value: turns, threshold: minimumTurns, unit: "turns", comparison: ">="),
            Evidence("maximumWindowTurn", value: maxWindow, threshold: maximumWindowTurn, unit: "deg", comparison: "<="),
            Evidence("maximumRadialVariation", value: spread, threshold: maximumRadialVariation, unit: "", comparison: "<="),
            Evidence("minimumAspect", value: aspect, threshold: minimumAspect, unit: "", comparison: ">="),
        ]
        func no(_ why: String) -> Verdict { Verdict(circle: nil, reason: why, evidence: evidence) }
        if gap > maximumGap { return no("it does not close: the end stays \(NumberFormat.precise(gap)) of its size from the start") }
        if turns < minimumTurns || turns > maximumTurns { return no("it turns \(NumberFormat.precise(turns)) times, not about once") }
        if maxWindow > maximumWindowTurn { return no("it has a corner: \(NumberFormat.short(maxWindow)) degrees within 1/21 of its length") }
        if spread > maximumRadialVariation { return no("it is not round: its radius varies by \(NumberFormat.precise(spread)) of its mean") }
        if aspect < minimumAspect { return no("it is flat: aspect \(NumberFormat.precise(aspect))") }
        let rect = Rect(x: c.x - mean, y: c.y - mean, width: 2 * mean, height: 2 * mean)
        return Verdict(circle: rect, reason: "a circle of radius \(NumberFormat.short(mean)) pt around \(c)", evidence: evidence)
    }
}
