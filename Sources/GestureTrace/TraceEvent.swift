/// What happened to one pointer at one moment.
public enum TouchEventType: String, Sendable, CaseIterable {
    case down, move, up, cancel
    /// A mouse or pen pointer moving with no button pressed (not a touch; docs/uikit-rules.md F.5.6).
    case hover
    /// A scroll-wheel notch or a trackpad's two-finger scroll at the pointer (not a touch; F.5.7).
    case scroll

    /// Whether the event is part of a touch (down to up or cancel), as opposed to pointer input
    /// that is not a touch (hover, scroll).
    @inlinable public var isTouch: Bool { self != .hover && self != .scroll }
}

/// One scroll sample: how far the content is asked to move, in points, and where the scroll
/// gesture stands (F.5.7).
public struct ScrollSample: Sendable, Equatable {
    public enum Phase: String, Sendable, CaseIterable { case began, changed, ended, cancelled }
    /// `UIScrollType`: a scroll-wheel mouse is discrete, a trackpad continuous.
    public enum Kind: String, Sendable, CaseIterable { case discrete, continuous }
    public var dx: Double
    public var dy: Double
    public var phase: Phase
    public var kind: Kind
    public init(dx: Double, dy: Double, phase: Phase, kind: Kind) {
        self.dx = dx
        self.dy = dy
        self.phase = phase
        self.kind = kind
    }
}

/// The kind of hardware a pointer came from.
public enum InputDevice: String, Sendable, CaseIterable {
    case mouse, touch, pen, synthetic
}

/// One line of a trace after the header: a pointer going down, moving, lifting or being cancelled.
public struct TraceEvent: Sendable, Equatable {
    public var time: Timestamp
    public var type: TouchEventType
    /// The pointer id. Several ids down at once are multi-touch; an id may be reused after `up`.
    public var pointer: Int
    /// Window points, y growing downward as in UIKit.
    public var x: Double
    public var y: Double
    public var pressure: Double?
    public var device: InputDevice?
    /// The contact's size in points (a fingertip's ellipse as the device reports it: Pointer
    /// Events' width and height, Android's touch major and minor), when it was recorded.
    public var contact: ContactSize?
    /// `UIEvent.buttonMask` of a mouse or pen: 1 primary, 2 secondary, 4 the middle button
    /// (`button(n)` is 1 << (n - 1)); nil when the device has no buttons or did not say (F.5.3).
    public var buttons: Int?
    /// A scroll event's delta, phase and kind.
    public var scroll: ScrollSample?

    public init(time: Timestamp, type: TouchEventType, pointer: Int, x: Double, y: Double,
                pressure: Double? = nil, device: InputDevice? = nil, contact: ContactSize? = nil,
                buttons: Int? = nil, scroll: ScrollSample? = nil) {
        self.time = time
        self.type = type
        self.pointer = pointer
        self.x = x
        self.y = y
        self.pressure = pressure
        self.device = device
        self.contact = contact
        self.buttons = buttons
        self.scroll = scroll
    }

    /// The event as one JSON Lines line, without the newline. Keys in a fixed order.
    public var jsonLine: String {
        var s = "{\"t\":" + time.millisecondsText
        s += ",\"type\":\"" + type.rawValue + "\",\"id\":" + String(pointer)
        s += ",\"x\":" + NumberText.decimal(x) + ",\"y\":" + NumberText.decimal(y)
        if let pressure { s += ",\"pressure\":" + NumberText.decimal(pressure, decimals: 4) }
        if let device { s += ",\"device\":\"" + device.rawValue + "\"" }
        if let contact { s += ",\"width\":" + NumberText.decimal(contact.width) + ",\"height\":" + NumberText.decimal(contact.height) }
        if let buttons { s += ",\"buttons\":" + String(buttons) }
        if let scroll {
            s += ",\"dx\":" + NumberText.decimal(scroll.dx) + ",\"dy\":" + NumberText.decimal(scroll.dy)
            s += ",\"phase\":\"" + scroll.phase.rawValue + "\",\"scroll\":\"" + scroll.kind.rawValue + "\""
        }
        return s + "}"
    }
}

/// A contact's width and height in points.
public struct ContactSize: Sendable, Equatable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

// An event is plain values (no references, no strings), copied as bytes: a trace's events can
// be kept in a temporary file and read back (`TraceTape`). A field that is not would fail here.
extension TraceEvent: BitwiseCopyable {}
extension ScrollSample: BitwiseCopyable {}
extension ContactSize: BitwiseCopyable {}
extension Timestamp: BitwiseCopyable {}
extension TouchEventType: BitwiseCopyable {}
extension InputDevice: BitwiseCopyable {}
extension ScrollSample.Phase: BitwiseCopyable {}
extension ScrollSample.Kind: BitwiseCopyable {}
