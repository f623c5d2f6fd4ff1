/// What happened to one pointer at one moment.
public enum TouchEventType: String, Sendable, CaseIterable {
    case down, move, up, cancel
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

    public init(time: Timestamp, type: TouchEventType, pointer: Int, x: Double, y: Double,
                pressure: Double? = nil, device: InputDevice? = nil, contact: ContactSize? = nil) {
        self.time = time
        self.type = type
        self.pointer = pointer
        self.x = x
        self.y = y
        self.pressure = pressure
        self.device = device
        self.contact = contact
    }

    /// The event as one JSON Lines line, without the newline. Keys in a fixed order.
    public var jsonLine: String {
        var s = "{\"t\":" + time.millisecondsText
        s += ",\"type\":\"" + type.rawValue + "\",\"id\":" + String(pointer)
        s += ",\"x\":" + NumberText.decimal(x) + ",\"y\":" + NumberText.decimal(y)
        if let pressure { s += ",\"pressure\":" + NumberText.decimal(pressure, decimals: 4) }
        if let device { s += ",\"device\":\"" + device.rawValue + "\"" }
        if let contact { s += ",\"width\":" + NumberText.decimal(contact.width) + ",\"height\":" + NumberText.decimal(contact.height) }
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
