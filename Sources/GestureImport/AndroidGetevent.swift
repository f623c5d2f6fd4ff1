import GestureTrace

/// `gesturelab import android-getevent`: an `adb shell getevent -lt` log of a touchscreen that
/// speaks the Linux multi-touch protocol B into a trace.
///
/// Protocol B (the kernel's Documentation/input/multi-touch-protocol.rst): `ABS_MT_SLOT` selects a
/// slot; `ABS_MT_TRACKING_ID` gives the slot a contact (a new id) or ends it (-1, printed
/// `ffffffff`); `ABS_MT_POSITION_X/Y`, `ABS_MT_PRESSURE`, `ABS_MT_TOUCH_MAJOR/MINOR` update the
/// selected slot; `SYN_REPORT` closes a frame, and everything in a frame happened at once. The
/// kernel sends only values that changed, so a slot keeps its last values from one contact to the
/// next. Each contact becomes one pointer whose id is its tracking id.
///
/// Places: raw axis units are display pixels across the axis range (`getevent -p` gives each
/// axis's min and max; `display` scales them when the panel's resolution differs), and points are
/// pixels divided by `density` (Android's `wm density` / 160). Times: the frame's kernel time
/// stamp, relative to the first frame.
public struct AndroidGetevent {
    /// One axis's range, as `getevent -p` prints it.
    public struct AxisRange: Sendable, Equatable {
        public var minimum: Int
        public var maximum: Int
        public init(minimum: Int, maximum: Int) {
            self.minimum = minimum
            self.maximum = maximum
        }
        var span: Double { Double(maximum) - Double(minimum) + 1 }
    }

    /// The touchscreen's axes, by label (`ABS_MT_POSITION_X`...), from `getevent -p` or `-lp`.
    public var axes: [String: AxisRange]
    /// Pixels per point (Android's density: 160 dpi is 1).
    public var density: Double
    /// The display in pixels, when the touch axes do not map one unit to one pixel.
    public var display: (width: Double, height: Double)?
    /// Only events of this device (`/dev/input/event2`), when the log holds several.
    public var device: String?

    public init(axes: [String: AxisRange], density: Double, display: (width: Double, height: Double)? = nil, device: String? = nil) {
        self.axes = axes
        self.density = density
        self.display = display
        self.device = device
    }

    /// The largest log read (an hour of a 120 Hz two-finger frame stream is about 150 MB).
    public static let maximumFileBytes = 512 << 20

    /// Linux input event codes (include/uapi/linux/input-event-codes.h) by the labels `-l` prints,
    /// so logs taken without `-l` read the same.
    static let absoluteCodes: [Int: String] = [
        0x00: "ABS_X", 0x01: "ABS_Y", 0x18: "ABS_PRESSURE",
        0x2f: "ABS_MT_SLOT", 0x30: "ABS_MT_TOUCH_MAJOR", 0x31: "ABS_MT_TOUCH_MINOR", 0x32: "ABS_MT_WIDTH_MAJOR",
        0x33: "ABS_MT_WIDTH_MINOR", 0x34: "ABS_MT_ORIENTATION", 0x35: "ABS_MT_POSITION_X", 0x36: "ABS_MT_POSITION_Y",
        0x37: "ABS_MT_TOOL_TYPE", 0x38: "ABS_MT_BLOB_ID", 0x39: "ABS_MT_TRACKING_ID", 0x3a: "ABS_MT_PRESSURE",
        0x3b: "ABS_MT_DISTANCE",
    ]
    static let synCodes: [Int: String] = [0: "SYN_REPORT", 1: "SYN_CONFIG", 2: "SYN_MT_REPORT", 3: "SYN_DROPPED"]
    static let typeCodes: [Int: String] = [0: "EV_SYN", 1: "EV_KEY", 2: "EV_REL", 3: "EV_ABS", 4: "EV_MSC"]

    // MARK: getevent -p

