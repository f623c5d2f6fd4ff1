/// The usual event line, read in one pass: `{"t":T,"type":"TYPE","id":N,"x":X,"y":Y}` with an
/// optional `,"device":"DEVICE"` before the brace, no spaces, plain decimal numbers. That is
/// what GestureLab's writers, the recorder and the generators produce, and most of every trace.
/// The keys are compared as fixed bytes and the numbers read digit by digit; anything else
/// (another field, another order, spaces, an exponent, a long number, an error) returns nil and
/// the line goes to `TraceEventDecoder`, which reads every valid line and explains every
/// invalid one. Where both read a line they give the same event, bit for bit (a test compares
/// them on every shipped trace and on lines built to sit at each edge of this path).
enum TraceEventFastPath {
    /// The byte after the line must be readable and not a digit (a line's newline, or
    /// `LineReader`'s stop byte after the last line): the digit loops stop there without checking
    /// where the line ends. Other callers copy the line first (`decodeCopy`).
    @inline(__always)
    static func decode(_ line: UnsafeBufferPointer<UInt8>, stopByteAfter: Bool) -> TraceEvent? {
        precondition(stopByteAfter, "the fast path reads the byte after the line")
        guard let base = line.baseAddress else { return nil }
        var r = Cursor(base: base, count: line.count)
        guard let core = event(&r), r.i == line.count else { return nil }
        return core.event
    }

    /// The usual line at the start of `bytes` (a `LineReader`'s `unread`: lines, the stop byte
    /// after them), and where its newline is: the line must end there, at "\n" or "\r\n", and
    /// the newline must be among the bytes. Nil for anything else, the line then read the usual
    /// way (`LineReader.nextLine`, `decode`).
    @inline(__always)
    static func decodeLine(at bytes: UnsafeBufferPointer<UInt8>) -> (fields: Core, newline: Int)? {
        guard let base = bytes.baseAddress else { return nil }
        var r = Cursor(base: base, count: bytes.count)
        guard let fields = event(&r) else { return nil }
        // base[r.i] is the stop byte when the bytes end here, which is neither.
        if base[r.i] == 0x0A { return (fields, r.i) }
        if base[r.i] == 0x0D && r.i &+ 1 < bytes.count && base[r.i &+ 1] == 0x0A { return (fields, r.i &+ 1) }
        return nil
    }

    /// The fields of the usual line, kept in registers until the reader makes the event where it
    /// returns it: its 120 bytes are then written once, not built here and copied out.
    struct Core {
        var time: Timestamp
        var type: TouchEventType
        var pointer: Int
        var x: Double
        var y: Double
        var device: InputDevice?

        @inline(__always) var event: TraceEvent { TraceEvent(time: time, type: type, pointer: pointer, x: x, y: y, device: device) }
    }

    /// The event up to its closing brace.
    @inline(__always)
    private static func event(_ r: inout Cursor) -> Core? {
        guard r.literal(Keys.t), let time = r.time(),
              r.literal(Keys.type), let type = r.eventType(),
              r.literal(Keys.id), let id = r.whole(),
              r.literal(Keys.x), let x = r.decimal(signed: true), abs(x) < 1e9,
              r.literal(Keys.y), let y = r.decimal(signed: true), abs(y) < 1e9 else { return nil }
        var device: InputDevice?
        if r.literal(Keys.device) {
            guard let d = r.device() else { return nil }
            device = d
        }
        guard r.literal(Keys.end) else { return nil }
        return Core(time: time, type: type, pointer: id, x: x, y: y, device: device)
    }

