import Foundation
import GestureTrace
import Testing

/// The reader on a second core, or a chunk at a time on the caller's, gives exactly what the
/// reader gives: the events in order, the error after the events before it, the warnings at the
/// end; and a consumer that stops early leaves no thread behind waiting.
@Suite struct PipelinedTraceReaderTests {
    static let header = #"{"format":"gesturelab-trace","version":1}"#

    static func trace(strokes: Int) -> String {
        var lines = [header]
        var t = 0
        for s in 0..<strokes {
            lines.append(#"{"t":\#(t),"type":"down","id":1,"x":\#(s % 300),"y":10}"#)
            for k in 1...5 { lines.append(#"{"t":\#(t + k),"type":"move","id":1,"x":\#(s % 300 + k),"y":10}"#) }
            lines.append(#"{"t":\#(t + 6),"type":"up","id":1,"x":\#(s % 300 + 5),"y":10}"#)
            t += 10
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func drain(_ r: some TraceEventSource) -> (events: [TraceEvent], error: TraceDiagnostic?) {
        var out: [TraceEvent] = []
        do {
            while let e = try r.nextEvent() { out.append(e) }
            return (out, nil)
        } catch {
            return (out, error)
        }
    }

    @Test(arguments: [(1, 1, true), (3, 2, true), (4096, 4, true), (1, 1, false), (3, 2, false), (4096, 4, false)])
    func sameEventsAsTheReader(chunk: Int, depth: Int, onOwnThread: Bool) throws {
        let bytes = Array(Self.trace(strokes: 700).utf8)
        let plain = Self.drain(try TraceReader(bytes: bytes, name: "t.jsonl"))
        let piped = PipelinedTraceReader(try TraceReader(bytes: bytes, name: "t.jsonl"), chunkSize: chunk, depth: depth, onOwnThread: onOwnThread)
        let got = Self.drain(piped)
        #expect(got.events == plain.events && got.error == nil && plain.events.count == 700 * 7)
        #expect(piped.eventCount == plain.events.count)
        // Asked again after the end: still the end.
        #expect(try piped.nextEvent() == nil)
    }

    @Test(arguments: [true, false])
    func anErrorComesAfterTheEventsBeforeIt(onOwnThread: Bool) throws {
        let text = Self.trace(strokes: 50) + #"{"t":9999,"type":"move","id":7,"x":1,"y":1}"# + "\n" + Self.trace(strokes: 1).split(separator: "\n").dropFirst().joined(separator: "\n")
        let plain = Self.drain(try TraceReader(bytes: Array(text.utf8), name: "t.jsonl"))
        let got = Self.drain(PipelinedTraceReader(try TraceReader(bytes: Array(text.utf8), name: "t.jsonl"), chunkSize: 16, onOwnThread: onOwnThread))
        #expect(got.events == plain.events && got.events.count == 350)
        #expect(got.error == plain.error && got.error?.description.hasPrefix("t.jsonl:352: move for pointer 7") == true)
    }

    @Test(arguments: [true, false])
    func warningsArriveAtTheEnd(onOwnThread: Bool) throws {
        let text = Self.trace(strokes: 3) + #"{"t":100,"type":"do"#
        let plainReader = try TraceReader(bytes: Array(text.utf8), name: "t.jsonl")
        _ = Self.drain(plainReader)
        let piped = PipelinedTraceReader(try TraceReader(bytes: Array(text.utf8), name: "t.jsonl"), chunkSize: 5, onOwnThread: onOwnThread)
        let got = Self.drain(piped)
        #expect(got.events.count == 21 && got.error == nil)
        #expect(piped.warnings == plainReader.warnings && !piped.warnings.isEmpty)
    }

    /// Set by one thread, read by another.
    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        func set() { lock.withLock { value = true } }
        var isSet: Bool { lock.withLock { value } }
    }

    @Test(arguments: [false, true])
    func aThreadReadingAheadChangesNothing(withError: Bool) throws {
        var text = Self.trace(strokes: 400)
        if withError { text += #"{"t":99999,"type":"move","id":7,"x":1,"y":1}"# + "\n" }
        let plainReader = try TraceReader(bytes: Array(text.utf8), name: "t.jsonl")
        let plain = Self.drain(plainReader)
        let piped = PipelinedTraceReader(try TraceReader(bytes: Array(text.utf8), name: "t.jsonl"), chunkSize: 7, depth: 3, onOwnThread: false)
        let readAhead = try #require(piped.readAhead)
        let done = Flag(), helped = Flag()
        let helper = Thread {
            while !done.isSet {
                if readAhead() { helped.set() }
            }
        }
        helper.start()
        // Chunks read ahead before the first is taken, then both threads reading.
        var waited = 0
        while !helped.isSet && waited < 400 { Thread.sleep(forTimeInterval: 0.005); waited += 1 }
        let got = Self.drain(piped)
        done.set()
        #expect(got.events == plain.events && got.events.count == 400 * 7)
        #expect(got.error == plain.error && (got.error != nil) == withError)
        #expect(piped.warnings == plainReader.warnings)
        #expect(helped.isSet, "the helper never read a chunk")
        #expect(PipelinedTraceReader(try TraceReader(bytes: Array(text.utf8), name: "t.jsonl")).readAhead == nil)
    }

    @Test func aConsumerThatStopsEarlyDoesNotHang() throws {
        let bytes = Array(Self.trace(strokes: 5000).utf8)
        for _ in 0..<20 {
            let piped = PipelinedTraceReader(try TraceReader(bytes: bytes, name: "t.jsonl"), chunkSize: 64, depth: 1)
            _ = try piped.nextEvent()
        }
        // Twenty readers dropped after one event each, their threads blocked on a full queue:
        // dropping them must not deadlock (the deinit signals the thread, which holds only the
        // channel), and a fresh reader still runs to the end.
        let got = Self.drain(PipelinedTraceReader(try TraceReader(bytes: bytes, name: "t.jsonl")))
        #expect(got.events.count == 5000 * 7)
    }
}
