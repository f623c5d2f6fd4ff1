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

        /// The entry's line, or nil when it is hidden.
        public mutating func line(_ e: LogEntry) -> String? {
            var row = e
            return line(inPlace: &row)
        }

        /// `line(_:)` for a row the caller owns where it lies (a batch's storage), read in place
        /// rather than copied (see `JSONLinesWriter.append(inPlace:)`). The row is not changed.
        public mutating func line(inPlace e: inout LogEntry) -> String? {
            tally.add(e)
            if !timeline.verbose && timeline.isNoise(e) {
                if e.kind == .input || e.kind == .view || e.kind == .note || e.kind == .control { hiddenMoves += 1 } else { hiddenChanges += 1 }
                return nil
            }
            return timeline.pad(e.time.millisecondsText, 10, right: true) + "  " + timeline.pad(timeline.who(e), 16) + "  " + timeline.what(e) + "\n"
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

    func isNoise(_ e: LogEntry) -> Bool {
        switch e.kind {
        case .input: return e.phase == "moved" || e.phase == "hover"
        case .view: return e.phase == "moved"
        case .transition: return e.to == "changed" && e.from == "changed"
        case .action: return e.to == "changed"
        case .app: return e.phase == "scroll" || e.phase == "copyMoved"
        // A move of a finger the system cancelled: ignored, like the moves before it are hidden.
        case .note: return e.phase == "moved"
        case .control: return TimelineModel.isRoutineControlEvent(e)
        default: return false
        }
    }

    func who(_ e: LogEntry) -> String {
        switch e.kind {
        case .input:
            let noun = e.phase == "hover" || e.phase == "scroll" ? "pointer" : "touch"
            return e.touches.first.map { "\(noun) \($0)" } ?? "input"
        case .view, .hold, .drop: return "view " + (e.view ?? "?")
        case .timer: return "timer"
        case .app: return "app " + (e.view ?? "")
        case .control: return "control " + (e.view ?? "")
        default: return e.recognizer ?? e.view ?? ""
        }
    }

    func what(_ e: LogEntry) -> String {
        switch e.kind {
        case .input:
            let noun = e.phase == "hover" || e.phase == "scroll" ? "pointer" : "touch"
            return e.cause.text.replacingPrefix("\(noun) \(e.touches.first ?? 0) ", with: "")
        case .transition:
            return "\(e.from ?? "?") \(TextTimeline.arrow) \(e.to ?? "?")  because \(e.cause.text)"
        case .action:
            return "action (\(e.to ?? ""))"
        case .pending:
            return "waits: \(e.cause.text)"
        case .released:
            return e.cause.text
        case .view:
            let touches = e.touches.map { "touch \($0)" }.joined(separator: ", ")
            guard let d = e.delivered else { return "receives \(e.phase ?? "?") (\(touches)); \(e.cause.text)" }
            // The touch's own time stamp, when it is not the row's: a delivery released late (A.2.8).
            let stamp = d.timestamp == e.time ? "" : ", stamped \(d.timestamp.millisecondsText) ms"
            return "receives \(e.phase ?? "?") (\(touches) at \(d.inWindow), \(d.inView) in view\(stamp)); \(e.cause.text)"
        case .hold:
            return "holds back \(e.phase ?? "?") of \(e.touches.map { "touch \($0)" }.joined(separator: ", ")): \(e.cause.text)"
        case .drop:
            return e.cause.text
        case .control:
            return "\(e.phase ?? "?"): \(e.cause.text)"
        case .reset:
            return "reset to possible (was \(e.from ?? "?"))"
        case .timer, .note, .app:
            return e.cause.text
        }
    }

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

extension String {
    func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}
