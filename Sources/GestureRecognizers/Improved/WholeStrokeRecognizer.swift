import GestureEngine

/// A discrete recognizer that collects one finger's stroke and decides at touch-up from the
/// whole of it: the better checkmark and circle and the template recognizer. A subclass says
/// how in `decide(_:)`.
open class WholeStrokeRecognizer: GestureRecognizer {
    public struct Decision: Sendable {
        public var accepted: Bool
        public var reason: String
        public var evidence: [Evidence]
        public init(accepted: Bool, reason: String, evidence: [Evidence] = []) {
            self.accepted = accepted
            self.reason = reason
            self.evidence = evidence
        }
    }

    public override var isDiscrete: Bool { true }
    /// The stroke's points in window coordinates (A.6.7: measure in screen coordinates).
    public private(set) var points: [Point] = []

    /// What it recognizes, for messages ("a checkmark").
    open var strokeName: String { "this stroke" }

    /// The decision on a finished stroke; subclasses keep what they found (a turn point, a circle).
    open func decide(_ points: [Point]) -> Decision { Decision(accepted: false, reason: "no rule") }

    /// Called when a new stroke starts, to forget the last one's results.
    open func strokeWillBegin() {}

    public override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        if numberOfTouches > 1 {
            fail(because: "\(strokeName) is drawn with one finger")
            return
        }
        points = [touches[0].locationInWindow]
        strokeWillBegin()
    }

    public override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        if let t = touches.first { points.append(t.locationInWindow) }
    }

    public override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if let t = touches.first { points.append(t.locationInWindow) }
        let d = decide(points)
        if d.accepted {
            setState(.recognized, because: d.reason, evidence: d.evidence)
        } else {
            fail(because: d.reason, evidence: d.evidence)
        }
    }

    open override func reset() { points = [] }
}
