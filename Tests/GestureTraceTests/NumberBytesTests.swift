import GestureTrace
import Testing

@Suite("Numbers written as bytes")
struct NumberBytesTests {
    /// The String algorithms the byte writers replaced, kept here as an independent oracle:
    /// `NumberText.fixed` and `decimal` are now made from the byte writers themselves.
    static func referenceFixed(_ value: Int64, scale: Int64) -> String {
        let magnitude = value.magnitude, s = UInt64(scale)
        var text = (value < 0 ? "-" : "") + String(magnitude / s)
        let frac = magnitude % s
        if frac != 0 {
            var digits = 0
            var t = s
            while t > 1 { t /= 10; digits += 1 }
            var fracText = String(frac)
            fracText = String(repeating: "0", count: digits - fracText.count) + fracText
            while fracText.hasSuffix("0") { fracText.removeLast() }
            text += "." + fracText
        }
        return text
    }

    static func referenceDecimal(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "null" : (value > 0 ? "1e999" : "-1e999") }
        var scale: Int64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * Double(scale)).rounded()
        guard abs(scaled) < 9.0e18 else { return String(value) }
        let n = Int64(scaled)
        return n == 0 ? "0" : referenceFixed(n, scale: scale)
    }

    static func text(_ write: (OutputBytes) -> Void) -> String {
        let b = OutputBytes(capacity: 1)
        write(b)
        return String(decoding: b.array, as: UTF8.self)
    }

    @Test("Integers, fixed-point and rounded decimals read as the String versions, at every edge")
    func sameAsStrings() {
        var integers: [Int64] = [0, 1, -1, 9, 10, 11, 99, 100, 101, 999, 1000, -1000, 123_456_789, .max, .min + 1, .min]
        var p: Int64 = 1
        for _ in 0..<18 { p *= 10; integers += [p - 1, p, p + 1, -p] }
        for v in integers {
            #expect(Self.text { NumberText.appendInteger(v, to: $0) } == String(v))
        }
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<5000 {
            let v = Int64.random(in: -10_000_000_000...10_000_000_000, using: &rng)
            #expect(Self.text { NumberText.appendInteger(v, to: $0) } == String(v))
            #expect(Self.text { NumberText.appendFixed(v, scale: 1000, to: $0) } == Self.referenceFixed(v, scale: 1000))
            #expect(NumberText.fixed(v, scale: 1000) == Self.referenceFixed(v, scale: 1000))
            let d = Double(v) / 997
            for decimals in [1, 3, 4] {
                #expect(Self.text { NumberText.appendDecimal(d, decimals: decimals, to: $0) } == Self.referenceDecimal(d, decimals: decimals))
                #expect(NumberText.decimal(d, decimals: decimals) == Self.referenceDecimal(d, decimals: decimals))
            }
        }
        // Halves (rounded away from zero), and numbers whose scaled value is near 2^52 and 2^62,
        // where the rounding switches between its arithmetic and the library's.
        for d in [0, -0.0, 0.0004, 0.0005, -0.0005, 0.05, 0.15, 0.25, -0.25, 2.5, -2.5, 1.005, 2.675, 0.49999999999999994,
                  4_503_599_627_370_497, 4.5e15 + 0.5, 4.6e15, 4.61e15, 1e15, 9.1e15, 1e19, -1e300, .infinity, -.infinity, .nan, .greatestFiniteMagnitude] {
            for decimals in [1, 3, 4, 6] {
                #expect(Self.text { NumberText.appendDecimal(d, decimals: decimals, to: $0) } == Self.referenceDecimal(d, decimals: decimals), "\(d) to \(decimals)")
                #expect(NumberText.decimal(d, decimals: decimals) == Self.referenceDecimal(d, decimals: decimals), "\(d) to \(decimals)")
            }
        }
        for (v, scale) in [(Int64(5), Int64(1000)), (-5, 1000), (1_000_500, 1000), (7, 10), (-120, 100), (0, 1000)] {
            #expect(Self.text { NumberText.appendFixed(v, scale: scale, to: $0) } == Self.referenceFixed(v, scale: scale))
            #expect(NumberText.fixed(v, scale: scale) == Self.referenceFixed(v, scale: scale))
        }
    }

    @Test("Every integer of 3 to 8 digits, at its edges and at random, and through a cursor, reads as its String; a run of them in one buffer keeps each")
    func integersOfUpTo8Digits() {
        var values: [Int64] = []
        var p: Int64 = 100
        for _ in 0..<6 {
            for d: Int64 in -3...3 { values += [p + d, -(p + d)] }
            p *= 10
        }
        values += [99_999_999, -99_999_999, 100_000_000, 12_345_678, 10_000_001, 1_000_000, 90_909_090]
        var state: UInt64 = 11
        for _ in 0..<20_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let v = Int64((state >> 20) % 100_000_000)
            values += [v, -v]
        }
        for v in values {
            #expect(Self.text { NumberText.appendInteger(v, to: $0) } == String(v), "\(v)")
        }
        // Written one after another through a cursor (single digits take its own path): the
        // bytes an 8-byte store writes past a number are overwritten by the next.
        let out = OutputBytes(capacity: 1)
        let run = Array(values.prefix(2_000)) + (-12...12).map(Int64.init)
        for v in run { out.write(atMost: 21) { c in c.integer(v); c.put(UInt8(ascii: ",")) } }
        #expect(String(decoding: out.array, as: UTF8.self) == run.map { String($0) + "," }.joined())
    }

    @Test("Runs of every short length are copied whole, at any offset")
    func shortRuns() {
        let source = (0..<64).map { UInt8(33 + $0) }
        for length in 0...40 {
            for offset in 0..<3 {
                let b = OutputBytes(capacity: 1)
                for _ in 0..<offset { b.append(0x2E) }
                source.withUnsafeBufferPointer { b.append(UnsafeBufferPointer(rebasing: $0[5..<5 + length])) }
                b.write(atMost: length) { c in source.withUnsafeBufferPointer { c.put(UnsafeBufferPointer(rebasing: $0[7..<7 + length])) } }
                // Built step by step: one expression of three concatenations took the type
                // checker ten seconds.
                var expected = [UInt8](repeating: 0x2E, count: offset)
                expected.append(contentsOf: source[5..<5 + length])
                expected.append(contentsOf: source[7..<7 + length])
                #expect(b.array == expected, "length \(length)")
            }
        }
    }

    @Test("A buffer grows as it is written, keeps what was written, and forgets on request")
    func buffer() {
        let b = OutputBytes(capacity: 1)
        var expected: [UInt8] = []
        for i in 0..<10_000 {
            let byte = UInt8(truncatingIfNeeded: i)
            b.append(byte)
            expected.append(byte)
            if i % 97 == 0 {
                b.append("static text")
                expected += Array("static text".utf8)
                b.append(utf8: "ünïcode \(i)")
                expected += Array("ünïcode \(i)".utf8)
            }
        }
        b.write(atMost: 48) { c in
            c.put("[")
            c.integer(-42)
            c.put(0x2C)
            c.decimal(1.5)
            c.put("]")
        }
        expected += Array("[-42,1.5]".utf8)
        #expect(b.array == expected)
        #expect(b.count == expected.count)
        b.truncate(to: 3)
        #expect(b.array == Array(expected.prefix(3)))
        b.removeAll()
        #expect(b.count == 0 && b.array.isEmpty)
    }
}
