/// Step 5 of the cycle: recognizers that finished go back to possible (reference A.1.7, A.4.5).
///
/// Recognizers linked by a failure requirement reset together, once every linked one that is
/// in an attempt has finished. After a reset a recognizer receives no more of the touches it
/// had; new touches reach it as usual.
extension GestureEnvironment {
    func resetFinishedRecognizers() {
        guard mayNeedReset else { return }
        mayNeedReset = false
        guard inAttempt.contains(where: { $0.publishedState.isTerminal }) else { return }
        // Finished recognizers still linked to an undecided one wait; look again next cycle.
        defer { mayNeedReset = inAttempt.contains { $0.publishedState.isTerminal } }
        // Only groups with a finished member can be reset, so the search starts from those.
        // Visited recognizers carry this pass's token (no set to build), and the lists are
        // reused between passes: this runs after every cycle in which something finished.
        resetPass &+= 1
        let pass = resetPass
        var toReset = spareResetList
        var group = spareGroup
        var frontier = spareFrontier
        spareResetList = []; spareGroup = []; spareFrontier = []
        defer {
            toReset.clearKeepingCapacity(); group.clearKeepingCapacity(); frontier.clearKeepingCapacity()
            spareResetList = toReset; spareGroup = group; spareFrontier = frontier
        }
        for r in inAttempt where r.publishedState.isTerminal && r.resetPass != pass {
            group.clearKeepingCapacity()
            frontier.append(r)
            while let x = frontier.popLast() {
                guard x.isInAttempt, x.resetPass != pass else { continue }
                x.resetPass = pass
                group.append(x)
                appendLinked(to: x, into: &frontier)
            }
            guard group.allSatisfy({ $0.publishedState.isTerminal }) else { continue }
            if options.resetTiming == .endOfTouchSequence && group.contains(where: { $0.attemptTouches.contains(where: \.isDown) }) { continue }
            toReset.append(contentsOf: group)
        }
        if toReset.count > 1 { toReset.sort { precedes($0, $1) } }
        for r in toReset { reset(r) }
    }

    /// Recognizers in an attempt connected to `r` by a failure requirement in either direction.
    private func appendLinked(to r: GestureRecognizer, into out: inout [GestureRecognizer]) {
        for q in r.failureRequirements where q.isInAttempt { out.append(q) }
        for (q, _) in r.dynamicRequirements where q.isInAttempt { out.append(q) }
        for other in inAttempt where other !== r {
            if other.failureRequirements.contains(where: { $0 === r }) || other.dynamicRequirements.contains(where: { $0.0 === r }) {
                out.append(other)
            }
        }
    }

    func reset(_ r: GestureRecognizer) {
        let was = r.publishedState
        let discrete = r.isDiscrete
        for t in r.attemptTouches where t.isDown {
            if let i = t.recognizers.firstIndex(where: { $0 === r }) { t.recognizers.remove(at: i) }
        }
        for id in r.timers { clock.cancel(id) }
        // Buffers are kept: the next attempt fills them again, usually within the second.
        r.timers.clearKeepingCapacity()
        r.attemptTouches.clearKeepingCapacity()
        if r.ignoresAny { r.ignoredSerials.removeAll(keepingCapacity: true) }
        r.dynamicRequirements.clearKeepingCapacity()
        r.internalState = .possible
        r.publishedState = .possible
        r.isPending = false
        r.isInAttempt = false
        r.pendingSeq = nil
        r.pendingSince = nil
        if let i = inAttempt.firstIndex(where: { $0 === r }) { inAttempt.remove(at: i) }
        r.reset()
        log.append(time: now, kind: .reset, recognizer: r.id, from: was.name(discrete: discrete), to: "possible",
                   cause: Cause(.lifecycle, "\(r.id) resets after it \(was.name(discrete: discrete))", causedBy: r.lastTransitionSeq))
    }
}
