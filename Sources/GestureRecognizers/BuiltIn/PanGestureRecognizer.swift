import GestureEngine
import GestureTrace

/// UIKit's `UIPanGestureRecognizer` (docs/uikit-rules.md A.6.3): continuous. Begins when at least
/// `minimumNumberOfTouches` fingers have moved `minimumDistance` along either axis (the
/// undocumented hysteresis, measured per axis in window coordinates as A.6.7 advises),
/// changes on every move and ends when all fingers have lifted.
open class PanGestureRecognizer: GestureRecognizer {
    public var minimumNumberOfTouches = GestureDefaults.panMinimumNumberOfTouches
    public var maximumNumberOfTouches = GestureDefaults.panMaximumNumberOfTouches
    /// Per-axis movement before the pan begins (assumed 10 pt; docs/uikit-rules.md marks it assumed).
    public var minimumDistance = GestureDefaults.panHysteresis
    /// D-8: iOS 26 (D1) reports a translation of about zero at began by subtracting the
    /// hysteresis; earlier versions reportedly include it. False keeps the earlier behaviour.
    public var subtractsHysteresis = false
    /// A.4.6: a pan released by a failure requirement starts its translation from zero.
    public var resetsTranslationWhenReleased = true

    open override var typeName: String { "pan" }

    /// Window point that translation is measured from; moved when fingers come and go so the
    /// translation does not jump (A.6.3).
    var reference = Point.zero
    var lastCentroid = Point.zero
    var lastTime = Timestamp.zero
    public private(set) var velocityInWindow = Vector.zero
    private var trackedCount = 0
    private var started = false

    open override var ownParameters: [ParameterSpec] {
        [
            .integer("minimumNumberOfTouches", \PanGestureRecognizer.minimumNumberOfTouches, minimum: 1, "fingers needed to begin (documented 1)"),
            .integer("maximumNumberOfTouches", \PanGestureRecognizer.maximumNumberOfTouches, minimum: 1, maximum: Int.max, "fingers tracked at most (documented unlimited)"),
            .number("minimumDistance", \PanGestureRecognizer.minimumDistance, unit: "pt", "movement along an axis before it begins (10 pt, assumed)"),
            .bool("subtractsHysteresis", \PanGestureRecognizer.subtractsHysteresis, "report ~0 translation at began, as iOS 26 (default false)"),
            .bool("resetsTranslationWhenReleased", \PanGestureRecognizer.resetsTranslationWhenReleased, "translation restarts when a failure requirement releases it (default true)"),
        ]
    }

    /// The centroid's displacement since the gesture started, in `view`'s coordinate space.
    /// A.2.12: a one-finger pan parallel to a switch (horizontal, as switches are) on the switch.
    open override func overlapsDefaultAction(of type: ControlView.ControlType) -> Bool {
        guard type == .switch, numberOfTouches == 1 else { return super.overlapsDefaultAction(of: type) }
        let t = translation(in: nil)
        return abs(t.dx) >= abs(t.dy)
    }

    public func translation(in view: View?) -> Vector {
        let current = activeCentroidInWindow ?? lastCentroid
        return Vector(dx: current.x - reference.x, dy: current.y - reference.y)
    }

    public func setTranslation(_ t: Vector, in view: View?) {
        let current = activeCentroidInWindow ?? lastCentroid
        reference = Point(x: current.x - t.dx, y: current.y - t.dy)
    }

    /// Points per second, blended as 0.2 of the newest sample and 0.8 of the previous (D1).
    public func velocity(in view: View?) -> Vector { velocityInWindow }

    open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        for t in touches {
            if trackedCount >= maximumNumberOfTouches {
                ignore(t, for: event)
            } else {
                trackedCount += 1
            }
        }
        let c = centroidInWindow(of: activeTouches)
        if !started {
            started = true
            reference = c
        } else {
            // Keep the translation continuous when a finger joins.
            reference = reference + (c - lastCentroid)
        }
        lastCentroid = c
        lastTime = now
    }

    open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        let c = activeCentroidInWindow ?? .zero
        let dt = (now - lastTime).seconds
        if dt > 0 {
            let sample = Vector(dx: (c.x - lastCentroid.x) / dt, dy: (c.y - lastCentroid.y) / dt)
            let k = GestureDefaults.panVelocitySmoothing
            velocityInWindow = velocityInWindow == .zero ? sample : Vector(dx: k * sample.dx + (1 - k) * velocityInWindow.dx,
                                                                            dy: k * sample.dy + (1 - k) * velocityInWindow.dy)
        }
        lastCentroid = c
        lastTime = now
        let t = Vector(dx: c.x - reference.x, dy: c.y - reference.y)
        if state == .possible {
            guard numberOfTouches >= minimumNumberOfTouches else { return }
            guard shouldBeginPanning(translation: t) else { return }
            let axis = abs(t.dx) >= abs(t.dy) ? "x" : "y"
            let value = max(abs(t.dx), abs(t.dy))
            if subtractsHysteresis {
                reference = reference + Vector(dx: t.dx.sign == .minus ? -min(abs(t.dx), minimumDistance) : min(abs(t.dx), minimumDistance),
                                               dy: t.dy.sign == .minus ? -min(abs(t.dy), minimumDistance) : min(abs(t.dy), minimumDistance))
            }
            setState(.began, because: "translation \(NumberFormat.short(value)) pt along \(axis) reached minimumDistance \(NumberFormat.short(minimumDistance)) pt",
                     evidence: [Evidence("minimumDistance", value: value, threshold: minimumDistance, unit: "pt", comparison: ">=")])
        } else if state.isActive {
            setState(.changed, because: "translation \(Vector(dx: t.dx, dy: t.dy))")
        }
    }

    /// Whether a translation is enough to begin. A scroll view's pan narrows this to the axes
    /// it can scroll (A.7.7).
    open func shouldBeginPanning(translation t: Vector) -> Bool {
        abs(t.dx) >= minimumDistance || abs(t.dy) >= minimumDistance
    }

    open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        let remaining = activeTouches
        if remaining.isEmpty {
            if state.isActive {
                setState(.ended, because: "all fingers lifted")
            } else if state == .possible {
                let t = Vector(dx: lastCentroid.x - reference.x, dy: lastCentroid.y - reference.y)
                let value = max(abs(t.dx), abs(t.dy))
                fail(because: "all fingers lifted after \(NumberFormat.short(value)) pt, short of minimumDistance \(NumberFormat.short(minimumDistance)) pt",
                     evidence: [Evidence("minimumDistance", value: value, threshold: minimumDistance, unit: "pt", comparison: "<")])
            }
            return
        }
        let c = centroidInWindow(of: remaining)
        reference = reference + (c - lastCentroid)
        lastCentroid = c
    }

    open override func willBeginAfterSatisfyingFailureRequirements() {
        if resetsTranslationWhenReleased { reference = lastCentroid }
    }

    open override func reset() {
        reference = .zero
        lastCentroid = .zero
        lastTime = .zero
        velocityInWindow = .zero
        trackedCount = 0
        started = false
    }
}
