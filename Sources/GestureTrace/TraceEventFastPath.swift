/// The usual event line, read in one pass: `{"t":T,"type":"TYPE","id":N,"x":X,"y":Y}` with an
/// optional `,"device":"DEVICE"` before the brace, no spaces, plain decimal numbers. That is
/// what GestureLab's writers, the recorder and the generators produce, and most of every trace.
/// The keys are compared as fixed bytes and the numbers read digit by digit; anything else
/// (another field, another order, spaces, an exponent, a long number, an error) returns nil and
/// the line goes to `TraceEventDecoder`, which reads every valid line and explains every
/// invalid one. Where both read a line they give the same event, bit for bit (a test compares
/// them on every shipped trace and on lines built to sit at each edge of this path).
enum TraceEventFastPath {
    static func decode(_ line: UnsafeBufferPointer<UInt8>) -> TraceEvent? {
        var r = Cursor(bytes: line)
        guard r.literal(Keys.t), let t = r.decimal(), t < 1e12,
              r.literal(Keys.type), let type = r.eventType(),
              r.literal(Keys.id), let id = r.whole(),
              r.literal(Keys.x), let x = r.decimal(signed: true), abs(x) < 1e9,
              r.literal(Keys.y), let y = r.decimal(signed: true), abs(y) < 1e9 else { return nil }
        var device: InputDevice?
        if r.literal(Keys.device) {
            guard let d = r.device() else { return nil }
            device = d
        }
        guard r.literal(Keys.end), r.i == line.count else { return nil }
        return TraceEvent(time: .milliseconds(t), type: type, pointer: id, x: x, y: y, device: device)
    }

    enum Keys {
        static let t: StaticString = "{\"t\":"
        static let type: StaticString = ",\"type\":\""
        static let id: StaticString = ",\"id\":"
        static let x: StaticString = ",\"x\":"
        static let y: StaticString = ",\"y\":"
        static let device: StaticString = ",\"device\":\""
        static let end: StaticString = "}"
    }

    struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0

        @inline(__always) mutating func literal(_ s: StaticString) -> Bool {
            let n = s.utf8CodeUnitCount
            guard i + n <= bytes.count else { return false }
            // Eight and four bytes at a time: the keys are 5 to 11 bytes long and known when
            // this is inlined, so the loops unroll into a few loads and compares.
            let a = UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + i), b = UnsafeRawPointer(s.utf8Start)
            var k = 0
            while k + 8 <= n {
                guard a.loadUnaligned(fromByteOffset: k, as: UInt64.self) == b.loadUnaligned(fromByteOffset: k, as: UInt64.self) else { return false }
                k += 8
            }
            if k + 4 <= n {
                guard a.loadUnaligned(fromByteOffset: k, as: UInt32.self) == b.loadUnaligned(fromByteOffset: k, as: UInt32.self) else { return false }
                k += 4
            }
            while k < n {
                guard a.load(fromByteOffset: k, as: UInt8.self) == b.load(fromByteOffset: k, as: UInt8.self) else { return false }
                k += 1
            }
            i += n
            return true
        }

        /// Digits, then optionally a point and digits: at most 15 significant digits and 22
        /// after the point, so the value is exact before one division, as `JSONParser.number`
        /// computes it.
        @inline(__always) mutating func decimal(signed: Bool = false) -> Double? {
            var negative = false
            if signed, i < bytes.count, bytes[i] == UInt8(ascii: "-") { negative = true; i += 1 }
            let start = i
            var mantissa: UInt64 = 0
            var digits = 0
            while i < bytes.count, bytes[i] &- 0x30 < 10 {
                mantissa = mantissa &* 10 &+ UInt64(bytes[i] &- 0x30)
                if mantissa != 0 { digits += 1 }
                i += 1
            }
            guard i > start, digits <= 15 else { return nil }
            // A leading zero must stand alone ("0", "0.5"), as JSON says.
            if bytes[start] == UInt8(ascii: "0") && i - start > 1 { return nil }
            var exponent = 0
            if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
                i += 1
                let fraction = i
                while i < bytes.count, bytes[i] &- 0x30 < 10 {
                    mantissa = mantissa &* 10 &+ UInt64(bytes[i] &- 0x30)
                    if mantissa != 0 { digits += 1 }
                    exponent -= 1
                    i += 1
                }
                guard i > fraction, digits <= 15, exponent >= -22 else { return nil }
            }
            let m = Double(mantissa)
            let v = exponent < 0 ? m / JSONParser.powersOfTen[-exponent] : m
            return negative ? -v : v
        }

        /// A pointer id: up to 15 digits.
        @inline(__always) mutating func whole() -> Int? {
            let start = i
            var n = 0
            while i < bytes.count, bytes[i] &- 0x30 < 10, i - start < 15 {
                n = n * 10 + Int(bytes[i] &- 0x30)
                i += 1
            }
            guard i > start, i < bytes.count, bytes[i] != UInt8(ascii: "."), bytes[i] &- 0x30 >= 10 else { return nil }
            if bytes[start] == UInt8(ascii: "0") && i - start > 1 { return nil }
            return n
        }

        /// down, move, up or cancel, and the closing quote.
        @inline(__always) mutating func eventType() -> TouchEventType? {
            if literal("move\"") { return .move }
            if literal("down\"") { return .down }
            if literal("up\"") { return .up }
            if literal("cancel\"") { return .cancel }
            return nil
        }

        /// touch, mouse or pen, and the closing quote.
        @inline(__always) mutating func device() -> InputDevice? {
            if literal("touch\"") { return .touch }
            if literal("mouse\"") { return .mouse }
            if literal("pen\"") { return .pen }
            return nil
        }
    }
}
