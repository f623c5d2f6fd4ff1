import FuzzSupport
import GestureTrace

/// Any bytes as a trace: the reader must give events or a diagnostic naming a line, never
/// crash or hang; and whatever it accepts must come back the same after writing and reading it.
runFuzzer { data, size in
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let reader: TraceReader
    do {
        reader = try TraceReader(bytes: bytes, name: "fuzz.jsonl")
    } catch let error as TraceDiagnostic {
        precondition(error.file == "fuzz.jsonl" && !error.message.isEmpty, "header diagnostic without a place or message")
        return 0
    } catch {
        preconditionFailure("unexpected error type: \(error)")
    }
    var events: [TraceEvent] = []
    do {
        while let e = try reader.nextEvent() { events.append(e) }
    } catch let error as TraceDiagnostic {
        precondition(error.line >= 1 && !error.message.isEmpty, "event diagnostic without a line or message: \(error)")
        return 0
    } catch {
        preconditionFailure("unexpected error type: \(error)")
    }
    let text = TraceWriter.text(header: reader.header, events: events)
    do {
        let again = try TraceReader(bytes: Array(text.utf8), name: "round-trip")
        var k = 0
        while let e = try again.nextEvent() {
            precondition(k < events.count, "round trip made more events")
            let o = events[k]
            precondition(e.time == o.time && e.type == o.type && e.pointer == o.pointer, "round trip changed event \(k)")
            k += 1
        }
        precondition(k == events.count, "round trip lost events")
    } catch {
        preconditionFailure("what the reader accepted, written back, does not read: \(error)")
    }
    return 0
}
