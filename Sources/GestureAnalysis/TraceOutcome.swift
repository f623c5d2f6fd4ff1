import GestureEngine
import GestureTrace

/// What one trace did in one scene, reduced to what corpus metrics need.
public struct TraceOutcome: Sendable {
    public struct Loss: Sendable {
        public var recognizer: String
        public var winner: String?
        /// exclusion, prevention, requirement, delegate, view, ...
        public var rule: String
        public var text: String

        public init(recognizer: String, winner: String?, rule: String, text: String) {
            self.recognizer = recognizer
            self.winner = winner
            self.rule = rule
            self.text = text
        }
    }

    public var path: String
    public var labels: [String: String]
    public var events: Int
    /// Recognizers that recognized (began or recognized) at least once, with the first time.
    public var recognized: [String: Timestamp]
    public var firstTouch: Timestamp?
    /// Recognizers whose (last) failure was decided by another recognizer, a delegate or a view.
    public var losses: [String: Loss]
    /// Set when the trace could not be read.
    public var problem: String?

    /// An outcome as a report recorded it (`merge-reports`).
    public init(path: String, labels: [String: String], events: Int, firstTouch: Timestamp?, recognized: [String: Timestamp], losses: [String: Loss]) {
        self.path = path
        self.labels = labels
        self.events = events
        self.firstTouch = firstTouch
        self.recognized = recognized
        self.losses = losses
    }

    /// Builds the outcome from a replay's decision log.
    public init(path: String, labels: [String: String], events: Int, firstTouch: Timestamp?, log: DecisionLog) {
        var g = Gatherer()
        for e in log.entries { g.feed(e) }
        self.init(path: path, labels: labels, events: events, firstTouch: firstTouch, recognized: g.recognized, losses: g.losses)
    }

    /// Who recognized and who lost, gathered entry by entry as the replay writes its log
    /// (`DecisionLog.sink`): a corpus trace of any length in the memory of its recognizers.
    public struct Gatherer {
        public private(set) var recognized: [String: Timestamp] = [:]
        public private(set) var losses: [String: Loss] = [:]

        public init() {}

        public mutating func feed(_ e: LogEntry) {
            guard e.kind == .transition, let r = e.recognizer else { return }
            switch e.to {
            case "began", "recognized":
                if recognized[r] == nil { recognized[r] = e.time }
            case "failed", "cancelled":
                switch e.cause.kind {
                case .exclusion, .prevention, .requirement, .delegate, .view, .disabled, .deadlock:
                    losses[r] = Loss(recognizer: r, winner: e.cause.other, rule: e.cause.kind.rawValue, text: e.cause.text)
                default:
                    break
                }
            default:
                break
            }
        }
    }

    public init(path: String, problem: String) {
        self.path = path
        labels = [:]
        events = 0
        recognized = [:]
        losses = [:]
        self.problem = problem
    }
}
