/// A strict JSON parser over raw bytes, with messages that say what was expected where.
///
/// Written for one line at a time: it never reads past the buffer it is given, bounds its
/// nesting so hostile input cannot exhaust the stack, and rejects NaN, infinities and numbers
/// that overflow to infinity.
public struct JSONParser {
    public struct Failure: Error, Sendable, Equatable {
        public var message: String
        /// 1-based column in the line.
        public var column: Int
    }

    public static let maximumDepth = 64

    private let bytes: UnsafeBufferPointer<UInt8>
    var i = 0

    public init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Parses the whole buffer as exactly one JSON value.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> JSONValue {
        var p = JSONParser(bytes)
        p.skipSpace()
        let v = try p.value(depth: 0)
        p.skipSpace()
        if p.i < bytes.count { throw p.fail("unexpected text after the JSON value") }
        return v
    }

    /// Parses the buffer as one JSON value; an array is returned as its elements, each with the
    /// byte offset it starts at, so a reader of a multi-line document can name the line of a
    /// record it rejects. Any other value is one element at its offset.
    public static func parseElements(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> [(offset: Int, value: JSONValue)] {
        var p = JSONParser(bytes)
        p.skipSpace()
        var out: [(offset: Int, value: JSONValue)] = []
        if !p.atEnd && p.peek == UInt8(ascii: "[") {
            p.i += 1
            p.skipSpace()
            if !p.atEnd && p.peek == UInt8(ascii: "]") {
                p.i += 1
            } else {
                while true {
                    p.skipSpace()
                    let start = p.i
                    out.append((start, try p.value(depth: 1)))
                    p.skipSpace()
                    guard !p.atEnd else { throw p.fail("the array is not closed (missing ']')") }
                    if p.peek == UInt8(ascii: ",") { p.i += 1; continue }
                    if p.peek == UInt8(ascii: "]") { p.i += 1; break }
                    throw p.fail("expected ',' or ']' after an array element")
                }
            }
        } else {
            let start = p.i
            out.append((start, try p.value(depth: 0)))
        }
        p.skipSpace()
        if p.i < bytes.count { throw p.fail("unexpected text after the JSON value") }
        return out
    }

    public static func parse(_ text: String) throws(Failure) -> JSONValue {
        var copy = Array(text.utf8)
        let result: Result<JSONValue, Failure> = copy.withUnsafeMutableBufferPointer { buf in
            Result { () throws(Failure) -> JSONValue in try parse(UnsafeBufferPointer(buf)) }
        }
        return try result.get()
    }

    func fail(_ message: String) -> Failure { Failure(message: message, column: i + 1) }

    var atEnd: Bool { i >= bytes.count }
    var peek: UInt8 { bytes[i] }

    mutating func skipSpace() {
        while i < bytes.count {
            let c = bytes[i]
            if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { i += 1 } else { break }
        }
    }

    mutating func expect(_ c: UInt8, _ what: String) throws(Failure) {
        skipSpace()
        guard !atEnd else { throw fail("line ends where \(what) was expected") }
        guard peek == c else { throw fail("expected \(what)") }
        i += 1
    }

    mutating func value(depth: Int) throws(Failure) -> JSONValue {
        skipSpace()
        guard !atEnd else { throw fail("line ends where a value was expected") }
        switch peek {
        case UInt8(ascii: "{"):
            guard depth < JSONParser.maximumDepth else { throw fail("nesting deeper than \(JSONParser.maximumDepth) levels") }
            i += 1
            var pairs: [(String, JSONValue)] = []
            skipSpace()
            if !atEnd && peek == UInt8(ascii: "}") { i += 1; return .object(pairs) }
            while true {
                skipSpace()
                guard !atEnd, peek == UInt8(ascii: "\"") else { throw fail("expected a quoted key") }
                let key = try string()
                if pairs.contains(where: { $0.0 == key }) { throw fail("duplicate key \"\(key)\"") }
                try expect(UInt8(ascii: ":"), "':' after a key")
                let v = try value(depth: depth + 1)
                pairs.append((key, v))
                skipSpace()
                guard !atEnd else { throw fail("line ends inside an object (missing '}')") }
                if peek == UInt8(ascii: ",") { i += 1; continue }
                if peek == UInt8(ascii: "}") { i += 1; return .object(pairs) }
                throw fail("expected ',' or '}' in an object")
            }
        case UInt8(ascii: "["):
            guard depth < JSONParser.maximumDepth else { throw fail("nesting deeper than \(JSONParser.maximumDepth) levels") }
            i += 1
            var items: [JSONValue] = []
            skipSpace()
            if !atEnd && peek == UInt8(ascii: "]") { i += 1; return .array(items) }
            while true {
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard !atEnd else { throw fail("line ends inside an array (missing ']')") }
                if peek == UInt8(ascii: ",") { i += 1; continue }
                if peek == UInt8(ascii: "]") { i += 1; return .array(items) }
                throw fail("expected ',' or ']' in an array")
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw fail("NaN and Infinity are not numbers a trace may hold")
        default:
            return .number(try number())
        }
    }

    mutating func literal(_ word: String) throws(Failure) {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count else { throw fail("unknown word") }
        for k in 0..<w.count where bytes[i + k] != w[k] { throw fail("unknown word") }
        i += w.count
    }

    /// Parses a JSON number. Exact for up to 15 significant digits and small exponents (the
    /// fast path), otherwise falls back to the standard library's correctly rounded conversion.
    public mutating func number() throws(Failure) -> Double {
        let start = i
        var negative = false
        if !atEnd && peek == UInt8(ascii: "-") { negative = true; i += 1 }
        if !atEnd && (peek == UInt8(ascii: "I") || peek == UInt8(ascii: "N")) {
            throw fail("NaN and Infinity are not numbers a trace may hold")
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var sawDigit = false
        var leadingZero = false
        if !atEnd && peek == UInt8(ascii: "0") { leadingZero = true }
        while !atEnd, peek >= 0x30, peek <= 0x39 {
            if digits < 19 { mantissa = mantissa * 10 + UInt64(peek - 0x30) }
            if mantissa != 0 { digits += 1 }
            sawDigit = true
            i += 1
        }
        guard sawDigit else { i = start; throw fail("expected a value") }
        if leadingZero && i - start - (negative ? 1 : 0) > 1 { throw fail("numbers may not have leading zeros") }
        var exponent = 0
        if !atEnd && peek == UInt8(ascii: ".") {
            i += 1
            var fracDigit = false
            while !atEnd, peek >= 0x30, peek <= 0x39 {
                if digits < 19 {
                    mantissa = mantissa * 10 + UInt64(peek - 0x30)
                    exponent -= 1
                    if mantissa != 0 { digits += 1 }
                }
                fracDigit = true
                i += 1
            }
            guard fracDigit else { throw fail("expected digits after '.'") }
        }
        if !atEnd && (peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E")) {
            i += 1
            var expNegative = false
            if !atEnd && (peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-")) { expNegative = peek == UInt8(ascii: "-"); i += 1 }
            var e = 0
            var expDigit = false
            while !atEnd, peek >= 0x30, peek <= 0x39 {
                if e < 100_000 { e = e * 10 + Int(peek - 0x30) }
                expDigit = true
                i += 1
            }
            guard expDigit else { throw fail("expected digits in the exponent") }
            exponent += expNegative ? -e : e
        }
        if digits <= 15 && exponent >= -22 && exponent <= 22 {
            let m = Double(mantissa)
            let magnitude = exponent < 0 ? m / JSONParser.powerOfTen(-exponent) : m * JSONParser.powerOfTen(exponent)
            return negative ? -magnitude : magnitude
        }
        // The text from `start` holds the sign already: the standard library reads it.
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        guard let d = Double(text) else { throw fail("unreadable number") }
        if !d.isFinite { i = start; throw fail("number too large (not finite)") }
        return d
    }

    /// 10^k for k in 0...22, all exact as Doubles; a switch the compiler turns into a table
    /// (a global array would be a lazily made value, checked on every use). The trace reader's
    /// fast path divides by the same table, so both read a number alike.
    @inline(__always) static func powerOfTen(_ k: Int) -> Double {
        switch k {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }

    /// A string without escapes as the bytes between its quotes (no allocation); nil when it has
    /// escapes, with the position unchanged so `string()` can decode it.
    mutating func rawString() -> UnsafeBufferPointer<UInt8>? {
        let start = i + 1
        var k = start
        while k < bytes.count {
            let c = bytes[k]
            if c == UInt8(ascii: "\"") {
                i = k + 1
                return UnsafeBufferPointer(rebasing: bytes[start..<k])
            }
            if c == UInt8(ascii: "\\") || c < 0x20 { return nil }
            k += 1
        }
        return nil
    }

    mutating func string() throws(Failure) -> String {
        i += 1  // opening quote
        let start = i
        var simple = true
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") {
                if simple {
                    // Validated, not repaired: a label with a broken byte would otherwise be
                    // written back with U+FFFD in its place, a silent change to the user's text.
                    guard let s = String(validating: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self) else {
                        throw fail("invalid UTF-8 inside a string")
                    }
                    i += 1
                    return s
                }
                break
            }
            if c == UInt8(ascii: "\\") { simple = false; i += 2; continue }
            if c < 0x20 { throw fail("control character inside a string") }
            i += 1
        }
        guard i < bytes.count else { throw fail("line ends inside a string (missing '\"')") }
        // Slow path: decode escapes.
        var out = [UInt8]()
        var k = start
        while k < i {
            let c = bytes[k]
            if c != UInt8(ascii: "\\") { out.append(c); k += 1; continue }
            k += 1
            guard k < i else { break }
            switch bytes[k] {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard var code = hex4(at: k + 1, before: i) else {
                    i = k
                    throw fail("bad \\u escape")
                }
                k += 4
                // A character beyond the basic plane comes as two escapes, a surrogate pair.
                if (0xD800...0xDBFF).contains(code), k + 6 < i, bytes[k + 1] == UInt8(ascii: "\\"), bytes[k + 2] == UInt8(ascii: "u"),
                   let low = hex4(at: k + 3, before: i), (0xDC00...0xDFFF).contains(low) {
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    k += 6
                }
                guard let scalar = Unicode.Scalar(code) else {
                    i = k
                    throw fail("a \\u escape of half a surrogate pair is not a character")
                }
                out.append(contentsOf: Array(String(scalar).utf8))
            default:
                i = k
                throw fail("unknown escape in a string")
            }
            k += 1
        }
        guard let text = String(validating: out, as: UTF8.self) else { throw fail("invalid UTF-8 inside a string") }
        i += 1
        return text
    }

    /// Four hexadecimal digits at `at`, ending before `end`.
    private func hex4(at: Int, before end: Int) -> UInt32? {
        guard at + 4 <= end else { return nil }
        var v: UInt32 = 0
        for p in at..<(at + 4) {
            let c = bytes[p]
            let d: UInt8
            switch c {
            case 0x30...0x39: d = c - 0x30
            case 0x41...0x46: d = c - 0x41 + 10
            case 0x61...0x66: d = c - 0x61 + 10
            default: return nil
            }
            v = v << 4 | UInt32(d)
        }
        return v
    }
}
