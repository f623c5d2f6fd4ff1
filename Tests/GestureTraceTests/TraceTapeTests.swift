@testable import GestureTrace
import Testing

@Suite("trace tape (a trace's events kept to be read again by stretches)")
struct TraceTapeTests {
    /// Events with repeated times (two fingers in one frame), so that a stretch can start in the
    /// middle of a run of equal times at a chunk's edge.
    /// Every type and device, and now and then an event with the rare fields (pressure, contact,
    /// buttons, scroll), which the tape keeps over several records that a chunk's edge may split.
    static let events: [TraceEvent] = (0..<203).map { k in
        let types = TouchEventType.allCases, devices: [InputDevice?] = [nil] + InputDevice.allCases
        var e = TraceEvent(time: Timestamp(microseconds: Int64(k / 2) * 1000), type: k % 7 == 0 ? .down : types[k % types.count],
                           pointer: k % 2 == 0 ? k % 2 : Int.max - k, x: Double(k) + 0.1, y: Double(-k) / 3, device: devices[k % devices.count])
        if k % 5 == 2 { e.pressure = Double(k) / 7 }
        if k % 11 == 3 { e.contact = ContactSize(width: 3.5, height: Double(k)) }
        if k % 13 == 4 { e.buttons = k % 8 }
        if k % 17 == 5 { e.scroll = ScrollSample(dx: -1.25, dy: Double(k), phase: .changed, kind: .continuous) }
        return e
    }

    func read(_ source: any TraceEventSource) throws -> [TraceEvent] {
        var out: [TraceEvent] = []
        while let e = try source.nextEvent() { out.append(e) }
        return out
    }

    @Test("Read whole or by stretches, from chunks in the file and from memory, the events are those of the trace inside the stretches, in order")
    func stretches() throws {
        for chunk in [1, 2, 3, 4, 5, 7, 1000] {
            let tape = TraceTape(name: "t", chunkSize: chunk)
            for e in Self.events { tape.append(e) }
            #expect(tape.failure == nil)
            #expect(tape.eventCount == Self.events.count)
            #expect(try read(tape.reader()) == Self.events, "chunk \(chunk)")
            let ms = { (v: Int64) in Timestamp(microseconds: v * 1000) }
            for spans in [[(ms(0), ms(1))], [(ms(3), ms(9)), (ms(9), ms(10)), (ms(40), ms(41)), (ms(99), ms(500))], [(ms(50), ms(50))], [(ms(-5), ms(2)), (ms(101), ms(200))], (0..<50).map { (ms(2 * $0 + 1), ms(2 * $0 + 2)) }] {
                let expected = Self.events.filter { e in spans.contains { e.time >= $0.0 && e.time < $0.1 } }
                #expect(try read(tape.reader(spans: spans.map { (start: $0.0, end: $0.1) })) == expected, "chunk \(chunk), \(spans)")
            }
        }
    }
}
