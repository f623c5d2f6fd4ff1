/// Deterministic number text for every file and report GestureLab writes.
///
/// Output must be byte-identical across machines and runs, so numbers are rounded to a fixed
/// number of decimals and printed from integers, never through locale- or platform-dependent
/// formatting.
public enum NumberText {
    /// `value / scale` printed exactly with as many decimals as `scale` has zeros, trailing zeros trimmed.
    public static func fixed(_ value: Int64, scale: Int64) -> String {
        text { writeFixed(value, scale: scale, to: $0) }
    }

    /// A double rounded to `decimals` places (default 3), trailing zeros trimmed; `-0` prints as
    /// `0`; NaN as `null`, infinities as `1e999` and `-1e999`.
    public static func decimal(_ value: Double, decimals: Int = 3) -> String {
        text { writeDecimal(value, decimals: decimals, to: $0) }
    }

    /// The bytes a writer below puts down (48 at most), as a String: one implementation for
    /// both, so the log's bytes and every other text agree.
    private static func text(_ write: (UnsafeMutablePointer<UInt8>) -> Int) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { buffer in
            let n = write(buffer.baseAddress.unsafelyUnwrapped)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<n]), as: UTF8.self)
        }
    }
}

extension NumberText {
    // The same texts appended to a byte buffer, for output that runs to millions of numbers
    // (the replay log, the timeline page's data), where a String per number is most of the cost.

    /// An integer's digits.
    @inlinable
    public static func appendInteger(_ value: Int64, to out: OutputBytes) {
        out.commit(writeInteger(value, to: out.reserve(20)))
    }

    /// `fixed(value, scale:)`.
    @inlinable
    public static func appendFixed(_ value: Int64, scale: Int64, to out: OutputBytes) {
        out.commit(writeFixed(value, scale: scale, to: out.reserve(48)))
    }

    /// `decimal(value, decimals:)`.
    @inlinable
    public static func appendDecimal(_ value: Double, decimals: Int = 3, to out: OutputBytes) {
        out.commit(writeDecimal(value, decimals: decimals, to: out.reserve(48)))
    }

    /// Writes `decimal(value, decimals:)` at `p` (room for 48); returns how many bytes.
    @inlinable
    public static func writeDecimal(_ value: Double, decimals: Int = 3, to p: UnsafeMutablePointer<UInt8>) -> Int {
        let scale: Int64 = decimals == 1 ? 10 : decimals == 3 ? 1000 : powerOfTen(decimals)
        let x = value * Double(scale)
        let n: Int64
        if let r = rounded(x) {
            n = r
        } else {
            let scaled = x.rounded()
            guard value.isFinite, abs(scaled) < 9.0e18 else { return writeRare(value, decimals: decimals, to: p) }
            n = Int64(scaled)
        }
        if n == 0 { p[0] = 0x30; return 1 }
        return writeFixed(n, scale: scale, to: p)
    }

    /// `x.rounded()` (half away from zero) as an integer, for |x| below 2^62; nil otherwise.
    /// Without a call: the integer part is exact, and so is what is left of x beside it.
    @inlinable @inline(__always)
    public static func rounded(_ x: Double) -> Int64? {
        guard abs(x) < 4.6e18 else { return nil }  // NaN fails too
        var n = Int64(x)
        let rest = x - Double(n)
        if rest >= 0.5 { n += 1 } else if rest <= -0.5 { n -= 1 }
        return n
    }

    /// An infinity, a NaN or a number too large for the digits: its text (at most 25 bytes).
    @usableFromInline
    static func writeRare(_ value: Double, decimals: Int, to p: UnsafeMutablePointer<UInt8>) -> Int {
        var text = value.isNaN ? "null" : value.isInfinite ? (value > 0 ? "1e999" : "-1e999") : String(value)
        return text.withUTF8 { buf in
            let n = Swift.min(buf.count, 48)
            p.update(from: buf.baseAddress!, count: n)
            return n
        }
    }

    /// Writes the digits at `p` (room for 20); returns how many.
    @inlinable
    public static func writeInteger(_ value: Int64, to p: UnsafeMutablePointer<UInt8>) -> Int {
        var sign = 0
        if value < 0 { p[0] = 0x2D; sign = 1 }
        var m = value.magnitude
        if m < 10 {
            p[sign] = 0x30 &+ UInt8(truncatingIfNeeded: m)
            return sign + 1
        }
        // Two digits at a time, from a table of "00" to "99".
        let table = pairs.utf8Start
        if m < 100 {
            p[sign] = table[Int(m) &* 2]
            p[sign + 1] = table[Int(m) &* 2 + 1]
            return sign + 2
        }
        if m < 10_000 { return sign + writeUpTo4Digits(m, to: p + sign) }
        if m < 100_000_000 { return sign + writeUpTo8Digits(m, to: p + sign) }
        let digits = digitCount(m)
        var i = sign + digits
        while m >= 10 {
            let pair = Int(m % 100) &* 2
            m /= 100
            i -= 2
            p[i] = table[pair]
            p[i + 1] = table[pair + 1]
        }
        if i > sign { p[sign] = 0x30 &+ UInt8(truncatingIfNeeded: m) }
        return sign + digits
    }

