import GestureTrace

/// Trace events become touches (docs/uikit-rules.md A.2.1, A.2.6): a `down` makes a new touch and binds
/// it, a move, lift or cancel updates the touch its pointer has down, and the touches that
/// changed go through one dispatch cycle together. The common event, the same fingers as the
/// previous one, takes a path without lookups or reference counting.
extension GestureEnvironment {
    /// Feeds one trace event (a cycle of its own). Prefer `feed(batch:)` for events that share a timestamp.
    public func feed(_ event: TraceEvent) { feed(batch: [event]) }

    /// Feeds events that happened at the same moment as one UIKit event.
    public func feed(batch: [TraceEvent]) {
        batch.withUnsafeBufferPointer { feed(moment: $0) }
    }

    /// One UIKit event, read in place from the caller's events: a replay's events are not copied
    /// into a batch of their own (they are 120 bytes each, and a move is most of the work).
    func feed(moment batch: UnsafeBufferPointer<TraceEvent>) {
        // The per-event paths read the touches and recognizers through unretained lists that a
        // nested feed would rebuild under them; UIKit never delivers an event inside another.
        precondition(!isDispatching, "GestureEnvironment.feed was called from inside a dispatch (an action, a reaction or a recognizer hook); feed events between cycles")
        guard let first = batch.baseAddress, !batch.isEmpty else { return }
        let t = first.pointee.time
        if clock.mayHaveDue(upTo: t, inclusive: options.timersBeforeTouchesAtSameTime) {
            advance(to: t, inclusive: options.timersBeforeTouchesAtSameTime)
        }
        if t > now { now = t }
        if feedNextEventOfSameFingers(batch, at: t) { return }
        feedOtherEvent(batch, at: t)
    }

    /// Any other event: a finger goes down, or the fingers are not the previous event's. Kept out
    /// of line: its frame is large, and the common event above then needs none of it.
    @inline(never)
    private func feedOtherEvent(_ batch: UnsafeBufferPointer<TraceEvent>, at t: Timestamp) {
        // The list of changed touches is reused between events (one allocation saved per event).
        var changed = spareChanged.take()
        changed.clearKeepingCapacity()
        // Hover and scroll samples are not touches: they go to their recognizers after the touches.
        var pointerSamples: [TraceEvent] = []
        var pressed = false
        for e in batch {
            let location = Point(x: e.x, y: e.y)
            switch e.type {
            case .hover, .scroll:
                pointerSamples.append(e)
                continue
            case .down:
                // Usually no finger is down (a tap): nothing to hash.
                if !touchesByPointer.isEmpty, let stale = touchesByPointer[e.pointer] { finishTouch(stale) }
                if !systemCancelledPointers.isEmpty { systemCancelledPointers.remove(e.pointer) }
                // F.5.1: without indirect input events, a click is a direct touch.
                let device = e.device == .mouse && !options.supportsIndirectInputEvents ? InputDevice.touch : e.device
                let touch = Touch(pointer: e.pointer, serial: nextSerial, time: t, location: location, device: device, pressure: e.pressure)
                nextSerial += 1
                touch.contact = e.contact
                touch.buttons = e.buttons
                if e.device == .mouse || e.device == .pen { pressed = true }
                touch.tapCount = tapCount(ofTouchDownAt: location, time: t)
                touchesByPointer[e.pointer] = touch
                touchSetVersion &+= 1
                bind(touch)
                changed.append(touch)
            case .move, .up, .cancel:
                let touch: Touch
                if let found = sharedEvent.allTouches.first(where: { $0.pointer == e.pointer && $0.isDown }) ?? touchesByPointer[e.pointer] {
                    // The event's list holds every finger that was down before this batch: a
                    // short scan before hashing.
                    touch = found
                } else {
                    if systemCancelledPointers.contains(e.pointer) {
                        // F.1.4: a cancelled touch is dead until its finger lifts.
                        if e.type != .move { systemCancelledPointers.remove(e.pointer) }
                        log.append(time: t, kind: .note, phase: e.type == .move ? .moved : nil, touches: TouchIDs(e.pointer),
                                   cause: Cause(.input, "\(e.type.rawValue) of pointer \(e.pointer) ignored: the system cancelled that touch"))
                        continue
                    }
                    log.append(time: t, kind: .note, touches: TouchIDs(e.pointer),
                               cause: Cause(.input, "\(e.type.rawValue) for pointer \(e.pointer), which is not down: ignored"))
                    continue
                }
                update(touch, with: e, at: t)
                if !changed.contains(where: { $0 === touch }) {
                    changed.append(touch)
                }
            }
        }
        dispatch(changed)
        for touch in changed where !touch.isDown { forget(touch) }
        if pressed { pointerWasPressed() }
        for e in pointerSamples { feedPointerSample(e, at: t) }
        // Put back at the end, moved rather than copied (a copy would be retained).
        spareChangedLinks.replace(with: changed)
        spareChanged.put(consume changed)
    }

