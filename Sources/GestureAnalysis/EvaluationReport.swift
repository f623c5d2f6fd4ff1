import GestureTrace

/// Corpus metrics: each expected recognizer scored against the traces it should fire on.
///
/// A recognizer "fires" on a trace when it began or was recognized at least once. For
/// `--expect R=LABEL`, a trace whose label field equals LABEL is a positive for R.
public struct EvaluationReport: Sendable, Equatable {
    public struct Expectation: Sendable, Equatable {
        public var recognizer: String
        public var label: String
        public init(recognizer: String, label: String) { self.recognizer = recognizer; self.label = label }
    }

    public struct Score: Sendable, Equatable {
        public var recognizer: String
        public var label: String
        public var tp = 0, fp = 0, fn = 0, tn = 0
        public var precision: Double { tp + fp == 0 ? 0 : Double(tp) / Double(tp + fp) }
        public var recall: Double { tp + fn == 0 ? 0 : Double(tp) / Double(tp + fn) }
        public var f1: Double { precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall) }
        /// Milliseconds from the first touch to recognition, over true positives.
        public var latencyMedian: Double?
        public var latencyP90: Double?
        /// Recall among positives, per value of each other label field: field -> value -> (hits, positives).
        public var recallBy: [String: [String: Hits]] = [:]

