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
        /// The evidence's texts joined by "; " (empty when there is none).
        public var evidence: String
    }

    public struct Lane: Sendable {
        public var id: String
        /// recognizer, view or app
        public var kind: String
        public var spans: [Span] = []
        /// How many marks the lane has (read them with `marks(inLane:)` or `forEachMark`).
        public internal(set) var markCount = 0
    }

    /// A cause-to-effect arrow between two drawn log entries (their numbers), with where each
    /// end was drawn: lane, place in its lane, time.
    public struct Link: Sendable, Equatable {
        public var from: Int
        public var to: Int
        public var kind: String
        var fromLane: Int, fromIndex: Int, fromTime: Timestamp
        var toLane: Int, toIndex: Int, toTime: Timestamp
    }

    public var lanes: [Lane] = []
    public var start: Timestamp = .zero
    public var end: Timestamp = .zero
    /// Marks and links go to spools (memory up to a budget, then a temporary file): a long
    /// trace draws millions of them, which the renderers read back lane after lane.
    let marks: Spool<MarkRecord>
    let linkSpool: Spool<LinkRecord>
    var drawn: DrawnIndex
    /// Labels, causes, kinds and evidence, each text kept once: a long trace has hundreds of
    /// thousands of marks but tens of thousands of distinct causes.
    var texts = TextTable()

    public var linkCount: Int { linkSpool.count(of: 0) }

    /// Where the log entry numbered `seq` was drawn (lane index and time).
    public func position(of seq: Int) -> (lane: Int, time: Timestamp)? {
        var index = drawn
        guard let r = (try? index.find(Int64(seq))) ?? nil else { return nil }
        return (Int(r.lane), Timestamp(microseconds: r.time))
    }

    /// The marks of one lane, in time order.
    public func marks(inLane lane: Int) throws -> [Mark] {
        var out: [Mark] = []
        out.reserveCapacity(lanes[lane].markCount)
        try forEachMark(inLane: lane) { out.append($0) }
        return out
    }

    public func forEachMark(inLane lane: Int, _ body: (Mark) throws -> Void) throws {
        try marks.forEach(in: lane) { r in
            try body(Mark(time: Timestamp(microseconds: r.time), kind: texts[r.kind], label: texts[r.label], seq: Int(r.seq),
                          cause: texts[r.cause], evidence: texts[r.evidence]))
        }
    }

    public func forEachLink(_ body: (Link) throws -> Void) throws {
        try linkSpool.forEach(in: 0) { r in
            try body(Link(from: Int(r.fromSeq), to: Int(r.toSeq), kind: texts[r.kind],
                          fromLane: Int(r.fromLane), fromIndex: Int(r.fromIndex), fromTime: Timestamp(microseconds: r.fromTime),
                          toLane: Int(r.toLane), toIndex: Int(r.toIndex), toTime: Timestamp(microseconds: r.toTime)))
        }
    }

    init(spillAfter budget: Int) {
        marks = Spool(budget: budget)
        linkSpool = Spool(budget: max(budget / 2, 1))
        drawn = DrawnIndex(budget: max(budget / 2, 1))
    }

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
        var model: TimelineModel
        var laneIndex: [String: Int] = [:]
        /// Open spans per recognizer: (state, start, seq).
        var open: [String: (String, Timestamp, Int)] = [:]
        var first: Timestamp?, last: Timestamp?
        /// Each recognizer's last transition other than `changed` (the page's outcome table).
        public private(set) var lastDecision: [String: LogEntry] = [:]
        var justDrawn: (seq: Int, lane: Int, index: Int, time: Timestamp)?

        /// `spillAfter`: how many marks stay in memory before the spool writes them out (tests
        /// make it small to see the file used).
        public init(recognizers: [String]) { self.init(recognizers: recognizers, spillAfter: 1 << 15) }

        init(recognizers: [String], spillAfter: Int) {
            model = TimelineModel(spillAfter: spillAfter)
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

        mutating func mark(_ li: Int, _ e: LogEntry, _ kind: String, _ label: String, evidence: [Evidence] = []) {
            let index = model.lanes[li].markCount
            let record = MarkRecord(time: e.time.microseconds, seq: Int64(e.seq), kind: model.texts.index(kind), label: model.texts.index(label),
                                    cause: model.texts.index(e.cause.text),
                                    evidence: model.texts.index(evidence.isEmpty ? "" : evidence.map(\.text).joined(separator: "; ")))
            model.marks.append(record, to: li)
            model.lanes[li].markCount += 1
            model.drawn.append(DrawnRecord(seq: Int64(e.seq), time: e.time.microseconds, lane: Int32(li), index: Int32(index)))
            justDrawn = (e.seq, li, index, e.time)
        }

        public mutating func feed(_ e: LogEntry) {
            if first == nil { first = e.time }
            last = e.time
            justDrawn = nil
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
                mark(li, e, "transition", "\(e.from ?? "") → \(to)", evidence: e.cause.evidence)
            case .pending:
                guard let r = e.recognizer else { return }
                let li = lane(r, "recognizer")
                open[r] = ("waiting", e.time, e.seq)
                mark(li, e, "pending", "waits", evidence: e.cause.evidence)
            case .released:
                guard let r = e.recognizer else { return }
                let li = lane(r, "recognizer")
                close(r, at: e.time)
                mark(li, e, "released", "released")
            case .action:
                guard let r = e.recognizer, !(e.toName?.isUpdate ?? false) else { return }
                mark(lane(r, "recognizer"), e, "action", "action")
            case .reset:
                guard let r = e.recognizer else { return }
                close(r, at: e.time)
                mark(lane(r, "recognizer"), e, "reset", "reset")
            case .view, .hold, .drop:
                guard let v = e.view else { return }
                let label = e.kind == .view ? (e.phase ?? "") : (e.kind == .hold ? "holds \(e.phase ?? "")" : "dropped")
                mark(lane(v, "view"), e, e.kind.rawValue, label)
            case .input, .note:
                return
            case .control:
                // Drags and a slider's values come with every move: the lane shows the rest.
                guard let v = e.view, !TimelineModel.isRoutineControlEvent(e) else { return }
                mark(lane(v, "view"), e, "control", e.phase ?? "")
            case .app:
                let li = lane(e.view ?? "app", "app")
                if e.phase == "scroll" || e.phase == "copyMoved" { return }
                mark(li, e, "app", e.phase ?? "")
            case .timer:
                guard let r = e.recognizer, laneIndex["recognizer:" + r] != nil else { return }
                mark(lane(r, "recognizer"), e, "timer", "timer")
            }
            if let c = e.cause.causedBy, c != e.seq, let to = justDrawn, let from = try? model.drawn.find(Int64(c)) {
                model.linkSpool.append(LinkRecord(fromSeq: Int64(c), toSeq: Int64(to.seq), fromTime: from.time, toTime: to.time.microseconds,
                                                  fromLane: from.lane, fromIndex: from.index, toLane: Int32(to.lane), toIndex: Int32(to.index),
                                                  kind: model.texts.index(e.cause.kind.rawValue)), to: 0)
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

    /// Why the marks or links could not be kept (a full disk), if they could not.
    public var failure: String? { marks.failure ?? linkSpool.failure ?? drawn.failure }
}

/// One mark as the spool keeps it: times in microseconds, texts as `TextTable` indices.
struct MarkRecord {
    var time: Int64
    var seq: Int64
    var kind: Int32
    var label: Int32
    var cause: Int32
    var evidence: Int32
}

struct LinkRecord {
    var fromSeq: Int64, toSeq: Int64
    var fromTime: Int64, toTime: Int64
    var fromLane: Int32, fromIndex: Int32
    var toLane: Int32, toIndex: Int32
    var kind: Int32
}

/// Strings kept once each, referred to by index.
struct TextTable: Sendable {
    private(set) var texts: [String] = []
    private var index: [String: Int32] = [:]

    mutating func index(_ s: String) -> Int32 {
        if let i = index[s] { return i }
        texts.append(s)
        index[s] = Int32(texts.count - 1)
        return Int32(texts.count - 1)
    }

    subscript(i: Int32) -> String { texts[Int(i)] }
}

extension TimelineModel {
    /// Control events sent on every move of a tracked touch: the drags, and a continuous
    /// slider's values (`from` is the touch phase that sent an event; crossing the tracking
    /// area's edge, a switch's or a lift's valueChanged are not routine).
    static func isRoutineControlEvent(_ e: LogEntry) -> Bool {
        e.from == "moved" && (e.phase == "touchDragInside" || e.phase == "touchDragOutside" || e.phase == "valueChanged")
    }
}
