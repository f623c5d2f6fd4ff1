/// Step 5 of the cycle: recognizers that finished go back to possible (docs/uikit-rules.md A.1.7, A.4.5).
///
/// Recognizers linked by a failure requirement reset together, once every linked one that is
/// in an attempt has finished. After a reset a recognizer receives no more of the touches it
/// had; new touches reach it as usual.
extension Arbitration {
    func resetFinishedRecognizers() {
        guard takeResetNeed(), anyFinishedInAttempt() else { return }
        // Finished recognizers still linked to an undecided one wait; look again next cycle.
        defer { resetStepLooked(stillFinished: anyFinishedInAttempt()) }
        // Only groups with a finished member can be reset, so the search starts from those.
        // Visited recognizers carry this pass's token (no set to build), and the lists are
        // reused between passes: this runs after every cycle in which something finished.
        let pass = nextResetPass()
        var toReset = lend(.resetList)
        var group = lend(.resetGroup)
        var frontier = lend(.resetFrontier)
        defer {
            giveBack(&toReset, .resetList)
            giveBack(&group, .resetGroup)
            giveBack(&frontier, .resetFrontier)
        }
        // Runs after every cycle in which something finished, over every pair of recognizers in
        // an attempt: they are reached unretained (`attempts` keeps them alive).
        attempts.withUnretainedElements { attempt in
            for link in attempt {
                let startsGroup = link.with { $0.publishedState.isTerminal && $0.book.resetPass != pass }
                guard startsGroup else { continue }
                // Linked to nobody (most recognizers): a group of its own, no search.
                if link.with({ !$0.book.mayBeLinked }) {
                    link.with { $0.book.resetPass = pass }
                    if options.resetTiming == .endOfTouchSequence
                        && link.with({ $0.attemptTouchLinks.contains { $0.with { $0.isDown } } }) { continue }
                    toReset.append(link)
                    continue
                }
                group.clearKeepingCapacity()
                frontier.append(link)
                while let x = frontier.popLast() {
                    x.with { x in
                        guard x.isInAttempt, x.book.resetPass != pass else { return }
                        x.book.resetPass = pass
                        group.append(Unretained(x))
                        appendLinked(to: x, among: attempt, into: &frontier)
                    }
                }
                guard group.allSatisfy({ $0.with { $0.publishedState.isTerminal } }) else { continue }
                if options.resetTiming == .endOfTouchSequence
                    && group.contains(where: { $0.with { $0.attemptTouches.contains(where: \.isDown) } }) { continue }
                toReset.append(contentsOf: group)
            }
        }
        // A few recognizers (a tap resets all of a view's): sorted in place, unretained.
        sortInTieBreakOrder(&toReset)
        // Unretained: `attempts` keeps each until its reset, which holds it from then on.
        for link in toReset { link.with { reset($0) } }
    }

    /// Sorts recognizers by `precedes` without retaining them: an insertion sort, as the lists
    /// are short (the recognizers of one touch).
    func sortInTieBreakOrder(_ list: inout [Unretained<GestureRecognizer>]) {
        guard list.count > 1 else { return }
        for i in 1..<list.count {
            let x = list[i]
            var j = i
            while j > 0 && x.with({ a in list[j - 1].with { b in precedes(a, b) } }) {
                list[j] = list[j - 1]
                j -= 1
            }
            list[j] = x
        }
    }

    private func anyFinishedInAttempt() -> Bool {
        attempts.withUnretainedElements { $0.contains { $0.with { $0.publishedState.isTerminal } } }
    }

    /// Recognizers in an attempt connected to `r` by a failure requirement in either direction.
    private func appendLinked(to r: GestureRecognizer, among attempt: UnsafeBufferPointer<Unretained<GestureRecognizer>>,
                              into out: inout [Unretained<GestureRecognizer>]) {
        // A linked recognizer found here is in an attempt, so `attempts` keeps it alive.
        // The flags are read first: the lists are usually empty, and reading one from its
        // recognizer retains and releases it (this runs for every pair in an attempt).
        if r.book.hasStaticRequirements {
            r.failureRequirements.withUnretainedElements { required in
                for q in required where q.with({ $0.isInAttempt }) { out.append(q) }
            }
        }
        if !r.book.dynamicRequirements.isEmpty {
            for (q, _) in r.book.dynamicRequirements where q.isInAttempt { out.append(Unretained(q)) }
        }
        // Nobody has ever required `r` to fail: no other recognizer's lists can name it.
        guard r.book.mayBeRequired else { return }
        for link in attempt {
            link.with { other in
                guard other !== r else { return }
                let requiresR = other.book.hasStaticRequirements
                    && other.failureRequirements.withUnretainedElements { $0.contains { $0.refers(to: r) } }
                if requiresR || (!other.book.dynamicRequirements.isEmpty && other.book.dynamicRequirements.contains(where: { $0.0 === r })) {
                    out.append(link)
                }
            }
        }
    }

    func reset(_ r: GestureRecognizer) {
        let was = r.publishedState
        for link in r.attemptTouchLinks {
            link.with { t in
                if t.isDown, let i = t.recognizerLinks.firstIndex(where: { $0.refers(to: r) }) {
                    t.removeRecognizer(at: i)
                }
            }
        }
        if !r.book.timers.isEmpty {
            environment.with { env in for id in r.book.timers { env.clock.cancel(id) } }
            // Buffers are kept: the next attempt fills them again, usually within the second.
            r.book.timers.clearKeepingCapacity()
        }
        r.clearAttemptTouches()
        if r.ignoresAny { r.ignoredSerials.removeAll(keepingCapacity: true) }
        r.book.dynamicRequirements.clearKeepingCapacity()
        r.internalState = .possible
        r.publishedState = .possible
        let leaving = leave(r)
        defer { withExtendedLifetime(leaving) {} }
        r.book.pendingSeq = nil
        r.book.pendingSince = nil
        if r.book.hasFront { r.book.front!.resetFromEngine() } else { r.reset() }
        environment.with { env in
            env.log.append(time: env.now, kind: .reset, recognizer: r.logName, from: was.logName(discrete: r.isDiscrete), to: .possible,
                           cause: Cause(.lifecycle, CauseText("%n resets after it %n", names: r.logName, was.logName(discrete: r.isDiscrete)),
                                        causedBy: r.book.lastTransitionSeq))
        }
    }
}
