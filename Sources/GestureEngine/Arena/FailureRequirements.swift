import GestureTrace

/// Failure requirements (docs/uikit-rules.md A.4): a recognizer that requires another to fail cannot
/// leave possible while that one is undecided; it proceeds when it fails and fails when it
/// recognizes.
extension Arbitration {
    /// Static requirements (`require(toFail:)`) and this attempt's dynamic ones, with their source.
    package func requirements(of r: GestureRecognizer) -> [(GestureRecognizer, String)] {
        var list = r.failureRequirements.map { ($0, "require(toFail:)") }
        for (q, source) in r.book.dynamicRequirements where !list.contains(where: { $0.0 === q }) { list.append((q, source)) }
        return list
    }

    /// Asks the delegates and subclass overrides once per attempt, when a recognizer receives
    /// its first touch, about every recognizer sharing that touch (A.4.1), in both directions.
    /// A pair of new attempts is asked about once, by the first of the two. This runs for every
    /// new touch over every pair of its recognizers, so they are reached unretained, and each
    /// delegate is asked once whether it may require failures at all.
    func evaluateDynamicRequirements(newAttempts: [Unretained<GestureRecognizer>], sharing: [GestureRecognizer]) {
        sharing.withUnretainedElements { shared in
            // A pair can only come to anything if one of the two has something that may ask for
            // a requirement; usually none of the touch's recognizers has, and nothing is asked.
            var anyMayAsk = false
            for link in shared {
                link.with { r in
                    r.book.delegateMayRequireFailures = r.book.requirementHint?.mayRequireFailures ?? (r.delegate != nil)
                    if r.book.subclassMayRequireFailures == nil {
                        r.book.subclassMayRequireFailures = !((r as? FailureRequirementFreeRecognizer)?.answersNoFailureRequirementQuestions ?? false)
                    }
                    r.book.mayAskFailureRequirements = r.book.delegateMayRequireFailures || r.book.hasFront || r.book.subclassMayRequireFailures!
                    anyMayAsk = anyMayAsk || r.book.mayAskFailureRequirements
                }
            }
            guard anyMayAsk else { return }
            newAttempts.withUnsafeBufferPointer { fresh in
                // The new attempts are the sharers that were not in an attempt, in the same
                // order, so walking the sharers tells where each stands among them (its index in
                // `fresh`, or none) without a search: asking "was s an earlier new attempt?" by
                // searching made a touch on n recognizers cost n^3. A pair is asked once, by the
                // first of the two new attempts; no list is built for it (this runs per new touch).
                for (i, rLink) in fresh.enumerated() {
                    var k = 0
                    for sLink in shared {
                        var freshIndex = Int.max
                        if k < fresh.count && sLink.isSame(as: fresh[k]) {
                            freshIndex = k
                            k += 1
                        }
                        guard freshIndex > i else { continue }
                        rLink.with { r in
                            sLink.with { s in
                                addDynamicRequirement(waiter: r, required: s)
                                addDynamicRequirement(waiter: s, required: r)
                            }
                        }
                    }
                }
            }
        }
    }

    /// Asked for every pair of a new touch's recognizers, where usually nobody requires anything:
    /// the lists are read only when they are not empty (flags say so), and when neither delegate
    /// may ask for a requirement only the subclass questions remain, with nothing built.
    @inline(__always)
    private func addDynamicRequirement(waiter a: GestureRecognizer, required b: GestureRecognizer) {
        if a.book.hasStaticRequirements && a.failureRequirements.withUnretainedElements({ $0.contains { $0.refers(to: b) } }) { return }
        if !a.book.dynamicRequirements.isEmpty && a.book.dynamicRequirements.contains(where: { $0.0 === b }) { return }
        guard a.book.mayAskFailureRequirements || b.book.mayAskFailureRequirements else { return }
        guard !a.book.delegateMayRequireFailures, !b.book.delegateMayRequireFailures else {
            return askDelegatesAndSubclasses(waiter: a, required: b)
        }
        let aRequires = a.asksShouldRequireFailure(of: b), bRequired = b.asksShouldBeRequiredToFail(by: a)
        if aRequires || bRequired { recordDynamicRequirement(waiter: a, required: b, sources: [], aRequires: aRequires, bRequired: bRequired) }
    }

