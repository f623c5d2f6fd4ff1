import Foundation
import GestureEngine

/// UIKit's `UIControl` over the engine's `ControlView`: it tracks its touch and sends control
/// events (docs/uikit-rules.md F.2), keeps its touches from a scroll view (A.7.4), and its default
/// action wins over an ancestor's overlapping gesture (A.2.12). Targets added for events are
/// called as the engine's control sends them; `isTracking`, `isTouchInside` and `isHighlighted`
/// read its tracking state.
///
/// Not modelled: overriding `beginTracking(_:with:)` and the other tracking methods changes
/// nothing (the engine's control tracks as UIControl does by default).
@preconcurrency @MainActor
open class UIControl: UIView {
    /// UIKit's `UIControl.Event`.
    public struct Event: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// A touch went down inside the control (F.2.2).
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A second (or later) tap's touch went down (tapCount above 1).
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        /// The tracked touch moved inside the tracking area.
        public static let touchDragInside = Event(rawValue: 1 << 2)
        /// The tracked touch moved outside the tracking area.
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        /// The tracked touch moved back into the tracking area (bounds plus `trackingMargin`, F.2.3).
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        /// The tracked touch left the tracking area.
        public static let touchDragExit = Event(rawValue: 1 << 5)
        /// The touch lifted inside the tracking area: a button's tap.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// The touch lifted outside the tracking area.
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        /// The touch was cancelled (a recognizer with `cancelsTouchesInView`, the system, the control leaving).
        public static let touchCancel = Event(rawValue: 1 << 8)
        /// A switch flipped or a slider's value changed.
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// UIKit's primary action; GestureLab's controls do not send it.
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        /// Every touch event.
        public static let allTouchEvents = Event(rawValue: 0x0FFF)
        /// Every event.
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)

        /// The event the engine's control names.
        init?(engineName: String) {
            switch engineName {
            case "touchDown": self = .touchDown
            case "touchDownRepeat": self = .touchDownRepeat
            case "touchDragInside": self = .touchDragInside
            case "touchDragOutside": self = .touchDragOutside
            case "touchDragEnter": self = .touchDragEnter
            case "touchDragExit": self = .touchDragExit
            case "touchUpInside": self = .touchUpInside
            case "touchUpOutside": self = .touchUpOutside
            case "touchCancel": self = .touchCancel
            case "valueChanged": self = .valueChanged
            default: return nil
            }
        }
    }

    /// UIKit's `UIControl.State`.
    public struct State: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// No flag set.
        public static let normal = State([])
        /// A touch is down inside the control.
        public static let highlighted = State(rawValue: 1 << 0)
        /// `isEnabled` is false.
        public static let disabled = State(rawValue: 1 << 1)
        /// `isSelected` is true.
        public static let selected = State(rawValue: 1 << 2)
        /// Focus (tvOS); never set here.
        public static let focused = State(rawValue: 1 << 3)
    }

    /// The control's state from its flags.
    open var state: State {
        var s: State = []
        if isHighlighted { s.insert(.highlighted) }
        if !isEnabled { s.insert(.disabled) }
        if isSelected { s.insert(.selected) }
        return s
    }

    private final var targets: [(target: AnyObject?, action: Selector?, events: Event, handler: (@MainActor (UIControl, Event) -> Void)?)] = []

    /// A control at `frame`; behaves as a button until a subclass says otherwise.
    public override init(frame: CGRect) {
        super.init(engineView: ControlView(id: "control", frame: frame.engineRect))
        listen()
    }

    /// Interface Builder's initializer: a zero frame.
    public required init?(coder: NSCoder) {
        super.init(engineView: ControlView(id: "control", frame: Rect(x: 0, y: 0, width: 0, height: 0)))
        listen()
    }

    /// For `UIButton`, `UISwitch` and `UISlider`: the engine's control of that kind.
    package init(_ kind: ControlView.ControlType, frame: CGRect) {
        let control = ControlView(id: kind.rawValue, frame: frame.engineRect)
        control.controlType = kind
        super.init(engineView: control)
        listen()
    }

    package override init(wrapping view: View) {
        super.init(wrapping: view)
        listen()
    }

    var control: ControlView? { engineView as? ControlView }

    private func listen() {
        guard let control else { return }
        let earlier = control.onControlEvent
        control.onControlEvent = { [weak self] name in
            earlier?(name)
            guard let self, let event = Event(engineName: name) else { return }
            DrivenCode.run(self, view: control) { self.sendActions(for: event) }
        }
    }

    /// UIControl's tracking; an override that calls `super` keeps it.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let control, let event else { return }
        control.touchesBegan(Self.ordered(touches), with: event.engineEvent)
    }

    /// UIControl's tracking; an override that calls `super` keeps it.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let control, let event else { return }
        control.touchesMoved(Self.ordered(touches), with: event.engineEvent)
    }

    /// UIControl's tracking; an override that calls `super` keeps it.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let control, let event else { return }
        control.touchesEnded(Self.ordered(touches), with: event.engineEvent)
    }

    /// UIControl's tracking; an override that calls `super` keeps it.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let control, let event else { return }
        control.touchesCancelled(Self.ordered(touches), with: event.engineEvent)
    }

    private static func ordered(_ touches: Set<UITouch>) -> [Touch] {
        touches.map(\.engineTouch).sorted { $0.serial < $1.serial }
    }

    /// A disabled control ignores touches: hit-testing passes it by (F.2.4).
    open var isEnabled: Bool {
        get { control?.isEnabled ?? true }
        set { control?.isEnabled = newValue }
    }
    /// Kept for code that sets it; selection changes no touch handling.
    open var isSelected = false
    /// A touch is down inside the tracking area.
    open var isHighlighted: Bool { control?.isHighlighted ?? false }
    /// The control is following a touch.
    open var isTracking: Bool { control?.isTracking ?? false }
    /// The tracked touch is inside the tracking area (bounds plus `trackingMargin`).
    open var isTouchInside: Bool { control?.isTouchInside ?? false }

    /// Records a target and selector: Linux has no Objective-C runtime to call them, so the log shows the events; use `addAction(for:handler:)` to run code.
    open func addTarget(_ target: Any?, action: Selector, for controlEvents: Event) {
        targets.append((target as AnyObject?, action, controlEvents, nil))
    }

    /// Removes targets recorded with `addTarget(_:action:for:)` (nil matches any).
    open func removeTarget(_ target: Any?, action: Selector?, for controlEvents: Event) {
        targets.removeAll { (target == nil || $0.target === target as AnyObject?) && (action == nil || $0.action == action) && !$0.events.isDisjoint(with: controlEvents) }
    }

    /// GestureLab's stand-in for a target's action method (`#selector` does not exist on Linux):
    /// `handler` runs whenever the control sends one of `controlEvents`.
    public final func addAction(for controlEvents: Event, handler: @escaping @MainActor (UIControl, Event) -> Void) {
        targets.append((nil, nil, controlEvents, handler))
    }

    /// The events a target was added for, and the actions that run for them.
    open var allControlEvents: Event { targets.reduce([]) { $0.union($1.events) } }

    /// Runs the handlers added for `controlEvents` (targets given a `Selector` are only
    /// recorded: there is no Objective-C runtime to call them).
    open func sendActions(for controlEvents: Event) {
        for t in targets where !t.events.isDisjoint(with: controlEvents) { t.handler?(self, controlEvents) }
    }
}
