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
    /// Where each drawn log entry is: its number, lane and time, in log order (numbers grow),
    /// found by binary search. Three columns, not a dictionary: a long trace draws hundreds of
    /// thousands of marks.
    var drawnSeqs: [Int] = [], drawnLanes: [Int32] = [], drawnTimes: [Timestamp] = []

    /// Where the log entry numbered `seq` was drawn (lane index and time), for links.
    public func position(of seq: Int) -> (lane: Int, time: Timestamp)? {
        drawnIndex(seq).map { (Int(drawnLanes[$0]), drawnTimes[$0]) }
    }

    /// The entry's place among the drawn ones.
    func drawnIndex(_ seq: Int) -> Int? {
        var lo = 0, hi = drawnSeqs.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if drawnSeqs[mid] < seq { lo = mid + 1 } else { hi = mid }
        }
        return lo < drawnSeqs.count && drawnSeqs[lo] == seq ? lo : nil
    }

    init() {}

    /// `events`: when the trace's first and last event times are known, the time axis covers
    /// them even if the log kept no row for them (a log without input rows).
    public init(log: DecisionLog, recognizers: [String], views: [String], events: (first: Timestamp, last: Timestamp)? = nil) {
        var builder = Builder(recognizers: recognizers)
        for e in log.entries { builder.feed(e) }
        self = builder.finish(events: events)
    }

    /// The model built entry by entry as the engine writes its log (`DecisionLog.sink`), so a
    /// long trace's drawing needs no log kept (issue 35).
    public struct Builder {
        var model = TimelineModel()
        var laneIndex: [String: Int] = [:]
        /// Open spans per recognizer: (state, start, seq).
        var open: [String: (String, Timestamp, Int)] = [:]
        var first: Timestamp?, last: Timestamp?
        /// Each recognizer's last transition other than `changed` (the page's outcome table).
        public private(set) var lastDecision: [String: LogEntry] = [:]
        /// Cause texts already met: a long trace has hundreds of thousands of marks but tens of
        /// thousands of distinct causes, and each mark sharing its text's storage is most of the
        /// model's memory saved.
        var causes: Set<String> = []

        public init(recognizers: [String]) {
            for r in recognizers { _ = lane(r, "recognizer") }
        }

        mutating func lane(_ id: String, _ kind: String) -> Int {
            let key = kind + ":" + id
            if let i = laneIndex[key] { return i }
            model.lanes.append(Lane(id: id, kind: kind))
            laneIndex[key] = model.lanes.count - 1
            return model.lanes.count - 1
        }

        mutating func close(_ r: String, at t: Timestamp) {
            if let (state, s, seq) = open[r] {
                model.lanes[lane(r, "recognizer")].spans.append(Span(start: s, end: t, state: state, seq: seq))
                open[r] = nil
            }
        }

        mutating func mark(_ li: Int, _ m: Mark) {
            var m = m
            if let known = causes.firstIndex(of: m.cause) { m.cause = causes[known] } else { causes.insert(m.cause) }
            model.lanes[li].marks.append(m)
            model.drawnSeqs.append(m.seq)
            model.drawnLanes.append(Int32(li))
            model.drawnTimes.append(m.time)
        }

        public mutating func feed(_ e: LogEntry) {
            if first == nil { first = e.time }
            last = e.time
            switch e.kind {
            case .transition:
                guard let r = e.recognizer, let to = e.to else { return }
                if to != "changed" { lastDecision[r] = e }
                let li = lane(r, "recognizer")
                if open[r]?.0 == "waiting" { close(r, at: e.time) }
                // One span covers began and its run of changes; no mark for each change.
                if to == "changed" && (open[r]?.0 == "changed" || open[r]?.0 == "began") { return }
                close(r, at: e.time)
                if to == "began" { open[r] = (to, e.time, e.seq) }
                mark(li, Mark(time: e.time, kind: "transition", label: "\(e.from ?? "") → \(to)", seq: e.seq, cause: e.cause.text, evidence: e.cause.evidence))
            case .pending:
                guard let r = e.recognizer else { return }
                let li = lane(r, "recognizer")
                open[r] = ("waiting", e.time, e.seq)
                mark(li, Mark(time: e.time, kind: "pending", label: "waits", seq: e.seq, cause: e.cause.text, evidence: e.cause.evidence))
            case .released:
                guard let r = e.recognizer else { return }
                let li = lane(r, "recognizer")
                close(r, at: e.time)
                mark(li, Mark(time: e.time, kind: "released", label: "released", seq: e.seq, cause: e.cause.text, evidence: []))
            case .action:
                guard let r = e.recognizer, !(e.toName?.isUpdate ?? false) else { return }
                mark(lane(r, "recognizer"), Mark(time: e.time, kind: "action", label: "action", seq: e.seq, cause: e.cause.text, evidence: []))
            case .reset:
                guard let r = e.recognizer else { return }
                close(r, at: e.time)
                mark(lane(r, "recognizer"), Mark(time: e.time, kind: "reset", label: "reset", seq: e.seq, cause: e.cause.text, evidence: []))
            case .view, .hold, .drop:
                guard let v = e.view else { return }
                let label = e.kind == .view ? (e.phase ?? "") : (e.kind == .hold ? "holds \(e.phase ?? "")" : "dropped")
                mark(lane(v, "view"), Mark(time: e.time, kind: e.kind.rawValue, label: label, seq: e.seq, cause: e.cause.text, evidence: []))
            case .input, .note:
                return
            case .control:
                // Drags and a slider's values come with every move: the lane shows the rest.
                guard let v = e.view, !TimelineModel.isRoutineControlEvent(e) else { return }
                mark(lane(v, "view"), Mark(time: e.time, kind: "control", label: e.phase ?? "", seq: e.seq, cause: e.cause.text, evidence: []))
            case .app:
                let li = lane(e.view ?? "app", "app")
                if e.phase == "scroll" || e.phase == "copyMoved" { return }
                mark(li, Mark(time: e.time, kind: "app", label: e.phase ?? "", seq: e.seq, cause: e.cause.text, evidence: []))
            case .timer:
                guard let r = e.recognizer, laneIndex["recognizer:" + r] != nil else { return }
                mark(lane(r, "recognizer"), Mark(time: e.time, kind: "timer", label: "timer", seq: e.seq, cause: e.cause.text, evidence: []))
            }
            if let c = e.cause.causedBy, c != e.seq, model.drawnSeqs.last == e.seq, model.drawnIndex(c) != nil {
                model.links.append(Link(from: c, to: e.seq, kind: e.cause.kind.rawValue))
            }
        }

        /// The model; `events` as `TimelineModel.init(log:...)` takes them.
        public mutating func finish(events: (first: Timestamp, last: Timestamp)? = nil) -> TimelineModel {
            model.start = first ?? .zero
            model.end = last ?? .zero
            if let events {
                model.start = first == nil ? events.first : min(model.start, events.first)
                model.end = last == nil ? events.last : max(model.end, events.last)
            }
            for (r, (state, s, seq)) in open.sorted(by: { $0.key < $1.key }) {
                model.lanes[lane(r, "recognizer")].spans.append(Span(start: s, end: model.end, state: state, seq: seq))
            }
            open = [:]
            return model
        }
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
