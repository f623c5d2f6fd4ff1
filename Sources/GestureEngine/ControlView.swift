import GestureTrace

/// UIKit's `UIControl`: a button, a switch or a slider that tracks its touch and sends control
/// events (docs/uikit-rules.md F.2), keeps its touches when a scroll view would take them
/// (`touchesShouldCancel`, A.7.4), and whose default action wins over an ancestor's gesture that
/// overlaps it (A.2.12).
///
/// Tracking follows F.2.2: at touch-down `touchDown` (and `touchDownRepeat` for a second tap);
/// on each move `touchDragEnter`/`touchDragExit` when the touch crosses the tracking area (the
/// bounds plus `trackingMargin`, F.2.3), then `touchDragInside` or `touchDragOutside`; at
/// touch-up `touchUpInside` or `touchUpOutside`; a cancelled touch (a recognizer with
/// `cancelsTouchesInView`, the system, the control leaving the window) `touchCancel`. A switch
/// flips and sends `valueChanged` on `touchUpInside`; a slider's value follows the finger and
/// sends `valueChanged` on each change (`isContinuous`) or once at the lift. Each event is a
/// `control` row in the log with its cause.
open class ControlView: View {
    /// The kinds of control a scene can have.
    public enum ControlType: String, Sendable, CaseIterable {
        case button, `switch`, slider
    }

    open override var isControl: Bool { true }
    open override var kindName: String { "control" }

    public var controlType: ControlType = .button
    /// A disabled control ignores touches: hit-testing passes it by (F.2.4).
    public var isEnabled = true
    /// How far beyond its bounds a tracked touch still counts as inside (F.2.3, D-9).
    public var trackingMargin = GestureDefaults.controlTrackingMargin
    /// A slider sends `valueChanged` as the thumb moves (true) or once when it is released.
    public var isContinuous = true
    /// A switch's state.
    public var isOn = false
    /// A slider's value, from 0 (left end) to 1 (right end).
    public var value = 0.5

    public private(set) var isTracking = false
    public private(set) var isTouchInside = false
    public private(set) var isHighlighted = false
    /// The touch being tracked (one at a time, as UIControl without multiple touch).
    private var tracked: Int?
    private var valueAtStart = 0.5
    private var lastX = 0.0

    public override init(id: String, frame: Rect) { super.init(id: id, frame: frame) }

    /// UIKit's controls refuse a recognizer on an ancestor whose gesture overlaps their default
    /// action; one attached to the control itself gets its chance (A.2.12, F.2.5).
    open override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        if overrides(recognizer) { return false }
        return super.gestureRecognizerShouldBegin(recognizer)
    }

    open override func reasonForRefusing(_ recognizer: GestureRecognizer) -> String? {
        overrides(recognizer) ? "control \(id)'s own action wins over \(recognizer.id) on its ancestor (docs/uikit-rules.md A.2.12)" : nil
    }

    private func overrides(_ recognizer: GestureRecognizer) -> Bool {
        recognizer.view !== self && recognizer.overlapsDefaultAction(of: controlType)
    }

    open override func hitTest(_ p: Point) -> View? {
        isEnabled ? super.hitTest(p) : nil
    }

    // MARK: Tracking (F.2.2)

    open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        guard tracked == nil, isEnabled, isUserInteractionEnabled, let t = touches.first else { return }
        tracked = t.pointer
        isTracking = true
        isTouchInside = true
        isHighlighted = true
        valueAtStart = value
        lastX = location(of: t).x
        send("touchDown", t, "\(t.label) went down on \(controlType.rawValue) \(id)", on: .began)
        if t.tapCount >= 2 { send("touchDownRepeat", t, "tap \(t.tapCount) in quick succession", on: .began) }
    }

    open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        guard let t = touches.first(where: { $0.pointer == tracked }) else { return }
        crossing(t, on: .moved)
        send(isTouchInside ? "touchDragInside" : "touchDragOutside", t, "\(t.label) moved to \(t.locationInWindow), \(isTouchInside ? "inside" : "outside") the tracking area", on: .moved)
        if controlType == .slider {
            let x = location(of: t).x
            let before = value
            value = min(1, max(0, value + (x - lastX) / max(1, frame.width)))
            lastX = x
            if isContinuous && value != before {
                send("valueChanged", t, "the slider's value is \(NumberText.decimal(value))", on: .moved)
            }
        }
    }

    open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        guard let t = touches.first(where: { $0.pointer == tracked }) else { return }
        crossing(t, on: .ended)
        let inside = isTouchInside
        finishTracking()
        send(inside ? "touchUpInside" : "touchUpOutside", t, "\(t.label) lifted \(inside ? "inside" : "outside") the tracking area", on: .ended)
        switch controlType {
        case .switch where inside:
            isOn.toggle()
            send("valueChanged", t, "the switch turned \(isOn ? "on" : "off")", on: .ended)
        case .slider where !isContinuous && value != valueAtStart:
            send("valueChanged", t, "the slider's value is \(NumberText.decimal(value)) (sent once, at the lift: isContinuous is false)", on: .ended)
        default: break
        }
    }

    open override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        guard let t = touches.first(where: { $0.pointer == tracked }) else { return }
        finishTracking()
        send("touchCancel", t, "\(t.label) was cancelled: tracking ends without touchUpInside (F.2.6)", on: .cancelled)
    }

    /// The control leaves the window while tracking: `cancelTracking(with: nil)` sends
    /// `touchCancel` (F.1.5).
    public func leftWindow() {
        guard isTracking, let pointer = tracked else { return }
        finishTracking()
        environment?.log.append(time: environment?.now ?? .zero, kind: .control, view: logName, from: LogName("removed"), phase: LogName("touchCancel"), touches: TouchIDs(pointer),
                                cause: Cause(.delivery, "\(id) left the window while tracking touch \(pointer) (cancelTracking with no event, F.1.5)"))
    }

    private func finishTracking() {
        isTracking = false
        isHighlighted = false
        tracked = nil
    }

    /// touchDragEnter / touchDragExit when the touch crosses the tracking area's edge.
    private func crossing(_ t: Touch, on phase: TouchPhase) {
        let inside = isMostlyInside(location(of: t))
        guard inside != isTouchInside else { return }
        isTouchInside = inside
        isHighlighted = inside
        send(inside ? "touchDragEnter" : "touchDragExit", t,
             "\(t.label) \(inside ? "came back within" : "went beyond") \(id)'s bounds plus its \(NumberText.decimal(trackingMargin)) pt tracking margin", on: phase)
    }

    /// The bounds grown by the tracking margin (F.2.3).
    public func isMostlyInside(_ p: Point) -> Bool {
        let b = bounds
        return p.x >= b.origin.x - trackingMargin && p.x <= b.origin.x + b.size.width + trackingMargin
            && p.y >= b.origin.y - trackingMargin && p.y <= b.origin.y + b.size.height + trackingMargin
    }

    private func location(of t: Touch) -> Point { convertFromWindow(t.locationInWindow) }

    /// Logs a control event; `from` is the touch phase that sent it, so readers can tell the
    /// events of every move (drags, a continuous slider's values) from the rest.
    private func send(_ event: String, _ t: Touch, _ why: @autoclosure () -> String, on phase: TouchPhase) {
        guard let env = environment else { return }
        env.log.append(time: env.now, kind: .control, view: logName, from: phase.logName, phase: LogName(event), touches: TouchIDs(t.pointer), cause: Cause(.delivery, why()))
        if let onControlEvent { onControlEvent(event) }
    }

    /// Called after each control event: where a scene's reactions to a control hook in.
    public var onControlEvent: ((String) -> Void)?
}
