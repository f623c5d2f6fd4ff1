import GestureEngine
import GestureTrace

/// The decision log as a Chrome trace event file (the JSON format the Perfetto UI and
/// chrome://tracing open). Timestamps are the trace's virtual microseconds.
///
/// - process 1 "Recognizers": a thread per recognizer carrying a 1 µs slice per transition,
///   action, wait and release, and an async track per recognizer with its state spans;
/// - process 2 "Views": a thread per view with a slice per delivered, held or dropped phase;
/// - process 3 "App": scrolling and dragged copies;
/// - flow arrows from each cause to its effect; metadata names every process and thread.
public enum PerfettoTrace {
    public static func render(_ model: TimelineModel, title: String) throws -> String {
        let (out, bytes) = PageOutput.collecting()
        try write(model, title: title, to: out)
        return String(decoding: bytes(), as: UTF8.self)
    }

    /// The trace written into `out` event by event.
    public static func write(_ model: TimelineModel, title: String, to out: PageOutput) throws {
        try out.write("{\"displayTimeUnit\":\"ms\",\"otherData\":{\"title\":\(jsonQuoted(title)),\"clock\":\"virtual microseconds of the trace\"},\"traceEvents\":[\n")
        var first = true
        func event(_ text: String) throws {
            if !first { try out.write(",\n") }
            first = false
            try out.write(text)
        }
        let pids = ["recognizer": 1, "view": 2, "app": 3]
        let names = [1: "Recognizers", 2: "Views", 3: "App"]
        for (pid, name) in names.sorted(by: { $0.key < $1.key }) {
            try event("{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":\(pid),\"tid\":0,\"args\":{\"name\":\(jsonQuoted(name))}}")
            try event("{\"name\":\"process_sort_index\",\"ph\":\"M\",\"pid\":\(pid),\"tid\":0,\"args\":{\"sort_index\":\(pid)}}")
        }
        let lanePid = model.lanes.map { pids[$0.kind] ?? 3 }
        for (i, lane) in model.lanes.enumerated() {
            let pid = lanePid[i]
            let tid = i + 1
            try event("{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":\(pid),\"tid\":\(tid),\"args\":{\"name\":\(jsonQuoted(lane.id))}}")
            try event("{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":\(pid),\"tid\":\(tid),\"args\":{\"sort_index\":\(tid)}}")
            for (k, span) in lane.spans.enumerated() {
                let id = "\"0x\(String(i + 1, radix: 16))\(String(k, radix: 16))\""
                let args = "{\"recognizer\":\(jsonQuoted(lane.id))}"
                try event("{\"name\":\(jsonQuoted(lane.id + ": " + span.state)),\"cat\":\"state\",\"ph\":\"b\",\"id\":\(id),\"pid\":\(pid),\"tid\":\(tid),\"ts\":\(span.start.microseconds),\"args\":\(args)}")
                try event("{\"name\":\(jsonQuoted(lane.id + ": " + span.state)),\"cat\":\"state\",\"ph\":\"e\",\"id\":\(id),\"pid\":\(pid),\"tid\":\(tid),\"ts\":\(max(span.end.microseconds, span.start.microseconds + 1))}")
            }
            try model.forEachMark(inLane: i) { mark in
                var args = "{\"cause\":\(jsonQuoted(mark.cause)),\"seq\":\(mark.seq)"
                if !mark.evidence.isEmpty {
                    args += ",\"evidence\":" + jsonQuoted(mark.evidence)
                }
                args += "}"
                try event("{\"name\":\(jsonQuoted(mark.label)),\"cat\":\(jsonQuoted(mark.kind)),\"ph\":\"X\",\"pid\":\(pid),\"tid\":\(tid),\"ts\":\(mark.time.microseconds),\"dur\":1,\"args\":\(args)}")
            }
        }
        var n = 0
        try model.forEachLink { link in
            n += 1
            try event("{\"name\":\(jsonQuoted(link.kind)),\"cat\":\"cause\",\"ph\":\"s\",\"id\":\(n),\"pid\":\(lanePid[link.fromLane]),\"tid\":\(link.fromLane + 1),\"ts\":\(link.fromTime.microseconds)}")
            try event("{\"name\":\(jsonQuoted(link.kind)),\"cat\":\"cause\",\"ph\":\"f\",\"bp\":\"e\",\"id\":\(n),\"pid\":\(lanePid[link.toLane]),\"tid\":\(link.toLane + 1),\"ts\":\(link.toTime.microseconds)}")
        }
        try out.write("\n]}\n")
        try out.flush()
    }
}
