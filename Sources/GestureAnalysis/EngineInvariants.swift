import GestureEngine
import GestureTrace

/// Rules that hold for any scene and any input, checked on a replay's decision log and on the
/// environment. Property tests and the engine fuzzer run random scenes and traces through the
/// engine and ask this for violations; each message says which rule broke, where and when.
///
/// - A.1: every published transition is one the state machine allows from the state before it,
///   and nothing moves after a final state until the reset.
/// - A.3: two recognizers that share a touch are never both recognized (or active) unless they
///   may be: a delegate allows it, or the first cannot prevent the second.
/// - A.2: a view never gets a move or an end for a touch it did not begin, and every touch it
///   began is ended or cancelled exactly once.
/// - The log is ordered: sequence numbers increase, time never goes back.
/// - When the input is over and the timers have run, every recognizer is back to possible, no
///   touch is held, and no timer is left; a timer never outlives the attempt of its recognizer.
public enum EngineInvariants {
    static let allowedTransitions: [String: Set<String>] = [
        "possible": ["began", "recognized", "failed"],
        "began": ["changed", "ended", "cancelled"],
        "changed": ["changed", "ended", "cancelled"],
    ]

    /// Violations in a complete log of a replay through `environment`.
    public static func check(_ entries: [LogEntry], environment env: GestureEnvironment) -> [String] {
        var problems: [String] = []
        let byID = Dictionary(env.allRecognizers.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var state: [String: String] = [:]
        // Recognizers that have won in their current attempt, with the pointers they had then.
        var winners: [(id: String, pointers: Set<Int>)] = []
        var openTouches: [String: Int] = [:]
        var previous: LogEntry?
        func at(_ e: LogEntry) -> String { "entry \(e.seq) at \(e.time.millisecondsText) ms" }

        for e in entries {
            if let p = previous, !(p.seq < e.seq && p.time <= e.time) {
                problems.append("log out of order: \(at(e)) follows entry \(p.seq) at \(p.time.millisecondsText) ms")
            }
            previous = e
            switch e.kind {
            case .reset:
                guard let r = e.recognizer else { break }
                state[r] = "possible"
                winners.removeAll { $0.id == r }
            case .transition:
                guard let r = e.recognizer, let to = e.to else { break }
                let from = state[r] ?? "possible"
                if allowedTransitions[from]?.contains(to) != true {
                    problems.append("A.1: \(r) went \(from) -> \(to) (\(at(e)))")
                }
                state[r] = to
                // A cancelled or failed recognizer no longer holds its touches (hasRecognized is false).
                if to == "cancelled" || to == "failed" { winners.removeAll { $0.id == r } }
                guard to == "began" || to == "recognized" else {
                    if let i = winners.firstIndex(where: { $0.id == r }) { winners[i].pointers.formUnion(e.touches) }
                    break
                }
                let pointers = Set(e.touches)
                for w in winners where w.id != r && !w.pointers.isDisjoint(with: pointers) {
                    guard let a = byID[w.id], let b = byID[r] else { continue }
                    if !env.arbitration.recognizeSimultaneously(a, b) && env.arbitration.canPrevent(a, b) {
                        problems.append("A.3: \(r) \(to) while \(w.id) had already won with touch \(w.pointers.intersection(pointers).sorted()), "
                                        + "and \(w.id) may prevent it with no simultaneous rule (\(at(e)))")
                    }
                }
                winners.append((r, pointers))
            case .view:
                guard let view = e.view, let phase = e.phase else { break }
                // Counted per view and pointer id, not paired: a double tap's first touch can
                // still be open (its end held back) when the next touch with that id begins.
                for p in e.touches {
                    let key = "\(view) touch \(p)"
                    if phase == "began" { openTouches[key, default: 0] += 1; continue }
                    if openTouches[key, default: 0] <= 0 {
                        problems.append("A.2: \(view) got \(phase) for touch \(p) it had not begun (\(at(e)))")
                    }
                    if phase == "ended" || phase == "cancelled" { openTouches[key, default: 0] -= 1 }
                }
            default:
                break
            }
        }
        for (key, n) in openTouches.sorted(by: { $0.key < $1.key }) where n != 0 {
            problems.append("A.2: \(key) was begun \(n > 0 ? "without" : "with an extra") end or cancel")
        }
        return problems
    }

    /// Timers whose recognizer is not in an attempt: true at any moment, not only at the end.
    public static func strayTimers(in env: GestureEnvironment) -> [String] {
        let byID = Dictionary(env.allRecognizers.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        return env.scheduledTimerOwners.sorted().compactMap { owner in
            guard let r = byID[owner] else { return nil }
            return r.isInAttempt ? nil : "timer of \(owner) is scheduled while \(owner) is not in an attempt"
        }
    }

    /// No touch down and no timer scheduled: the moment `idle(_:)` must hold.
    public static func isQuiet(_ env: GestureEnvironment) -> Bool {
        env.carriedState.touchesDown == 0 && env.scheduledTimerCount == 0
    }

    /// What must be true once every touch has lifted and `finish()` has run the timers.
    public static func idle(_ env: GestureEnvironment) -> [String] {
        var problems: [String] = []
        for r in env.allRecognizers where r.isInAttempt || r.publishedState != .possible {
            problems.append("\(r.id) is \(r.stateName)\(r.isInAttempt ? " and in an attempt" : "") after the input ended and its timers ran")
        }
        let c = env.carriedState
        if c.heldTouches > 0 { problems.append("\(c.heldTouches) touches still have view phases held back") }
        if c.touchesDown > 0 { problems.append("\(c.touchesDown) touches are still down") }
        if env.scheduledTimerCount > 0 { problems.append("\(env.scheduledTimerCount) timers are still scheduled: \(env.scheduledTimerOwners.sorted())") }
        return problems
    }
}
