import GestureTrace

/// One W3C Pointer Events record, as browser-based tools log them and as GestureLab's recorder
/// page sends them: `pointerdown`, `pointermove` (with its coalesced samples), `pointerup`,
/// `pointercancel`. Positions are CSS pixels (`clientX`, `clientY`), times the event's own
/// `timeStamp` in milliseconds.
public struct PointerEventRecord: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case down = "pointerdown", move = "pointermove", rawUpdate = "pointerrawupdate", up = "pointerup", cancel = "pointercancel"
    }

    /// One place the pointer was: the event itself, or one of its coalesced samples.
    public struct Sample: Sendable, Equatable {
        public var timeStamp: Double
        public var clientX: Double
        public var clientY: Double
        public var pressure: Double?
        public var width: Double?
        public var height: Double?

        public init(timeStamp: Double, clientX: Double, clientY: Double, pressure: Double? = nil, width: Double? = nil, height: Double? = nil) {
            self.timeStamp = timeStamp
            self.clientX = clientX
            self.clientY = clientY
            self.pressure = pressure
            self.width = width
            self.height = height
        }
    }

    public var kind: Kind
    public var pointerId: Int
    /// "touch", "pen" or "mouse".
    public var pointerType: String
    public var sample: Sample
    /// `getCoalescedEvents()`: the samples the browser merged into this move, oldest first (the
    /// last is the event itself). Empty when the log has none.
    public var coalesced: [Sample]

    public init(kind: Kind, pointerId: Int, pointerType: String, sample: Sample, coalesced: [Sample] = []) {
        self.kind = kind
        self.pointerId = pointerId
        self.pointerType = pointerType
        self.sample = sample
        self.coalesced = coalesced
    }

    /// Event types of the Pointer Events family that say nothing about where a pointer is
    /// pressed (hover boundaries, capture): a log may hold them, and they are passed over.
    public static let ignoredTypes: Set<String> = [
        "pointerover", "pointerout", "pointerenter", "pointerleave", "gotpointercapture", "lostpointercapture",
    ]

    /// Reads one record from its JSON. Returns nil for the ignored types; throws a message saying
    /// what is wrong otherwise.
    public static func decode(_ value: JSONValue) throws(PointerEvents.Problem) -> PointerEventRecord? {
        guard case .object = value else { throw .init("a pointer event must be a JSON object, found \(value.typeName)") }
        guard case let .string(type)? = value["type"] else { throw .init("the event has no \"type\" string (pointerdown, pointermove, pointerup, pointercancel)") }
        if ignoredTypes.contains(type) { return nil }
        guard let kind = Kind(rawValue: type) else {
            throw .init("unknown event type \"\(type)\"; types are pointerdown, pointermove, pointerrawupdate, pointerup, pointercancel")
        }
        let id = try whole(value, "pointerId")
        var pointerType = "touch"
        if let t = value["pointerType"] {
            guard case let .string(s) = t else { throw .init("\"pointerType\" must be a string") }
            guard ["touch", "pen", "mouse"].contains(s) else { throw .init("unknown pointerType \"\(s)\"; types are touch, pen, mouse") }
            pointerType = s
        }
        let sample = try Self.sample(value)
        var coalesced: [Sample] = []
        if let list = value["coalesced"] ?? value["coalescedEvents"] {
            guard case let .array(items) = list else { throw .init("\"coalesced\" must be an array of samples") }
            for item in items { coalesced.append(try Self.sample(item)) }
        }
        return PointerEventRecord(kind: kind, pointerId: id, pointerType: pointerType, sample: sample, coalesced: coalesced)
    }

    private static func sample(_ value: JSONValue) throws(PointerEvents.Problem) -> Sample {
        guard case .object = value else { throw .init("a coalesced sample must be an object, found \(value.typeName)") }
        return Sample(timeStamp: try number(value, "timeStamp"), clientX: try number(value, "clientX"), clientY: try number(value, "clientY"),
                      pressure: try optionalNumber(value, "pressure"), width: try optionalNumber(value, "width"), height: try optionalNumber(value, "height"))
    }

    private static func number(_ value: JSONValue, _ key: String) throws(PointerEvents.Problem) -> Double {
        guard let v = value[key] else { throw .init("the event has no \"\(key)\"") }
        guard case let .number(n) = v else { throw .init("\"\(key)\" must be a number, found \(v.typeName)") }
        return n
    }

    private static func optionalNumber(_ value: JSONValue, _ key: String) throws(PointerEvents.Problem) -> Double? {
        guard let v = value[key], v != .null else { return nil }
        guard case let .number(n) = v else { throw .init("\"\(key)\" must be a number, found \(v.typeName)") }
        return n
    }

    private static func whole(_ value: JSONValue, _ key: String) throws(PointerEvents.Problem) -> Int {
        let n = try number(value, key)
        guard n == n.rounded(), abs(n) <= 1e15 else { throw .init("\"\(key)\" must be a whole number") }
        return Int(n)
    }
}