    @inline(never)
    private func askDelegatesAndSubclasses(waiter a: GestureRecognizer, required b: GestureRecognizer) {
        var sources: [String] = []
        if a.book.delegateMayRequireFailures, let d = a.delegate, d.gestureRecognizer(a, shouldRequireFailureOf: b) {
            sources.append("delegate of \(a.id): shouldRequireFailureOf \(b.id)" + (d.explanationOfLastAnswer().map { " (\($0))" } ?? ""))
        }
        if b.book.delegateMayRequireFailures, let d = b.delegate, d.gestureRecognizer(b, shouldBeRequiredToFailBy: a) {
            sources.append("delegate of \(b.id): shouldBeRequiredToFailBy \(a.id)" + (d.explanationOfLastAnswer().map { " (\($0))" } ?? ""))
        }
        recordDynamicRequirement(waiter: a, required: b, sources: sources,
                              aRequires: a.asksShouldRequireFailure(of: b), bRequired: b.asksShouldBeRequiredToFail(by: a))
    }

    /// Records the requirement `a` has on `b` for this attempt, with the delegates' answers
    /// (`sources`) and the subclasses'.
    @inline(never)
    private func recordDynamicRequirement(waiter a: GestureRecognizer, required b: GestureRecognizer, sources delegateSources: [String],
                                       aRequires: Bool, bRequired: Bool) {
        var sources = delegateSources
        if aRequires { sources.append("\(a.typeName) shouldRequireFailure(of: \(b.typeName))") }
        if bRequired { sources.append("\(b.typeName) shouldBeRequiredToFail(by: \(a.typeName))") }
        guard !sources.isEmpty else { return }
        let source = sources.joined(separator: "; ")
        a.book.dynamicRequirements.append((b, source))
        b.book.mayBeRequired = true
        environment.with { env in
            env.log.append(time: env.now, kind: .note, recognizer: a.logName,
                           cause: Cause(.requirement, "\(a.id) requires \(b.id) to fail for this attempt: \(source)", other: b.id))
        }
    }

    /// Where one required recognizer stands for those waiting on it (A.4.2): the rule that both
    /// the full status (with sources, for the log) and the quick "is anything decided?" read.
    enum Standing {
        /// Not in an attempt: it saw none of these touches and holds nobody up.
        case absent
        /// Began or was recognized: its waiters fail.
        case recognized
        /// Still possible: its waiters wait.
        case undecided
        /// Failed or cancelled (C5 counts cancelled): its waiters may go on.
        case satisfied
    }

    @inline(__always)
    func standing(of q: GestureRecognizer) -> Standing {
        guard q.isInAttempt else { return .absent }
        if q.publishedState.hasRecognized { return .recognized }
        return q.publishedState == .possible ? .undecided : .satisfied
    }

    struct RequirementStatus {
        /// The first required recognizer still undecided, and any others: kept apart so that
        /// the usual case (one, a single tap waiting for a double tap) builds no list.
        var firstUnmet: (GestureRecognizer, String)?
        var moreUnmet: [(GestureRecognizer, String)] = []
        var hasUnmet: Bool { firstUnmet != nil }
        /// Required recognizers still undecided.
        var unmet: [(GestureRecognizer, String)] { firstUnmet.map { [$0] + moreUnmet } ?? [] }
        /// A required recognizer that recognized instead of failing.
        var recognized: (GestureRecognizer, String)?
    }

