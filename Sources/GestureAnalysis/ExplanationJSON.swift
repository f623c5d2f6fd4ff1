import GestureEngine
import GestureTrace

/// `Explanation`'s JSON, written as bytes into one buffer. An explanation of a long trace is
/// millions of short strings and numbers; joined as Strings, one temporary per value, they cost
/// more than finding the chains did (`explain --format json`, issue 35). The text is
/// `Explanation.json`'s, byte for byte.
struct ExplanationJSON {
    private let out = OutputBytes(capacity: 4096)

    /// What `write` puts down, as a String.
    static func text(_ write: (ExplanationJSON) -> Void) -> String {
        let json = ExplanationJSON()
        write(json)
        return String(decoding: UnsafeBufferPointer(start: json.out.start, count: json.out.count), as: UTF8.self)
    }

    func sequence(_ q: Explanation.Sequence) {
        out.append("{\"start\":")
        time(q.start)
        out.append(",\"end\":")
        time(q.end)
        out.append(",\"winners\":[")
        list(q.winners, quoted)
        out.append("],\"outcomes\":[")
        list(q.outcomes, outcome)
        out.append("]}")
    }

    func outcome(_ o: Explanation.Outcome) {
        out.append("{\"recognizer\":")
        quoted(o.recognizer)
        out.append(",\"result\":")
        quoted(o.result)
        out.append(",\"t\":")
        if let t = o.time { time(t) } else { out.append("null") }
        if let w = o.waitedSince {
            out.append(",\"waitedSince\":")
            time(w)
            out.append(",\"waitedFor\":")
            if let f = o.waitedFor { quoted(f) } else { out.append("null") }
        }
        out.append(",\"summary\":")
        quoted(o.summary)
        out.append(",\"chain\":[")
        list(o.chain, step)
        out.append("]}")
    }

    private func step(_ s: Explanation.Step) {
        out.append("{\"seq\":")
        NumberText.appendInteger(Int64(s.seq), to: out)
        out.append(",\"t\":")
        time(s.time)
        out.append(",\"who\":")
        quoted(s.who)
        out.append(",\"what\":")
        quoted(s.what)
        out.append(",\"because\":")
        quoted(s.because)
        out.append(",\"evidence\":[")
        list(s.evidence, evidence)
        out.append("]}")
    }

    private func evidence(_ e: Evidence) {
        out.append("{\"parameter\":")
        quoted(e.parameter)
        out.append(",\"value\":")
        NumberText.appendDecimal(e.value, decimals: 4, to: out)
        out.append(",\"threshold\":")
        NumberText.appendDecimal(e.threshold, decimals: 4, to: out)
        out.append(",\"unit\":")
        quoted(e.unit)
        out.append(",\"comparison\":")
        quoted(e.comparison)
        out.append("}")
    }

    /// The items, comma-separated.
    private func list<T>(_ items: [T], _ write: (T) -> Void) {
        for (i, item) in items.enumerated() {
            if i > 0 { out.append(0x2C) }
            write(item)
        }
    }

    /// `Timestamp.millisecondsText`.
    private func time(_ t: Timestamp) { NumberText.appendFixed(t.microseconds, scale: 1000, to: out) }

    private func quoted(_ s: String) { appendJSONQuoted(s, to: out) }
}
