import GestureEngine
import GestureTrace

/// The decision log as JSON Lines: one object per entry, keys in a fixed order, numbers printed
/// deterministically, so the same trace and scene give byte-identical output everywhere.
///
/// Keys: `seq`, `t` (ms), `event` (input, transition, action, pending, released, view, reset,
/// timer, note), `recognizer` or `view`, `from`, `to`, `phase`, `touches`, `cause` (text),
/// `causeKind`, `causedBy` (seq), `other`, `evidence`; view entries also `at` and `inView` (the
/// touch's place in the window and in the view, points) and `touchT` (the touch's own time stamp,
/// ms: earlier than `t` for a delivery held back and released later).
public enum JSONLinesTimeline {
    public static func line(_ e: LogEntry) -> String {
        var s = "{\"seq\":\(e.seq),\"t\":\(e.time.millisecondsText),\"event\":\"\(e.kind.rawValue)\""
        if let r = e.recognizer { s += ",\"recognizer\":\(jsonQuoted(r))" }
        if let v = e.view { s += ",\"view\":\(jsonQuoted(v))" }
        if let f = e.from { s += ",\"from\":\"\(f)\"" }
        if let t = e.to { s += ",\"to\":\"\(t)\"" }
        if let p = e.phase { s += ",\"phase\":\"\(p)\"" }
        if !e.touches.isEmpty { s += ",\"touches\":[" + e.touches.map(String.init).joined(separator: ",") + "]" }
        if let d = e.delivered {
            s += ",\"at\":[\(NumberText.decimal(d.inWindow.x)),\(NumberText.decimal(d.inWindow.y))]"
            s += ",\"inView\":[\(NumberText.decimal(d.inView.x)),\(NumberText.decimal(d.inView.y))],\"touchT\":\(d.timestamp.millisecondsText)"
        }
        s += ",\"cause\":\(jsonQuoted(e.cause.text)),\"causeKind\":\"\(e.cause.kind.rawValue)\""
        if let c = e.cause.causedBy { s += ",\"causedBy\":\(c)" }
        if let o = e.cause.other { s += ",\"other\":\(jsonQuoted(o))" }
        if !e.cause.evidence.isEmpty {
            s += ",\"evidence\":[" + e.cause.evidence.map { ev in
                "{\"parameter\":\(jsonQuoted(ev.parameter)),\"value\":\(NumberText.decimal(ev.value, decimals: 4)),\"threshold\":\(NumberText.decimal(ev.threshold, decimals: 4)),\"unit\":\(jsonQuoted(ev.unit)),\"comparison\":\(jsonQuoted(ev.comparison))}"
            }.joined(separator: ",") + "]"
        }
        return s + "}"
    }

    public static func render(_ log: DecisionLog) -> String {
        var out = ""
        for e in log.entries {
            out += line(e)
            out += "\n"
        }
        return out
    }
}