    /// A required recognizer that is not in an attempt (it saw none of these touches) does not
    /// hold anyone up; one that failed or was cancelled is satisfied (C5 counts cancelled, A.4.2).
    func requirementStatus(of r: GestureRecognizer) -> RequirementStatus {
        // The same order as `requirements(of:)` (static first, then dynamic not already listed),
        // walked in place: this is asked whenever a recognizer wants to begin or may be released.
        var status = RequirementStatus()
        func consider(_ q: GestureRecognizer, _ source: String) -> Bool {
            switch standing(of: q) {
            case .recognized:
                status.recognized = (q, source)
                return true
            case .undecided:
                if status.firstUnmet == nil { status.firstUnmet = (q, source) } else { status.moreUnmet.append((q, source)) }
            case .absent, .satisfied: break
            }
            return false
        }
        for q in r.failureRequirements where consider(q, "require(toFail:)") { return status }
        for (q, source) in r.book.dynamicRequirements where !r.failureRequirements.contains(where: { $0 === q }) {
            if consider(q, source) { return status }
        }
        return status
    }

    /// Whether `requirementStatus(of: r)` would find a requirement recognized or none unmet.
    private func requirementsAreDecided(_ r: GestureRecognizer) -> Bool {
        // Plain loops and an inout flag: a nested function that set a flag of this one needed a
        // heap box for it, on every cycle in which a recognizer waits.
        var unmet = false
        let recognized = r.failureRequirements.withUnretainedElements { required in
            required.contains { link in link.with { decides($0, unmet: &unmet) } }
        }
        if recognized { return true }
        for (q, _) in r.book.dynamicRequirements where decides(q, unmet: &unmet) { return true }
        return !unmet
    }

    /// Whether required recognizer `q` decides for its waiter (it recognized); notes in `unmet`
    /// when it is still undecided.
    private func decides(_ q: GestureRecognizer, unmet: inout Bool) -> Bool {
        switch standing(of: q) {
        case .recognized: return true
        case .undecided: unmet = true
        case .absent, .satisfied: break
        }
        return false
    }

    /// Fails the recognizers that required `winner` to fail.
    func failDependents(of winner: GestureRecognizer, transitionSeq: Int) {
        // Nothing has ever required the winner (most recognizers, the pan of every drag): no
        // recognizer can depend on it, and the attempts need not be searched.
        guard winner.book.mayBeRequired else { return }
        let dependents = attempts.filter { d in
            d !== winner && d.publishedState == .possible
                && (d.failureRequirements.contains { $0 === winner } || d.book.dynamicRequirements.contains { $0.0 === winner })
        }
        guard !dependents.isEmpty else { return }
        for d in dependents.sorted(by: { precedes($0, $1) }) where d.publishedState == .possible {
            guard let (_, source) = requirements(of: d).first(where: { $0.0 === winner }) else { continue }
            failPossible(d, Cause(.requirement, "\(d.id) requires \(winner.id) to fail (\(source)), but \(winner.id) \(winner.stateName)",
                                  other: winner.id, causedBy: transitionSeq))
        }
    }