/// Turns pointer event records into trace events as they come (the recorder's WebSocket) or from
/// a file (`gesturelab import pointer-events`), keeping each event's own time and pointer id.
///
/// - Places: `(clientX - originX) / cssPixelsPerPoint`, the same for y, so a page that draws the
///   scene scaled and offset gets scene points back.
/// - Times: milliseconds since the first record's `timeStamp`. A coalesced sample stamped before
///   the event already written (browsers do not promise otherwise) is written at that event's time.
/// - Pressure: Pointer Events' scale is 0 to 1 with 0.5 for a press that reports none; a trace's is
///   UIKit's, where 1 is an average touch. So touch and pen pressures are doubled; a mouse has none.
/// - Contact size: `width` and `height` in points, when the browser gives them (touch, some pens).
public struct PointerEventConverter: Sendable {
    public struct Mapping: Sendable, Equatable {
        public var originX: Double
        public var originY: Double
        public var cssPixelsPerPoint: Double
        public init(originX: Double = 0, originY: Double = 0, cssPixelsPerPoint: Double = 1) {
            self.originX = originX
            self.originY = originY
            self.cssPixelsPerPoint = cssPixelsPerPoint
        }
    }

    public var mapping: Mapping
    /// The `timeStamp` that is time zero; the first record's unless set.
    public private(set) var origin: Double?
    private var down: [Int: TraceEvent] = [:]
    private var last = Timestamp.zero
    /// Samples moved later to keep the trace's time from going backwards.
    public private(set) var clampedSamples = 0
    public private(set) var devices: Set<InputDevice> = []

    public init(mapping: Mapping = Mapping(), origin: Double? = nil) {
        self.mapping = mapping
        self.origin = origin
    }

    /// The pointers down now, each with its latest event.
    public var pointersDown: [Int: TraceEvent] { down }
    public var lastTime: Timestamp { last }

    public mutating func convert(_ r: PointerEventRecord) throws(PointerEvents.Problem) -> [TraceEvent] {
        // Whatever a page or a log sends, the trace written must be one the reader accepts.
        for sample in r.coalesced + [r.sample] {
            if let problem = Self.problem(sample, origin: origin ?? sample.timeStamp, mapping: mapping) { throw .init(problem) }
        }
        let device: InputDevice = r.pointerType == "pen" ? .pen : (r.pointerType == "mouse" ? .mouse : .touch)
        switch r.kind {
        case .down:
            guard down[r.pointerId] == nil else { throw .init("pointerdown for pointer \(r.pointerId), which is already down") }
            devices.insert(device)
            return [event(.down, r.pointerId, r.sample, device)]
        case .move, .rawUpdate:
            // A mouse moving with no button held, or a pointer this log never saw go down.
            guard down[r.pointerId] != nil else { return [] }
            let samples = r.coalesced.isEmpty ? [r.sample] : r.coalesced
            return samples.map { event(.move, r.pointerId, $0, device) }
        case .up, .cancel:
            guard down[r.pointerId] != nil else { throw .init("\(r.kind.rawValue) for pointer \(r.pointerId), which is not down") }
            return [event(r.kind == .up ? .up : .cancel, r.pointerId, r.sample, device)]
        }
    }

    /// What would make a sample's trace event one the trace reader refuses (docs/trace-format.md).
    static func problem(_ s: PointerEventRecord.Sample, origin: Double, mapping: Mapping) -> String? {
        let t = s.timeStamp - origin
        guard t < 1e12 else { return "timeStamp \(s.timeStamp) is beyond any recording (\(NumberText.decimal(t)) ms after the first)" }
        let k = mapping.cssPixelsPerPoint
        let x = (s.clientX - mapping.originX) / k, y = (s.clientY - mapping.originY) / k
        guard abs(x) < 1e9, abs(y) < 1e9 else { return "position (\(s.clientX), \(s.clientY)) is beyond any screen" }
        if let p = s.pressure, p < 0 { return "pressure must not be negative" }
        if let w = s.width, w < 0 || w / k >= 1e6 { return "width \(w) must be 0 or more, and less than a screen" }
        if let h = s.height, h < 0 || h / k >= 1e6 { return "height \(h) must be 0 or more, and less than a screen" }
        return nil
    }

