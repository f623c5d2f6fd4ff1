import GestureTrace
import Testing

@Suite("Numbers written as bytes")
struct NumberBytesTests {
    static func text(_ write: (ByteBuffer) -> Void) -> String {
        let b = ByteBuffer(capacity: 1)
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
            #expect(Self.text { NumberText.appendFixed(v, scale: 1000, to: $0) } == NumberText.fixed(v, scale: 1000))
            let d = Double(v) / 997
            for decimals in [1, 3, 4] {
                #expect(Self.text { NumberText.appendDecimal(d, decimals: decimals, to: $0) } == NumberText.decimal(d, decimals: decimals))
            }
        }
        for d in [0, -0.0, 0.0004, 0.0005, -0.0005, 0.05, 2.675, 1e15, 9.1e15, 1e19, -1e300, .infinity, -.infinity, .nan, .greatestFiniteMagnitude] {
            for decimals in [1, 3, 4, 6] {
                #expect(Self.text { NumberText.appendDecimal(d, decimals: decimals, to: $0) } == NumberText.decimal(d, decimals: decimals), "\(d) to \(decimals)")
            }
        }
        for (v, scale) in [(Int64(5), Int64(1000)), (-5, 1000), (1_000_500, 1000), (7, 10), (-120, 100), (0, 1000)] {
            #expect(Self.text { NumberText.appendFixed(v, scale: scale, to: $0) } == NumberText.fixed(v, scale: scale))
        }
    }

    @Test("A buffer grows as it is written, keeps what was written, and forgets on request")
    func buffer() {
        let b = ByteBuffer(capacity: 1)
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