        public func metric(_ name: String) -> Double? {
            switch name {
            case "precision": return precision
            case "recall": return recall
            case "f1": return f1
            default: return nil
            }
        }
    }

    public struct Hits: Sendable, Equatable {
        public var hits = 0
        public var total = 0
        public var rate: Double { total == 0 ? 0 : Double(hits) / Double(total) }

        public init(hits: Int = 0, total: Int = 0) {
            self.hits = hits
            self.total = total
        }
    }

    /// What one trace did: who recognized and when, who won, who lost to whom. In the JSON report,
    /// so a stroke-by-stroke comparison of two scenes or two builds needs no replays.
    public struct TraceResult: Sendable, Equatable {
        /// Relative to the corpus folder.
        public var trace: String
        public var label: String?
        /// Every header label, and the counts a merged report needs (`merge-reports`).
        public var labels: [String: String]
        public var events: Int
        public var firstTouch: Timestamp?
        /// Milliseconds from the trace's first touch to each recognizer's first recognition.
        public var recognized: [String: Double]
        /// The recognizer that recognized first (ties: scene order), nil when none did.
        public var winner: String?
        /// Recognizers whose failure another recognizer, a delegate or a view decided.
        public var lost: [String: TraceOutcome.Loss]

        public static func == (a: TraceResult, b: TraceResult) -> Bool {
            a.trace == b.trace && a.label == b.label && a.recognized == b.recognized && a.winner == b.winner
                && a.lost.keys.sorted() == b.lost.keys.sorted()
        }
    }

    public struct Lost: Sendable, Equatable {
        public var trace: String
        public var recognizer: String
        public var winner: String?
        public var rule: String
        public var text: String
    }

    public var corpus: String
    public var scene: String
    public var labelField: String
    public var traces = 0
    public var events = 0
    public var unreadable: [String] = []
    public var scores: [Score] = []
    /// Rows: label values; columns: recognizers (scene order), then "(none)".
    public var confusionLabels: [String] = []
    public var confusionColumns: [String] = []
    public var confusion: [[Int]] = []
    /// Pairs of recognizers that both fired on a trace, with counts.
    public var bothRecognized: [(pair: String, count: Int)] = []
    /// Positive traces where the expected recognizer lost to another decision.
    public var lostArbitration: [Lost] = []
    /// Every readable trace, in corpus order.
    public var perTrace: [TraceResult] = []
    /// Which share of the corpus this report covers (`evaluate --shard k/n`): k from 1, n; nil for
    /// the whole corpus. `merge-reports` uses it to say which shards are missing.
    public var shard: (index: Int, count: Int)?

    public static func == (a: EvaluationReport, b: EvaluationReport) -> Bool {
        a.json == b.json
    }

    /// The recognizers in scene order (the confusion table's columns).
    public var recognizers: [String]
    public var expectations: [Expectation]

    public init(corpus: String, scene: String, labelField: String, recognizers: [String], expectations: [Expectation],
                outcomes: [TraceOutcome], byFields: [String]? = nil) {
        self.recognizers = recognizers
        self.expectations = expectations
        self.corpus = corpus
        self.scene = scene
        self.labelField = labelField
        let good = outcomes.filter { $0.problem == nil }
        unreadable = outcomes.compactMap(\.problem)
        traces = good.count
        events = good.map(\.events).reduce(0, +)
        let fields = byFields ?? EvaluationReport.groupingFields(good, excluding: labelField)

        for x in expectations {
            var s = Score(recognizer: x.recognizer, label: x.label)
            var latencies: [Double] = []
            for o in good {
                let positive = o.labels[labelField] == x.label
                let fired = o.recognized[x.recognizer]
                switch (positive, fired != nil) {
                case (true, true):
                    s.tp += 1
                    if let t = fired, let f = o.firstTouch { latencies.append((t - f).milliseconds) }
                case (true, false): s.fn += 1
                case (false, true): s.fp += 1
                case (false, false): s.tn += 1
                }
                if positive {
                    for field in fields {
                        let value = o.labels[field] ?? "(none)"
                        var h = s.recallBy[field, default: [:]][value, default: Hits()]
                        h.total += 1
                        if fired != nil { h.hits += 1 }
                        s.recallBy[field, default: [:]][value] = h
                    }
                    if fired == nil, let loss = o.losses[x.recognizer] {
                        lostArbitration.append(Lost(trace: o.path, recognizer: x.recognizer, winner: loss.winner, rule: loss.rule, text: loss.text))
                    }
                }
            }
            latencies.sort()
            s.latencyMedian = EvaluationReport.percentile(latencies, 0.5)
            s.latencyP90 = EvaluationReport.percentile(latencies, 0.9)
            scores.append(s)
        }

        confusionLabels = Array(Set(good.map { $0.labels[labelField] ?? "(none)" })).sorted()
        confusionColumns = recognizers + ["(none)"]
        confusion = confusionLabels.map { label in
            let rows = good.filter { ($0.labels[labelField] ?? "(none)") == label }
            return recognizers.map { r in rows.filter { $0.recognized[r] != nil }.count } + [rows.filter { $0.recognized.isEmpty }.count]
        }

        var pairs: [String: Int] = [:]
        for o in good {
            let fired = recognizers.filter { o.recognized[$0] != nil }
            for i in 0..<fired.count {
                for j in (i + 1)..<fired.count { pairs["\(fired[i]) + \(fired[j])", default: 0] += 1 }
            }
        }
        bothRecognized = pairs.map { (pair: $0.key, count: $0.value) }.sorted { $0.count != $1.count ? $0.count > $1.count : $0.pair < $1.pair }

        let prefix = corpus.hasSuffix("/") ? corpus : corpus + "/"
        let rank = Dictionary(recognizers.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        perTrace = good.map { o in
            let start = o.firstTouch ?? .zero
            var times: [String: Double] = [:]
            for (r, t) in o.recognized { times[r] = (t - start).milliseconds }
            let winner = o.recognized.min { a, b in
                a.value != b.value ? a.value < b.value : (rank[a.key] ?? Int.max) < (rank[b.key] ?? Int.max)
            }?.key
            return TraceResult(trace: o.path.hasPrefix(prefix) ? String(o.path.dropFirst(prefix.count)) : o.path,
                               label: o.labels[labelField], labels: o.labels, events: o.events, firstTouch: o.firstTouch,
                               recognized: times, winner: winner, lost: o.losses)
        }
    }

    /// Label fields worth a recall breakdown: those with 2 to 20 values.
    static func groupingFields(_ outcomes: [TraceOutcome], excluding: String) -> [String] {
        var values: [String: Set<String>] = [:]
        for o in outcomes { for (k, v) in o.labels where k != excluding { values[k, default: []].insert(v) } }
        return values.filter { (2...20).contains($0.value.count) }.keys.sorted()
    }

    /// Nearest-rank percentile; nil for no data.
    public static func percentile(_ sorted: [Double], _ q: Double) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let rank = Int((q * Double(sorted.count)).rounded(.up))
        return sorted[max(0, min(sorted.count - 1, rank - 1))]
    }

    public func score(_ recognizer: String) -> Score? { scores.first { $0.recognizer == recognizer } }
}
