/// Turns one event line into a `TraceEvent` without building a generic JSON tree, because
/// traces hold millions of these lines and the reader must keep up with the disk.
enum TraceEventDecoder {
    struct Problem: Error { var message: String }

    static func decode(_ line: UnsafeBufferPointer<UInt8>) throws(Problem) -> TraceEvent {
        var p = JSONParser(line)
        var t: Double?
        var type: TouchEventType?
        var id: Int?
        var x: Double?
        var y: Double?
        var pressure: Double?
        var device: InputDevice?
        var width: Double?
        var height: Double?
        var buttons: Int?
        var dx: Double?
        var dy: Double?
        var phase: ScrollSample.Phase?
        var scrollKind: ScrollSample.Kind?
        do {
            p.skipSpace()
            guard !p.atEnd, p.peek == UInt8(ascii: "{") else { throw Problem(message: "expected an event object {\"t\":...,\"type\":...}") }
            p.i += 1
            p.skipSpace()
            if !p.atEnd && p.peek == UInt8(ascii: "}") { throw Problem(message: "empty event object") }
            while true {
                p.skipSpace()
                guard !p.atEnd, p.peek == UInt8(ascii: "\"") else { throw p.fail("expected a quoted key") }
                let key: Key
                if let raw = p.rawString() {
                    key = Key(raw)
                } else {
                    key = Key(name: try p.string())
                }
                try p.expect(UInt8(ascii: ":"), "':' after a key")
                p.skipSpace()
                guard !p.atEnd else { throw p.fail("line ends where a value was expected") }
                switch key {
                case .t:
                    if t != nil { throw Problem(message: "duplicate field \"t\"") }
                    t = try numberField(&p, "t")
                case .type:
                    if type != nil { throw Problem(message: "duplicate field \"type\"") }
                    if let k = knownEventType(&p) { type = k; break }
                    let s = try stringField(&p, "type")
                    guard let k = TouchEventType(rawValue: s) else {
                        throw Problem(message: "unknown event type \(jsonQuoted(s)); types are down, move, up, cancel, hover, scroll")
                    }
                    type = k
                case .id:
                    if id != nil { throw Problem(message: "duplicate field \"id\"") }
                    let n = try numberField(&p, "id")
                    guard n == n.rounded(), abs(n) <= 1e15 else { throw Problem(message: "field \"id\" must be a whole number, found \(NumberText.decimal(n, decimals: 6))") }
                    id = Int(n)
                case .x:
                    if x != nil { throw Problem(message: "duplicate field \"x\"") }
                    x = try numberField(&p, "x")
                case .y:
                    if y != nil { throw Problem(message: "duplicate field \"y\"") }
                    y = try numberField(&p, "y")
                case .pressure:
                    if pressure != nil { throw Problem(message: "duplicate field \"pressure\"") }
                    pressure = try numberField(&p, "pressure")
                case .device:
                    if device != nil { throw Problem(message: "duplicate field \"device\"") }
                    if let d = knownDevice(&p) { device = d; break }
                    let s = try stringField(&p, "device")
                    guard let d = InputDevice(rawValue: s) else {
                        throw Problem(message: "unknown device \(jsonQuoted(s)); devices are mouse, touch, pen, synthetic")
                    }
                    device = d
                case .width:
                    if width != nil { throw Problem(message: "duplicate field \"width\"") }
                    width = try numberField(&p, "width")
                case .height:
                    if height != nil { throw Problem(message: "duplicate field \"height\"") }
                    height = try numberField(&p, "height")
                case .buttons:
                    if buttons != nil { throw Problem(message: "duplicate field \"buttons\"") }
                    let n = try numberField(&p, "buttons")
                    guard n == n.rounded(), n >= 0, n < 65536 else { throw Problem(message: "field \"buttons\" is a button mask, a whole number from 0 (1 primary, 2 secondary, 4 middle)") }
                    buttons = Int(n)
                case .dx:
                    if dx != nil { throw Problem(message: "duplicate field \"dx\"") }
                    dx = try numberField(&p, "dx")
                case .dy:
                    if dy != nil { throw Problem(message: "duplicate field \"dy\"") }
                    dy = try numberField(&p, "dy")
                case .phase:
                    if phase != nil { throw Problem(message: "duplicate field \"phase\"") }
                    let s = try stringField(&p, "phase")
                    guard let ph = ScrollSample.Phase(rawValue: s) else { throw Problem(message: "unknown scroll phase \(jsonQuoted(s)); phases are began, changed, ended, cancelled") }
                    phase = ph
                case .scroll:
                    if scrollKind != nil { throw Problem(message: "duplicate field \"scroll\"") }
                    let s = try stringField(&p, "scroll")
                    guard let k = ScrollSample.Kind(rawValue: s) else { throw Problem(message: "unknown scroll kind \(jsonQuoted(s)); kinds are discrete (a wheel), continuous (a trackpad)") }
                    scrollKind = k
                case let .unknown(name):
                    throw Problem(message: "unknown event field \(jsonQuoted(name)); fields are t, type, id, x, y, pressure, device, width, height, buttons, dx, dy, phase, scroll")
                }
                p.skipSpace()
                guard !p.atEnd else { throw p.fail("line ends inside the event (missing '}')") }
                if p.peek == UInt8(ascii: ",") { p.i += 1; continue }
                if p.peek == UInt8(ascii: "}") { p.i += 1; break }
                throw p.fail("expected ',' or '}' after a field")
            }
            p.skipSpace()
            if !p.atEnd { throw p.fail("unexpected text after the event object") }
        } catch let f as JSONParser.Failure {
            throw Problem(message: "\(f.message) (column \(f.column))")
        } catch let problem as Problem {
            throw problem
        } catch {
            throw Problem(message: "\(error)")
        }
        guard let t else { throw Problem(message: "event has no time \"t\"") }
        guard let type else { throw Problem(message: "event has no \"type\"") }
        guard let id else { throw Problem(message: "event has no pointer \"id\"") }
        guard let x, let y else { throw Problem(message: "event has no position (\"x\" and \"y\")") }
        guard t >= 0 else { throw Problem(message: "time \"t\" is negative (\(NumberText.decimal(t)) ms)") }
        guard t < 1e12 else { throw Problem(message: "time \"t\" is beyond any recording (\(t) ms)") }
        guard abs(x) < 1e9, abs(y) < 1e9 else { throw Problem(message: "position (\(x), \(y)) is beyond any screen") }
        if let pressure, pressure < 0 { throw Problem(message: "pressure must not be negative") }
        var contact: ContactSize?
        if width != nil || height != nil {
            guard let width, let height else { throw Problem(message: "a contact size needs both \"width\" and \"height\"") }
            guard width >= 0, height >= 0, width < 1e6, height < 1e6 else {
                throw Problem(message: "contact size \(NumberText.decimal(width)) x \(NumberText.decimal(height)) must be 0 or more points, and less than a screen")
            }
            contact = ContactSize(width: width, height: height)
        }
        var scroll: ScrollSample?
        if type == .scroll {
            guard let dx, let dy, let phase else { throw Problem(message: "a scroll event needs \"dx\", \"dy\" and \"phase\"") }
            guard abs(dx) < 1e6, abs(dy) < 1e6 else { throw Problem(message: "scroll delta (\(dx), \(dy)) is beyond any scroll") }
            scroll = ScrollSample(dx: dx, dy: dy, phase: phase, kind: scrollKind ?? .continuous)
        } else if dx != nil || dy != nil || phase != nil || scrollKind != nil {
            throw Problem(message: "\"dx\", \"dy\", \"phase\" and \"scroll\" belong to scroll events")
        }
        if type == .hover, let buttons, buttons != 0 { throw Problem(message: "a hover has no button pressed (buttons 0); a pressed pointer moves with \"move\"") }
        return TraceEvent(time: .milliseconds(t), type: type, pointer: id, x: x, y: y, pressure: pressure, device: device, contact: contact,
                          buttons: buttons, scroll: scroll)
    }

