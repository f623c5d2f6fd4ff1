import GestureEngine
import GestureTrace

/// Writes decision-log entries as JSON Lines into a reused byte buffer: the same bytes as
/// `JSONLinesTimeline.line` (a test compares them on every shipped recording), without a String
/// per line. Recognizer and view names are quoted once and kept; numbers are written digit by
/// digit. A replay's log is most of its output, so this is what `replay --format jsonl` costs.
///
/// A class so that its buffer is reached without reference counting from the closure the engine
/// calls for every row (a struct's buffer would be retained and released around each call).
public final class JSONLinesWriter {
    /// The lines written since the last `clear`.
    public var bytes: [UInt8] { out.bytes }
    /// Their size in bytes.
    public var count: Int { out.buffer.count }

    /// Hands the lines written since the last `clear` to `body`, without a copy.
    public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try out.buffer.withUnsafeBytes(body)
    }
    private let out = JSONBytes()
    /// Recognizer and view names, quoted once per replay.
    private let quotedNames = LogNameBytes { Array(jsonQuoted($0).utf8) }
    /// States, phases and the names in causes, as they are.
    private let plainNames = LogNameBytes()
    private let seqText = NumberTextMemo.integers()
    private let timeText = NumberTextMemo.thousandths()

    /// Programs for the commonest rows, or nil in the writer that makes them: kept alive by
    /// `shapesOwner`, used for every row through `shapes` (see `Unretained`).
    private let shapesOwner: JSONRowShapes?
    private let shapes: Unretained<JSONRowShapes>?

    public init() {
        let owner = JSONRowShapes(general: JSONLinesWriter(shapes: false))
        shapesOwner = owner
        shapes = Unretained(owner)
    }

    private init(shapes: Bool) {
        shapesOwner = nil
        self.shapes = nil
    }

    public func clear() { out.clear() }

    public func append(_ e: LogEntry) {
        var row = e
        append(inPlace: &row)
    }

    /// `append(_:)` for a row the caller owns where it lies (a batch's storage): handed over
    /// `inout`, it is read in place rather than copied (each of its strings retained and
    /// released). The row is not changed.
    public func append(inPlace e: inout LogEntry) {
        if let shapes, shapes.with({ $0.write(&e, to: out.buffer, seq: seqText, time: timeText) }) { return }
        appendGeneral(inPlace: &e)
    }

    /// The row written field by field: what every shape's program is made from, and the way for
    /// the rows no program writes.
    func appendGeneral(inPlace e: inout LogEntry) {
        let out = self.out.buffer
        // Room is made once per part of the row; within a part bytes are stored unchecked.
        out.write(atMost: 128) { c in
            c.put("{\"seq\":")
            seqText.put(Int64(e.seq), &c)
            c.put(",\"t\":")
            timeText.put(e.time.microseconds, &c)
            c.put(",\"event\":\"")
            c.put(e.kind.jsonName)
            c.put(0x22)
        }
        if let r = e.recognizerName { name(",\"recognizer\":", r) }
        if let v = e.viewName { name(",\"view\":", v) }
        if let f = e.fromName { word(",\"from\":\"", f) }
        if let t = e.toName { word(",\"to\":\"", t) }
        if let p = e.phaseName { word(",\"phase\":\"", p) }
        if !e.touches.isEmpty {
            out.write(atMost: 16 + 21 * e.touches.count) { c in
                c.put(",\"touches\":[")
                for i in 0..<e.touches.count {
                    if i > 0 { c.put(0x2C) }
                    c.integer(Int64(e.touches[i]))
                }
                c.put(0x5D)
            }
        }
        if let d = e.delivered {
            out.write(atMost: 5 * 48 + 40) { c in
                c.put(",\"at\":[")
                c.decimal(d.inWindow.x)
                c.put(0x2C)
                c.decimal(d.inWindow.y)
                c.put("],\"inView\":[")
                c.decimal(d.inView.x)
                c.put(0x2C)
                c.decimal(d.inView.y)
                c.put("],\"touchT\":")
                c.fixed(d.timestamp.microseconds, scale: 1000)
            }
        }
        self.out.ascii(",\"cause\":")
        self.out.quoted(e.cause.message, names: plainNames)
        out.write(atMost: 64) { c in
            c.put(",\"causeKind\":\"")
            c.put(e.cause.kind.jsonName)
            c.put(0x22)
            if let seq = e.cause.causedBy {
                c.put(",\"causedBy\":")
                c.integer(Int64(seq))
            }
        }
        if let o = e.cause.otherName { name(",\"other\":", o) }
        if !e.cause.evidence.isEmpty {
            self.out.ascii(",\"evidence\":[")
            for (i, ev) in e.cause.evidence.enumerated() {
                if i > 0 { self.out.byte(0x2C) }
                self.out.ascii("{\"parameter\":")
                self.out.quoted(ev.parameter)
                out.write(atMost: 2 * 48 + 40) { c in
                    c.put(",\"value\":")
                    c.decimal(ev.value, decimals: 4)
                    c.put(",\"threshold\":")
                    c.decimal(ev.threshold, decimals: 4)
                    c.put(",\"unit\":")
                }
                self.out.quoted(ev.unit)
                self.out.ascii(",\"comparison\":")
                self.out.quoted(ev.comparison)
                self.out.byte(0x7D)
            }
            self.out.byte(0x5D)
        }
        self.out.ascii("}\n")
    }

    /// A key and a word the engine chose (a state or phase name), unquoted as the String path has it.
    @inline(__always)
    private func word(_ key: StaticString, _ value: LogName) {
        let v = plainNames.bytes(of: value)
        out.buffer.write(atMost: key.utf8CodeUnitCount + v.count + 1) { c in
            c.put(key)
            c.put(v)
            c.put(0x22)
        }
    }

    /// A key and a recognizer's or view's name, quoted.
    @inline(__always)
    private func name(_ key: StaticString, _ value: LogName) {
        let v = quotedNames.bytes(of: value)
        out.buffer.write(atMost: key.utf8CodeUnitCount + v.count) { c in
            c.put(key)
            c.put(v)
        }
    }
}

extension LogEntry.Kind {
    /// `rawValue` as static text, which costs no String.
    var jsonName: StaticString {
        switch self {
        case .input: return "input"
        case .transition: return "transition"
        case .action: return "action"
        case .pending: return "pending"
        case .released: return "released"
        case .view: return "view"
        case .hold: return "hold"
        case .drop: return "drop"
        case .reset: return "reset"
        case .timer: return "timer"
        case .note: return "note"
        case .app: return "app"
        case .control: return "control"
        }
    }
}

extension Cause.Kind {
    /// `rawValue` as static text, which costs no String.
    var jsonName: StaticString {
        switch self {
        case .touches: return "touches"
        case .timer: return "timer"
        case .exclusion: return "exclusion"
        case .prevention: return "prevention"
        case .requirement: return "requirement"
        case .delegate: return "delegate"
        case .view: return "view"
        case .disabled: return "disabled"
        case .reaction: return "reaction"
        case .input: return "input"
        case .delivery: return "delivery"
        case .lifecycle: return "lifecycle"
        case .deadlock: return "deadlock"
        }
    }
}
