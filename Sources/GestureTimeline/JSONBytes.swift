import GestureEngine
import GestureTrace

/// JSON written straight into bytes: numbers digit by digit, strings copied when they need no
/// escaping. For output that runs to millions of values (the replay log, the timeline page's
/// data), where a String per value is most of the cost.
public struct JSONBytes {
    public var bytes: [UInt8] = []

    public init() { bytes.reserveCapacity(1 << 16) }

    /// Empties the buffer, keeping its storage.
    public mutating func clear() { bytes.removeAll(keepingCapacity: true) }

    @inline(__always) public mutating func byte(_ b: UInt8) { bytes.append(b) }

    public mutating func ascii(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    public mutating func raw(_ s: String) {
        var s = s
        s.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// `jsonQuoted`, on bytes: text without quotes, backslashes or control characters is copied.
    public mutating func quoted(_ s: String) {
        var s = s
        let plain = s.withUTF8 { buf -> Bool in
            for b in buf where b < 0x20 || b == 0x22 || b == 0x5C { return false }
            bytes.append(0x22)
            bytes.append(contentsOf: buf)
            bytes.append(0x22)
            return true
        }
        if !plain { raw(jsonQuoted(s)) }
    }

    public mutating func integer(_ value: Int64) {
        if value < 0 { byte(0x2D) }
        var m = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var n = 0
        withUnsafeMutableBytes(of: &digits) { d in
            repeat {
                d[n] = 0x30 + UInt8(m % 10)
                m /= 10
                n += 1
            } while m > 0
            for i in stride(from: n - 1, through: 0, by: -1) { bytes.append(d[i]) }
        }
    }

    /// `NumberText.fixed`: whole part, then the fraction without trailing zeros.
    /// `NumberText.decimal(value)`: 3 decimals, trailing zeros trimmed.
    public mutating func decimal(_ value: Double) {
        let scaled = (value * 1000).rounded()
        guard value.isFinite, abs(scaled) < 9.0e18 else { return raw(NumberText.decimal(value)) }
        fixed(Int64(scaled), scale: 1000)
    }

    public mutating func fixed(_ value: Int64, scale: Int64) {
        if value < 0 { byte(0x2D) }
        let magnitude = value.magnitude, s = UInt64(scale)
        integer(Int64(magnitude / s))
        var frac = magnitude % s
        guard frac != 0 else { return }
        var digits = 0
        var t = s
        while t > 1 { t /= 10; digits += 1 }
        var trimmed = digits
        while frac % 10 == 0 { frac /= 10; trimmed -= 1 }
        byte(0x2E)
        // Leading zeros of the fraction, then its significant digits.
        var width = 1
        var x = frac
        while x >= 10 { x /= 10; width += 1 }
        for _ in 0..<(trimmed - width) { byte(0x30) }
        integer(Int64(frac))
    }
}
