import GestureTrace

/// Where a touch stands with its view (docs/uikit-rules.md A.2.7-A.2.10).
struct ViewDeliveryState {
    enum Began { case notYet, held, delivered, dropped }
    var began: Began = .notYet
    /// Moves arrived while began was held; one move is sent with the release.
    var movedWhileHeld = false
    /// The touch has ended; its `ended` is not delivered yet.
    var endedWaiting = false
    var endedHeld = false
    /// Nothing more goes to the view: ended or cancelled was delivered, or the touch was taken.
    var finished = false
    var tracked = false
}

/// Step 4 of the cycle: what the hit view receives. A phase is held back while any recognizer
/// that receives the touch and has the matching delay flag is undecided; it is released when
/// the last of them fails, and cancelled (or dropped, if never delivered) as soon as one with
/// `cancelsTouchesInView` recognizes.
extension GestureEnvironment {
    func holders(of touch: Touch, endedPhase: Bool) -> [GestureRecognizer] {
        touch.recognizers.filter { isHolding($0, touch, endedPhase: endedPhase) }
    }

    /// Whether any recognizer holds the phase back: asked on every began and end, so it builds
    /// no list (`holders` does, for the log).
    func isHeld(_ touch: Touch, endedPhase: Bool) -> Bool {
        touch.recognizerLinks.contains { $0.with { isHolding($0, touch, endedPhase: endedPhase) } }
    }

    private func isHolding(_ r: GestureRecognizer, _ touch: Touch, endedPhase: Bool) -> Bool {
        (endedPhase ? r.delaysTouchesEnded : r.delaysTouchesBegan)
            && r.isInAttempt && r.publishedState == .possible && r.isTracking(touch)
    }

    /// The event for deliveries made outside a touch dispatch (releases, cancellations): the
    /// shared one, brought up to date at its first use (most checks deliver nothing).
    struct PendingEvent {
        private var built: TouchEvent?
        mutating func event(in env: GestureEnvironment) -> TouchEvent {
            if let built { return built }
            env.refreshSharedEvent()
            let e = env.sharedEvent
            built = e
            return e
        }
    }

    private func track(_ touch: Touch) {
        if !touch.delivery.tracked {
            touch.delivery.tracked = true
            touchesWithHolds.append(touch)
        }
    }

    func deliverNewPhase(of touch: Touch, event: TouchEvent) {
        guard touch.view != nil, !touch.delivery.finished else { return }
        switch touch.phase {
        case .began:
            if !isHeld(touch, endedPhase: false) {
                deliver(touch, .began, event: event, cause: Cause(.input, CauseText("touch %d began", Double(touch.pointer))))
            } else {
                touch.delivery.began = .held
                track(touch)
                log.append(time: now, kind: .hold, view: touch.view?.logName, phase: .began, touches: TouchIDs(touch.pointer),
                           cause: Cause(.delivery, "delaysTouchesBegan of \(self.holders(of: touch, endedPhase: false).map(\.id).joined(separator: ", "))",
                                        other: self.holders(of: touch, endedPhase: false).first?.id))
            }
        case .moved:
            switch touch.delivery.began {
            case .held: touch.delivery.movedWhileHeld = true
            case .delivered: deliver(touch, .moved, event: event, cause: Cause(.input, CauseText("touch %d moved", Double(touch.pointer))))
            default: break
            }
        case .ended:
            touch.delivery.endedWaiting = true
            if touch.delivery.began == .held { return }
            if touch.delivery.began == .delivered { deliverEndedIfFree(touch, event: event, release: nil) }
        case .cancelled:
            if touch.delivery.began == .delivered {
                deliver(touch, .cancelled, event: event, cause: Cause(.input, "\(touch.label) was cancelled by the system"))
            } else {
                touch.delivery.finished = true
            }
        case .stationary: break
        }
    }

    private func deliverEndedIfFree(_ touch: Touch, event: @autoclosure () -> TouchEvent, release: @autoclosure () -> Cause?) {
        if !isHeld(touch, endedPhase: true) {
            deliver(touch, .ended, event: event(), cause: release() ?? Cause(.input, CauseText("touch %d ended", Double(touch.pointer))))
        } else if !touch.delivery.endedHeld {
            touch.delivery.endedHeld = true
            track(touch)
            log.append(time: now, kind: .hold, view: touch.view?.logName, phase: .ended, touches: TouchIDs(touch.pointer),
                       cause: Cause(.delivery, "delaysTouchesEnded of \(self.holders(of: touch, endedPhase: true).map(\.id).joined(separator: ", ")), still undecided",
                                    other: self.holders(of: touch, endedPhase: true).first?.id))
        }
    }