    private static func numberField(_ p: inout JSONParser, _ name: String) throws -> Double {
        let c = p.peek
        if c == UInt8(ascii: "\"") || c == UInt8(ascii: "{") || c == UInt8(ascii: "[") || c == UInt8(ascii: "t") || c == UInt8(ascii: "f") || c == UInt8(ascii: "n") {
            let found = try p.value(depth: 1)
            throw Problem(message: "field \"\(name)\" must be a number, found \(found.typeName)")
        }
        let v = try p.number()
        guard v.isFinite else { throw Problem(message: "field \"\(name)\" is not a finite number") }
        return v
    }

    private static func stringField(_ p: inout JSONParser, _ name: String) throws -> String {
        guard p.peek == UInt8(ascii: "\"") else {
            let found = try p.value(depth: 1)
            throw Problem(message: "field \"\(name)\" must be a string, found \(found.typeName)")
        }
        if let raw = p.rawString() {
            // The common values, matched without building a String first.
            if let first = raw.first {
                switch (raw.count, first) {
                case (4, UInt8(ascii: "m")) where raw[1] == UInt8(ascii: "o") && raw[2] == UInt8(ascii: "v"): return "move"
                case (4, UInt8(ascii: "d")) where raw[1] == UInt8(ascii: "o") && raw[2] == UInt8(ascii: "w"): return "down"
                case (2, UInt8(ascii: "u")) where raw[1] == UInt8(ascii: "p"): return "up"
                case (5, UInt8(ascii: "t")) where raw[1] == UInt8(ascii: "o") && raw[4] == UInt8(ascii: "h"): return "touch"
                case (3, UInt8(ascii: "p")) where raw[1] == UInt8(ascii: "e") && raw[2] == UInt8(ascii: "n"): return "pen"
                default: break
                }
            }
            return String(decoding: raw, as: UTF8.self)
        }
        return try p.string()
    }


