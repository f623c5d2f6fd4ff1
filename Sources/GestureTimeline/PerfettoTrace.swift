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
    public static func render(_ model: TimelineModel, title: String) -> String {
        var events: [String] = []
        let pids = ["recognizer": 1, "view": 2, "app": 3]
        let names = [1: "Recognizers", 2: "Views", 3: "App"]
        for (pid, name) in names.sorted(by: { $0.key < $1.key }) {
            events.append("{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":\(pid),\"tid\":0,\"args\":{\"name\":\(jsonQuoted(name))}}")
            events.append("{\"name\":\"process_sort_index\",\"ph\":\"M\",\"pid\":\(pid),\"tid\":0,\"args\":{\"sort_index\":\(pid)}}")
        }
        var where_: [Int: (pid: Int, tid: Int)] = [:]
        for (i, lane) in model.lanes.enumerated() {
            let pid = pids[lane.kind] ?? 3
            let tid = i + 1
            events.append("{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":\(pid),\"tid\":\(tid),\"args\":{\"name\":\(jsonQuoted(lane.id))}}")
            events.append("{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":\(pid),\"tid\":\(tid),\"args\":{\"sort_index\":\(tid)}}")
            for (k, span) in lane.spans.enumerated() {
                let id = "\"0x\(String(i + 1, radix: 16))\(String(k, radix: 16))\""
                let args = "{\"recognizer\":\(jsonQuoted(lane.id))}"
                events.append("{\"name\":\(jsonQuoted(lane.id + ": " + span.state)),\"cat\":\"state\",\"ph\":\"b\",\"id\":\(id),\"pid\":\(pid),\"tid\":\(tid),\"ts\":\(span.start.microseconds),\"args\":\(args)}")
                events.append("{\"name\":\(jsonQuoted(lane.id + ": " + span.state)),\"cat\":\"state\",\"ph\":\"e\",\"id\":\(id),\"pid\":\(pid),\"tid\":\(tid),\"ts\":\(max(span.end.microseconds, span.start.microseconds + 1))}")
            }
            for mark in lane.marks {
                var args = "{\"cause\":\(jsonQuoted(mark.cause)),\"seq\":\(mark.seq)"
                if !mark.evidence.isEmpty {
                    args += ",\"evidence\":" + jsonQuoted(mark.evidence.map(\.text).joined(separator: "; "))
                }
                args += "}"
                events.append("{\"name\":\(jsonQuoted(mark.label)),\"cat\":\(jsonQuoted(mark.kind)),\"ph\":\"X\",\"pid\":\(pid),\"tid\":\(tid),\"ts\":\(mark.time.microseconds),\"dur\":1,\"args\":\(args)}")
                where_[mark.seq] = (pid, tid)
            }
        }
        for (n, link) in model.links.enumerated() {
            guard let a = where_[link.from], let b = where_[link.to], let ta = model.position(of: link.from)?.time, let tb = model.position(of: link.to)?.time else { continue }
            events.append("{\"name\":\(jsonQuoted(link.kind)),\"cat\":\"cause\",\"ph\":\"s\",\"id\":\(n + 1),\"pid\":\(a.pid),\"tid\":\(a.tid),\"ts\":\(ta.microseconds)}")
            events.append("{\"name\":\(jsonQuoted(link.kind)),\"cat\":\"cause\",\"ph\":\"f\",\"bp\":\"e\",\"id\":\(n + 1),\"pid\":\(b.pid),\"tid\":\(b.tid),\"ts\":\(tb.microseconds)}")
        }
        return "{\"displayTimeUnit\":\"ms\",\"otherData\":{\"title\":\(jsonQuoted(title)),\"clock\":\"virtual microseconds of the trace\"},\"traceEvents\":[\n"
            + events.joined(separator: ",\n") + "\n]}\n"
    }
}
