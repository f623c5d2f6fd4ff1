import GestureTrace

/// The phase a touch is in, as UIKit's `UITouch.Phase`.
public enum TouchPhase: String, Sendable {
    case began, moved, stationary, ended, cancelled

    /// The order recognizers get the phases of one event in (A.2.4).
    static let deliveryOrder: [TouchPhase] = [.began, .moved, .ended, .cancelled]

    /// `rawValue` as the log keeps it.
    var logName: LogName {
        switch self {
        case .began: return .began
        case .moved: return .moved
        case .stationary: return .stationary
        case .ended: return .ended
        case .cancelled: return .cancelled
        }
    }
}

/// One finger (or pointer) from down to up. The same object represents it for its whole life,
/// bound to the view it first hit (docs/uikit-rules.md A.2.1).
public final class Touch {
    public let pointer: Int
    /// Unique within an environment, in order of touch down.
    public let serial: Int
    public internal(set) var phase: TouchPhase = .began
    public internal(set) var timestamp: Timestamp
    public internal(set) var locationInWindow: Point
    public internal(set) var previousLocationInWindow: Point
    public let startLocationInWindow: Point
    public let startTime: Timestamp
    /// The hit-tested view; nil when the touch landed outside the window.
    public internal(set) var view: View? {
        didSet { viewLink = view.map { Unretained($0) } }
    }
    /// The same view, unretained (`view` keeps it alive), for the delivery of every phase.
    private(set) var viewLink: Unretained<View>?
    public let device: InputDevice?
    public internal(set) var pressure: Double?
    /// The contact's size as the trace recorded it (nil when it did not).
    public internal(set) var contact: ContactSize?
    /// The buttons pressed, for a mouse or pen (`UIEvent.buttonMask`, F.5.3); nil for a finger
    /// or when the trace does not say.
    public internal(set) var buttons: Int?

    /// The recognizers this touch is still delivered to, in delivery order (UIKit's
    /// `UITouch.gestureRecognizers`).
    package var deliveryRecognizers: [GestureRecognizer] { recognizers }

    /// Recognizers that received this touch at touch down, in delivery order.
    private(set) var recognizers: [GestureRecognizer] = []
    /// The same recognizers, unretained, for the per-event delivery loop (`recognizers` keeps
    /// them alive; see `UnretainedList`).
    private(set) var recognizerLinks = UnretainedList<GestureRecognizer>()

    /// The two lists change together: set when the touch is bound, shortened when one of them
    /// resets (then only that entry moves, not the whole list).
    func setRecognizers(_ list: [GestureRecognizer]) {
        recognizers = list
        recognizerLinks.replace(with: list)
    }

    func removeRecognizer(at i: Int) {
        recognizers.remove(at: i)
        recognizerLinks.remove(at: i)
    }
    var delivery = ViewDeliveryState()
    /// This finger's face in GestureLabUIKit (`UITouch`), owned by the touch until it lifts (see
    /// `CompanionLink`).
    package var companion = CompanionLink()
    /// UIKit's `tapCount`: 1, or one more than the touch before it when this one went down soon
    /// enough after it lifted, near enough to where it lifted (`GestureDefaults.tapMaximumInterval`
    /// and `tapAllowableMovement`, the tap recognizer's own limits).
    public internal(set) var tapCount = 1

    init(pointer: Int, serial: Int, time: Timestamp, location: Point, device: InputDevice?, pressure: Double?) {
        self.pointer = pointer
        self.serial = serial
        timestamp = time
        startTime = time
        locationInWindow = location
        previousLocationInWindow = location
        startLocationInWindow = location
        self.device = device
        self.pressure = pressure
    }

    deinit { recognizerLinks.free() }

    /// Runs `body` with the touch showing another phase, place and time stamp (a delivery held back
    /// and released later shows the view the touch as it was), then puts its own back.
    func withState(of phase: TouchPhase, at location: Point, previous: Point, time: Timestamp, _ body: () -> Void) {
        let saved = (self.phase, locationInWindow, previousLocationInWindow, timestamp)
        self.phase = phase
        locationInWindow = location
        previousLocationInWindow = previous
        timestamp = time
        body()
        (self.phase, locationInWindow, previousLocationInWindow, timestamp) = saved
    }

    /// This touch's location in `view`'s coordinate space (the window's when nil).
    public func location(in view: View?) -> Point {
        guard let view else { return locationInWindow }
        return view.convertFromWindow(locationInWindow)
    }

    public func previousLocation(in view: View?) -> Point {
        guard let view else { return previousLocationInWindow }
        return view.convertFromWindow(previousLocationInWindow)
    }

    /// Asked for every touch of every event, also by the built-ins in another module: inlinable,
    /// so that the caller need not retain the touch for a call.
    @inlinable public var isDown: Bool {
        @inline(__always) get { switch phase { case .ended, .cancelled: return false; default: return true } }
    }
    /// The name in logs: `touch 1` is pointer 1.
    public var label: String { "touch \(pointer)" }
}

/// What one dispatch cycle carries: the touches that changed and every touch that is down
/// (UIKit's `UIEvent`).
public final class TouchEvent {
    /// UIKit's event types that reach recognizers here: touches, and a pointer's hover and
    /// scroll (F.5.2), which carry no touches.
    public enum EventType: Sendable {
        case touches, hover, scroll
    }

    /// UIKit reuses its event objects between dispatches, and so does the environment; copy
    /// what you need rather than keeping the event.
    public internal(set) var timestamp: Timestamp
    public internal(set) var allTouches: [Touch]
    public internal(set) var type = EventType.touches
    /// The buttons pressed during a hover or scroll event (a touch event's are its touches').
    public internal(set) var pointerButtons = 0
    /// This event's face in GestureLabUIKit (`UIEvent`; see `CompanionLink`).
    package var companion = CompanionLink()

    init(timestamp: Timestamp, allTouches: [Touch]) {
        self.timestamp = timestamp
        self.allTouches = allTouches
    }

    /// The touches this recognizer receives in this event.
    public func touches(for recognizer: GestureRecognizer) -> [Touch] {
        allTouches.filter { recognizer.isTracking($0) }
    }
}

extension Array where Element == Touch {
    // Asked by recognizers for every finger of every tap: the touches are read without a retain
    // each (the array keeps them alive; see `Unretained`), and inlined into the recognizer.

    /// How many of these touches are down.
    @inlinable package var downCount: Int {
        withUnretainedElements { $0.reduce(0) { $0 + ($1.with { $0.isDown } ? 1 : 0) } }
    }

    /// Whether any of these touches is down.
    @inlinable package var anyDown: Bool {
        withUnretainedElements { $0.contains { $0.with { $0.isDown } } }
    }

    /// The first mouse or pen touch whose pressed buttons are not `mask` (a touch of a finger
    /// has no buttons).
    @inlinable package func firstIndirect(notPressing mask: Int) -> Touch? {
        let i = withUnretainedElements { list in
            list.firstIndex { $0.with { ($0.device == .mouse || $0.device == .pen) && ($0.buttons ?? 1) != mask } }
        }
        return i.map { self[$0] }
    }
}
