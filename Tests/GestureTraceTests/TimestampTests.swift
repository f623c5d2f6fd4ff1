import GestureSynth
import GestureTrace
import Testing

@Suite("Times in microseconds")
struct TimestampTests {
    /// The rule the trace format states (docs/trace-format.md): a time in milliseconds becomes
    /// whole microseconds, rounded half away from zero; beyond ±2^62 µs it is held at the bound,
    /// and NaN is 0. Written here from the rule, with the standard library's rounding.
    static func expected(_ us: Double) -> Int64 {
        if us.isNaN { return 0 }
        let r = us.rounded(.toNearestOrAwayFromZero)
        if r >= 0x1p62 { return 1 << 62 }
        if r <= -0x1p62 { return -(1 << 62) }
        return Int64(r)
    }

    static let edges: [Double] = [
        0, -0.0, 0.0005, 0.0004999, 0.0015, -0.0005, -0.0015, 0.4995, 1, 1.2345, 8.0005, -8.0005, 2.5, -2.5,
        11_403_370, 11_403_370.0005, 1e9 + 0.0005, 0x1p52 / 1000, 0x1p53 / 1000, 0x1p52 / 1000 + 0.5, 4.5e15, -4.5e15,
        0x1p62 / 1000, 0x1p62 / 1000 * (1 - 0x1p-52), -0x1p62 / 1000, 0x1p62 / 1000 * (1 + 0x1p-52), 1e300, -1e300,
        .infinity, -.infinity, .nan, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude,
    ]

    @Test("Milliseconds round half away from zero to whole microseconds, held at ±2^62")
    func millisecondsRound() {
        for ms in Self.edges {
            #expect(Timestamp.milliseconds(ms).microseconds == Self.expected(ms * 1000), "t = \(ms) ms")
        }
        // Halves of a microsecond, where rounding decides, and values across every magnitude.
        var g = SeededRandom(seed: 35)
        var wrong: [Double] = []
        for _ in 0..<200_000 {
            let whole = Double(Int64.random(in: -10_000_000_000...10_000_000_000, using: &g))
            let half = (whole + 0.5) / 1000
            let any = Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &g))
            for ms in [half, any] where Timestamp.milliseconds(ms).microseconds != Self.expected(ms * 1000) { wrong.append(ms) }
        }
        #expect(wrong.isEmpty, "first times that round otherwise: \(wrong.prefix(5))")
    }

    @Test("Seconds and durations follow the same rule")
    func secondsAndDurations() {
        for s in Self.edges {
            #expect(Timestamp.seconds(s).microseconds == Self.expected(s * 1_000_000), "t = \(s) s")
            #expect(Duration.milliseconds(s).microseconds == Self.expected(s * 1000), "d = \(s) ms")
        }
    }
}

