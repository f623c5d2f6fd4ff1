import Foundation
@testable import GestureTrace
import Testing

/// The usual-line fast path reads what the general decoder reads, bit for bit, and hands
/// everything else to it.
@Suite("Reading the usual event line in one pass")
struct TraceEventFastPathTests {
    /// Both readings of one line: the fast path's (nil when it passes) and the general one's
    /// (nil for an invalid line). The fast path reads the byte after the line, which must not be
    /// a digit; it reads the line followed by a newline, by the reader's stop byte and by a
    /// letter, alike.
    func both(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> (fast: TraceEvent?, general: TraceEvent?) {
        let bytes = Array(text.utf8)
        func fast(after stop: UInt8) -> TraceEvent? {
            (bytes + [stop]).withUnsafeBufferPointer { b in
                TraceEventFastPath.decode(UnsafeBufferPointer(rebasing: b[..<bytes.count]), stopByteAfter: true)
            }
        }
        let results = [UInt8(ascii: "\n"), LineReader.stopByte, UInt8(ascii: "x")].map(fast(after:))
        let copied = bytes.withUnsafeBufferPointer { TraceEventFastPath.decodeCopy($0) }
        for r in results.dropFirst() + [copied] {
            #expect(results[0].map { a in r.map { same(a, $0) } ?? false } ?? (r == nil),
                    "\(String(describing: results[0])) and \(String(describing: r)): \(text)", sourceLocation: sourceLocation)
        }
        let general = bytes.withUnsafeBufferPointer { try? TraceEventDecoder.decode($0) }
        return (results[0], general)
    }

    func same(_ a: TraceEvent, _ b: TraceEvent) -> Bool {
        a == b && a.x.bitPattern == b.x.bitPattern && a.y.bitPattern == b.y.bitPattern && a.time == b.time
    }