    /// Releases or fails waiting recognizers whose requirements are decided. True if anything changed.
    func releasePending() -> Bool {
        guard waitingCount > 0 else { return false }
        // Asked in every cycle while a recognizer waits (a single tap waiting out a double tap's
        // interval), and usually nothing is decided yet: find that out without building lists.
        let anyDecided = attempts.withUnretainedElements { attempt in
            attempt.contains { $0.with { $0.isPending && $0.publishedState == .possible && requirementsAreDecided($0) } }
        }
        guard anyDecided else { return false }
        var progressed = false
        // Usually one recognizer waits (a single tap on a double tap): only the waiting ones are
        // put in tie-break order.
        var waiting = lend(.waiting)
        defer { giveBack(&waiting, .waiting) }
        attempts.withUnretainedElements { attempt in
            for link in attempt where link.with({ $0.isPending && $0.publishedState == .possible }) { waiting.append(link) }
        }
        sortInTieBreakOrder(&waiting)
        for link in waiting {
            // Held while it is decided: failing may end its attempt, the last reference to it.
            let p = link.object
            guard p.isPending && p.publishedState == .possible else { continue }
            let status = requirementStatus(of: p)
            if let (winner, source) = status.recognized {
                failPossible(p, Cause(.requirement, "\(p.id) required \(winner.id) to fail (\(source)), but \(winner.id) \(winner.stateName)",
                                      other: winner.id, causedBy: winner.book.lastTransitionSeq))
                progressed = true
                continue
            }
            guard !status.hasUnmet else { continue }
            // The requirement that failed last, found without building lists (the list of all
            // that failed is made only for the log's words).
            func hasFailed(_ q: GestureRecognizer) -> Bool { q.isInAttempt && q.publishedState.isTerminal }
            var last: GestureRecognizer?
            func consider(_ q: GestureRecognizer) {
                guard hasFailed(q) else { return }
                if last == nil || (last!.book.lastTransitionSeq ?? -1) < (q.book.lastTransitionSeq ?? -1) { last = q }
            }
            // In the order of `requirements(of:)`: static ones, then dynamic ones not among them.
            for q in p.failureRequirements { consider(q) }
            for (q, _) in p.book.dynamicRequirements where !p.failureRequirements.contains(where: { $0 === q }) { consider(q) }
            let current = now
            // Formatted only when the log keeps it.
            func releaseText() -> String {
                let failed = requirements(of: p).map(\.0).filter(hasFailed)
                let waited = p.book.pendingSince.map { (since: Timestamp) -> String in " after waiting \(NumberFormat.ms(current - since))" } ?? ""
                let names = failed.map(\.id).joined(separator: ", ")
                return failed.isEmpty ? "\(p.id) is released: nothing it waited for is still undecided"
                                      : "\(p.id) is released\(waited): \(names) \(failed.count == 1 ? "has" : "have") failed"
            }
            let releaseSeq = environment.with { env in
                env.log.append(time: env.now, kind: .released, recognizer: p.logName,
                               cause: Cause(.requirement, releaseText(), other: last?.id, causedBy: last?.book.lastTransitionSeq ?? p.book.pendingSeq))
            }
            stopWaiting(p)
            progressed = true
            let target = p.internalState
            if target == .failed || target == .cancelled || target == .possible {
                failPossible(p, Cause(.requirement, "\(p.id) gave up while waiting", causedBy: releaseSeq))
                continue
            }
            if let (blocker, why) = activePreventer(of: p) {
                failPossible(p, Cause(.prevention, "prevented by \(blocker.id), which \(blocker.stateName) while \(p.id) waited; \(why)",
                                      other: blocker.id, causedBy: blocker.book.lastTransitionSeq))
                continue
            }
            p.willBeginAfterSatisfyingFailureRequirements()
            commit(p, target: target == .ended ? .ended : .began,
                   cause: Cause(.requirement, releaseText(), other: last?.id, causedBy: releaseSeq))
        }
        return progressed
    }

    /// Recognizers that wait for each other would wait forever; fail every member of such a
    /// cycle together (`EngineOptions.failRequirementCycles`). True if anything changed.
    func breakRequirementCycles() -> Bool {
        guard waitingCount > 1 else { return false }
        let pending = attempts.filter { $0.isPending && $0.publishedState == .possible }
        guard pending.count > 1 else { return false }
        let byID = Dictionary(pending.map { (ObjectIdentifier($0), $0) }, uniquingKeysWith: { first, _ in first })
        let groups = cyclicComponents(pending.map(ObjectIdentifier.init)) { id in
            guard let r = byID[id] else { return [] }
            return requirementStatus(of: r).unmet.compactMap { byID[ObjectIdentifier($0.0)] != nil ? ObjectIdentifier($0.0) : nil }
        }
        guard !groups.isEmpty else { return false }
        let members = Set(groups.joined())
        let inCycle = pending.filter { members.contains(ObjectIdentifier($0)) }
        // Every member's cause names the others; past a few names the count says the rest (a
        // full list for each member of a cycle of thousands would be quadratic text).
        let shown = 12
        let names = inCycle.prefix(shown).map(\.id).joined(separator: ", ")
            + (inCycle.count > shown ? " and \(inCycle.count - shown) more" : "")
        for r in inCycle {
            failPossible(r, Cause(.deadlock, "\(names) each wait for another of them to fail (a require-to-fail cycle); all fail"))
        }
        return true
    }
}
