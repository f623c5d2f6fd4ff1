import GestureEngine
import GestureTrace

/// UIKit's `UIPinchGestureRecognizer` (docs/uikit-rules.md A.6.5): continuous, two fingers. Begins when
/// the distance between them has changed by `minimumSpanChange` (undocumented: "moved enough"),
/// changes while both are down, ends when both have lifted.
public final class PinchGestureRecognizer: GestureRecognizer {
    public var minimumSpanChange = GestureDefaults.pinchMinimumSpanChange
    public override var typeName: String { "pinch" }

    private var fingers = TwoFingerTracker()
    private var lastScale = 1.0
    private var lastTime = Timestamp.zero
    public private(set) var velocity = 0.0

    public override var ownParameters: [ParameterSpec] {
        [.number("minimumSpanChange", \PinchGestureRecognizer.minimumSpanChange, unit: "pt", "change in finger distance before it begins (10 pt, assumed)")]
    }

    /// Current span over the starting span.
    public var scale: Double { fingers.startSpan > 0 ? fingers.span / fingers.startSpan : 1 }

    public override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        for t in fingers.add(touches) { ignore(t, for: event) }
        lastTime = now
    }

    public override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        guard fingers.isComplete, fingers.bothDown else { return }
        let dt = (now - lastTime).seconds
        if dt > 0 { velocity = (scale - lastScale) / dt }
        lastScale = scale
        lastTime = now
        let change = abs(fingers.span - fingers.startSpan)
        if state == .possible {
            if change >= minimumSpanChange {
                setState(.began, because: "finger distance changed \(NumberFormat.short(change)) pt (scale \(NumberFormat.precise(scale)))",
                         evidence: [Evidence("minimumSpanChange", value: change, threshold: minimumSpanChange, unit: "pt", comparison: ">=")])
            }
        } else if state.isActive {
            setState(.changed, because: "scale \(NumberFormat.precise(scale))")
        }
    }

    public override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if state == .possible {
            fail(because: "a finger lifted before the distance changed by minimumSpanChange",
                 evidence: [Evidence("minimumSpanChange", value: abs(fingers.span - fingers.startSpan), threshold: minimumSpanChange, unit: "pt", comparison: "<")])
        } else if state.isActive && !fingers.anyDown {
            setState(.ended, because: "both fingers lifted")
        }
    }

    public override func reset() {
        fingers = TwoFingerTracker()
        lastScale = 1
        velocity = 0
        lastTime = .zero
    }
}
