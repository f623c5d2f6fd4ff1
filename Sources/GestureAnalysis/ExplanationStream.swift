import GestureEngine
import GestureTrace

/// `Explanation` for a log of any length, fed entry by entry as the engine writes them
/// (`DecisionLog.sink`): each touch sequence is explained as soon as the next one starts, and
/// only that sequence and the one before it are kept (a chain may lead back into the previous
/// sequence: a timer set there, a requirement that failed there). Memory is bounded by the
/// longest touch sequence, not by the trace (issue 35).
///
/// The answers are `Explanation`'s on the whole log, sequence by sequence, with one limit: a
/// chain stops at the start of the previous sequence (the whole log is at most 8 steps deep too).
public struct ExplanationStream {
    public enum Question {
        /// Who won each touch sequence and why the others lost (`Explanation.sequences`).
        /// Without `chains` the outcomes carry none (`Explanation.sequences(recognizers:chains:)`).
        case sequences(recognizers: [String], chains: Bool = true, answer: (Explanation.Sequence) -> Void)
        /// Every attempt of one recognizer, or the one in progress at a time (`Explanation.outcomes`).
        case attempts(of: String, at: Timestamp?)
        /// Each touch sequence's winners and the recognizers' last states, without explanations
        /// (`SequenceResults`): what a search that replays again and again compares.
        case results(recognizers: [String], answer: (SequenceResults.Sequence) -> Void)
    }

    let question: Question
    /// Entries of the sequence before the one being gathered (for chains), in log order.
    var previous: [LogEntry] = []
    /// Entries since the current sequence started (before the first: since the log started).
    var current: [LogEntry] = []
    var started = false
    var counter = TouchSequenceCounter()
    var attempts: Explanation.Attempts?

    /// How many entries it holds now: those of the sequence being gathered and the one before.
    public var keptEntries: Int { previous.count + current.count }

    /// For `.results`: everything, since no entry needs keeping.
    var results: SequenceResults.Gatherer?

    /// Sequences without chains read only a touch's input rows other than moves, the
    /// transitions and the waits (`Explanation.sequences`), and of the other rows only the time of
    /// the last: they are not kept (a tenth of the rows of a stroke), their times are.
    let keepsOnlyDecisions: Bool
    /// The time of the last row fed, and the latest time before it (rows come in time order):
    /// a closed sequence ends at its last row before the next sequence's first finger down.
    var lastTime: Timestamp?
    var timeBeforeLast: Timestamp?

    public init(_ question: Question) {
        self.question = question
        if case let .attempts(r, at) = question { attempts = Explanation.Attempts(recognizer: r, at: at) }
        if case let .results(recognizers, answer) = question { results = SequenceResults.Gatherer(recognizers: recognizers, answer: answer) }
        if case let .sequences(_, chains, _) = question { keepsOnlyDecisions = !chains } else { keepsOnlyDecisions = false }
    }

    public mutating func feed(_ e: LogEntry) {
        if results != nil {
            results!.feed(e)
            return
        }
        if counter.step(e) == .firstFingerDown { startSequence(at: e.time) }
        if lastTime.map({ e.time > $0 }) ?? true {
            timeBeforeLast = lastTime
            lastTime = e.time
        }
        if keepsOnlyDecisions && !Explanation.isReadBySequences(e) { return }
        current.append(e)
        if var a = attempts {
            attempts = nil  // `a` alone holds its outcomes while it appends
            let (now, before) = (current, previous)
            a.feed(e) { Explanation.find($0, in: now) ?? Explanation.find($0, in: before) }
            attempts = a
        }
    }

    /// A new sequence starts at `time`: entries from `time` on belong to it (a timer that fires
    /// at the same instant, logged before the touch), the ones before close the last.
    mutating func startSequence(at time: Timestamp) {
        // The last row before `time`: rows logged at `time` before the finger went down belong to the new sequence.
        let closedEnd = lastTime.map { $0 < time ? $0 : timeBeforeLast } ?? nil
        var split = current.count
        while split > 0 && current[split - 1].time >= time { split -= 1 }
        var closed: [LogEntry]
        if split == current.count {
            closed = []
            swap(&closed, &current)
        } else {
            // The few rows from `time` on are copied out; the closed rows stay where they are.
            closed = current
            current = Array(closed[split...])
            closed.removeSubrange(split...)
        }
        if started { answer(closed, end: closedEnd) }
        started = true
        // The sequence before the closed one is no longer needed: its buffer takes the next
        // sequence's rows, so a long trace does not grow a new list sequence after sequence.
        var spare = closed
        swap(&spare, &previous)
        if current.isEmpty && current.capacity < spare.capacity {
            spare.removeAll(keepingCapacity: true)
            swap(&spare, &current)
        }
    }

    /// Answers a sequence question about one closed sequence's entries, the last of its rows at `end`.
    func answer(_ entries: [LogEntry], end: Timestamp?) {
        switch question {
        case let .sequences(recognizers, chains, answer):
            let explanation = Explanation(entries: entries, context: previous, lastTime: keepsOnlyDecisions ? end : nil)
            for q in explanation.sequences(recognizers: recognizers, chains: chains) { answer(q) }
        case .attempts, .results:
            break
        }
    }

    /// Explains what is left; for `.attempts`, the answer.
    public mutating func finish() -> [Explanation.Outcome] {
        if results != nil {
            results!.finish()
            return []
        }
        if started { answer(current, end: lastTime) }
        guard var a = attempts else { return [] }
        let (now, before) = (current, previous)
        return a.finish { Explanation.find($0, in: now) ?? Explanation.find($0, in: before) }
    }
}
