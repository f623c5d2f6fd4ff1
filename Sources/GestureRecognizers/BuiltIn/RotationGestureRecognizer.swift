import GestureEngine
import GestureTrace

/// UIKit's `UIRotationGestureRecognizer` (docs/uikit-rules.md A.6.5): continuous, two fingers. Begins
/// when the line between them has turned `minimumAngle` radians (undocumented), changes while
/// both are down, ends when both have lifted. A pinch and a rotation exclude each other unless
/// a delegate lets them run together.
public final class RotationGestureRecognizer: GestureRecognizer {
    public var minimumAngle = GestureDefaults.rotationMinimumAngle
    public override var typeName: String { "rotation" }

    private var fingers = TwoFingerTracker()
    private var lastAngle = 0.0
    private var lastTime = Timestamp.zero
    public private(set) var velocity = 0.0

    public override var ownParameters: [ParameterSpec] {
        [.number("minimumAngle", \RotationGestureRecognizer.minimumAngle, unit: "rad", "turn before it begins (0.1 rad, assumed)")]
    }

    /// Radians turned since the second finger landed, positive clockwise on screen, plus what the
    /// app set: UIKit lets an action set `rotation` (to 0, usually) and measures on from there.
    public var rotation: Double {
        get { fingers.angle + rotationOffset }
        set { rotationOffset = newValue - fingers.angle }
    }
    private var rotationOffset = 0.0

    public override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        for t in fingers.add(touches) { ignore(t, for: event) }
        lastTime = now
    }

    public override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        guard fingers.isComplete, fingers.bothDown else { return }
        fingers.updateAngle()
        let dt = (now - lastTime).seconds
        if dt > 0 { velocity = (fingers.angle - lastAngle) / dt }
        lastAngle = fingers.angle
        lastTime = now
        if state == .possible {
            if abs(fingers.angle) >= minimumAngle {
                setState(.began, because: "fingers turned \(NumberFormat.precise(abs(fingers.angle))) rad",
                         evidence: [Evidence("minimumAngle", value: abs(fingers.angle), threshold: minimumAngle, unit: "rad", comparison: ">=")])
            }
        } else if state.isActive {
            setState(.changed, because: CauseText("rotation %3 rad", fingers.angle))
        }
    }

    public override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if state == .possible {
            fail(because: "a finger lifted before the fingers turned minimumAngle",
                 evidence: [Evidence("minimumAngle", value: abs(fingers.angle), threshold: minimumAngle, unit: "rad", comparison: "<")])
        } else if state.isActive && !fingers.anyDown {
            setState(.ended, because: "both fingers lifted")
        }
    }

    public override func reset() {
        fingers = TwoFingerTracker()
        lastAngle = 0
        rotationOffset = 0
        velocity = 0
        lastTime = .zero
    }
}
