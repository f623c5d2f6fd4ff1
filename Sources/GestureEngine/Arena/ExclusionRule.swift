/// Who may recognize together and who excludes whom (docs/uikit-rules.md A.3).
///
/// The first recognizer to recognize wins: every competitor that shares a touch with it, is
/// still possible, may be prevented by it and is not allowed to recognize simultaneously with
/// it, fails. A recognizer that tries to begin while a preventing competitor is already active
/// fails instead.
extension Arbitration {
    /// Two recognizers compete when they share a touch that neither ignores (A.3.2).
    package func sharesTouch(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        // Asked per competitor pair at every recognition: the touches are read unretained (the
        // recognizers' lists keep them alive).
        for link in a.attemptTouchLinks where link.with({ !a.isIgnoring($0) && !b.isIgnoring($0) }) {
            if b.attemptTouchLinks.contains(where: { $0.isSame(as: link) }) { return true }
        }
        return false
    }

    /// Whether two recognizers may recognize together (A.3.3): either delegate saying yes allows
    /// it. Asked per competitor pair at every recognition; the verdict builds no text until the
    /// log wants it, and the delegate's explanation is asked for only when `explained`.
    func simultaneity(_ a: GestureRecognizer, _ b: GestureRecognizer, explained: Bool = false) -> SimultaneityVerdict? {
        if let d = a.delegate, d.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) {
            return SimultaneityVerdict(allowedBy: a, with: b, explanation: explained ? d.explanationOfLastAnswer() : nil)
        }
        if let d = b.delegate, d.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) {
            return SimultaneityVerdict(allowedBy: b, with: a, explanation: explained ? d.explanationOfLastAnswer() : nil)
        }
        return nil
    }

    package func recognizeSimultaneously(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool { simultaneity(a, b) != nil }

    /// Whether A may prevent B (A.3.3, A.3.6): A says it can and B says it can be, and no scene
    /// rule says A cannot.
    func prevention(_ a: GestureRecognizer, _ b: GestureRecognizer) -> PreventionVerdict {
        if (!a.cannotPreventIDs.isEmpty && a.cannotPreventIDs.contains(b.id)) || !a.asksCanPrevent(b) { return .preventerDeclines }
        if !b.asksCanBePrevented(by: a) { return .preventedDeclines }
        return .prevents
    }

    package func canPrevent(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool { prevention(a, b) == .prevents }

    /// Fails the competitors of a recognizer that has just recognized.
    func excludeCompetitors(of winner: GestureRecognizer, transitionSeq: Int) {
        // Gathered and sorted unretained, in a reused list: this runs whenever a recognizer
        // begins or is recognized, at least once per stroke.
        var competitors = lend(.competitors)
        defer { giveBack(&competitors, .competitors) }
        attempts.withUnretainedElements { attempt in
            for link in attempt where link.with({ $0 !== winner && $0.publishedState == .possible && sharesTouch(winner, $0) }) {
                competitors.append(link)
            }
        }
        sortInTieBreakOrder(&competitors)
        // Read unretained: `attempts` keeps each competitor until its reset, a later step of the
        // cycle (a delegate or an action cannot start one: feeding events is refused).
        for link in competitors { link.with { other in
            guard other.publishedState == .possible else { return }
            if let allowed = simultaneity(winner, other, explained: logKeeps(.note)) {
                environment.with { env in
                    env.log.append(time: env.now, kind: .note, recognizer: other.logName,
                                   cause: Cause(.delegate, CauseText("%n is not excluded by %n: delegate of %n allows recognizing with %n%s",
                                                                     names: other.logName, winner.logName, allowed.allowedBy.logName, allowed.with.logName,
                                                                     string: allowed.explanation.map { " (\($0))" } ?? ""),
                                                otherName: winner.logName, causedBy: transitionSeq))
                }
                return
            }
            let prevented = prevention(winner, other)
            guard prevented == .prevents else {
                environment.with { env in
                    env.log.append(time: env.now, kind: .note, recognizer: other.logName,
                                   cause: Cause(.exclusion, "\(other.id) is not excluded by \(winner.id): \(prevented.text(winner, other))", other: winner.id,
                                                causedBy: transitionSeq))
                }
                return
            }
            let w = winner.logName, discrete = winner.isDiscrete, pending = other.isPending
            // The words are made inside the cause, which only a log that keeps it evaluates.
            failPossible(other, Cause(.exclusion, Self.exclusionText(by: w, discrete: discrete, pending: pending), otherName: w, causedBy: transitionSeq))
        } }
    }

    /// Why a competitor is excluded: who won, and whether the competitor was waiting.
    private static func exclusionText(by w: LogName, discrete: Bool, pending: Bool) -> CauseText {
        switch (discrete, pending) {
        case (false, false):
            CauseText("excluded by %n: %n began first and they may not recognize together (no simultaneous rule)", names: w, w)
        case (true, false):
            CauseText("excluded by %n: %n was recognized first and they may not recognize together (no simultaneous rule)", names: w, w)
        case (false, true):
            CauseText("excluded by %n while waiting for a failure requirement: %n began first and they may not recognize together (no simultaneous rule)",
                      names: w, w)
        case (true, true):
            CauseText("excluded by %n while waiting for a failure requirement: %n was recognized first and they may not recognize together (no simultaneous rule)",
                      names: w, w)
        }
    }

    /// An active (or just recognized) competitor that prevents `r` from beginning, with why.
    func activePreventer(of r: GestureRecognizer) -> (GestureRecognizer, String)? {
        // Asked whenever a recognizer would leave possible: the attempts are read unretained.
        attempts.withUnretainedElements { attempt in
            for link in attempt {
                let preventer = link.with { a -> Bool in
                    guard a !== r && a.publishedState.hasRecognized && sharesTouch(a, r) else { return false }
                    return simultaneity(a, r) == nil && canPrevent(a, r)
                }
                if preventer { return (link.object, "they may not recognize together") }
            }
            return nil
        }
    }

    /// Candidates that want to recognize in the same event, in the order they get to: the
    /// deepest view first, then the most recently added (A.3.4), except that one that can
    /// prevent another one-way goes first (so a double tap beats a single tap).
    func sortCandidates(_ list: [GestureRecognizer]) -> [GestureRecognizer] {
        var sorted = list.sorted { precedes($0, $1) }
        guard options.oneWayPreventionWinsTies, sorted.count > 1 else { return sorted }
        var moved = true
        var guardCount = 0
        while moved && guardCount < sorted.count * sorted.count {
            moved = false
            guardCount += 1
            outer: for i in 0..<sorted.count {
                for j in (i + 1)..<sorted.count {
                    let a = sorted[i], b = sorted[j]
                    if canPrevent(b, a) && !canPrevent(a, b) && sharesTouch(a, b) {
                        sorted.remove(at: j)
                        sorted.insert(b, at: i)
                        moved = true
                        break outer
                    }
                }
            }
        }
        return sorted
    }
}

/// The delegate that allowed two recognizers to recognize together, and what it said.
struct SimultaneityVerdict {
    let allowedBy: GestureRecognizer
    let with: GestureRecognizer
    let explanation: String?
}

/// Whether one recognizer may prevent another, and which side says no when it may not.
enum PreventionVerdict {
    case prevents
    /// `canPrevent(_:)` is false, or the scene's one-way rule says so.
    case preventerDeclines
    /// `canBePrevented(by:)` is false.
    case preventedDeclines

    func text(_ a: GestureRecognizer, _ b: GestureRecognizer) -> String {
        switch self {
        case .prevents: return "\(a.id) may prevent \(b.id)"
        case .preventerDeclines: return "\(a.id) cannot prevent \(b.id)"
        case .preventedDeclines: return "\(b.id) cannot be prevented by \(a.id)"
        }
    }
}