    /// Reads the axis ranges from `getevent -p` (or `-lp`) output. With several devices, those of
    /// the one that has `ABS_MT_POSITION_X` (or of `device`, when named).
    public static func axes(fromDeviceListing text: String, path: String, device: String? = nil) throws(ImportProblem) -> (device: String?, axes: [String: AxisRange]) {
        var devices: [(name: String?, axes: [String: AxisRange])] = []
        var current: String?
        var inAbs = false
        for (n, raw) in Self.lines(of: text).enumerated() {
            let line = raw.trimmedOfSpace
            if line.hasPrefix("add device") {
                current = line.split(separator: ":").dropFirst().joined(separator: ":").trimmedOfSpace
                devices.append((current, [:]))
                inAbs = false
                continue
            }
            var body = Substring(line)
            if body.hasPrefix("ABS (0003):") {
                inAbs = true
                body = body.dropFirst("ABS (0003):".count)
            } else if body.contains("):") || body.hasPrefix("input props") || body.hasPrefix("name:") || body.hasPrefix("events:") || body.hasPrefix("location:") || body.hasPrefix("id:") || body.hasPrefix("version:") {
                inAbs = false
                continue
            }
            guard inAbs, let colon = body.firstIndex(of: ":") else { continue }
            let label = body[..<colon].trimmedOfSpace
            let name = Int(label, radix: 16).flatMap { absoluteCodes[$0] } ?? label
            let fields = body[body.index(after: colon)...]
            guard let lo = number(after: "min ", in: fields), let hi = number(after: "max ", in: fields) else {
                throw ImportProblem(path: path, line: n + 1, message: "an axis line without \"min\" and \"max\": \(line)")
            }
            // The kernel's axis values are 32-bit (struct input_absinfo).
            guard lo >= Int(Int32.min), hi <= Int(Int32.max), lo < hi else {
                throw ImportProblem(path: path, line: n + 1, message: "axis \(name) has min \(lo) and max \(hi): expected min < max, each a 32-bit value")
            }
            if devices.isEmpty { devices.append((nil, [:])) }
            devices[devices.count - 1].axes[name] = AxisRange(minimum: lo, maximum: hi)
        }
        let touch = devices.filter { d in device.map { d.name == $0 } ?? (d.axes["ABS_MT_POSITION_X"] != nil) }
        guard let chosen = touch.first else {
            throw ImportProblem(path: path, message: device.map { "no device \($0) with axes in the listing" }
                ?? "no device with ABS_MT_POSITION_X in the listing (is it `getevent -p` output of a touchscreen?)")
        }
        guard touch.count == 1 || device != nil else {
            throw ImportProblem(path: path, message: "several touchscreens in the listing (\(touch.compactMap(\.name).joined(separator: ", "))): name one with --device")
        }
        guard chosen.axes["ABS_MT_POSITION_X"] != nil, chosen.axes["ABS_MT_POSITION_Y"] != nil else {
            throw ImportProblem(path: path, message: "device \(chosen.name ?? "?") has no ABS_MT_POSITION_X and ABS_MT_POSITION_Y axes")
        }
        return (chosen.name, chosen.axes)
    }

