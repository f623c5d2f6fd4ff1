import GestureEngine

/// Seed 003's pattern for gestures made of directional strokes (the slides' state diagrams and
/// their sample recognizer): a gesture is a sequence of directions, drawn either as one
/// continuous touch or as separate touches with the finger lifted in between.
///
/// Per move (velocity = displacement since the previous location, gradient in 0..<2pi):
/// - the first move of the gesture must be in the first direction, or it fails (the sample has
///   no "slow" allowance there);
/// - then a move in the current direction, or a slow one, continues; one in the next direction
///   advances; anything else fails.
/// At touch-up: after the last direction, recognized; otherwise, with one continuous touch,
/// failed, and with separate touches, still possible: the next touch carries on (the slides'
/// "P ... P, touchesEnd, P, touchesBegan").
/// More than one touch in one `touchesBegan` call fails, as in the sample.
public final class DirectionSequenceRecognizer: GestureRecognizer {
    public enum Drawing: String, Sendable, CaseIterable { case oneTouch, separateTouches }

    public var directions: [StrokeDirection] = [.downRight, .upRight]
    public var drawing: Drawing = .oneTouch
    /// Half-width of each direction's sector (the sample's `angleRangeWidth`, 0.25 rad).
    public var angleTolerance = 0.25
    /// The sample's slow-move threshold, points per move on either axis.
    public var slowThreshold = 5.0
    /// Reproduce the sample code's 0..<pi gradient instead of the slides' 0..<2pi.
    public var halfTurnGradient = false

    public override var isDiscrete: Bool { true }
    public override var typeName: String { "directionSequence" }

    /// Index into `directions` of the stroke being drawn; -1 before the first move.
    public private(set) var index = -1

    public override var ownParameters: [ParameterSpec] {
        [
            ParameterSpec(name: "directions", kind: .set(StrokeDirection.allCases.map(\.rawValue)), summary: "the strokes in order (default [downRight, upRight])",
                          get: { .list(($0 as! DirectionSequenceRecognizer).directions.map(\.rawValue)) },
                          set: { r, v throws(ParameterError) in
                              let names: [String]
                              switch v {
                              case let .text(s): names = [s]
                              case let .list(l): names = l
                              default: throw ParameterError("directions is a list of \(StrokeDirection.allCases.map(\.rawValue).joined(separator: ", "))")
                              }
                              var list: [StrokeDirection] = []
                              for n in names {
                                  guard let d = StrokeDirection(rawValue: n) else { throw ParameterError("unknown direction \"\(n)\"; directions are \(StrokeDirection.allCases.map(\.rawValue).joined(separator: ", "))") }
                                  list.append(d)
                              }
                              guard !list.isEmpty else { throw ParameterError("directions needs at least one direction") }
                              (r as! DirectionSequenceRecognizer).directions = list
                          }),
            ParameterSpec(name: "drawing", kind: .choice(Drawing.allCases.map(\.rawValue)), summary: "oneTouch or separateTouches",
                          get: { .text(($0 as! DirectionSequenceRecognizer).drawing.rawValue) },
                          set: { r, v throws(ParameterError) in
                              guard case let .text(s) = v, let d = Drawing(rawValue: s) else { throw ParameterError("drawing is oneTouch or separateTouches") }
                              (r as! DirectionSequenceRecognizer).drawing = d
                          }),
            .number("angleTolerance", \DirectionSequenceRecognizer.angleTolerance, unit: "rad", "half-width of a direction's sector (0.25 rad, the sample's)"),
            .number("slowThreshold", \DirectionSequenceRecognizer.slowThreshold, unit: "pt", "moves under this on either axis are slow (5 pt, the sample's)"),
            .bool("halfTurnGradient", \DirectionSequenceRecognizer.halfTurnGradient, "use the sample code's 0..pi gradient"),
        ]
    }

    public override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        if touches.count != 1 {
            fail(because: "\(touches.count) touches began together; the sample wants exactly 1")
        }
    }

    public override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        guard state == .possible, let touch = touches.first else { return }
        let v = TouchVelocity(touch, in: view)
        if v.vx == 0 && v.vy == 0 { return }
        let gradient = halfTurnGradient ? v.halfTurnGradient : v.gradient
        let d = StrokeDirection.classify(gradient, tolerance: angleTolerance)
        let name = d?.rawValue ?? "between directions"
        if index < 0 {
            guard d == directions[0] else {
                fail(because: "the first move went \(name) (gradient \(NumberFormat.precise(gradient)) rad), not \(directions[0].rawValue)")
                return
            }
            index = 0
            return
        }
        if d == directions[index] || v.isSlow(threshold: slowThreshold) { return }
        if index + 1 < directions.count && d == directions[index + 1] {
            index += 1
            return
        }
        fail(because: "stroke \(index + 1) (\(directions[index].rawValue)) turned \(name) (move \(NumberFormat.short(v.vx)), \(NumberFormat.short(v.vy)))")
    }

    public override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        guard state == .possible else { return }
        if index == directions.count - 1 {
            setState(.recognized, because: "drew \(directions.map(\.rawValue).joined(separator: " then "))")
        } else if drawing == .oneTouch {
            fail(because: "lifted after \(index + 1) of \(directions.count) strokes")
        }
        // separateTouches: stay possible; the next touch goes on with the next stroke.
    }

    public override func reset() { index = -1 }
}
