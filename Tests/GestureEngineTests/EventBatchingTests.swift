import GestureEngine
import GestureTestSupport
import GestureTrace
import Testing

/// Trace events become UIKit events (docs/uikit-rules.md A.2.6, `EngineOptions.batchSimultaneousEvents`):
/// events at the same time, one per finger, are one event; a finger's second event at the same
/// time starts the next. Events fed from memory (`feed(events:)`, which groups them in place),
/// events streamed through `EventBatcher` one by one, and in chunks (what `replay` does with a
/// pipelined reader, whose chunks may end in the middle of a moment) must group alike.
@Suite("Event batching")
struct EventBatchingTests {
    /// Writes down each hook call as phase and number of touches.
    final class HookLog: GestureRecognizer {
        var calls: [String] = []
        override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { calls.append("began \(touches.count)") }
        override func touchesMoved(_ touches: [Touch], with event: TouchEvent) { calls.append("moved \(touches.count)") }
        override func touchesEnded(_ touches: [Touch], with event: TouchEvent) { calls.append("ended \(touches.count)") }
    }

    /// Two fingers down together; at 10 ms finger 1 moves twice and finger 2 once; both lift together.
    static let events: [TraceEvent] = [
        TraceEvent(time: .milliseconds(0), type: .down, pointer: 1, x: 100, y: 100, device: .touch),
        TraceEvent(time: .milliseconds(0), type: .down, pointer: 2, x: 200, y: 100, device: .touch),
        TraceEvent(time: .milliseconds(10), type: .move, pointer: 1, x: 105, y: 100, device: .touch),
        TraceEvent(time: .milliseconds(10), type: .move, pointer: 1, x: 110, y: 100, device: .touch),
        TraceEvent(time: .milliseconds(10), type: .move, pointer: 2, x: 210, y: 100, device: .touch),
        TraceEvent(time: .milliseconds(20), type: .up, pointer: 1, x: 110, y: 100, device: .touch),
        TraceEvent(time: .milliseconds(20), type: .up, pointer: 2, x: 210, y: 100, device: .touch),
    ]

    enum Feeding { case memory, streamed, chunks(of: Int) }

    func hookCalls(batching: Bool, streamed: Bool) -> [String] { hookCalls(batching: batching, streamed ? .streamed : .memory) }

    func hookCalls(batching: Bool, _ feeding: Feeding) -> [String] {
        var options = EngineOptions()
        options.batchSimultaneousEvents = batching
        let h = Harness(options: options)
        let r = HookLog(id: "log")
        h.view("v", Rect(x: 0, y: 0, width: 400, height: 400)).addGestureRecognizer(r)
        switch feeding {
        case .memory:
            h.env.feed(events: Self.events)
        case .streamed:
            var batcher = EventBatcher(batching: batching)
            for e in Self.events { batcher.add(e, to: h.env) }
            batcher.flush(to: h.env)
        case let .chunks(size):
            var batcher = EventBatcher(batching: batching)
            for start in stride(from: 0, to: Self.events.count, by: size) {
                batcher.add(chunk: Array(Self.events[start..<min(start + size, Self.events.count)]), to: h.env)
            }
            batcher.flush(to: h.env)
        }
        return r.calls
    }

    @Test("Batched: same-time events of different fingers are one event; a finger's second event starts the next")
    func batched() {
        let expected = ["began 2", "moved 1", "moved 2", "ended 2"]
        #expect(hookCalls(batching: true, streamed: false) == expected)
        #expect(hookCalls(batching: true, streamed: true) == expected)
        for size in 1...Self.events.count {
            #expect(hookCalls(batching: true, .chunks(of: size)) == expected, "chunks of \(size)")
        }
    }

    @Test("Not batched: every trace event is an event of its own")
    func unbatched() {
        let expected = ["began 1", "began 1", "moved 1", "moved 1", "moved 1", "ended 1", "ended 1"]
        #expect(hookCalls(batching: false, streamed: false) == expected)
        #expect(hookCalls(batching: false, streamed: true) == expected)
        for size in 1...Self.events.count {
            #expect(hookCalls(batching: false, .chunks(of: size)) == expected, "chunks of \(size)")
        }
    }
}
