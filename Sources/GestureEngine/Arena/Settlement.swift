import GestureTrace

/// Step 3 of the dispatch cycle (docs/uikit-rules.md, "The dispatch cycle"): the states recognizers asked for become
/// published transitions, in an order that makes ties and failures come out as UIKit's rules say:
/// failures first (so they free whoever waits on them), then recognitions in tie-break order
/// (deepest view first, A.3.4), then updates of recognizers that are already active.
extension Arbitration {
    func settle() {
        // Nothing asked and nobody waiting (a cycle in which no recognizer changed): no rounds.
        if !hasRequests && waitingCount == 0 {
            forgetCauses(atDepth: 0)
            return
        }
        if requestCount == 1 && waitingCount == 0 && settleDepth == 0 && settledLoneUpdate() { return }
        beginSettlement()
        defer { endSettlement() }
        var rounds = 0
        while true {
            rounds += 1
            if rounds > 100_000 {
                environment.with { env in
                    env.log.append(time: env.now, kind: .note, cause: Cause(.lifecycle, "settlement stopped after 100000 rounds: recognizers keep changing each other"))
                }
                abandonRequests()
                return
            }
            if requestCount == 1 {
                // One request (a pan's move, the usual case): taken straight off the queue, which
                // is then empty for any request it leads to, as the swap in processRequests leaves it.
                let q = takeLastRequest()
                process(q)
                continue
            }
            if hasRequests {
                processRequests()
                continue
            }
            // Both look only at waiting recognizers, and usually none waits: asked here, the
            // counts save two calls per cycle.
            if waitingCount > 0 && releasePending() { continue }
            if waitingCount > 1 && options.failRequirementCycles && breakRequirementCycles() { continue }
            // Slots are only reused once no settlement (outer or nested) can still read them.
            forgetCauses(atDepth: 1)
            return
        }
    }

    /// The commonest cycle of all, a pan's move: one active recognizer updates, nobody waits,
    /// nothing records it and nothing acts on it. Done as the rounds below would do it (the
    /// quiet update in `process`, then an empty round), without them; false when it is not that.
    @inline(__always)
    private func settledLoneUpdate() -> Bool {
        let q = firstRequest
        guard !q.forced, q.to == .changed || q.to == .began, quietUpdate(allowedFor: q.link) else { return false }
        _ = takeLastRequest()
        q.link.with { publishQuietUpdate($0) }
        forgetCauses(atDepth: 0)
        return true
    }

    /// Whether an update of this recognizer may be published without a log row or an action:
    /// it is active and not waiting, nothing acts on it, and the log keeps neither updates nor notes.
    @inline(__always)
    private func quietUpdate(allowedFor link: Unretained<GestureRecognizer>) -> Bool {
        link.with { r in r.publishedState.isActive && !r.isPending && r.book.actions.isEmpty } && logIgnoresUpdates
    }

    /// The log keeps no row an update would make: neither the transition nor its action, nor the
    /// note that stands in for them when routine updates are left out.
    private var logIgnoresUpdates: Bool {
        environment.with { env in
            (!env.log.keepsRoutineUpdates || !env.log.isRecording) && (!env.log.keeps(.note) || !env.log.keepsUpdateNotes)
        }
    }

    /// What `publish` and `fireActions` do for a quiet update, numbering included.
    @inline(__always)
    private func publishQuietUpdate(_ r: GestureRecognizer) {
        r.publishedState = .changed
        r.book.lastTransitionSeq = environment.with { $0.log.skip(2) }
    }

