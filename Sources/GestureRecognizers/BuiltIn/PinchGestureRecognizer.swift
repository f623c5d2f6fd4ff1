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

    /// Current span over the starting span, times the factor the app set: UIKit lets an action
    /// set `scale` (to 1, usually, to read the next change alone) and measures on from there.
    public var scale: Double {
        get { measuredScale * scaleFactor }
        set { scaleFactor = measuredScale > 0 ? newValue / measuredScale : 1 }
    }
    private var scaleFactor = 1.0

    /// Current span over the starting span: what the thresholds, the velocity and the log use.
    private var measuredScale: Double { fingers.startSpan > 0 ? fingers.span / fingers.startSpan : 1 }

    public override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        for t in fingers.add(touches) { ignore(t, for: event) }
        lastTime = now
    }

    public override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        guard fingers.isComplete, fingers.bothDown else { return }
        let dt = (now - lastTime).seconds
        if dt > 0 { velocity = (measuredScale - lastScale) / dt }
        lastScale = measuredScale
        lastTime = now
        let change = abs(fingers.span - fingers.startSpan)
        if state == .possible {
            if change >= minimumSpanChange {
                setState(.began, because: "finger distance changed \(NumberFormat.short(change)) pt (scale \(NumberFormat.precise(measuredScale)))",
                         evidence: [Evidence("minimumSpanChange", value: change, threshold: minimumSpanChange, unit: "pt", comparison: ">=")])
            }
        } else if state.isActive {
            setState(.changed, because: CauseText("scale %3", measuredScale))
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
        scaleFactor = 1
        velocity = 0
        lastTime = .zero
    }
}