    /// The common event: the same fingers as the previous event move again (or lift), in the
    /// same order, so the previous list of changed touches is this event's. It needs no lookup
    /// and no list, and reaches the touches without reference counting (see `Unretained`).
    @inline(__always)
    private func feedNextEventOfSameFingers(_ batch: UnsafeBufferPointer<TraceEvent>, at t: Timestamp) -> Bool {
        let links = spareChangedLinks
        guard batch.count == links.count else { return false }
        for i in 0..<links.count {
            let matches = links[i].with { touch in
                let e = batch.baseAddress.unsafelyUnwrapped + i
                return e.pointee.type != .down && e.pointee.type.isTouch && touch.pointer == e.pointee.pointer && touch.isDown
            }
            guard matches else { return false }
        }
        for i in 0..<links.count {
            links[i].with { update($0, with: batch.baseAddress.unsafelyUnwrapped + i, at: t) }
        }
        // Lent out rather than copied: a copy of the stored list would be retained.
        let changed = spareChanged.take()
        dispatch(changed)
        spareChanged.put(consume changed)
        var lifted = false
        for i in 0..<links.count where links[i].with({ !$0.isDown }) {
            lifted = true
            links[i].with { forget($0) }
        }
        if lifted {
            // The next event starts a new list (and a lifted finger's touch may be freed).
            var emptied = spareChanged.take()
            emptied.clearKeepingCapacity()
            spareChanged.put(emptied)
            spareChangedLinks.removeAll()
        }
        return true
    }

    /// Moves a touch that is down to the event's place and phase, and logs it.
    private func update(_ touch: Touch, with e: TraceEvent, at t: Timestamp) {
        withUnsafePointer(to: e) { update(touch, with: $0, at: t) }
    }

    /// Read through a pointer (an event is 120 bytes), and inlined into the common event's path.
    @inline(__always)
    private func update(_ touch: Touch, with event: UnsafePointer<TraceEvent>, at t: Timestamp) {
        let x = event.pointee.x, y = event.pointee.y, type = event.pointee.type
        touch.previousLocationInWindow = touch.locationInWindow
        touch.locationInWindow = Point(x: x, y: y)
        touch.timestamp = t
        if let p = event.pointee.pressure { touch.pressure = p }
        if let c = event.pointee.contact { touch.contact = c }
        if let b = event.pointee.buttons { touch.buttons = b }
        touch.phase = type == .move ? .moved : (type == .up ? .ended : .cancelled)
        if type == .move && !log.keepsRoutineInput {
            _ = log.skip(1)
            return
        }
        log.append(time: t, kind: .input, view: touch.view?.logName, phase: touch.phase.logName, touches: TouchIDs(touch.pointer),
                   cause: Cause(.input, type == .move ? CauseText("touch %d moves to (%1, %1)", Double(touch.pointer), x, y)
                                : type == .up ? CauseText("touch %d lifts at (%1, %1)", Double(touch.pointer), x, y)
                                : CauseText("touch %d is cancelled at (%1, %1)", Double(touch.pointer), x, y)))
    }

    /// A touch the system cancelled leaves the touches down.
    func forgetCancelled(_ touch: Touch) { forget(touch) }

    /// A touch that ended or was cancelled leaves the touches down.
    private func forget(_ touch: Touch) {
        // Its last phase has been delivered: a face kept only by the touch may go.
        let dropped = touch.companion.release()
        withExtendedLifetime(dropped) {}
        if touchesByPointer.count == 1, let only = touchesByPointer.first, only.value === touch {
            // The last finger lifted (every tap): emptied without hashing.
            touchesByPointer.removeAll(keepingCapacity: true)
        } else {
            guard touchesByPointer[touch.pointer] === touch else { return }
            touchesByPointer[touch.pointer] = nil
        }
        touchSetVersion &+= 1
        if touchesByPointer.isEmpty && !codeTimers.pending.isEmpty { noteCodeTimersPendingAtSequenceEnd() }
        let stayed = touch.locationInWindow.distance(to: touch.startLocationInWindow) <= GestureDefaults.tapAllowableMovement
        lastLift = touch.phase == .ended && stayed ? (touch.timestamp, touch.startLocationInWindow, touch.tapCount) : nil
    }

    /// UIKit's `tapCount` for a touch going down now (see `Touch.tapCount`).
    private func tapCount(ofTouchDownAt location: Point, time: Timestamp) -> Int {
        guard let last = lastLift, touchesByPointer.isEmpty,
              time - last.time <= GestureDefaults.tapMaximumInterval,
              location.distance(to: last.location) <= GestureDefaults.tapAllowableMovement else { return 1 }
        return last.tapCount + 1
    }
}
