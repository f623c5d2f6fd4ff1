import GestureEngine
import GestureTrace

/// The decision log arranged for drawing: a lane per recognizer with its state spans, waiting
/// spans and actions; a lane per view with what it received; and the causal links between
/// entries. The HTML page, the SVG picture and the Perfetto export all draw from it.
public struct TimelineModel: Sendable {
    public struct Span: Sendable, Equatable {
        public var start: Timestamp
        public var end: Timestamp
        /// waiting (on a failure requirement), began, changed
        public var state: String
        public var seq: Int
    }

    public struct Mark: Sendable, Equatable {
        public var time: Timestamp
        /// transition, action, view phase, hold, drop, reset, app effect
        public var kind: String
        public var label: String
        public var seq: Int
        public var cause: String
        public var evidence: [Evidence]
    }

    public struct Lane: Sendable {
        public var id: String
        /// recognizer, view or app
        public var kind: String
        public var spans: [Span] = []
        public var marks: [Mark] = []
    }

    public struct Link: Sendable, Equatable {
        public var from: Int
        public var to: Int
        public var kind: String
    }

    public var lanes: [Lane] = []
    public var links: [Link] = []
    public var start: Timestamp = .zero
    public var end: Timestamp = .zero
    /// Where each log entry was drawn: lane index and time, for links.
    public var positions: [Int: (lane: Int, time: Timestamp)] = [:]

    /// `events`: when the trace's first and last event times are known, the time axis covers
    /// them even if the log kept no row for them (a log without input rows).
    public init(log: DecisionLog, recognizers: [String], views: [String], events: (first: Timestamp, last: Timestamp)? = nil) {
        var laneIndex: [String: Int] = [:]
        func lane(_ id: String, _ kind: String) -> Int {
            let key = kind + ":" + id
            if let i = laneIndex[key] { return i }
            lanes.append(Lane(id: id, kind: kind))
            laneIndex[key] = lanes.count - 1
            return lanes.count - 1
        }
        for r in recognizers { _ = lane(r, "recognizer") }
        start = log.entries.first?.time ?? .zero
        end = log.entries.last?.time ?? .zero
        if let events {
            start = log.entries.isEmpty ? events.first : min(start, events.first)
            end = log.entries.isEmpty ? events.last : max(end, events.last)
        }
        // Open spans per recognizer: (state, start, seq).
        var open: [String: (String, Timestamp, Int)] = [:]
        func close(_ r: String, at t: Timestamp) {
            if let (state, s, seq) = open[r] {
                lanes[lane(r, "recognizer")].spans.append(Span(start: s, end: t, state: state, seq: seq))
                open[r] = nil
            }
        }
        for e in log.entries {
            switch e.kind {
            case .transition:
                guard let r = e.recognizer, let to = e.to else { continue }
                let li = lane(r, "recognizer")
                if open[r]?.0 == "waiting" { close(r, at: e.time) }
                if to == "changed" && (open[r]?.0 == "changed" || open[r]?.0 == "began") {
                    // One span covers began and its run of changes; no mark for each change.
                    if open[r]?.0 == "began" { open[r]?.0 = "began" }
                    continue
                }
                close(r, at: e.time)
                if to == "began" { open[r] = (to, e.time, e.seq) }
                lanes[li].marks.append(Mark(time: e.time, kind: "transition", label: "\(e.from ?? "") → \(to)", seq: e.seq, cause: e.cause.text, evidence: e.cause.evidence))
                positions[e.seq] = (li, e.time)
            case .pending:
                guard let r = e.recognizer else { continue }
                let li = lane(r, "recognizer")
                open[r] = ("waiting", e.time, e.seq)
                lanes[li].marks.append(Mark(time: e.time, kind: "pending", label: "waits", seq: e.seq, cause: e.cause.text, evidence: e.cause.evidence))
                positions[e.seq] = (li, e.time)
            case .released:
                guard let r = e.recognizer else { continue }
                let li = lane(r, "recognizer")
                close(r, at: e.time)
                lanes[li].marks.append(Mark(time: e.time, kind: "released", label: "released", seq: e.seq, cause: e.cause.text, evidence: []))
                positions[e.seq] = (li, e.time)
            case .action:
                guard let r = e.recognizer, !(e.toName?.isUpdate ?? false) else { continue }
                let li = lane(r, "recognizer")
                lanes[li].marks.append(Mark(time: e.time, kind: "action", label: "action", seq: e.seq, cause: e.cause.text, evidence: []))
                positions[e.seq] = (li, e.time)
            case .reset:
                guard let r = e.recognizer else { continue }
                close(r, at: e.time)
                let li = lane(r, "recognizer")
                lanes[li].marks.append(Mark(time: e.time, kind: "reset", label: "reset", seq: e.seq, cause: e.cause.text, evidence: []))
                positions[e.seq] = (li, e.time)
            case .view, .hold, .drop:
                guard let v = e.view else { continue }
                let li = lane(v, "view")
                let label = e.kind == .view ? (e.phase ?? "") : (e.kind == .hold ? "holds \(e.phase ?? "")" : "dropped")
                lanes[li].marks.append(Mark(time: e.time, kind: e.kind.rawValue, label: label, seq: e.seq, cause: e.cause.text, evidence: []))
                positions[e.seq] = (li, e.time)
            case .input:
                continue
            case .control:
                // Drags and a slider's values come with every move: the lane shows the rest.
                guard let v = e.view, !Self.isRoutineControlEvent(e) else { continue }
                let li = lane(v, "view")
                lanes[li].marks.append(Mark(time: e.time, kind: "control", label: e.phase ?? "", seq: e.seq, cause: e.cause.text, evidence: []))
                positions[e.seq] = (li, e.time)
            case .app:
                let li = lane(e.view ?? "app", "app")
                if e.phase == "scroll" || e.phase == "copyMoved" { continue }
                lanes[li].marks.append(Mark(time: e.time, kind: "app", label: e.phase ?? "", seq: e.seq, cause: e.cause.text, evidence: []))
                positions[e.seq] = (li, e.time)
            case .timer:
                if let r = e.recognizer, laneIndex["recognizer:" + r] != nil {
                    let li = lane(r, "recognizer")
                    lanes[li].marks.append(Mark(time: e.time, kind: "timer", label: "timer", seq: e.seq, cause: e.cause.text, evidence: []))
                    positions[e.seq] = (li, e.time)
                }
            case .note:
                continue
            }
            if let c = e.cause.causedBy, positions[c] != nil, positions[e.seq] != nil, c != e.seq {
                links.append(Link(from: c, to: e.seq, kind: e.cause.kind.rawValue))
            }
        }
        for (r, (state, s, seq)) in open.sorted(by: { $0.key < $1.key }) {
            lanes[lane(r, "recognizer")].spans.append(Span(start: s, end: end, state: state, seq: seq))
        }
        _ = views
    }
}

extension TimelineModel {
    /// Control events sent on every move of a tracked touch: the drags, and a continuous
    /// slider's values (`from` is the touch phase that sent an event; crossing the tracking
    /// area's edge, a switch's or a lift's valueChanged are not routine).
    static func isRoutineControlEvent(_ e: LogEntry) -> Bool {
        e.from == "moved" && (e.phase == "touchDragInside" || e.phase == "touchDragOutside" || e.phase == "valueChanged")
    }
}