    /// Several requests (`settle` takes a lone one itself).
    private func processRequests() {
        // Swap the queues instead of copying: requests made while these are processed (by
        // actions, by released waiters) go into the emptied queue for the next round.
        var batch: [TransitionRequest] = []
        takeBatch(into: &batch)
        defer { finishBatch(&batch) }
        // Each recognizer is classified by its first request in the batch, before any is
        // processed (processing changes what the classification reads). A batch holds a few
        // requests, so linear scans beat hashing, and the classes are kept in a reused buffer.
        var classes: [RequestClass] = []
        takeClasses(into: &classes)
        classes.clearKeepingCapacity()
        // Read through a buffer pointer, which the nested functions can use without retaining
        // the list (a pinch with its rotation sends two updates every event).
        // A recognizer's first request is told from a repeat by marking it with this batch's token
        // (no search among the earlier requests). Classification ends before any request is
        // processed, so a nested settlement cannot reuse the marks meanwhile.
        let token = nextBatchToken()
        batch.withUnsafeBufferPointer { batch in
            var candidateCount = 0
            var anyRepeated = false
            for i in batch.indices {
                let q = batch[i]
                let isFirst = q.link.with { r in
                    guard r.book.requestBatch != token else { return false }
                    r.book.requestBatch = token
                    return true
                }
                guard isFirst else { classes.append(.repeated); anyRepeated = true; continue }
                let undecided = q.link.with { $0.publishedState == .possible && !$0.isPending }
                if q.forced || q.to == .failed || q.to == .cancelled {
                    classes.append(.failure)
                } else if undecided && (q.to == .began || q.to == .ended) {
                    classes.append(.candidate)
                    candidateCount += 1
                } else {
                    classes.append(.update)
                }
            }
            func processAll(of key: ObjectIdentifier) {
                for q in batch where q.key == key { process(q) }
            }
            /// The requests of the recognizer whose first request is `batch[i]`: usually that one
            /// alone (no recognizer asked twice in this batch), taken without a scan.
            func processAll(from i: Int) {
                if anyRepeated { processAll(of: batch[i].key) } else { process(batch[i]) }
            }
            // Failures first, then recognitions in tie-break order, then updates.
            for i in batch.indices where classes[i] == .failure { processAll(from: i) }
            if candidateCount == 1 {
                if let i = classes.firstIndex(of: .candidate) { processAll(from: i) }
            } else if candidateCount > 1 {
                var list: [GestureRecognizer] = []
                list.reserveCapacity(candidateCount)
                for i in batch.indices where classes[i] == .candidate { list.append(batch[i].recognizer) }
                for r in sortCandidates(list) { processAll(of: ObjectIdentifier(r)) }
            }
            for i in batch.indices where classes[i] == .update { processAll(from: i) }
        }
        returnClasses(&classes)
    }

    private func process(_ q: TransitionRequest) {
        q.link.with { process(q, $0) }
    }

    private func process(_ q: TransitionRequest, _ r: GestureRecognizer) {
        let published = r.publishedState
        if published.isTerminal { return }  // excluded or failed meanwhile: later wishes are moot
        if q.forced {
            if published.isActive {
                let seq = publish(r, .cancelled, cause: cause(of: q))
                if options.actionOnCancelled { fireActions(r, .cancelled, transitionSeq: seq) }
            } else {
                failPossible(r, cause(of: q))
            }
            return
        }
        if r.isPending {
            // Waiting: the recognizer keeps its own state; only giving up is published.
            if q.to == .failed || q.to == .cancelled { failPossible(r, cause(of: q)) }
            return
        }
        switch published {
        case .possible:
            switch q.to {
            case .began, .changed: attemptToLeavePossible(r, target: .began, cause: cause(of: q))
            case .ended: attemptToLeavePossible(r, target: .ended, cause: cause(of: q))
            case .failed, .cancelled: failPossible(r, cause(of: q))
            case .possible: break
            }
        case .began, .changed:
            switch q.to {
            case .changed, .began:
                if r.book.actions.isEmpty && logIgnoresUpdates {
                    // The commonest request of all (a pan's move), when nothing records it or
                    // acts on it: what publish and fireActions would do, numbering included.
                    publishQuietUpdate(r)
                    return
                }
                // Its cause is read here only: taken, not copied.
                let seq = publishInline(r, .changed, cause: { takeCause(of: q) }, routine: true)
                fireActions(r, .changed, transitionSeq: seq, routine: true)
            case .ended:
                let seq = publish(r, .ended, cause: cause(of: q))
                fireActions(r, .ended, transitionSeq: seq)
            case .cancelled, .failed:
                let seq = publish(r, .cancelled, cause: cause(of: q))
                if options.actionOnCancelled { fireActions(r, .cancelled, transitionSeq: seq) }
            case .possible: break
            }
        default: break
        }
    }