    /// 3 or 4 digits (a touch's number, most of them): two pairs stored as one 4-byte word
    /// shifted past its leading zero (one byte after the digits is written too, inside the room
    /// for 20).
    @inlinable @inline(__always)
    static func writeUpTo4Digits(_ m: UInt64, to p: UnsafeMutablePointer<UInt8>) -> Int {
        let digits = m < 1000 ? 3 : 4
        let a = m / 100, b = m &- a &* 100
        let word = UInt32(pairBytes(a)) | UInt32(pairBytes(b)) << 16
        UnsafeMutableRawPointer(p).storeBytes(of: (word >> UInt32(truncatingIfNeeded: (4 &- digits) &* 8)).littleEndian, as: UInt32.self)
        return digits
    }

    /// 5 to 8 digits (a log's sequence numbers and milliseconds): four pairs worked out from
    /// the two halves independently, rather than one after the other, and stored as one 8-byte
    /// word shifted past its leading zeros. The bytes after the digits are written too (at most
    /// 5), inside the room for 20 that every caller of `writeInteger` gives.
    @inlinable @inline(__always)
    static func writeUpTo8Digits(_ m: UInt64, to p: UnsafeMutablePointer<UInt8>) -> Int {
        let digits = digitCount(m)
        let high = m / 10_000, low = m &- high &* 10_000
        let a = high / 100, b = high &- a &* 100, c = low / 100, d = low &- c &* 100
        let word = UInt64(pairBytes(a)) | UInt64(pairBytes(b)) << 16 | UInt64(pairBytes(c)) << 32 | UInt64(pairBytes(d)) << 48
        UnsafeMutableRawPointer(p).storeBytes(of: (word >> UInt64(truncatingIfNeeded: (8 &- digits) &* 8)).littleEndian, as: UInt64.self)
        return digits
    }

    /// The two characters of `k` (0...99) from `pairs`, the first in the low byte: words built
    /// from them hold their digits in reading order in memory.
    @inlinable @inline(__always)
    static func pairBytes(_ k: UInt64) -> UInt16 {
        UInt16(littleEndian: UnsafeRawPointer(pairs.utf8Start).loadUnaligned(fromByteOffset: Int(truncatingIfNeeded: k) &* 2, as: UInt16.self))
    }

    @usableFromInline
    static let pairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// How many digits `m` (at least 10) has: a few comparisons for the numbers a log is made
    /// of (sequence numbers, milliseconds), a loop beyond eight digits.
    @inlinable @inline(__always)
    static func digitCount(_ m: UInt64) -> Int {
        if m < 10_000 { return m < 100 ? 2 : m < 1000 ? 3 : 4 }
        if m < 100_000_000 { return m < 1_000_000 ? (m < 100_000 ? 5 : 6) : (m < 10_000_000 ? 7 : 8) }
        var digits = 9
        var t = m / 1_000_000_000
        while t > 0 { t /= 10; digits += 1 }
        return digits
    }

    /// Writes `fixed(value, scale:)` at `p` (room for 48); returns how many bytes.
    @inlinable
    public static func writeFixed(_ value: Int64, scale: Int64, to p: UnsafeMutablePointer<UInt8>) -> Int {
        var n = 0
        if value < 0 { p[0] = 0x2D; n = 1 }
        let magnitude = value.magnitude, s = UInt64(scale)
        n += writeInteger(Int64(magnitude / s), to: p + n)
        var frac = magnitude % s
        guard frac != 0 else { return n }
        p[n] = 0x2E
        n += 1
        if s == 10 {
            p[n] = 0x30 &+ UInt8(truncatingIfNeeded: frac)
            return n + 1
        }
        if s == 1000 {
            // Milliseconds of microseconds, the log's times: at most three digits, zeros trimmed.
            let table = pairs.utf8Start
            if frac % 100 == 0 {
                p[n] = 0x30 &+ UInt8(truncatingIfNeeded: frac / 100)
                return n + 1
            }
            if frac % 10 == 0 {
                let pair = Int(frac / 10) &* 2
                p[n] = table[pair]
                p[n + 1] = table[pair + 1]
                return n + 2
            }
            p[n] = 0x30 &+ UInt8(truncatingIfNeeded: frac / 100)
            let pair = Int(frac % 100) &* 2
            p[n + 1] = table[pair]
            p[n + 2] = table[pair + 1]
            return n + 3
        }
        var digits = 0
        var t = s
        while t > 1 { t /= 10; digits += 1 }
        var trimmed = digits
        while frac % 10 == 0 { frac /= 10; trimmed -= 1 }
        // Leading zeros of the fraction, then its significant digits.
        var width = 1
        var x = frac
        while x >= 10 { x /= 10; width += 1 }
        for _ in 0..<(trimmed - width) { p[n] = 0x30; n += 1 }
        return n + writeInteger(Int64(frac), to: p + n)
    }

    @usableFromInline
    static func powerOfTen(_ n: Int) -> Int64 {
        var scale: Int64 = 1
        for _ in 0..<n { scale *= 10 }
        return scale
    }
}
