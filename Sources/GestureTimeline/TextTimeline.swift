#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import GestureEngine
import GestureTrace

/// The decision log as a readable timeline for a terminal: one line per decision with its
/// time, who, what and why, then a summary of each recognizer's fate.
public struct TextTimeline {
    /// Show every move, `changed` transition and the actions that go with them.
    public var verbose = false
    public init(verbose: Bool = false) { self.verbose = verbose }

    static let arrow = "->"

    public func render(_ log: DecisionLog, title: String? = nil) -> String {
        var writer = Writer(self)
        var out = writer.header(title: title)
        for e in log.entries {
            if let line = writer.line(e) { out += line }
        }
        return out + writer.footer()
    }

    /// Renders entries one at a time, as a streamed log hands them over: the same text as
    /// `render`, without keeping the log.
    public struct Writer {
        let timeline: TextTimeline
        var hiddenMoves = 0
        var hiddenChanges = 0
        var tally = RecognizerOutcome.Tally(detailLimit: Writer.attemptsShown)
        /// Attempts listed per recognizer in the outcome; the rest are counted by how they ended.
        public static let attemptsShown = 200

        public init(_ timeline: TextTimeline) { self.timeline = timeline }

        public func header(title: String?) -> String {
            (title.map { $0 + "\n\n" } ?? "") + timeline.pad("t (ms)", 10, right: true) + "  " + timeline.pad("who", 16) + "  what\n"
        }

        /// Names' bytes, a line's fields before they are padded, and `line`'s result: a
        /// replay's text log is written into bytes, never a String per part.
        private let names = LogNameBytes()
        private let field = OutputBytes(capacity: 256)
        private let lineBytes = OutputBytes(capacity: 1024)

        /// The entry's line, or nil when it is hidden.
        public mutating func line(_ e: LogEntry) -> String? {
            var row = e
            return line(inPlace: &row)
        }

        /// `line(_:)` for a row the caller owns where it lies (a batch's storage), read in place
        /// rather than copied (see `JSONLinesWriter.append(inPlace:)`). The row is not changed.
        public mutating func line(inPlace e: inout LogEntry) -> String? {
            lineBytes.removeAll()
            guard append(inPlace: &e, to: lineBytes) else { return nil }
            return lineBytes.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
        }

        /// Appends the entry's line (the bytes of `line`) to `out`, unless it is hidden;
        /// returns whether it wrote one.
        @discardableResult
        public mutating func append(inPlace e: inout LogEntry, to out: OutputBytes) -> Bool {
            tally.add(e)
            if !timeline.verbose && timeline.isNoise(e) {
                if e.kind == .input || e.kind == .view || e.kind == .note || e.kind == .control { hiddenMoves += 1 } else { hiddenChanges += 1 }
                return false
            }
            field.removeAll()
            NumberText.appendFixed(e.time.microseconds, scale: 1000, to: field)
            pad(field, 10, right: true, to: out)
            out.append("  ")
            field.removeAll()
            who(e, into: field)
            pad(field, 16, right: false, to: out)
            out.append("  ")
            what(e, into: out)
            out.append(0x0A)
            return true
        }

        /// `field`, padded with spaces to `width` characters (counted as a String counts them).
        private func pad(_ field: OutputBytes, _ width: Int, right: Bool, to out: OutputBytes) {
            field.withUnsafeBytes { bytes in
                let characters = bytes.allSatisfy { $0 < 0x80 } ? bytes.count : String(decoding: bytes, as: UTF8.self).count
                let fill = max(0, width - characters)
                if !right { out.append(bytes) }
                if fill > 0 { memset(out.reserve(fill), 0x20, fill); out.commit(fill) }
                if right { out.append(bytes) }
            }
        }

        private func name(_ n: LogName?, or fallback: StaticString, into out: OutputBytes) {
            guard let n else { return out.append(fallback) }
            out.append(names.bytes(of: n))
        }

        private func cause(_ e: LogEntry, into out: OutputBytes) {
            e.cause.message.appendUTF8(to: out, names: names)
        }

        private func touches(_ e: LogEntry, into out: OutputBytes) {
            for (i, t) in e.touches.enumerated() {
                out.append(i == 0 ? "touch " : ", touch ")
                NumberText.appendInteger(Int64(t), to: out)
            }
        }

        private func point(_ p: Point, into out: OutputBytes) {
            out.append(0x28)
            NumberText.appendDecimal(p.x, decimals: 1, to: out)
            out.append(", ")
            NumberText.appendDecimal(p.y, decimals: 1, to: out)
            out.append(0x29)
        }

        private func isPointer(_ e: LogEntry) -> Bool {
            e.phaseName == TextTimeline.hover || e.phaseName == TextTimeline.scroll
        }