    /// A recognizer asks to begin (continuous) or to be recognized (discrete): A.5, A.3.3, A.4.2.
    func attemptToLeavePossible(_ r: GestureRecognizer, target: RecognizerState, cause: @autoclosure () -> Cause) {
        if let refusal = shouldBeginRefusal(r) {
            failPossible(r, Cause(refusal.kind, refusal.text + " (while \(r.id) was about to \(target == .began ? "begin" : "be recognized"): \(cause().text))",
                                  other: refusal.other, causedBy: refusal.causedBy, evidence: cause().evidence))
            return
        }
        if let (blocker, why) = activePreventer(of: r) {
            failPossible(r, Cause(.prevention, "prevented by \(blocker.id), which had already \(blocker.stateName); \(why)",
                                  other: blocker.id, causedBy: blocker.book.lastTransitionSeq, evidence: cause().evidence))
            return
        }
        let status = requirementStatus(of: r)
        if let (winner, source) = status.recognized {
            failPossible(r, Cause(.requirement, "\(r.id) requires \(winner.id) to fail (\(source)), but \(winner.id) \(winner.stateName)",
                                  other: winner.id, causedBy: winner.book.lastTransitionSeq))
            return
        }
        if status.hasUnmet {
            wait(r)
            let seq = environment.with { env in
                env.log.append(time: env.now, kind: .pending, recognizer: r.logName, from: .possible, to: target.logName(discrete: r.isDiscrete),
                               cause: Cause(.requirement, "\(r.id) wants to \(target == .began ? "begin" : "be recognized") (\(cause().text)) but waits for \(status.unmet.map { "\($0.0.id) (\($0.1))" }.joined(separator: ", ")) to fail",
                                            other: status.firstUnmet?.0.id, causedBy: cause().causedBy, evidence: cause().evidence))
            }
            r.book.pendingSeq = seq
            r.book.pendingSince = now
            return
        }
        commit(r, target: target, cause: cause())
    }

    /// Publishes a recognition and carries out its consequences: actions, exclusion of
    /// competitors, failure of dependents, cancellation of the view's touches.
    func commit(_ r: GestureRecognizer, target: RecognizerState, cause: @autoclosure () -> Cause) {
        let first: RecognizerState = r.isDiscrete ? .ended : .began
        let seq = publish(r, first, cause: cause())
        if options.cancellationOrder == .cancelThenAction && r.cancelsTouchesInView { environment.with { $0.cancelViewTouches(of: r, transitionSeq: seq) } }
        fireActions(r, first, transitionSeq: seq)
        failDependents(of: r, transitionSeq: seq)
        excludeCompetitors(of: r, transitionSeq: seq)
        if options.cancellationOrder == .actionThenCancel && r.cancelsTouchesInView { environment.with { $0.cancelViewTouches(of: r, transitionSeq: seq) } }
        if !r.isDiscrete && (target == .ended || r.internalState == .ended) && r.publishedState == .began {
            let endSeq = publish(r, .ended, cause: Cause(.touches, "its touches ended before it could begin, so it ends at once", causedBy: seq))
            fireActions(r, .ended, transitionSeq: endSeq)
        }
    }