    /// The four event types, matched on their bytes without building a String (the type field is
    /// on every line). Anything else is left for `stringField` to decode and report.
    private static func knownEventType(_ p: inout JSONParser) -> TouchEventType? {
        guard p.peek == UInt8(ascii: "\"") else { return nil }
        let save = p.i
        guard let raw = p.rawString() else { p.i = save; return nil }
        switch raw.count {
        case 4 where raw[0] == UInt8(ascii: "m") && raw[1] == UInt8(ascii: "o") && raw[2] == UInt8(ascii: "v") && raw[3] == UInt8(ascii: "e"):
            return .move
        case 4 where raw[0] == UInt8(ascii: "d") && raw[1] == UInt8(ascii: "o") && raw[2] == UInt8(ascii: "w") && raw[3] == UInt8(ascii: "n"):
            return .down
        case 2 where raw[0] == UInt8(ascii: "u") && raw[1] == UInt8(ascii: "p"):
            return .up
        case 6 where equals(raw, "cancel"):
            return .cancel
        default:
            p.i = save
            return nil
        }
    }

    /// The devices, matched on their bytes like the event types.
    private static func knownDevice(_ p: inout JSONParser) -> InputDevice? {
        guard p.peek == UInt8(ascii: "\"") else { return nil }
        let save = p.i
        guard let raw = p.rawString() else { p.i = save; return nil }
        if equals(raw, "touch") { return .touch }
        if equals(raw, "mouse") { return .mouse }
        if equals(raw, "pen") { return .pen }
        if equals(raw, "synthetic") { return .synthetic }
        p.i = save
        return nil
    }

    static func equals(_ raw: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        guard raw.count == word.utf8CodeUnitCount else { return false }
        let w = word.utf8Start
        for k in 0..<raw.count where raw[k] != w[k] { return false }
        return true
    }

    /// The event's field names, recognised from their bytes.
    enum Key {
        case t, type, id, x, y, pressure, device, width, height, buttons, dx, dy, phase, scroll
        case unknown(String)

        init(_ raw: UnsafeBufferPointer<UInt8>) {
            switch raw.count {
            case 1:
                switch raw[0] {
                case UInt8(ascii: "t"): self = .t
                case UInt8(ascii: "x"): self = .x
                case UInt8(ascii: "y"): self = .y
                default: self = .unknown(String(decoding: raw, as: UTF8.self))
                }
            case 2 where raw[0] == UInt8(ascii: "i") && raw[1] == UInt8(ascii: "d"): self = .id
            case 4 where raw[0] == UInt8(ascii: "t") && raw[1] == UInt8(ascii: "y") && raw[2] == UInt8(ascii: "p") && raw[3] == UInt8(ascii: "e"):
                self = .type
            case 6 where raw[0] == UInt8(ascii: "d") && TraceEventDecoder.equals(raw, "device"): self = .device
            case 8 where raw[0] == UInt8(ascii: "p") && TraceEventDecoder.equals(raw, "pressure"): self = .pressure
            default:
                self.init(name: String(decoding: raw, as: UTF8.self))
            }
        }

        init(name: String) {
            switch name {
            case "t": self = .t
            case "type": self = .type
            case "id": self = .id
            case "x": self = .x
            case "y": self = .y
            case "pressure": self = .pressure
            case "device": self = .device
            case "width": self = .width
            case "height": self = .height
            case "buttons": self = .buttons
            case "dx": self = .dx
            case "dy": self = .dy
            case "phase": self = .phase
            case "scroll": self = .scroll
            default: self = .unknown(name)
            }
        }
    }
}
