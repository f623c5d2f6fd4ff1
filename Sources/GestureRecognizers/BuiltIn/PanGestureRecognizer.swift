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
    /// F.5.7: the scroll events that drive the pan, besides touches: a wheel (`discrete`), a
    /// trackpad (`continuous`). None by default (D-12: the documentation's wording).
    public var allowedScrollTypes: Set<ScrollSample.Kind> = []
    /// The scroll gesture driving the pan now, if one is.
    private var scrolling = false

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
            ParameterSpec(name: "allowedScrollTypesMask", kind: .set(ScrollSample.Kind.allCases.map(\.rawValue)),
                          summary: "scroll events that drive the pan: discrete (a wheel), continuous (a trackpad); default none (D-12)",
                          get: { r in .list(ScrollSample.Kind.allCases.filter((r as! PanGestureRecognizer).allowedScrollTypes.contains).map(\.rawValue)) },
                          set: { r, v throws(ParameterError) in
                              let names: [String]
                              switch v {
                              case let .list(l): names = l
                              case let .text(t): names = t == "all" ? ScrollSample.Kind.allCases.map(\.rawValue) : [t]
                              default: throw ParameterError("allowedScrollTypesMask is a list of discrete, continuous (or all)")
                              }
                              var kinds: Set<ScrollSample.Kind> = []
                              for n in names {
                                  guard let k = ScrollSample.Kind(rawValue: n) else { throw ParameterError("allowedScrollTypesMask: unknown scroll type \"\(n)\"; types are discrete, continuous") }
                                  kinds.insert(k)
                              }
                              (r as! PanGestureRecognizer).allowedScrollTypes = kinds
                          }),
        ]
    }

    /// The centroid's displacement since the gesture started, in `view`'s coordinate space.
    /// A.2.12: a one-finger pan parallel to a switch (horizontal, as switches are) on the switch.
    open override func overlapsDefaultAction(of type: ControlView.ControlType) -> Bool {
        guard type == .switch, numberOfTouches == 1 else { return super.overlapsDefaultAction(of: type) }
        let t = translation(in: nil)
        return abs(t.dx) >= abs(t.dy)
    }

    open override func takesScroll(_ kind: ScrollSample.Kind) -> Bool { allowedScrollTypes.contains(kind) }

    /// F.5.7: a scroll gesture moves the pan as a finger would, by its deltas: `began` starts it at
    /// the pointer (a wheel's first delta counts at once), each delta adds to the translation; a
    /// wheel begins the pan on its first non-zero delta, a trackpad at `minimumDistance`; the
    /// scroll's end ends the pan, or fails it if it never began.
    open override func pointerScrolled(_ sample: ScrollSample, at location: Point) {
        let d = Vector(dx: sample.dx, dy: sample.dy)
        switch sample.phase {
        case .began:
            scrolling = true
            started = true
            reference = location
            lastCentroid = location + d
            lastTime = now
            velocityInWindow = .zero
        case .changed:
            guard scrolling else { return }
            let dt = (now - lastTime).seconds
            if dt > 0 { velocityInWindow = Vector(dx: d.dx / dt, dy: d.dy / dt) }
            lastCentroid = lastCentroid + d
            lastTime = now
        case .ended, .cancelled:
            guard scrolling else { return }
            scrolling = false
            if state.isActive {
                if sample.phase == .ended { setState(.ended, because: "the scroll ended") } else { setState(.cancelled, because: "the scroll was cancelled") }
            } else if state == .possible {
                fail(because: "the scroll \(sample.phase.rawValue) before the pan began")
            }
            return
        }
        let t = Vector(dx: lastCentroid.x - reference.x, dy: lastCentroid.y - reference.y)
        if state == .possible {
            let begins = sample.kind == .discrete ? (t.dx != 0 || t.dy != 0) : shouldBeginPanning(translation: t)
            guard begins else { return }
            let value = max(abs(t.dx), abs(t.dy))
            setState(.began, because: sample.kind == .discrete
                     ? "a wheel scrolled \(t) (a discrete scroll begins the pan at once)"
                     : "a trackpad scroll of \(NumberFormat.short(value)) pt reached minimumDistance \(NumberFormat.short(minimumDistance)) pt",
                     evidence: sample.kind == .discrete ? [] : [Evidence("minimumDistance", value: value, threshold: minimumDistance, unit: "pt", comparison: ">=")])
        } else if state.isActive {
            setState(.changed, because: "scroll translation \(t)")
        }
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
            setState(.began, because: CauseText("translation %1 pt along %s reached minimumDistance %1 pt", axis, numbers: value, minimumDistance),
                     evidence: [Evidence("minimumDistance", value: value, threshold: minimumDistance, unit: "pt", comparison: ">=")])
        } else if state.isActive {
            setState(.changed, because: CauseText("translation (%1, %1)", t.dx, t.dy))
        }
    }

    /// Whether a translation is enough to begin. A scroll view's pan narrows this to the axes
    /// it can scroll (A.7.7).
    open func shouldBeginPanning(translation t: Vector) -> Bool {
        abs(t.dx) >= minimumDistance || abs(t.dy) >= minimumDistance
    }

    open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        // Counted first: usually the last finger lifted, and no list is needed.
        if numberOfTouches == 0 {
            if state.isActive {
                setState(.ended, because: "all fingers lifted")
            } else if state == .possible {
                let t = Vector(dx: lastCentroid.x - reference.x, dy: lastCentroid.y - reference.y)
                let value = max(abs(t.dx), abs(t.dy))
                fail(because: CauseText("all fingers lifted after %1 pt, short of minimumDistance %1 pt", value, minimumDistance),
                     evidence: [Evidence("minimumDistance", value: value, threshold: minimumDistance, unit: "pt", comparison: "<")])
            }
            return
        }
        let c = centroidInWindow(of: activeTouches)
        reference = reference + (c - lastCentroid)
        lastCentroid = c
    }

    open override func willBeginAfterSatisfyingFailureRequirements() {
        if resetsTranslationWhenReleased { reference = lastCentroid }
    }

    open override func reset() {
        scrolling = false
        reference = .zero
        lastCentroid = .zero
        lastTime = .zero
        velocityInWindow = .zero
        trackedCount = 0
        started = false
    }
}
