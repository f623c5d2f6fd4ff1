import GestureEngine

/// GestureLab's checkmark: the published idea (a short stroke down and to the right, then a
/// longer one up and to the right) measured on the whole stroke at touch-up, so that it survives
/// real input: jitter (the stroke is resampled and legs are measured end to end), hooks at the
/// ends (the turn is looked for away from them), rounded corners (the turn is the lowest point,
/// wherever the curve bottoms out), any speed (time plays no part) and any size (every test is a
/// ratio or an angle).
///
/// The turn is the lowest point of the stroke, outside its first 10% and last 5%. Then:
/// - the down leg (start to turn) points between right and straight down (0 to 90 degrees);
/// - the up leg (turn to end) points up and to the right (-90 to -20 degrees);
/// - the up leg is at least `minimumLegRatio` (1.45) times the down leg, and the end is higher
///   than the start by `minimumRise` (0.3) of the stroke's height: a checkmark is lopsided,
///   which tells it from a "v";
/// - each leg is nearly straight: its path at most `maximumDownWinding` (1.6) and
///   `maximumUpWinding` (1.4) times its chord, which tells it from curly braces and question marks.
/// Thresholds were chosen from the shape's definition and checked against the $1 development set
/// (`Tests/GestureRecognizersTests/DatasetTests.swift`); they are parameters.
public final class CheckmarkRecognizer: WholeStrokeRecognizer {
    public var minimumLegRatio = 1.45
    public var minimumRise = 0.3
    public var maximumDownWinding = 1.6
    public var maximumUpWinding = 1.4
    /// Strokes shorter than this (points of path) are taps or jitter, not checkmarks.
    public var minimumPathLength = 15.0

    public override var typeName: String { "checkmark" }
    public override var strokeName: String { "a checkmark" }
    /// Where the stroke turned, in window coordinates, once recognized.
    public private(set) var turnPoint: Point?

    public override var ownParameters: [ParameterSpec] {
        [
            .number("minimumLegRatio", \CheckmarkRecognizer.minimumLegRatio, unit: "", "up leg over down leg, at least (1.45)"),
            .number("minimumRise", \CheckmarkRecognizer.minimumRise, unit: "", "end above start, as a fraction of the height (0.3)"),
            .number("maximumDownWinding", \CheckmarkRecognizer.maximumDownWinding, unit: "", "down leg path over chord, at most (1.6)"),
            .number("maximumUpWinding", \CheckmarkRecognizer.maximumUpWinding, unit: "", "up leg path over chord, at most (1.4)"),
            .number("minimumPathLength", \CheckmarkRecognizer.minimumPathLength, unit: "pt", "shorter strokes are not checkmarks (15 pt)"),
        ]
    }

    public override func decide(_ points: [Point]) -> Decision {
        let v = analyze(points)
        if v.accepted { turnPoint = v.turn }
        return Decision(accepted: v.accepted, reason: v.reason, evidence: v.evidence)
    }

    public struct Verdict: Sendable {
        public var accepted: Bool
        public var reason: String
        public var evidence: [Evidence]
        public var turn: Point?
    }

    /// The whole decision on one stroke's points, usable without an engine.
    public func analyze(_ raw: [Point]) -> Verdict {
        guard let g = StrokeGeometry(raw), g.pathLength >= minimumPathLength else {
            return Verdict(accepted: false, reason: "too short for a checkmark", evidence: [], turn: nil)
        }
        let n = g.points.count
        let lo = n / 10, hi = n * 95 / 100
        var v = lo
        for i in lo..<hi where g.points[i].y > g.points[v].y { v = i }
        let start = g.points[0], turn = g.points[v], end = g.points[n - 1]
        let down = turn - start, up = end - turn
        let downAngle = StrokeGeometry.degrees(down), upAngle = StrokeGeometry.degrees(up)
        let ratio = up.length / max(down.length, 1e-9)
        let rise = (start.y - end.y) / max(g.bounds.height, 1e-9)
        let downWinding = g.winding(from: 0, to: v), upWinding = g.winding(from: v, to: n - 1)
        let evidence = [
            Evidence("minimumLegRatio", value: ratio, threshold: minimumLegRatio, unit: "", comparison: ">="),
            Evidence("minimumRise", value: rise, threshold: minimumRise, unit: "", comparison: ">="),
            Evidence("maximumDownWinding", value: downWinding, threshold: maximumDownWinding, unit: "", comparison: "<="),
            Evidence("maximumUpWinding", value: upWinding, threshold: maximumUpWinding, unit: "", comparison: "<="),
        ]
        func no(_ why: String) -> Verdict { Verdict(accepted: false, reason: why, evidence: evidence, turn: turn) }
        if !(0...90).contains(downAngle) { return no("the first leg points \(NumberFormat.short(downAngle)) degrees, not down and to the right") }
        if !(-90 ... -20).contains(upAngle) { return no("the second leg points \(NumberFormat.short(upAngle)) degrees, not up and to the right") }
        if ratio < minimumLegRatio { return no("the second leg is \(NumberFormat.precise(ratio)) times the first, less than \(NumberFormat.precise(minimumLegRatio)): too even for a checkmark") }
        if rise < minimumRise { return no("the end is only \(NumberFormat.precise(rise)) of the height above the start (at least \(NumberFormat.precise(minimumRise)))") }
        if downWinding > maximumDownWinding { return no("the first leg winds (\(NumberFormat.precise(downWinding)) times its chord)") }
        if upWinding > maximumUpWinding { return no("the second leg winds (\(NumberFormat.precise(upWinding)) times its chord)") }
        return Verdict(accepted: true, reason: "down \(NumberFormat.short(down.length)) pt, then up \(NumberFormat.short(up.length)) pt (\(NumberFormat.precise(ratio)) times), turning at \(turn)",
                       evidence: evidence, turn: turn)
    }
}
