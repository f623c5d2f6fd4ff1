import GestureEngine

/// Seed 003's pattern for gestures made of directional strokes (the slides' state diagrams and
/// their sample recognizers): a gesture is a set of directional strokes, drawn in one
/// continuous touch or in separate touches with the finger lifted in between.
///
/// Per move (velocity = displacement since the previous location, gradient in 0..<2pi), with
/// `drawing`:
/// - `oneTouch` (the slides' "two continuous strokes", e.g. a V): the first move must be in the
///   first direction, or it fails (the sample has no "slow" allowance there); then a move in the
///   current direction, or a slow one, continues, one in the next direction advances, anything
///   else fails. At touch-up: recognized after the last direction, else failed.
/// - `separateTouches` (the slides' "two non-continuous strokes": two patterns, one starting
///   with the down-right stroke, one with the down-left, that is an X in either order): each
///   touch is one stroke. Its first move picks a direction not drawn yet, or fails; later moves
///   in that direction, or slow ones, continue; anything else fails. At touch-up: recognized
///   when every direction is drawn; a touch without a stroke fails; otherwise still possible,
///   and the next touch draws the next stroke (the slides' "P ... P, touchesEnd, P, touchesBegan").
/// - `acrossTouches`: the sample code the slides link to (its cross recognizer): the first move
///   picks any direction; a move in a direction not drawn yet starts the next stroke, in the
///   same touch or a later one; the attempt lasts through lifts until the last stroke's touch
///   ends. So one continuous touch that turns is recognized too, and a second touch in the
///   first stroke's direction keeps it undecided.
/// More than one touch in one `touchesBegan` call fails, as in the sample.
public final class DirectionSequenceRecognizer: GestureRecognizer {
    public enum Drawing: String, Sendable, CaseIterable { case oneTouch, separateTouches, acrossTouches }

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

    /// Index into `directions` of the stroke being drawn (`oneTouch`); -1 before the first move.
    public private(set) var index = -1
    /// The directions drawn so far, in the order drawn (`separateTouches`, `acrossTouches`).
    public private(set) var drawn: [StrokeDirection] = []
    /// The direction of the stroke the touch is drawing; nil until its first move.
    public private(set) var current: StrokeDirection?

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
            ParameterSpec(name: "drawing", kind: .choice(Drawing.allCases.map(\.rawValue)),
                          summary: "oneTouch (a V), separateTouches (the slides: each touch one stroke, any order) or acrossTouches (the sample code)",
                          get: { .text(($0 as! DirectionSequenceRecognizer).drawing.rawValue) },
                          set: { r, v throws(ParameterError) in
                              guard case let .text(s) = v, let d = Drawing(rawValue: s) else { throw ParameterError("drawing is oneTouch, separateTouches or acrossTouches") }
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
        switch drawing {
        case .oneTouch: moveInSequence(d, v, gradient)
        case .separateTouches: moveInTouchStroke(d, v, gradient)
        case .acrossTouches: moveAcrossTouches(d, v, gradient)
        }
    }

    private func name(_ d: StrokeDirection?) -> String { d?.rawValue ?? "between directions" }

    private var remaining: [StrokeDirection] { directions.filter { !drawn.contains($0) } }

    /// `oneTouch`: the directions in their order.
    private func moveInSequence(_ d: StrokeDirection?, _ v: TouchVelocity, _ gradient: Double) {
        if index < 0 {
            guard d == directions[0] else {
                fail(because: "the first move went \(name(d)) (gradient \(NumberFormat.precise(gradient)) rad), not \(directions[0].rawValue)")
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
        fail(because: "stroke \(index + 1) (\(directions[index].rawValue)) turned \(name(d)) (move \(NumberFormat.short(v.vx)), \(NumberFormat.short(v.vy)))")
    }

    /// `separateTouches`: this touch's one stroke.
    private func moveInTouchStroke(_ d: StrokeDirection?, _ v: TouchVelocity, _ gradient: Double) {
        guard let current else {
            guard let d, remaining.contains(d) else {
                fail(because: "the touch's first move went \(name(d)) (gradient \(NumberFormat.precise(gradient)) rad); strokes left to draw: \(remaining.map(\.rawValue).joined(separator: ", "))")
                return
            }
            self.current = d
            return
        }
        if d == current || v.isSlow(threshold: slowThreshold) { return }
        fail(because: "a touch is one stroke: the \(current.rawValue) stroke turned \(name(d)) (move \(NumberFormat.short(v.vx)), \(NumberFormat.short(v.vy)))")
    }

    /// `acrossTouches`: the sample code's phases, for any number of directions in any order.
    private func moveAcrossTouches(_ d: StrokeDirection?, _ v: TouchVelocity, _ gradient: Double) {
        guard let current else {
            guard let d, directions.contains(d) else {
                fail(because: "the first move went \(name(d)) (gradient \(NumberFormat.precise(gradient)) rad), not one of \(directions.map(\.rawValue).joined(separator: ", "))")
                return
            }
            self.current = d
            drawn = [d]
            return
        }
        if d == current || v.isSlow(threshold: slowThreshold) { return }
        if let d, remaining.contains(d) {
            self.current = d
            drawn.append(d)
            return
        }
        fail(because: "the \(current.rawValue) stroke turned \(name(d)) (move \(NumberFormat.short(v.vx)), \(NumberFormat.short(v.vy)))")
    }

    public override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        guard state == .possible else { return }
        switch drawing {
        case .oneTouch:
            if index == directions.count - 1 {
                setState(.recognized, because: "drew \(directions.map(\.rawValue).joined(separator: " then "))")
            } else {
                fail(because: "lifted after \(index + 1) of \(directions.count) strokes")
            }
        case .separateTouches:
            guard let current else {
                fail(because: "a touch ended without drawing a stroke")
                return
            }
            drawn.append(current)
            self.current = nil
            if remaining.isEmpty {
                setState(.recognized, because: "drew \(drawn.map(\.rawValue).joined(separator: " then ")), one touch each")
            }
            // Otherwise possible: the next touch draws the next stroke.
        case .acrossTouches:
            if current != nil && remaining.isEmpty {
                setState(.recognized, because: "drew \(drawn.map(\.rawValue).joined(separator: " then "))")
            }
            // Otherwise possible, as the sample code leaves it.
        }
    }

    public override func reset() {
        index = -1
        drawn = []
        current = nil
    }
}
