import Foundation
import GestureSynth
import GestureTrace
import Testing

/// The reader's numbers against Foundation's reading of the same text. The reader has a fast
/// path (up to 15 significant digits, exponents within ±22) and a fallback for everything else;
/// a sign dropped in the fallback once mirrored every stroke that left the scene's left or top
/// edge, so both paths are checked on both signs, bit for bit.
@Suite("JSON numbers as Foundation reads them")
struct JSONNumberTests {
    /// Texts of every kind the reader may meet: shortest round-trip forms of random doubles,
    /// 17-digit forms, exponent forms, long decimal strings, and numbers at the fast path's edges.
    static func texts(count: Int, seed: UInt64) -> [String] {
        var rng = SeededRandom(seed: seed)
        var out: [String] = []
        func digits(_ n: Int) -> String { String((0..<n).map { _ in Character(String(rng.next() % 10)) }) }
        for k in 0..<count {
            let sign = k % 2 == 0 ? "-" : ""
            switch k % 8 {
            case 0:
                // Any finite double, from its bits.
                var d = Double(bitPattern: rng.next())
                if !d.isFinite { d = 1.5 }
                out.append("\(d.magnitude)".withSign(sign))
            case 1: out.append(String(format: "%.17g", Double(rng.next() % 1_000_000_000) / 7.0).withSign(sign))
            case 2: out.append(String(format: "%.16e", Double(bitPattern: rng.next() & 0x3FFF_FFFF_FFFF_FFFF | 0x3000_0000_0000_0000)).withSign(sign))
            case 3:
                // A long plain decimal: 16 to 40 significant digits.
                let n = 16 + Int(rng.next() % 25), point = Int(rng.next() % UInt64(n))
                let d = "1" + digits(n - 1)
                out.append((point == 0 ? d : String(d.prefix(point)) + "." + String(d.dropFirst(point))).withSign(sign))
            case 4:
                // Exponents just inside and beyond the fast path's ±22, and far beyond.
                let e = [-400, -330, -308, -45, -23, -22, -1, 0, 1, 22, 23, 45, 300, 308][Int(rng.next() % 14)]
                out.append(("\(1 + rng.next() % 999_999)" + "e\(e)").withSign(sign))
            case 5: out.append(("0." + String(repeating: "0", count: Int(rng.next() % 30)) + digits(1 + Int(rng.next() % 20)) + "1").withSign(sign))
            case 6: out.append(("\(rng.next() % 1_000_000_000_000_000)" + "." + digits(1 + Int(rng.next() % 6))).withSign(sign))
            default: out.append(("\(rng.next() % 10_000)" + "." + digits(1 + Int(rng.next() % 3)) + "E" + (rng.next() % 2 == 0 ? "+" : "-") + "\(rng.next() % 40)").withSign(sign))
            }
        }
        return out
    }

    @Test("20,000 generated numbers read bit for bit as Foundation reads them, sign included")
    func sameAsFoundation() throws {
        let texts = Self.texts(count: 20_000, seed: 0x5EED)
        let decoder = JSONDecoder()
        var mismatches: [String] = []
        var refusedByBoth = 0
        for text in texts {
            // Foundation's JSON reader, and the standard library's correctly rounded reading.
            let foundation = try? decoder.decode([Double].self, from: Data("[\(text)]".utf8)).first
            let strtod = Double(text)!
            let ours = try? JSONParser.parse(text)
            guard let foundation else {
                // Foundation refuses what overflows, and so must the reader. It also refuses what
                // underflows (1e-400); the reader reads that as strtod does, a zero of its sign.
                if !strtod.isFinite {
                    if ours == nil { refusedByBoth += 1 } else { mismatches.append("\(text): Foundation refuses, read \(String(describing: ours))") }
                } else if case let .number(v)? = ours, v.bitPattern == strtod.bitPattern {
                    refusedByBoth += 1
                } else {
                    mismatches.append("\(text): underflows; read \(String(describing: ours)), strtod \(strtod)")
                }
                continue
            }
            guard case let .number(v)? = ours else { mismatches.append("\(text): not read as a number"); continue }
            if v.bitPattern != foundation.bitPattern || v.bitPattern != strtod.bitPattern {
                mismatches.append("\(text): read \(v), Foundation \(foundation), strtod \(strtod)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) differ, first: \(mismatches.prefix(5))")
        #expect(refusedByBoth < texts.count / 10)
        // The cases must reach both paths, and both signs in each.
        #expect(texts.contains { $0.hasPrefix("-") && $0.filter(\.isNumber).count > 15 })
        #expect(texts.contains { $0.hasPrefix("-") && $0.contains("e-330") })
    }

    @Test("A finger left of and above the scene keeps its minus signs through the trace reader")
    func negativePositionsInATrace() throws {
        let cases: [(String, Double)] = [("-3.3333333333333335", -3.3333333333333335), ("-1234567890.123456789e-9", -1.234567890123456789),
                                         ("-5e-30", -5e-30), ("-0.000000000000000000000001", -1e-24), ("-12.5e23", -1.25e24)]
        for (text, value) in cases {
            let line = #"{"t":0,"type":"down","id":1,"x":\#(text),"y":\#(text)}"#
            let reader = try TraceReader(bytes: Array((#"{"format":"gesturelab-trace","version":1}"# + "\n" + line + "\n").utf8), name: "t.jsonl")
            do {
                let e = try reader.nextEvent()
                #expect(e?.x == value && e?.y == value, "\(text) read as \(e.map { "(\($0.x), \($0.y))" } ?? "nothing")")
            } catch {
                // Beyond any screen is a refusal, never a mirrored position.
                #expect(abs(value) >= 1e9, "\(text): \(error)")
            }
        }
    }
}

private extension String {
    func withSign(_ sign: String) -> String { sign + self }
}
