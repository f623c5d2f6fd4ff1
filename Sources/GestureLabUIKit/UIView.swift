import Foundation
import GestureEngine
import GestureRecognizers

/// UIKit's `UIView`, for hierarchies made in code and for the views of a scene: frames, bounds,
/// the hierarchy, recognizers, hit testing (A.2.1) and coordinate conversion.
///
/// Each view has an engine view behind it (`engineView`). A subclass's overrides of
/// `point(inside:with:)`, `hitTest(_:with:)` and `gestureRecognizerShouldBegin(_:)` are asked by
/// the engine in place of its own (A.2.1, A.5.2).
@preconcurrency @MainActor
open class UIView: UIResponder {
    package nonisolated(unsafe) let engineView: View
    private nonisolated(unsafe) var hooks: ViewHooks?

    /// A view at `frame` in its superview's coordinates; named after its class in the log until `accessibilityIdentifier` names it.
    public init(frame: CGRect) {
        engineView = View(id: "view", frame: frame.engineRect)
        super.init()
        setUp()
    }

    /// A view with a zero frame.
    public override convenience init() { self.init(frame: .zero) }

    /// Interface Builder's initializer: a zero frame (there are no archives to read).
    public required init?(coder: NSCoder) {
        engineView = View(id: "view", frame: Rect(x: 0, y: 0, width: 0, height: 0))
        super.init()
        setUp()
    }

    /// For the UIKit classes backed by an engine view of their own kind.
    package init(engineView: View) {
        self.engineView = engineView
        super.init()
        setUp()
    }

    /// A face for a view made without one (a scene's): owned by it.
    package init(wrapping view: View) {
        engineView = view
        super.init()
        view.companion.adopt(self)
    }

    private func setUp() {
        engineView.id = String(describing: Swift.type(of: self))
        needsGeneratedName = true
        engineView.companion.link(self)
        if !Self.isUIKitClass(Swift.type(of: self)) {
            let hooks = ViewHooks(owner: self)
            self.hooks = hooks
            engineView.front = hooks
        }
    }

    deinit {
        engineView.companion.faceWentAway(self)
        if hooks != nil { engineView.front = nil }
    }

    /// A view made in code and not named (`accessibilityIdentifier`) is named after its class,
    /// numbered when its window has several (GestureLabTesting does that before input arrives).
    package private(set) var needsGeneratedName = false

    package func giveGeneratedName(_ name: String) {
        engineView.id = name
        needsGeneratedName = false
    }

    private static func isUIKitClass(_ type: UIView.Type) -> Bool {
        type == UIView.self || type == UIWindow.self || type == UIScrollView.self || type == UIControl.self
            || type == UIButton.self || type == UISwitch.self || type == UISlider.self
    }

    /// The face of an engine view: its own, or one made now.
    package static func face(of view: View) -> UIView {
        if let f = view.face { return unsafeDowncast(f, to: UIView.self) }
        if view.superview == nil { return UIWindow(wrapping: view) }
        if let scroll = view as? ScrollView { return UIScrollView(wrapping: scroll) }
        if let control = view as? ControlView {
            switch control.controlType {
            case .button: return UIButton(wrapping: control)
            case .switch: return UISwitch(wrapping: control)
            case .slider: return UISlider(wrapping: control)
            }
        }
        if view.isControl { return UIControl(wrapping: view) }
        return UIView(wrapping: view)
    }

    /// The view's name in the decision log.
    open var accessibilityIdentifier: String? {
        get { engineView.id }
        set {
            guard let newValue else { return }
            engineView.id = newValue
            needsGeneratedName = false
        }
    }

    // MARK: Geometry

    /// The view's rectangle in its superview's coordinates; hit testing follows it.
    open var frame: CGRect {
        get { CGRect(engineView.frame) }
        set { engineView.frame = newValue.engineRect }
    }

    /// The view's rectangle in its own coordinates; a scroll view's origin is its content offset.
    open var bounds: CGRect {
        get { CGRect(engineView.bounds) }
        set {
            engineView.boundsOrigin = newValue.origin.enginePoint
            engineView.frame.size = Size(width: Double(newValue.width), height: Double(newValue.height))
        }
    }