    @Test("Every line of every shipped recording: where the fast path reads it, the event is the general decoder's")
    func shippedRecordings() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../recordings/traces").standardized.path
        var fast = 0, total = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".jsonl") {
            let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            for line in text.split(separator: "\n").dropFirst() where !line.isEmpty {
                total += 1
                let (f, g) = both(String(line))
                guard let f else { continue }
                fast += 1
                #expect(g.map { same(f, $0) } == true, "\(name): \(line)")
            }
        }
        #expect(total > 1000 && fast * 10 > total * 9, "\(fast) of \(total) lines on the fast path")
    }

    @Test("Generated events written by GestureLab all take the fast path and read back exactly")
    func writtenLines() {
        var state: UInt64 = 7
        func random() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        for k in 0..<5000 {
            let type: TouchEventType = [.down, .move, .up, .cancel][k % 4]
            let e = TraceEvent(time: .milliseconds((random() * 1e7).rounded() / 1000), type: type, pointer: k % 11,
                               x: (random() * 2000 - 500).rounded() / 1000, y: random() * 900, device: k % 3 == 0 ? nil : (k % 3 == 1 ? .touch : .mouse))
            let (f, g) = both(e.jsonLine)
            #expect(f != nil, "\(e.jsonLine)")
            if let f, let g { #expect(same(f, g), "\(e.jsonLine)") }
        }
    }

    @Test("Numbers of every length, sign and leading zeros: the fast path reads what the general decoder reads, or passes")
    func numbersOfEveryShape() {
        var state: UInt64 = 11
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        func digits(_ count: Int) -> String {
            String((0..<count).map { _ in Character(String(next(10))) })
        }
        func number(signed: Bool) -> String {
            // Up to 16 digits on each side (15 significant is the path's limit); a zero whole
            // part, leading zeros (invalid), a point with no digits after it (invalid).
            let whole = next(5) == 0 ? "0" : (next(6) == 0 ? "0" : "") + digits(next(17))
            let fraction = next(3) == 0 ? "" : "." + (next(3) == 0 ? String(repeating: "0", count: next(9)) : "") + digits(next(17))
            return (signed && next(2) == 0 ? "-" : "") + whole + fraction
        }
        var fast = 0, valid = 0
        for _ in 0..<20_000 {
            let line = #"{"t":"# + number(signed: false) + #","type":"move","id":"# + (next(4) == 0 ? digits(next(17)) : String(next(100)))
                + #","x":"# + number(signed: true) + #","y":"# + number(signed: true) + "}"
            let (f, g) = both(line)
            if g != nil { valid += 1 }
            guard let f else { continue }
            fast += 1
            #expect(g.map { same(f, $0) } == true, "\(line)")
        }
        // Enough of both kinds that the comparison means something.
        #expect(fast > 1000 && valid > fast, "\(fast) read by the fast path, \(valid) valid")
    }

    @Test("At each edge of the path: unusual but valid lines read alike or go to the general decoder; invalid ones always go to it")
    func edges() {
        let onPath = [
            #"{"t":0,"type":"down","id":1,"x":0,"y":0}"#,
            #"{"t":0.5,"type":"up","id":0,"x":-0,"y":-0.25,"device":"pen"}"#,
            #"{"t":999999999999.5,"type":"move","id":123456789012345,"x":-999999999.999999,"y":123456789.012345}"#,
            #"{"t":0.0000000000000000000001,"type":"cancel","id":2,"x":0.0000000000000000000001,"y":5}"#,
            // Around the eight-digit words: 7, 8, 9 and 15 digits before the point, 7 and 8
            // after it, 15 significant in all, zeros leading the fraction.
            #"{"t":1234567,"type":"move","id":7,"x":12345678,"y":123456789}"#,
            #"{"t":12345678.1234567,"type":"move","id":7,"x":-1.12345678,"y":12345678.1234567}"#,
            #"{"t":99999999.9999999,"type":"move","id":7,"x":0.0000001,"y":0.00000001}"#,
            #"{"t":1234567.12345678,"type":"move","id":7,"x":-12345678.9,"y":8.00000000}"#,
            #"{"t":100000000000,"type":"move","id":7,"x":-0.0,"y":10000000.5}"#,
            // Seven digits on each side of the point, a seven- and an eight-digit id, a zero
            // after the point, a fraction after "0.".
            #"{"t":7654321.765,"type":"move","id":9999999,"x":-1234567.1234567,"y":9.0500001}"#,
            #"{"t":7654321,"type":"move","id":12345678,"x":1000000.0000001,"y":-0.5}"#,
            // Short numbers with a point at each place, a whole part of 7 digits then a point,
            // "0" alone, nines.
            #"{"t":1234.56,"type":"move","id":7,"x":123456.7,"y":-1.23456}"#,
            #"{"t":1234.567,"type":"move","id":7,"x":-1234567,"y":0.00001}"#,
            #"{"t":1234567.5,"type":"move","id":7,"x":1,"y":2}"#,
            #"{"t":0,"type":"move","id":7,"x":0.5,"y":-0.05}"#,
            #"{"t":9,"type":"move","id":7,"x":9999999,"y":999999.9}"#,
            // Times: up to three places become microseconds without a division; more go
            // through the Double, as the general decoder does.
            #"{"t":12.5,"type":"move","id":7,"x":1,"y":2}"#,
            #"{"t":12.25,"type":"move","id":7,"x":1,"y":2}"#,
            #"{"t":0.001,"type":"move","id":7,"x":1,"y":2}"#,
            #"{"t":999999999999.999,"type":"move","id":7,"x":1,"y":2}"#,
            #"{"t":1.0005,"type":"move","id":7,"x":1,"y":2}"#,
            #"{"t":0.0005,"type":"move","id":7,"x":1,"y":2}"#,
            #"{"t":123456.0000001,"type":"move","id":7,"x":1,"y":2}"#,
        ]
        let offPath = [
            #"{"t":1e2,"type":"down","id":1,"x":0,"y":0}"#,                        // exponent
            #"{ "t":1,"type":"down","id":1,"x":0,"y":0}"#,                         // a space
            #"{"t":1,"type":"down","id":1,"x":0,"y":0} "#,                         // trailing space
            #"{"type":"down","t":1,"id":1,"x":0,"y":0}"#,                          // another order
            #"{"t":1,"type":"down","id":1,"x":0,"y":0,"pressure":0.5}"#,          // another field
            #"{"t":1,"type":"down","id":1,"x":0,"y":0,"device":"synthetic"}"#,    // rarer device
            #"{"t":123.4567890123456,"type":"down","id":1,"x":0,"y":0}"#,         // 16 digits
            #"{"t":1,"type":"down","id":1,"x":0.00000000000000000000001,"y":0}"#, // 23 places
            #"{"t":1,"type":"down","id":1.0,"x":0,"y":0}"#,                        // id written as a decimal
            #"{"t":1,"type":"down","id":-1,"x":0,"y":0}"#,                         // negative id
            #"{"t":1,"type":"hover","id":1,"x":0,"y":0}"#,                         // pointer event
            // Invalid: each must reach the general decoder, which explains it.
            #"{"t":-1,"type":"down","id":1,"x":0,"y":0}"#,
            #"{"t":01,"type":"down","id":1,"x":0,"y":0}"#,
            #"{"t":1.,"type":"down","id":1,"x":0,"y":0}"#,
            #"{"t":1,"type":"down","id":01,"x":0,"y":0}"#,
            #"{"t":1e12,"type":"down","id":1,"x":0,"y":0}"#,
            #"{"t":1000000000000,"type":"down","id":1,"x":0,"y":0}"#,
            #"{"t":1,"type":"down","id":1,"x":1000000000,"y":0}"#,
            #"{"t":1,"type":"down","id":1,"x":0,"y":0"#,
            #"{"t":1,"type":"down","id":1,"x":0,"y":0}}"#,
            #"{"t":1,"type":"downs","id":1,"x":0,"y":0}"#,
            #"{"t":1,"type":"down","id":1,"x":0,"y":0,"device":"touchy"}"#,
            #"{"t":1,"type":"down","id":1,"x":,"y":0}"#,
            #"{"t":1,"type":"down","id":1,"x":0,"y":00000001}"#,
            #"{"t":1,"type":"down","id":1,"x":0,"y":1."#,
            #"{"t":1,"type":"down","id":1,"x":0,"y":1"#,
            #"{"t":1234"#,
            #"{"t":1,"type":"down","id":1,"x":00.5,"y":0}"#,
            #"{"t":1,"type":"down","id":1,"x":-.5,"y":0}"#,
            #"{"t":1,"type":"down","id":1,"x":0.,"y":0}"#,
            #"{"t":1,"type":"down","id":1,"x":1.5.5,"y":0}"#,
        ]
        for line in onPath {
            let (f, g) = both(line)
            #expect(f != nil && g != nil && same(f!, g!), "\(line)")
        }
        for line in offPath { #expect(both(line).fast == nil, "\(line)") }
        #expect(offPath.prefix(11).allSatisfy { both($0).general != nil }, "the unusual valid lines are valid")
        #expect(offPath.dropFirst(11).allSatisfy { both($0).general == nil }, "the invalid lines are invalid")
    }
}