    /// Axis ranges for a log that came without its `getevent -p` listing: each position axis from
    /// 0 (or the lowest value seen, if below) to the highest value the log holds. Most panels map
    /// one axis unit to one display pixel, so positions come out right while the viewport is the
    /// part of the screen the strokes reached. Pressure has no range to divide by, so it is left
    /// out. `seen` says what was found, for the warning that names the assumption.
    public static func inferredAxes(fromLog text: String, device: String? = nil) -> (axes: [String: AxisRange], seen: String)? {
        var low: [String: Int] = [:], high: [String: Int] = [:]
        for raw in lines(of: text) {
            guard let close = raw.firstIndex(of: "]") else { continue }
            let (dev, words) = fields(after: raw[raw.index(after: close)...])
            if let device, let dev, dev != device { continue }
            guard words.count == 3, label(words[0], typeCodes) == "EV_ABS", let v = value(words[2]) else { continue }
            let code = label(words[1], absoluteCodes)
            guard code == "ABS_MT_POSITION_X" || code == "ABS_MT_POSITION_Y" else { continue }
            low[code] = min(low[code] ?? v, v)
            high[code] = max(high[code] ?? v, v)
        }
        guard let xHigh = high["ABS_MT_POSITION_X"], let yHigh = high["ABS_MT_POSITION_Y"] else { return nil }
        let xLow = min(0, low["ABS_MT_POSITION_X"]!), yLow = min(0, low["ABS_MT_POSITION_Y"]!)
        let axes = ["ABS_MT_POSITION_X": AxisRange(minimum: xLow, maximum: max(xHigh, xLow + 1)),
                    "ABS_MT_POSITION_Y": AxisRange(minimum: yLow, maximum: max(yHigh, yLow + 1))]
        return (axes, "x \(low["ABS_MT_POSITION_X"]!) to \(xHigh), y \(low["ABS_MT_POSITION_Y"]!) to \(yHigh)")
    }

    private static func number(after key: String, in s: Substring) -> Int? {
        guard let r = s.range(of: key) else { return nil }
        return Int(s[r.upperBound...].prefix { $0 == "-" || $0.isNumber })
    }

    // MARK: getevent -lt

    struct Slot {
        var tracking = -1
        var x: Int?
        var y: Int?
        var pressure: Int?
        var major: Int?
        var minor: Int?
        var pen = false
        /// The contact this slot had when the last frame closed, and whether it moved since.
        var reported = -1
        var changed = false
    }

    /// The log as a trace. Lines that are not events (`add device`, `name:`, blank) are passed
    /// over; an event line that cannot be read is an error at its line.
    public func read(path: String, name: String? = nil) throws(ImportProblem) -> (TraceHeader, [TraceEvent]) {
        let bytes = try ImportFile.read(path: path, limit: Self.maximumFileBytes)
        return try parse(String(decoding: bytes, as: UTF8.self), path: path, name: name)
    }

