import Foundation
import GestureEngine
import GestureRecognizers

/// UIKit's `UIScrollView`, as far as touches go: its pan and content-touch delay, scrolling
/// switches and the offset (docs/uikit-rules.md A.7).
@preconcurrency @MainActor
open class UIScrollView: UIView {
    package var scrollView: ScrollView { unsafeDowncast(engineView, to: ScrollView.self) }

    public override init(frame: CGRect) {
        super.init(engineView: RoutedScrollView(id: "scroll", frame: frame.engineRect, contentSize: frame.size.engineSize))
        routeQuestions()
    }

    public required init?(coder: NSCoder) {
        super.init(engineView: RoutedScrollView(id: "scroll", frame: Rect(x: 0, y: 0, width: 0, height: 0), contentSize: Size(width: 0, height: 0)))
        routeQuestions()
    }

    /// A subclass's answers to the content-touch questions are asked (see `RoutedScrollView`).
    private func routeQuestions() {
        if Swift.type(of: self) != UIScrollView.self { (engineView as? RoutedScrollView)?.questions = ScrollViewHooks(owner: self) }
    }

    deinit { (engineView as? RoutedScrollView)?.questions = nil }

    /// Asked before content views get a touch the scroll view held back (A.7.3); false keeps it
    /// from them. The default: true, unless a scene refuses the view.
    open func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool {
        var list: [Touch] = []
        for t in touches { list.append(t.engineTouch) }
        if let routed = engineView as? RoutedScrollView {
            return routed.engineTouchesShouldBegin(list, with: event?.engineEvent, in: view.engineView)
        }
        return scrollView.touchesShouldBegin(list, with: event?.engineEvent, in: view.engineView)
    }

    /// Asked before a content view's touch is cancelled to scroll (A.7.4). The default: true,
    /// unless the view is a control.
    open func touchesShouldCancel(in view: UIView) -> Bool {
        if let routed = engineView as? RoutedScrollView { return routed.engineTouchesShouldCancel(in: view.engineView) }
        return scrollView.touchesShouldCancel(in: view.engineView)
    }

    package override init(wrapping view: View) { super.init(wrapping: view) }

    /// The content's size; the scroll view scrolls along an axis where it is larger than the frame.
    open var contentSize: CGSize {
        get { CGSize(width: scrollView.contentSize.width, height: scrollView.contentSize.height) }
        set { scrollView.contentSize = newValue.engineSize }
    }

    /// The content's origin in the scroll view: its bounds origin, so hit testing follows it.
    open var contentOffset: CGPoint {
        get { CGPoint(scrollView.contentOffset) }
        set { scrollView.contentOffset = newValue.enginePoint }
    }

    /// Sets the offset at once (there is no animation); a deceleration in progress stops.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        scrollView.stopDecelerating(because: "setContentOffset was called")
        self.contentOffset = contentOffset
    }

    /// Kept for code that reads or sets it; the scrolling range does not include it yet.
    open var contentInset = UIEdgeInsets.zero
    /// The content inset; there are no safe areas or bars to add.
    open var adjustedContentInset: UIEdgeInsets { contentInset }

    /// False: the scroll view's pan is off (A.7.5).
    open var isScrollEnabled: Bool {
        get { scrollView.isScrollEnabled }
        set { scrollView.isScrollEnabled = newValue }
    }

    /// A drag that starts mostly along one axis scrolls only along it (A.7.6).
    open var isDirectionalLockEnabled: Bool {
        get { scrollView.isDirectionalLockEnabled }
        set { scrollView.isDirectionalLockEnabled = newValue }
    }

    /// Default true: content sees a touch only after the delay (A.7.2).
    open var delaysContentTouches: Bool {
        get { scrollView.delaysContentTouches }
        set { scrollView.delaysContentTouches = newValue }
    }

    /// Default true: scrolling cancels the content's touches (A.7.4).
    open var canCancelContentTouches: Bool {
        get { scrollView.canCancelContentTouches }
        set { scrollView.canCancelContentTouches = newValue }
    }

    /// True: the pan may begin horizontally even when the content fits (A.7.7).
    open var alwaysBounceHorizontal: Bool {
        get { scrollView.alwaysBounceHorizontal }
        set { scrollView.alwaysBounceHorizontal = newValue }
    }

    /// True: the pan may begin vertically even when the content fits (A.7.7).
    open var alwaysBounceVertical: Bool {
        get { scrollView.alwaysBounceVertical }
        set { scrollView.alwaysBounceVertical = newValue }
    }

    /// A finger the scroll view's pan follows is down, whether or not it has started scrolling.
    open var isTracking: Bool { scrollView.isTracking }
    /// The finger has started scrolling and is still down.
    open var isDragging: Bool { scrollView.isDragging }
    /// The content still moves after the finger lifted (A.7.9): read it in a delegate to leave a
    /// flick alone.
    open var isDecelerating: Bool { scrollView.isDecelerating }

    /// UIKit's deceleration rates: the share of the velocity kept per millisecond.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// 0.998: UIKit's default.
        public static let normal = DecelerationRate(rawValue: CGFloat(GestureDefaults.scrollDecelerationRateNormal))
        /// 0.99: stops sooner.
        public static let fast = DecelerationRate(rawValue: CGFloat(GestureDefaults.scrollDecelerationRateFast))
    }

    /// The share of the velocity kept per millisecond after a flick (A.7.9).
    open var decelerationRate: DecelerationRate {
        get { DecelerationRate(rawValue: CGFloat(scrollView.decelerationRate)) }
        set { scrollView.decelerationRate = Double(newValue.rawValue) }
    }

    /// The scroll view's own pan; code often requires it to fail or lets it recognize with its own.
    open var panGestureRecognizer: UIPanGestureRecognizer {
        unsafeDowncast(UIGestureRecognizer.face(of: scrollView.panGestureRecognizer), to: UIPanGestureRecognizer.self)
    }
}

extension CGSize {
    var engineSize: Size { Size(width: Double(width), height: Double(height)) }
}