    /// `decode` of a line held anywhere (a String's bytes, a test's array): copied first, with
    /// the stop byte after it that `decode` needs.
    static func decodeCopy(_ line: UnsafeBufferPointer<UInt8>) -> TraceEvent? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: line.count + 1) { buffer in
            let copy = buffer.baseAddress.unsafelyUnwrapped
            if let source = line.baseAddress { copy.initialize(from: source, count: line.count) }
            copy[line.count] = LineReader.stopByte
            defer { copy.deinitialize(count: line.count + 1) }
            return decode(UnsafeBufferPointer(start: copy, count: line.count), stopByteAfter: true)
        }
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
        let base: UnsafePointer<UInt8>
        let count: Int
        var i = 0

        @inline(__always) mutating func literal(_ s: StaticString) -> Bool {
            let n = s.utf8CodeUnitCount
            guard i &+ n <= count else { return false }
            // Eight and four bytes at a time: the keys are 5 to 11 bytes long and known when
            // this is inlined, so the loops unroll into a few loads and compares.
            let a = UnsafeRawPointer(base + i), b = UnsafeRawPointer(s.utf8Start)
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
            i &+= n
            return true
        }

        /// Digits, then optionally a point and digits, as `JSONParser.number` reads them: at
        /// most 15 significant digits and 22 places, so the value is exact before one division.
        /// Transparent, not `@inline(__always)`: the optimizer kept it a call (two a line), whose
        /// entry, exit and cursor in memory cost a fifth of reading the number.
        @_transparent mutating func decimal(signed: Bool = false) -> Double? {
            guard let n = number(signed: signed) else { return nil }
            let m = Double(n.mantissa)
            let v = n.places > 0 ? m / JSONParser.powerOfTen(n.places) : m
            return n.negative ? -v : v
        }

        /// A time in milliseconds below 10^12, as `Timestamp.milliseconds` makes it of the
        /// `decimal`: with up to three places the microseconds are the digits themselves
        /// (the same number: the Double's product with 1000 is within 0.25 of it at most, so
        /// it rounds to it), without a division.
        @inline(__always) mutating func time() -> Timestamp? {
            guard let n = number(signed: false) else { return nil }
            if n.places <= 3 {
                let microseconds = n.mantissa &* (n.places == 3 ? 1 : n.places == 2 ? 10 : n.places == 1 ? 100 : 1000)
                guard microseconds < 1_000_000_000_000_000 else { return nil }
                return Timestamp(microseconds: Int64(microseconds))
            }
            let ms = Double(n.mantissa) / JSONParser.powerOfTen(n.places)
            guard ms < 1e12 else { return nil }
            return .milliseconds(ms)
        }

        /// The digits of `decimal`, not yet a Double.
        @inline(__always) mutating func number(signed: Bool) -> (mantissa: UInt64, places: Int, negative: Bool)? {
            var j = i
            let negative = signed && base[j] == UInt8(ascii: "-")
            if negative { j &+= 1 }
            let start = j
            var mantissa: UInt64 = 0
            // No check of the line's end: the byte after the line stops the loop.
            while case let d = base[j] &- 0x30, d < 10 {
                mantissa = mantissa &* 10 &+ UInt64(d)
                j &+= 1
            }
            let wholeDigits = j &- start
            // At least one digit, and a leading zero stands alone ("0", "0.5"), as JSON says.
            guard wholeDigits > 0, wholeDigits <= 15, wholeDigits == 1 || base[start] != UInt8(ascii: "0") else { return nil }
            // Significant digits: the whole part's unless it is "0", then the fraction's after
            // its leading zeros. The mantissa may wrap on the way; more than 15 is refused.
            var significant = mantissa == 0 ? 0 : wholeDigits
            var places = 0
            if base[j] == UInt8(ascii: ".") {
                j &+= 1
                let fraction = j
                if mantissa == 0 {
                    while base[j] == UInt8(ascii: "0") { j &+= 1 }
                }
                let digits = j
                while case let d = base[j] &- 0x30, d < 10 {
                    mantissa = mantissa &* 10 &+ UInt64(d)
                    j &+= 1
                }
                places = j &- fraction
                significant &+= j &- digits
                guard places > 0, places <= 22 else { return nil }
            }
            guard significant <= 15, j <= count else { return nil }
            i = j
            return (mantissa, places, negative)
        }

        /// A pointer id: up to 15 digits, followed by something that is neither a digit nor a point.
        @inline(__always) mutating func whole() -> Int? {
            let start = i
            var j = i
            var n = 0
            while case let d = base[j] &- 0x30, d < 10 {
                n = n &* 10 &+ Int(d)
                j &+= 1
            }
            let digits = j &- start
            guard digits > 0, digits <= 15, j < count, base[j] != UInt8(ascii: "."),
                  digits == 1 || base[start] != UInt8(ascii: "0") else { return nil }
            i = j
            return n
        }

        /// down, move, up or cancel, and the closing quote. Transparent, as `decimal` is.
        @_transparent mutating func eventType() -> TouchEventType? {
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
