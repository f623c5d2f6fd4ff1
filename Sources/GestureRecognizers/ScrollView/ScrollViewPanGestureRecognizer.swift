import GestureEngine

/// A scroll view's pan (A.7.1, A.7.4, A.7.6, A.7.7): a pan that begins only along an axis its
/// scroll view can scroll, and only if the content view already tracking the touch may be
/// cancelled. A drag along an axis it cannot scroll leaves it possible, so that a child or
/// an outer scroll view can take the touch (nested scroll views decided by direction).
public final class ScrollViewPanGestureRecognizer: PanGestureRecognizer {
    public override var typeName: String { "scrollPan" }

    var scrollView: ScrollView? { view as? ScrollView }
    private var locked: (x: Bool, y: Bool) = (true, true)

    public override func shouldBeginPanning(translation t: Vector) -> Bool {
        guard let s = scrollView else { return super.shouldBeginPanning(translation: t) }
        let alongX = s.canScrollHorizontally && abs(t.dx) >= minimumDistance
        let alongY = s.canScrollVertically && abs(t.dy) >= minimumDistance
        guard alongX || alongY else { return false }
        // A.7.4: content that is already tracking the touch must agree to be cancelled.
        for touch in activeTouches {
            guard let v = touch.view, s.isContent(v), environment?.viewIsTracking(touch) == true else { continue }
            if !s.canCancelContentTouches {
                fail(because: "\(v.id) is tracking \(touch.label) and canCancelContentTouches is false: no scrolling")
                return false
            }
            if !s.touchesShouldCancel(in: v) {
                fail(because: "touchesShouldCancel(in: \(v.id)) = false\(v.isControl ? " (a control)" : ""): \(v.id) keeps \(touch.label), no scrolling")
                return false
            }
        }
        return true
    }

    /// Decides the directional lock when the drag begins (A.7.6): a start within about 27
    /// degrees of an axis (the other component at most half) locks to it; a diagonal start does
    /// not lock. The exact angle is not documented; this one is assumed.
    func lockAxis(isDirectionalLockEnabled: Bool) {
        let t = translation(in: nil)
        locked = (true, true)
        // A drag caught from a deceleration begins before it moves: no direction to lock to.
        guard isDirectionalLockEnabled, t != .zero else { return }
        if abs(t.dy) <= abs(t.dx) / 2 { locked = (true, false) } else if abs(t.dx) <= abs(t.dy) / 2 { locked = (false, true) }
    }

    /// The axes the drag may move along (both, unless the directional lock chose one).
    var lockedAxes: (x: Bool, y: Bool) { locked }

    /// A touch landing while the scroll view decelerates stops it, and (option
    /// `touchCatchesDeceleration`, on by default) the drag begins at once: UIKit calls
    /// `scrollViewWillBeginDragging` at that touch-down, so the content gets no tap (docs/uikit-rules.md A.7.9).
    public override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        super.touchesBegan(touches, with: event)
        guard let s = scrollView, s.isDecelerating, let touch = touches.first else { return }
        s.stopDecelerating(because: "\(touch.label) went down on it")
        if environment?.options.touchCatchesDeceleration ?? true, state == .possible {
            setState(.began, because: "\(touch.label) caught the decelerating \(s.id): the drag begins at touch-down (A.7.9, option touchCatchesDeceleration)")
        }
    }

    /// The translation with a locked axis zeroed.
    var lockedTranslation: Vector {
        let t = translation(in: nil)
        return Vector(dx: locked.x ? t.dx : 0, dy: locked.y ? t.dy : 0)
    }

    public override func reset() {
        super.reset()
        locked = (true, true)
    }
}
