@testable import GestureTrace
import Testing

@Suite("trace tape (a trace's events kept to be read again by stretches)")
struct TraceTapeTests {
    /// Events with repeated times (two fingers in one frame), so that a stretch can start in the
    /// middle of a run of equal times at a chunk's edge.
    static let events: [TraceEvent] = (0..<203).map { k in
        TraceEvent(time: Timestamp(microseconds: Int64(k / 2) * 1000), type: k % 7 == 0 ? .down : .move, pointer: k % 2, x: Double(k), y: Double(-k))
    }

    func read(_ source: any TraceEventSource) throws -> [TraceEvent] {
        var out: [TraceEvent] = []
        while let e = try source.nextEvent() { out.append(e) }
        return out
    }

    @Test("Read whole or by stretches, from chunks in the file and from memory, the events are those of the trace inside the stretches, in order")
    func stretches() throws {
        for chunk in [1, 4, 7, 1000] {
            let tape = TraceTape(name: "t", chunkSize: chunk)
            for e in Self.events { tape.append(e) }
            #expect(tape.failure == nil)
            #expect(try read(tape.reader()) == Self.events, "chunk \(chunk)")
            let ms = { (v: Int64) in Timestamp(microseconds: v * 1000) }
            for spans in [[(ms(0), ms(1))], [(ms(3), ms(9)), (ms(9), ms(10)), (ms(40), ms(41)), (ms(99), ms(500))], [(ms(50), ms(50))], [(ms(-5), ms(2)), (ms(101), ms(200))]] {
                let expected = Self.events.filter { e in spans.contains { e.time >= $0.0 && e.time < $0.1 } }
                #expect(try read(tape.reader(spans: spans.map { (start: $0.0, end: $0.1) })) == expected, "chunk \(chunk), \(spans)")
            }
        }
    }
}
