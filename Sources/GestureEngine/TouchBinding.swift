import GestureTrace

/// A new touch is hit-tested and bound to its view for life (A.2.1), and the enabled
/// recognizers of that view and its ancestors receive it unless the device is not allowed or
/// the delegate's `shouldReceive` says no (A.2.2, A.2.3). A recognizer's first touch since its
/// reset starts an attempt, and the dynamic failure requirements are asked then.
extension GestureEnvironment {
    func bind(_ touch: Touch) {
        let location = touch.locationInWindow
        let rootLocal = Point(x: location.x - window.frame.origin.x + window.boundsOrigin.x,
                              y: location.y - window.frame.origin.y + window.boundsOrigin.y)
        let hit = window.asksHitTest(rootLocal)
        touch.view = hit
        let inputSeq = log.append(time: now, kind: .input, view: hit?.logName, phase: .began, touches: TouchIDs(touch.pointer),
                                  cause: Cause(.input, hit.map { CauseText("touch %d down at (%1, %1) hits %n", names: $0.logName,
                                                                           numbers: Double(touch.pointer), location.x, location.y) }
                                                   ?? CauseText("\(touch.label) down at \(location) hits nothing (outside the window)")))
        guard let hit else {
            touch.delivery.finished = true
            return
        }
        // Per new touch, for every recognizer of the hit view and its ancestors: reached
        // unretained (the views' lists keep them alive), into a list whose room is made once.
        var receivers: [GestureRecognizer] = []
        // Counted unretained: no user code runs here, and the hierarchy keeps its views.
        var capacity = 0
        var u: Unretained<View>? = Unretained(hit)
        while let view = u {
            u = view.with { view in
                capacity += view.gestureRecognizers.count
                return view.superview.map { Unretained($0) }
            }
        }
        receivers.reserveCapacity(capacity)
        var v: View? = hit
        while let view = v {
            v = view.superview
            view.gestureRecognizers.withUnretainedElements { links in
                for link in links.reversed() {
                    link.with { r in
                        if receives(r, touch, inputSeq: inputSeq) { receivers.append(r) }
                    }
                }
            }
        }
        touch.setRecognizers(receivers)
        var newAttempts = arbitration.lend(.newAttempts)
        defer { arbitration.giveBack(&newAttempts, .newAttempts) }
        receivers.withUnretainedElements { links in
            for link in links {
                link.with { r in
                    if !r.isInAttempt {
                        arbitration.enter(r)
                        newAttempts.append(link)
                    }
                    r.receive(touch)
                }
            }
        }
        if !newAttempts.isEmpty { arbitration.evaluateDynamicRequirements(newAttempts: newAttempts, sharing: receivers) }
    }

    /// Whether `r` receives a new touch: enabled, not finished, the device allowed, and the
    /// delegate's `shouldReceive` (A.2.3).
    private func receives(_ r: GestureRecognizer, _ touch: Touch, inputSeq: Int) -> Bool {
        guard r.isEnabled else {
            // Said in the log, so "why did it not fire?" has an answer (A.1.9).
            let by = r.disabledBy
            log.append(time: now, kind: .note, recognizer: r.logName, touches: TouchIDs(touch.pointer),
                       cause: Cause(.disabled, "\(r.id) does not receive \(touch.label): it is disabled (isEnabled is false)" + (by.map { " since \($0.source)" } ?? ""),
                                    other: by?.source, causedBy: by?.seq ?? inputSeq))
            return false
        }
        guard !r.publishedState.isTerminal, !r.takesHover else { return false }
        if let allowed = r.allowedDevices, let d = touch.device, !allowed.contains(d) {
            log.append(time: now, kind: .note, recognizer: r.logName, touches: TouchIDs(touch.pointer),
                       cause: Cause(.delegate, "\(r.id) does not receive \(touch.label): device \(d.rawValue) is not allowed", causedBy: inputSeq))
            return false
        }
        // A delegate that says it refuses no touch is not asked (a scene policy without filters).
        guard r.book.touchFilterHint?.mayRefuseTouches ?? true, let delegate = r.delegate else { return true }
        // The event question first (A.2.3), about the event as it will be delivered.
        refreshSharedEvent()
        if !delegate.gestureRecognizer(r, shouldReceive: sharedEvent) {
            let why = delegate.explanationOfLastAnswer().map { " (\($0))" } ?? ""
            log.append(time: now, kind: .note, recognizer: r.logName, touches: TouchIDs(touch.pointer),
                       cause: Cause(.delegate, "delegate of \(r.id): shouldReceive the event of \(touch.label) = false\(why)", causedBy: inputSeq))
            return false
        }
        if !delegate.gestureRecognizer(r, shouldReceive: touch) {
            let why = delegate.explanationOfLastAnswer().map { " (\($0))" } ?? ""
            log.append(time: now, kind: .note, recognizer: r.logName, touches: TouchIDs(touch.pointer),
                       cause: Cause(.delegate, "delegate of \(r.id): shouldReceive \(touch.label) = false\(why)", causedBy: inputSeq))
            return false
        }
        return true
    }
}