    /// Possible (or waiting) to failed; no action (A.1.2).
    func failPossible(_ r: GestureRecognizer, _ cause: @autoclosure () -> Cause) {
        guard !r.publishedState.isTerminal else { return }
        if r.publishedState.isActive {
            let seq = publish(r, .cancelled, cause: cause())
            if options.actionOnCancelled { fireActions(r, .cancelled, transitionSeq: seq) }
            return
        }
        publish(r, .failed, cause: cause())
        r.internalState = .failed
    }

    @discardableResult
    func publish(_ r: GestureRecognizer, _ to: RecognizerState, cause: @autoclosure () -> Cause, routine: Bool = false) -> Int {
        publishInline(r, to, cause: cause, routine: routine)
    }

    /// `publish`, inlined where it is called: the update path calls it for most requests, and a
    /// cause passed to a function that is not inlined is a closure that retains what it captures.
    @inline(__always)
    private func publishInline(_ r: GestureRecognizer, _ to: RecognizerState, cause: () -> Cause, routine: Bool) -> Int {
        let from = r.publishedState
        r.publishedState = to
        stopWaiting(r)
        if to.isTerminal {
            if !r.internalState.isTerminal { r.internalState = to }
            noteFinished()
        }
        let seq = environment.with { env in
            routine && !env.log.keepsRoutineUpdates
                ? env.log.appendUpdateNote(time: env.now)
                : env.log.append(time: env.now, kind: .transition, recognizer: r.logName, from: from.logName(discrete: r.isDiscrete),
                                 to: to.logName(discrete: r.isDiscrete), touches: r.claimedPointers, cause: cause())
        }
        r.book.lastTransitionSeq = seq
        return seq
    }

    func fireActions(_ r: GestureRecognizer, _ state: RecognizerState, transitionSeq: Int, routine: Bool = false) {
        environment.with { env in
            let seq = routine && !env.log.keepsRoutineUpdates ? env.log.appendUpdateNote(time: env.now)
                : env.log.append(time: env.now, kind: .action, recognizer: r.logName, to: state.logName(discrete: r.isDiscrete),
                                 cause: Cause(.lifecycle, CauseText("%n %n", names: r.logName, state.logName(discrete: r.isDiscrete)), causedBy: transitionSeq))
            guard !r.book.actions.isEmpty else { return }
            let saved = env.context
            env.context = .reaction(source: "\(r.id) \(state.name(discrete: r.isDiscrete))", seq: seq)
            for action in r.book.actions { action(r) }
            env.context = saved
        }
    }

    /// Asks the touched views and the delegate whether `r` may begin (A.5.2 order).
    func shouldBeginRefusal(_ r: GestureRecognizer) -> Cause? {
        if options.askTouchedViews && r.cancelsTouchesInView {
            // Each touched view once, in the order of the touches; the views asked before are
            // found among the earlier touches rather than kept in a list (usually one touch).
            // Read unretained: the attempt keeps its touches, and a touch its view.
            let touches = r.attemptTouchLinks
            for i in touches.indices {
                let touched: Unretained<View>? = touches[i].with { t in r.isIgnoring(t) ? nil : t.view.map { Unretained($0) } }
                guard let touched else { continue }
                let askedBefore = touches[..<i].contains { $0.with { t in !r.isIgnoring(t) && t.view.map { touched.refers(to: $0) } == true } }
                guard !askedBefore else { continue }
                let refusal: Cause? = touched.with { v in
                    guard !v.asksShouldBegin(r) else { return nil }
                    let why = v.reasonForRefusing(r).map { ": \($0)" } ?? ""
                    return Cause(.view, "view \(v.id) answered gestureRecognizerShouldBegin(\(r.id)) = false\(why)", other: v.id)
                }
                if let refusal { return refusal }
            }
        }
        if let d = r.delegate, !d.gestureRecognizerShouldBegin(r) {
            let why = d.explanationOfLastAnswer().map { ": \($0)" } ?? ""
            return Cause(.delegate, "delegate of \(r.id) answered gestureRecognizerShouldBegin = false\(why)")
        }
        return nil
    }
}
