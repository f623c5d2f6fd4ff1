import GestureEngine
import GestureTrace

/// Writes decision-log entries as JSON Lines into a reused byte buffer: the same bytes as
/// `JSONLinesTimeline.line` (a test compares them on every shipped recording), without a String
/// per line. Recognizer and view names are quoted once and kept; numbers are written digit by
/// digit. A replay's log is most of its output, so this is what `replay --format jsonl` costs.
public struct JSONLinesWriter {
    /// The lines written since the last `clear`.
    public var bytes: [UInt8] { out.bytes }
    private var out = JSONBytes()
    private var quotedNames: [String: [UInt8]] = [:]

    public init() {}

    /// Empties the buffer (after the caller has written it out), keeping its storage.
    public mutating func clear() { out.clear() }

    public mutating func append(_ e: LogEntry) {
        out.ascii("{\"seq\":")
        out.integer(Int64(e.seq))
        out.ascii(",\"t\":")
        out.fixed(e.time.microseconds, scale: 1000)
        out.ascii(",\"event\":\"")
        out.raw(e.kind.rawValue)
        out.byte(0x22)
        if let r = e.recognizer { out.ascii(",\"recognizer\":"); name(r) }
        if let v = e.view { out.ascii(",\"view\":"); name(v) }
        if let f = e.from { out.ascii(",\"from\":\""); out.raw(f); out.byte(0x22) }
        if let t = e.to { out.ascii(",\"to\":\""); out.raw(t); out.byte(0x22) }
        if let p = e.phase { out.ascii(",\"phase\":\""); out.raw(p); out.byte(0x22) }
        if !e.touches.isEmpty {
            out.ascii(",\"touches\":[")
            for (i, t) in e.touches.enumerated() {
                if i > 0 { out.byte(0x2C) }
                out.integer(Int64(t))
            }
            out.byte(0x5D)
        }
        if let d = e.delivered {
            out.ascii(",\"at\":[")
            out.decimal(d.inWindow.x)
            out.byte(0x2C)
            out.decimal(d.inWindow.y)
            out.ascii("],\"inView\":[")
            out.decimal(d.inView.x)
            out.byte(0x2C)
            out.decimal(d.inView.y)
            out.ascii("],\"touchT\":")
            out.fixed(d.timestamp.microseconds, scale: 1000)
        }
        out.ascii(",\"cause\":")
        out.quoted(e.cause.text)
        out.ascii(",\"causeKind\":\"")
        out.raw(e.cause.kind.rawValue)
        out.byte(0x22)
        if let c = e.cause.causedBy { out.ascii(",\"causedBy\":"); out.integer(Int64(c)) }
        if let o = e.cause.other { out.ascii(",\"other\":"); out.quoted(o) }
        if !e.cause.evidence.isEmpty {
            // Rare (threshold decisions): the String path, as `JSONLinesTimeline.line` has it.
            out.raw(",\"evidence\":[" + e.cause.evidence.map { ev in
                "{\"parameter\":\(jsonQuoted(ev.parameter)),\"value\":\(NumberText.decimal(ev.value, decimals: 4)),\"threshold\":\(NumberText.decimal(ev.threshold, decimals: 4)),\"unit\":\(jsonQuoted(ev.unit)),\"comparison\":\(jsonQuoted(ev.comparison))}"
            }.joined(separator: ",") + "]")
        }
        out.ascii("}\n")
    }

    /// A recognizer's or view's name, quoted once per replay.
    private mutating func name(_ s: String) {
        if let q = quotedNames[s] { return out.bytes.append(contentsOf: q) }
        let q = Array(jsonQuoted(s).utf8)
        quotedNames[s] = q
        out.bytes.append(contentsOf: q)
    }
}
