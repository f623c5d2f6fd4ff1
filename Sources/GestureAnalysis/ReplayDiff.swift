import GestureEngine
import GestureTrace

/// Where two replays of one trace part ways, and which outcomes changed.
public struct ReplayDiff: Sendable {
    public struct Divergence: Sendable {
        public var time: Timestamp
        public var left: LogEntry?
        public var right: LogEntry?
    }

    public struct Change: Sendable, Equatable {
        public var sequence: Int
        public var recognizer: String
        public var left: String
        public var right: String

        public init(sequence: Int, recognizer: String, left: String, right: String) {
            self.sequence = sequence
            self.recognizer = recognizer
            self.left = left
            self.right = right
        }
    }

    public var divergence: Divergence?
    public var changes: [Change] = []
    public var winnersLeft: [[String]] = []
    public var winnersRight: [[String]] = []

    static func key(_ e: LogEntry) -> String {
        "\(e.time.microseconds)|\(e.recognizer ?? "")|\(e.from ?? "")|\(e.to ?? "")"
    }

    public init(left: DecisionLog, right: DecisionLog, recognizers: [String]) {
        let a = left.entries.filter { $0.kind == .transition }, b = right.entries.filter { $0.kind == .transition }
        for i in 0..<max(a.count, b.count) {
            let x = i < a.count ? a[i] : nil, y = i < b.count ? b[i] : nil
            if x.map(ReplayDiff.key) != y.map(ReplayDiff.key) {
                divergence = Divergence(time: min(x?.time ?? .init(microseconds: .max), y?.time ?? .init(microseconds: .max)), left: x, right: y)
                break
            }
        }
        let sa = Explanation(log: left).sequences(recognizers: recognizers)
        let sb = Explanation(log: right).sequences(recognizers: recognizers)
        winnersLeft = sa.map(\.winners)
        winnersRight = sb.map(\.winners)
        for i in 0..<min(sa.count, sb.count) {
            for r in recognizers {
                let x = sa[i].outcomes.first { $0.recognizer == r }?.result ?? "untouched"
                let y = sb[i].outcomes.first { $0.recognizer == r }?.result ?? "untouched"
                if x != y { changes.append(Change(sequence: i + 1, recognizer: r, left: x, right: y)) }
            }
        }
    }

    public var identical: Bool { divergence == nil && changes.isEmpty }

    public func text(leftName: String, rightName: String) -> String {
        guard !identical else { return "The two replays make the same decisions.\n" }
        var s = ""
        if let d = divergence {
            s += "First divergence at \(d.time.millisecondsText) ms:\n"
            s += "  \(leftName): " + (d.left.map { "\($0.recognizer ?? "?") \($0.from ?? "") -> \($0.to ?? "") at \($0.time.millisecondsText) ms because \($0.cause.text)" } ?? "(no more transitions)") + "\n"
            s += "  \(rightName): " + (d.right.map { "\($0.recognizer ?? "?") \($0.from ?? "") -> \($0.to ?? "") at \($0.time.millisecondsText) ms because \($0.cause.text)" } ?? "(no more transitions)") + "\n"
        }
        if !changes.isEmpty {
            s += "Outcomes that changed:\n"
            for c in changes { s += "  touch sequence \(c.sequence): \(c.recognizer) \(c.left) -> \(c.right)\n" }
        }
        for i in 0..<min(winnersLeft.count, winnersRight.count) where winnersLeft[i] != winnersRight[i] {
            s += "  touch sequence \(i + 1) was won by \(winnersLeft[i].joined(separator: ", ").nonEmpty ?? "nobody"), now by \(winnersRight[i].joined(separator: ", ").nonEmpty ?? "nobody")\n"
        }
        return s
    }
}

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