    public func parse(_ text: String, path: String, name: String? = nil) throws(ImportProblem) -> (TraceHeader, [TraceEvent]) {
        guard let xAxis = axes["ABS_MT_POSITION_X"], let yAxis = axes["ABS_MT_POSITION_Y"] else {
            throw ImportProblem(path: path, message: "the axis ranges have no ABS_MT_POSITION_X and ABS_MT_POSITION_Y")
        }
        guard density > 0 else { throw ImportProblem(path: path, message: "the density must be more than 0") }
        let widthPixels = display?.width ?? xAxis.span
        let heightPixels = display?.height ?? yAxis.span
        let toPointsX = widthPixels / xAxis.span / density
        let toPointsY = heightPixels / yAxis.span / density
        let pressureMaximum = axes["ABS_MT_PRESSURE"].map { Double(max(1, $0.maximum)) }

        var slots = [Int: Slot]()
        var slot = 0
        var events: [TraceEvent] = []
        var firstTime: Double?
        var lastTime = Timestamp.zero
        var sawEvent = false
        var deviceSeen: String?

        func place(_ s: Slot) -> (Double, Double) {
            (Double(s.x! - xAxis.minimum) * toPointsX, Double(s.y! - yAxis.minimum) * toPointsY)
        }
        func contact(_ s: Slot) -> ContactSize? {
            guard let major = s.major else { return nil }
            let w = Double(major) * toPointsX
            return ContactSize(width: w, height: s.minor.map { Double($0) * toPointsY } ?? w)
        }

        for (n, raw) in Self.lines(of: text).enumerated() {
            let lineNumber = n + 1
            let line = raw.trimmedOfSpace
            if line.isEmpty || line.hasPrefix("add device") || line.hasPrefix("name:") || line.hasPrefix("could not get") { continue }
            guard line.hasPrefix("[") else {
                throw ImportProblem(path: path, line: lineNumber, message: "not a getevent -lt line (expected \"[ SECONDS.MICROS] /dev/input/eventN: TYPE CODE VALUE\")")
            }
            guard let close = line.firstIndex(of: "]"), let seconds = Double(line[line.index(after: line.startIndex)..<close].trimmedOfSpace) else {
                throw ImportProblem(path: path, line: lineNumber, message: "no time stamp: getevent was run without -t (use `getevent -lt`)")
            }
            // Double reads "nan", "inf" and "1e300" too; getevent prints seconds since boot.
            guard seconds.isFinite, seconds >= 0, seconds < 1e9 else {
                throw ImportProblem(path: path, line: lineNumber, message: "time stamp \(line[line.index(after: line.startIndex)..<close].trimmedOfSpace) is not seconds since boot as getevent -t prints them")
            }
            let (dev, words) = Self.fields(after: line[line.index(after: close)...])
            if let dev {
                if let device, dev != device { continue }
                if let seen = deviceSeen, seen != dev, device == nil {
                    throw ImportProblem(path: path, line: lineNumber, message: "events of two devices (\(seen) and \(dev)): name the touchscreen with --device")
                }
                deviceSeen = dev
            }
            guard words.count == 3 else {
                throw ImportProblem(path: path, line: lineNumber, message: "expected TYPE CODE VALUE after the time stamp, found \"\(words.joined(separator: " "))\"")
            }
            let type = Self.label(words[0], Self.typeCodes)
            sawEvent = true
            switch type {
            case "EV_SYN":
                let code = Self.label(words[1], Self.synCodes)
                if code == "SYN_DROPPED" {
                    throw ImportProblem(path: path, line: lineNumber, message: "SYN_DROPPED: the kernel's buffer overflowed and events were lost here; record again with less load on the device")
                }
                if code == "SYN_MT_REPORT" {
                    throw ImportProblem(path: path, line: lineNumber, message: "SYN_MT_REPORT is multi-touch protocol A, which this importer does not read (protocol B, with slots, is what current devices send)")
                }
                guard code == "SYN_REPORT" else { continue }
                if firstTime == nil { firstTime = seconds }
                guard let t = Timestamp(exactlyMilliseconds: (seconds - firstTime!) * 1000), t.milliseconds < 1e12 else {
                    throw ImportProblem(path: path, line: lineNumber, message: "time stamp \(line[line.index(after: line.startIndex)..<close].trimmedOfSpace) s is \((seconds - firstTime!)) s after the first frame, beyond any recording")
                }
                if t < lastTime {
                    throw ImportProblem(path: path, line: lineNumber, message: "time goes backwards (\(seconds) s)")
                }
                lastTime = t
                // Lifts first, then moves and touches down: a contact that ends and a new one in
                // the same slot within one frame are two pointers, one after the other.
                for key in slots.keys.sorted() {
                    var s = slots[key]!
                    if s.reported >= 0 && s.tracking != s.reported {
                        let last = events.last { $0.pointer == s.reported }!
                        events.append(TraceEvent(time: t, type: .up, pointer: s.reported, x: last.x, y: last.y, device: last.device, contact: last.contact))
                        s.reported = -1
                    }
                    slots[key] = s
                }
                for key in slots.keys.sorted() {
                    var s = slots[key]!
                    defer { slots[key] = s }
                    guard s.tracking >= 0 else { s.changed = false; continue }
                    guard s.x != nil, s.y != nil else {
                        throw ImportProblem(path: path, line: lineNumber, message: "contact \(s.tracking) in slot \(key) has no position yet")
                    }
                    let (x, y) = place(s)
                    let pressure = pressureMaximum.flatMap { m in s.pressure.map { Double($0) / m } }
                    if s.reported < 0 {
                        events.append(TraceEvent(time: t, type: .down, pointer: s.tracking, x: x, y: y, pressure: pressure, device: s.pen ? .pen : .touch, contact: contact(s)))
                        s.reported = s.tracking
                    } else if s.changed {
                        events.append(TraceEvent(time: t, type: .move, pointer: s.tracking, x: x, y: y, pressure: pressure, device: s.pen ? .pen : .touch, contact: contact(s)))
                    }
                    s.changed = false
                }
            case "EV_ABS":
                let code = Self.label(words[1], Self.absoluteCodes)
                guard let value = Self.value(words[2]) else {
                    throw ImportProblem(path: path, line: lineNumber, message: "\"\(words[2])\" is not a hexadecimal value")
                }
                if code == "ABS_MT_SLOT" {
                    guard value >= 0, value < 64 else { throw ImportProblem(path: path, line: lineNumber, message: "slot \(value) is out of range (0 to 63)") }
                    slot = value
                    continue
                }
                var s = slots[slot] ?? Slot()
                switch code {
                case "ABS_MT_TRACKING_ID": s.tracking = value < 0 ? -1 : value
                case "ABS_MT_POSITION_X": s.x = value
                case "ABS_MT_POSITION_Y": s.y = value
                case "ABS_MT_PRESSURE": s.pressure = value
                case "ABS_MT_TOUCH_MAJOR": s.major = value
                case "ABS_MT_TOUCH_MINOR": s.minor = value
                case "ABS_MT_TOOL_TYPE": s.pen = value == 1
                default: break
                }
                s.changed = true
                slots[slot] = s
            default:
                // Keys (BTN_TOUCH, BTN_TOOL_FINGER), EV_MSC time stamps: the slots say it all.
                continue
            }
        }
        guard sawEvent else { throw ImportProblem(path: path, message: "no input events in the log (is it `getevent -lt` output?)") }
        guard !events.isEmpty else { throw ImportProblem(path: path, message: "no contact in the log: no ABS_MT_TRACKING_ID followed by SYN_REPORT") }
        let header = TraceHeader(viewportWidth: (widthPixels / density).rounded(), viewportHeight: (heightPixels / density).rounded(), scale: density,
                                 clockSource: "android-evdev", clockDescription: "the kernel's input event time stamps (getevent -t), relative to the first frame",
                                 devices: events.contains { $0.device == .pen } ? [.touch, .pen] : [.touch],
                                 origin: "imported by `gesturelab import android-getevent` from \(name ?? ImportFile.lastComponent(path))")
        return (header, events)
    }