    /// Releases held phases whose holders have all failed.
    func recheckHeldTouches() {
        guard !touchesWithHolds.isEmpty else { return }
        // Asked after every cycle while a phase is held (a single tap's end waits out the double
        // tap's interval): the event and the causes are built only when something is released.
        var pending = PendingEvent()
        func event() -> TouchEvent { pending.event(in: self) }
        for touch in touchesWithHolds where !touch.delivery.finished {
            let releasesBegan = touch.delivery.began == .held && !isHeld(touch, endedPhase: false)
            let endedMayGo = touch.delivery.endedWaiting
            guard releasesBegan || (touch.delivery.began == .delivered && endedMayGo) else { continue }
            let releaseCause = log.keeps(.view) ? releaseCauseFor(touch) : Cause.unlogged
            if releasesBegan {
                // The touch as it was when it went down: its place and time stamp then (A.2.8).
                touch.withState(of: .began, at: touch.startLocationInWindow, previous: touch.startLocationInWindow, time: touch.startTime) {
                    deliver(touch, .began, event: event(), cause: releaseCause)
                }
                if touch.delivery.movedWhileHeld || touch.locationInWindow != touch.startLocationInWindow {
                    deliver(touch, .moved, event: event(), cause: Cause(.delivery, "one move brings the view up to the touch's current location", causedBy: releaseCause.causedBy))
                }
            }
            if touch.delivery.began == .delivered && touch.delivery.endedWaiting && !touch.delivery.finished {
                deliverEndedIfFree(touch, event: event(), release: touch.delivery.endedHeld ? releaseCause : nil)
            }
        }
        touchesWithHolds.removeAll { $0.delivery.finished || (!$0.isDown && $0.delivery.began != .held && !$0.delivery.endedWaiting) }
        for t in touchesWithHolds where t.delivery.finished { t.delivery.tracked = false }
    }

    private func releaseCauseFor(_ touch: Touch) -> Cause {
        let decided = touch.recognizers.filter { $0.isTracking(touch) && ($0.delaysTouchesBegan || $0.delaysTouchesEnded) && $0.publishedState.isTerminal }
        let last = decided.max { ($0.book.lastTransitionSeq ?? -1) < ($1.book.lastTransitionSeq ?? -1) }
        if let last {
            return Cause(.delivery, "released: \(last.id) \(last.stateName)", other: last.id, causedBy: last.book.lastTransitionSeq)
        }
        return Cause(.delivery, "released: no recognizer holds it back any more")
    }

    /// A recognizer with `cancelsTouchesInView` recognized: its touches leave their views (A.2.7).
    func cancelViewTouches(of winner: GestureRecognizer, transitionSeq: Int) {
        // Usually nothing is left to cancel (the touches already ended in their views), so the
        // event is only built when one is.
        var pending = PendingEvent()
        // Read unretained, at every recognition: the attempt keeps its touches (it changes only
        // when a touch goes down or at its reset, neither of which can happen in a delivery).
        for link in winner.attemptTouchLinks {
            link.with { touch in cancelViewTouch(touch, of: winner, transitionSeq: transitionSeq, event: &pending) }
        }
    }

    private func cancelViewTouch(_ touch: Touch, of winner: GestureRecognizer, transitionSeq: Int, event pending: inout PendingEvent) {
        guard !winner.isIgnoring(touch), touch.viewLink != nil, !touch.delivery.finished else { return }
        switch touch.delivery.began {
        case .delivered:
            deliver(touch, .cancelled, event: pending.event(in: self),
                    cause: Cause(.delivery, CauseText("cancelled in the view because %n %n (cancelsTouchesInView)",
                                                      names: winner.logName, winner.publishedState.logName(discrete: winner.isDiscrete)),
                                 otherName: winner.logName, causedBy: transitionSeq))
        case .held, .notYet, .dropped:
            touch.delivery.began = .dropped
            touch.delivery.finished = true
            log.append(time: now, kind: .drop, view: touch.view?.logName, touches: TouchIDs(touch.pointer),
                       cause: Cause(.delivery, "the view never receives \(touch.label): \(winner.id) \(winner.stateName) before its began was delivered",
                                    other: winner.id, causedBy: transitionSeq))
        }
    }

    func deliver(_ touch: Touch, _ phase: TouchPhase, event: TouchEvent, cause: @autoclosure () -> Cause) {
        // Every phase of every touch comes here: the view is reached unretained.
        touch.viewLink?.with { deliver(touch, phase, to: $0, event: event, cause: cause()) }
    }

    private func deliver(_ touch: Touch, _ phase: TouchPhase, to view: View, event: TouchEvent, cause: @autoclosure () -> Cause) {
        // A one-element array reused for every delivery: views get one touch per call.
        switch phase {
        case .began: touch.delivery.began = .delivered
        case .ended, .cancelled: touch.delivery.finished = true
        case .moved: break
        case .stationary: return
        }
        var one = spareOneTouch.take()
        if one.isEmpty { one.append(touch) } else if one[0] !== touch { one[0] = touch }
        // A phase delivered late (a move or an end released after the touch lifted) shows the view
        // that phase, as UIKit's touch would in the call.
        if touch.phase != phase {
            touch.withState(of: phase, at: touch.locationInWindow, previous: touch.previousLocationInWindow, time: touch.timestamp) {
                view.receive(phase, one, with: event)
            }
        } else {
            view.receive(phase, one, with: event)
        }
        log.append(time: now, kind: .view, view: view.logName, phase: phase.logName, touches: TouchIDs(touch.pointer), cause: cause(),
                   delivered: DeliveredTouch(inWindow: touch.locationInWindow, inView: view.convertFromWindow(touch.locationInWindow), timestamp: touch.timestamp))
        if let onReceive = view.onReceive { onReceive(phase, one) }
        spareOneTouch.put(consume one)
    }
}