    /// The frame's center, in the superview's coordinates.
    open var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }

    /// `point` from this view's coordinates to `view`'s (the window's for nil).
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        CGPoint(engineView.convert(point.enginePoint, to: view?.engineView))
    }

    /// `point` from `view`'s coordinates (the window's for nil) to this view's.
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        let inWindow = view.map { $0.engineView.convertToWindow(point.enginePoint) } ?? point.enginePoint
        return CGPoint(engineView.convertFromWindow(inWindow))
    }

    /// `rect` from this view's coordinates to `view`'s.
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        CGRect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    /// `rect` from `view`'s coordinates to this view's.
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        CGRect(origin: convert(rect.origin, from: view), size: rect.size)
    }

    // MARK: Hierarchy

    /// The view this one is a subview of.
    open var superview: UIView? {
        guard let s = engineView.superview else { return nil }
        return UIView.face(of: s)
    }
    /// The subviews, back to front: the last is hit-tested first.
    open var subviews: [UIView] { engineView.subviews.map(UIView.face(of:)) }
    /// The window at the root of this view's hierarchy, if it is in one.
    open var window: UIWindow? { UIView.face(of: engineView.root) as? UIWindow }

    /// Adds `view` in front of the other subviews (moving it from its old superview).
    open func addSubview(_ view: UIView) { engineView.addSubview(view.engineView) }

    /// Subview order is hit-testing order: the last subview is asked first.
    open func insertSubview(_ view: UIView, at index: Int) { engineView.insertSubview(view.engineView, at: index) }

    /// Puts `view` just behind `siblingSubview` (hit-tested after it).
    open func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        let i = engineView.subviews.firstIndex { $0 === siblingSubview.engineView } ?? engineView.subviews.count
        engineView.insertSubview(view.engineView, at: i)
    }

    /// Puts `view` just in front of `siblingSubview` (hit-tested before it).
    open func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        let i = engineView.subviews.firstIndex { $0 === siblingSubview.engineView }.map { $0 + 1 } ?? engineView.subviews.count
        engineView.insertSubview(view.engineView, at: i)
    }

    /// Moves a subview to the front: it is hit-tested first.
    open func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        engineView.addSubview(view.engineView)
    }

    /// Moves a subview to the back: it is hit-tested last.
    open func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self else { return }
        engineView.insertSubview(view.engineView, at: 0)
    }

    /// Ends editing in this view's text fields: GestureLab has no text input, so there is none to
    /// end; true, as UIKit answers when nothing refused to resign.
    @discardableResult
    open func endEditing(_ force: Bool) -> Bool { true }
    /// Takes the view out of its superview; touches that begin later cannot hit it (F.1.2).
    open func removeFromSuperview() { engineView.removeFromSuperview() }

    /// Whether this view is `view` or inside it.
    open func isDescendant(of view: UIView) -> Bool { engineView.isDescendant(of: view.engineView) }

    // MARK: Recognizers

    /// The recognizers attached to this view, in the order they were added (the later wins ties, A.3.4).
    open var gestureRecognizers: [UIGestureRecognizer]? {
        get { engineView.gestureRecognizers.isEmpty ? nil : engineView.gestureRecognizers.map(UIGestureRecognizer.face(of:)) }
        set {
            for r in engineView.gestureRecognizers { engineView.removeGestureRecognizer(r) }
            for r in newValue ?? [] { addGestureRecognizer(r) }
        }
    }

    /// Attaches a recognizer: it receives the touches hit-tested to this view or a view inside it (A.2.2).
    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        engineView.addGestureRecognizer(gestureRecognizer.engine)
    }

    /// Detaches a recognizer.
    open func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        engineView.removeGestureRecognizer(gestureRecognizer.engine)
    }

    /// Asked of the touched view when a recognizer, possibly on an ancestor, is about to begin
    /// (A.5.2). The default is the engine view's answer (a control refuses an ancestor's tap, A.2.12).
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        engineView.gestureRecognizerShouldBegin(gestureRecognizer.engine)
    }

    // MARK: Interaction and hit testing (A.2.1)

    /// False: hit testing passes this view and its subviews by (F.1.2).
    open var isUserInteractionEnabled: Bool {
        get { engineView.isUserInteractionEnabled }
        set { engineView.isUserInteractionEnabled = newValue }
    }

    /// True: hit testing passes this view and its subviews by (F.1.2).
    open var isHidden: Bool {
        get { engineView.isHidden }
        set { engineView.isHidden = newValue }
    }

    /// Below 0.01, hit testing passes the view by, as UIKit's does (F.1.2); nothing is drawn.
    open var alpha: CGFloat {
        get { CGFloat(engineView.alpha) }
        set { engineView.alpha = Double(newValue) }
    }

    /// Kept for code that sets it; the engine delivers every finger to every view (issue 14 has
    /// UIKit's single-touch and exclusive-touch delivery).
    open var isMultipleTouchEnabled = false
    /// Kept for code that sets it; it does not change delivery yet (docs/custom-recognizers.md).
    open var isExclusiveTouch = false
    /// An integer your code may use to find the view, as on iOS.
    open var tag = 0

    /// Whether `point` (in this view's coordinates) is inside it: its bounds by default. Override it to change the touch area; hit testing asks it.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        engineView.point(inside: point.enginePoint)
    }

    /// The deepest view containing `point` (in this view's coordinates), front-most subview first.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        engineView.hitTest(point.enginePoint).map(UIView.face(of:))
    }

    /// The superview, as UIKit's responder chain for views.
    open override var next: UIResponder? { superview }

    nonisolated open override var description: String { "<\(Swift.type(of: self)) \(engineView.id) frame: \(engineView.frame)>" }
}

/// The root of a hierarchy: the view a scene's window is, and what touches' `window` returns.
@preconcurrency @MainActor
open class UIWindow: UIView {
    /// In GestureLab the trace is the input and the engine delivers its touches, so this is where
    /// an override (such as Examples/iOSRecorder's) does its own work; the base does nothing more.
    open func sendEvent(_ event: UIEvent) {}
}

extension UIView {
    /// Device pixels per point: a scene has no screen, so 1.
    public var contentScaleFactor: CGFloat { 1 }
}