    /// What follows an event line's time stamp: the device (`/dev/input/eventN`), when the log
    /// names one, and the words TYPE CODE VALUE.
    static func fields(after timeStamp: Substring) -> (device: String?, words: [Substring]) {
        var rest = timeStamp.trimmedOfSpace[...]
        var device: String?
        if rest.hasPrefix("/dev/"), let colon = rest.firstIndex(of: ":") {
            device = String(rest[..<colon])
            rest = rest[rest.index(after: colon)...]
        }
        return (device, rest.split(whereSeparator: { $0 == " " || $0 == "\t" }))
    }

    /// Lines ended by LF or CRLF (a log copied through Windows keeps its CRs). A CRLF is one
    /// Character in Swift, so splitting on "\n" alone would miss it.
    static func lines(of text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    }

    private static func label(_ word: Substring, _ codes: [Int: String]) -> String {
        if word.count == 4, let n = Int(word, radix: 16), let name = codes[n] { return name }
        return String(word)
    }

    /// getevent prints values as 8 hexadecimal digits of a 32-bit signed number (`ffffffff` is -1);
    /// keys print DOWN, UP or REPEAT under -l.
    private static func value(_ word: Substring) -> Int? {
        switch word {
        case "DOWN": return 1
        case "UP": return 0
        case "REPEAT": return 2
        default:
            guard let u = UInt32(word, radix: 16) else { return nil }
            return Int(Int32(bitPattern: u))
        }
    }
}

extension StringProtocol {
    /// Without the spaces, tabs and carriage returns at either end.
    var trimmedOfSpace: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