        private func who(_ e: LogEntry, into out: OutputBytes) {
            switch e.kind {
            case .input:
                guard let first = e.touches.first else { return out.append("input") }
                out.append(isPointer(e) ? "pointer " : "touch ")
                NumberText.appendInteger(Int64(first), to: out)
            case .view, .hold, .drop: out.append("view "); name(e.viewName, or: "?", into: out)
            case .timer: out.append("timer")
            case .app: out.append("app "); name(e.viewName, or: "", into: out)
            case .control: out.append("control "); name(e.viewName, or: "", into: out)
            default: name(e.recognizerName ?? e.viewName, or: "", into: out)
            }
        }

        private func what(_ e: LogEntry, into out: OutputBytes) {
            switch e.kind {
            case .input:
                // The cause without the touch it names, which the who column shows.
                let pointer = e.touches.first ?? 0
                e.cause.message.appendUTF8(to: out, names: names, omitting: isPointer(e) ? .pointer(pointer) : .touch(pointer))
            case .transition:
                name(e.fromName, or: "?", into: out)
                out.append(" -> ")
                name(e.toName, or: "?", into: out)
                out.append("  because ")
                cause(e, into: out)
            case .action:
                out.append("action (")
                name(e.toName, or: "", into: out)
                out.append(0x29)
            case .pending:
                out.append("waits: ")
                cause(e, into: out)
            case .view:
                out.append("receives ")
                name(e.phaseName, or: "?", into: out)
                out.append(" (")
                touches(e, into: out)
                if let d = e.delivered {
                    out.append(" at ")
                    point(d.inWindow, into: out)
                    out.append(", ")
                    point(d.inView, into: out)
                    out.append(" in view")
                    // The touch's own time stamp, when it is not the row's: a delivery released late (A.2.8).
                    if d.timestamp != e.time {
                        out.append(", stamped ")
                        NumberText.appendFixed(d.timestamp.microseconds, scale: 1000, to: out)
                        out.append(" ms")
                    }
                }
                out.append("); ")
                cause(e, into: out)
            case .hold:
                out.append("holds back ")
                name(e.phaseName, or: "?", into: out)
                out.append(" of ")
                touches(e, into: out)
                out.append(": ")
                cause(e, into: out)
            case .control:
                name(e.phaseName, or: "?", into: out)
                out.append(": ")
                cause(e, into: out)
            case .reset:
                out.append("reset to possible (was ")
                name(e.fromName, or: "?", into: out)
                out.append(0x29)
            case .released, .drop, .timer, .note, .app:
                cause(e, into: out)
            }
        }

        public func footer() -> String {
            var out = ""
            if !timeline.verbose && (hiddenMoves > 0 || hiddenChanges > 0) {
                out += "\n(\(hiddenMoves) move lines and \(hiddenChanges) changed transitions/actions hidden; --verbose shows them)\n"
            }
            out += "\nOutcome\n"
            for o in tally.outcomes {
                for a in o.attempts {
                    out += "  " + timeline.pad(o.recognizer, 16) + "  " + timeline.describe(a) + "\n"
                }
                if !o.omitted.isEmpty {
                    let total = o.omitted.values.reduce(0, +)
                    let counts = o.omitted.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
                    out += "  " + timeline.pad(o.recognizer, 16) + "  and \(total) more attempts: \(counts)\n"
                }
            }
            return out
        }
    }

    /// The rows left out unless verbose: the log's routine rows (which a text replay logs
    /// without their causes), hovers, scrolling, moves of cancelled fingers, routine control events.
    func isNoise(_ e: LogEntry) -> Bool {
        if e.isRoutine { return true }
        switch e.kind {
        case .input: return e.phaseName == TextTimeline.hover
        case .app: return e.phaseName == TextTimeline.scroll || e.phaseName == TextTimeline.copyMoved
        // A move of a finger the system cancelled: ignored, like the moves before it are hidden.
        case .note: return e.phaseName == .moved
        case .control: return TimelineModel.isRoutineControlEvent(e)
        default: return false
        }
    }
    static let hover = LogName("hover")
    static let scroll = LogName("scroll")
    private static let copyMoved = LogName("copyMoved")

    func describe(_ a: RecognizerOutcome.Attempt) -> String {
        var parts: [String] = []
        if let w = a.waited { parts.append("waited from \(w.time.millisecondsText) ms") }
        if let f = a.firstTransition, f.to == "began" {
            parts.append("began at \(f.time.millisecondsText) ms")
            if a.changes > 0 { parts.append("changed \(a.changes) times") }
        }
        if let end = a.final {
            parts.append("\(end.to ?? "?") at \(end.time.millisecondsText) ms: \(end.cause.text)")
        } else if a.firstTransition == nil {
            parts.append("still possible")
        }
        return parts.joined(separator: "; ")
    }

    func pad(_ s: String, _ n: Int, right: Bool = false) -> String {
        let count = s.count
        guard count < n else { return s }
        let fill = String(repeating: " ", count: n - count)
        return right ? fill + s : s + fill
    }
}