    private mutating func event(_ type: TouchEventType, _ pointer: Int, _ s: PointerEventRecord.Sample, _ device: InputDevice) -> TraceEvent {
        if origin == nil { origin = s.timeStamp }
        var t = Timestamp.milliseconds(max(0, s.timeStamp - origin!))
        if t < last {
            t = last
            clampedSamples += 1
        }
        last = t
        let k = mapping.cssPixelsPerPoint
        var contact: ContactSize?
        if let w = s.width, let h = s.height, w > 0 || h > 0, device != .mouse { contact = ContactSize(width: w / k, height: h / k) }
        let pressure = device == .mouse ? nil : s.pressure.map { $0 * 2 }
        let e = TraceEvent(time: t, type: type, pointer: pointer, x: (s.clientX - mapping.originX) / k, y: (s.clientY - mapping.originY) / k,
                           pressure: pressure, device: device, contact: contact)
        down[pointer] = type == .down || type == .move ? e : nil
        return e
    }
}

/// `gesturelab import pointer-events`: a file of pointer event records (a JSON array, an object
/// with an `events` array, or one record per line) into one trace.
public enum PointerEvents {
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public var message: String
        public init(_ message: String) { self.message = message }
        public var description: String { message }
    }

    /// The largest log read: an hour of 120 Hz two-finger input is about 100 MB.
    public static let maximumFileBytes = 256 << 20

    public static func read(path: String, mapping: PointerEventConverter.Mapping = .init(), viewport: (Double, Double)? = nil,
                            name: String? = nil) throws(ImportProblem) -> (TraceHeader, [TraceEvent]) {
        let bytes = try ImportFile.read(path: path, limit: maximumFileBytes)
        return try parse(bytes, path: path, mapping: mapping, viewport: viewport, name: name)
    }

    public static func parse(_ bytes: [UInt8], path: String, mapping: PointerEventConverter.Mapping = .init(), viewport: (Double, Double)? = nil,
                             name: String? = nil) throws(ImportProblem) -> (TraceHeader, [TraceEvent]) {
        let elements = try Self.elements(bytes, path: path)
        var converter = PointerEventConverter(mapping: mapping)
        var events: [TraceEvent] = []
        var maxX = 0.0, maxY = 0.0
        for (offset, value) in elements {
            do {
                guard let record = try PointerEventRecord.decode(value) else { continue }
                for e in try converter.convert(record) {
                    events.append(e)
                    maxX = max(maxX, e.x)
                    maxY = max(maxY, e.y)
                }
            } catch {
                throw ImportProblem(path: path, line: ImportFile.place(of: offset, in: bytes).line, message: error.message)
            }
        }
        guard !events.isEmpty else { throw ImportProblem(path: path, message: "no pointerdown in the log: nothing to import") }
        let size = viewport ?? (max(1, (maxX + 1).rounded(.up)), max(1, (maxY + 1).rounded(.up)))
        let header = TraceHeader(viewportWidth: size.0, viewportHeight: size.1, scale: mapping.cssPixelsPerPoint,
                                 clockSource: "pointer-events", clockDescription: "the events' own timeStamp, ms, relative to the first",
                                 devices: InputDevice.allCases.filter(converter.devices.contains),
                                 origin: "imported by `gesturelab import pointer-events` from \(name ?? ImportFile.lastComponent(path))")
        return (header, events)
    }

    /// The records: a JSON array, or JSON Lines (one record per line).
    private static func elements(_ bytes: [UInt8], path: String) throws(ImportProblem) -> [(offset: Int, value: JSONValue)] {
        let first = bytes.firstIndex { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
        if let f = first, bytes[f] == UInt8(ascii: "[") {
            do {
                return try bytes.withUnsafeBufferPointer { b throws(JSONParser.Failure) in try JSONParser.parseElements(b) }
            } catch {
                throw ImportFile.problem(path, bytes, at: error.column - 1, error.message)
            }
        }
        var out: [(offset: Int, value: JSONValue)] = []
        var lineStart = 0
        for k in 0...bytes.count where k == bytes.count || bytes[k] == 0x0A {
            defer { lineStart = k + 1 }
            let line = bytes[lineStart..<k]
            guard line.contains(where: { $0 != 0x20 && $0 != 0x0D && $0 != 0x09 }) else { continue }
            do {
                let v = try line.withUnsafeBufferPointer { b throws(JSONParser.Failure) in try JSONParser.parse(b) }
                out.append((lineStart, v))
            } catch {
                throw ImportFile.problem(path, bytes, at: lineStart + error.column - 1, error.message + " (a log is a JSON array of pointer events, or one event per line)")
            }
        }
        return out
    }
}
