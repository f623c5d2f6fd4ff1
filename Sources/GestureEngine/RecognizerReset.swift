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
        var groups: [[GestureRecognizer]] = []
        var assigned = Set<ObjectIdentifier>()
        for r in inAttempt where !assigned.contains(ObjectIdentifier(r)) {
            var group: [GestureRecognizer] = []
            var frontier = [r]
            while let x = frontier.popLast() {
                guard x.isInAttempt, assigned.insert(ObjectIdentifier(x)).inserted else { continue }
                group.append(x)
                frontier.append(contentsOf: linked(to: x))
            }
            groups.append(group)
        }
        var toReset: [GestureRecognizer] = []
        for group in groups where group.allSatisfy({ $0.publishedState.isTerminal }) {
            if options.resetTiming == .endOfTouchSequence && group.contains(where: { $0.attemptTouches.contains(where: \.isDown) }) { continue }
            toReset.append(contentsOf: group)
        }
        for r in toReset.sorted(by: { precedes($0, $1) }) { reset(r) }
    }

    /// Recognizers in an attempt connected to `r` by a failure requirement in either direction.
    private func linked(to r: GestureRecognizer) -> [GestureRecognizer] {
        var out = requirements(of: r).map(\.0).filter(\.isInAttempt)
        for other in inAttempt where other !== r && requirements(of: other).contains(where: { $0.0 === r }) { out.append(other) }
        return out
    }

    func reset(_ r: GestureRecognizer) {
        let was = r.stateName
        for t in r.attemptTouches where t.isDown { t.recognizers.removeAll { $0 === r } }
        for id in r.timers { clock.cancel(id) }
        r.timers.removeAll()
        r.attemptTouches.removeAll()
        r.ignoredSerials.removeAll()
        r.dynamicRequirements.removeAll()
        r.internalState = .possible
        r.publishedState = .possible
        r.isPending = false
        r.isInAttempt = false
        r.pendingSeq = nil
        r.pendingSince = nil
        inAttempt.removeAll { $0 === r }
        r.reset()
        log.append(time: now, kind: .reset, recognizer: r.id, from: was, to: "possible",
                   cause: Cause(.lifecycle, "\(r.id) resets after it \(was)", causedBy: r.lastTransitionSeq))
    }
}
