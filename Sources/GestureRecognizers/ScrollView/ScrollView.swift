import GestureEngine
import GestureTrace

/// UIKit's `UIScrollView` (docs/uikit-rules.md A.7): content larger than the view, moved by changing the
/// content offset (the bounds origin, so hit-testing and positions follow), a pan recognizer that
/// begins only along an axis it can scroll, and a private recognizer that delays content touches.
///
/// Its two recognizers are added when it is created, ids `ID.delay` and `ID.pan`; the scroll
/// view is their delegate in UIKit, so their delegates are not to be replaced (A.7.1).
open class ScrollView: View {
    public var contentSize: Size
    /// The delay recognizer (`delaysContentTouches`, A.7.2).
    public let delayRecognizer: ContentTouchDelayRecognizer
    public let panGestureRecognizer: ScrollViewPanGestureRecognizer

    /// A.7.5: a scroll view with scrolling disabled does not accept touches: its pan is off.
    public var isScrollEnabled = true {
        didSet {
            guard oldValue != isScrollEnabled else { return }
            environment?.logAppEffect(view: id, isScrollEnabled ? "scrolling enabled on \(id)" : "scrolling disabled on \(id)",
                                      phase: isScrollEnabled ? "scrollEnabled" : "scrollDisabled")
            panGestureRecognizer.isEnabled = isScrollEnabled
        }
    }
    /// A.7.6: a drag that starts mostly along one axis scrolls only along it.
    public var isDirectionalLockEnabled = false
    /// A.7.2: content sees a touch only after a short delay without scrolling.
    public var delaysContentTouches = true
    /// A.7.4: a content view that is already tracking may be cancelled to scroll.
    public var canCancelContentTouches = true
    public var alwaysBounceHorizontal = false
    public var alwaysBounceVertical = false
    public var contentTouchDelay = GestureDefaults.scrollContentTouchDelay
    /// The share of the velocity kept per millisecond once the finger lifts (A.7.9):
    /// `GestureDefaults.scrollDecelerationRateNormal`, or `...Fast`.
    public var decelerationRate = GestureDefaults.scrollDecelerationRateNormal
    /// The motion after a flick, while it lasts (ScrollDeceleration.swift).
    var deceleration: ScrollDeceleration?
    /// Content views for which `touchesShouldBegin` answers false (scene: `touchesShouldBegin`).
    public var refusedContentViews: Set<String> = []
    /// Content views for which `touchesShouldCancel` answers false, besides controls.
    public var keptContentViews: Set<String> = []

    public init(id: String, frame: Rect, contentSize: Size) {
        self.contentSize = contentSize
        delayRecognizer = ContentTouchDelayRecognizer(id: id + ".delay")
        panGestureRecognizer = ScrollViewPanGestureRecognizer(id: id + ".pan")
        panGestureRecognizer.minimumDistance = GestureDefaults.scrollHysteresis
        super.init(id: id, frame: frame)
        addGestureRecognizer(delayRecognizer)
        addGestureRecognizer(panGestureRecognizer)
        var startOffset = Point.zero
        panGestureRecognizer.addAction { [unowned self] r in
            guard let pan = r as? ScrollViewPanGestureRecognizer else { return }
            switch r.publishedState {
            case .began:
                startOffset = self.contentOffset
                pan.lockAxis(isDirectionalLockEnabled: self.isDirectionalLockEnabled)
                self.scroll(from: startOffset, by: pan.lockedTranslation)
            case .changed:
                self.scroll(from: startOffset, by: pan.lockedTranslation)
            case .ended:
                let v = pan.velocityInWindow, axes = pan.lockedAxes
                self.startDecelerating(velocity: Vector(dx: axes.x && self.canScrollHorizontally ? -v.dx : 0,
                                                        dy: axes.y && self.canScrollVertically ? -v.dy : 0))
            default: break
            }
        }
    }

    open override var kindName: String { "scroll" }

    public var contentOffset: Point {
        get { boundsOrigin }
        set { boundsOrigin = newValue }
    }

    public var canScrollHorizontally: Bool { contentSize.width > frame.width || alwaysBounceHorizontal }
    public var canScrollVertically: Bool { contentSize.height > frame.height || alwaysBounceVertical }

    /// UIKit's `isTracking`: a finger its pan follows is down, dragging or not.
    public var isTracking: Bool { !panGestureRecognizer.activeTouches.isEmpty }
    /// UIKit's `isDragging`: the finger has started scrolling and is still down.
    public var isDragging: Bool { panGestureRecognizer.publishedState.isActive }
    /// UIKit's `isDecelerating`: the content still moves after the finger lifted.
    public var isDecelerating: Bool { deceleration != nil }

    /// The largest content offset on each axis.
    var maximumOffset: Point { Point(x: max(0, contentSize.width - frame.width), y: max(0, contentSize.height - frame.height)) }

    /// `offset` kept within the content (no bounce).
    func clamped(_ offset: Point) -> Point {
        let m = maximumOffset
        return Point(x: min(max(offset.x, 0), m.x), y: min(max(offset.y, 0), m.y))
    }

    /// Moves the content opposite to the finger, clamped to the content (no bounce).
    func scroll(from start: Point, by t: Vector) {
        let c = clamped(Point(x: start.x - t.dx, y: start.y - t.dy))
        move(to: Point(x: canScrollHorizontally ? c.x : start.x, y: canScrollVertically ? c.y : start.y))
    }

    /// Sets the content offset and logs it, if it changed.
    func move(to offset: Point) {
        guard offset != contentOffset else { return }
        contentOffset = offset
        environment?.logAppEffect(view: id, "\(id) contentOffset \(offset)", phase: "scroll")
    }

    /// A.7.3: asked before content views get a touch; false keeps it from them.
    open func touchesShouldBegin(_ touches: [Touch], with event: TouchEvent?, in view: View) -> Bool {
        !refusedContentViews.contains(view.id)
    }

    /// A.7.4: asked before a tracking content view's touch is cancelled to scroll; by default
    /// true unless the view is a control.
    open func touchesShouldCancel(in view: View) -> Bool {
        !view.isControl && !keptContentViews.contains(view.id)
    }

    /// A view inside the content (not the scroll view itself).
    func isContent(_ view: View) -> Bool { view !== self && view.isDescendant(of: self) }
}
