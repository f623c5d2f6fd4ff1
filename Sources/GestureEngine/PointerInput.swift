import GestureTrace

/// Pointer input that is not a touch (docs/uikit-rules.md F.5): a mouse or pen hovering with no
/// button pressed, and scroll-wheel or trackpad scrolling. Neither reaches views' touch methods
/// (F.5.2); each goes to the recognizers that take it, in a cycle of its own. Such recognizers
/// share no touch with any other, so they neither exclude nor are excluded (A.3.2).
extension GestureEnvironment {
    /// A mouse or pen button went down: the hover recognizers following a pointer hear of it.
    func pointerWasPressed() {
        let hovering = arbitration.attempts.filter(\.takesHover)
        guard !hovering.isEmpty else { return }
        runCycle {
            for r in hovering { r.pointerPressed() }
        }
    }

    func feedPointerSample(_ e: TraceEvent, at t: Timestamp) {
        let location = Point(x: e.x, y: e.y)
        let hit = window.asksHitTest(location)
        let over = hit?.id ?? "nothing"
        var candidates: [GestureRecognizer] = []
        switch e.type {
        case .hover:
            log.append(time: t, kind: .input, view: hit?.logName, phase: LogName("hover"), touches: TouchIDs(e.pointer),
                       cause: Cause(.input, "pointer \(e.pointer) hovers at \(location) over \(over)"))
            // Every hover recognizer over whose view the pointer is, and those following it
            // already (so leaving the view ends them).
            for v in window.subtree {
                for r in v.gestureRecognizers where r.takesHover && r.isEnabled {
                    let inside = hit.map { $0 === v || $0.isDescendant(of: v) } ?? false
                    if inside || r.isInAttempt { candidates.append(r) }
                }
            }
        case .scroll:
            guard let sample = e.scroll else { return }
            log.append(time: t, kind: .input, view: hit?.logName, phase: LogName("scroll"), touches: TouchIDs(e.pointer),
                       cause: Cause(.input, "pointer \(e.pointer) scrolls \(Vector(dx: sample.dx, dy: sample.dy)) (\(sample.phase.rawValue), \(sample.kind.rawValue)) at \(location) over \(over)"))
            // The pans on the view under the pointer and its ancestors that take this kind (F.5.7),
            // and those already following this scroll.
            var v = hit
            while let view = v {
                for r in view.gestureRecognizers.reversed() where r.isEnabled && r.takesScroll(sample.kind) && !r.publishedState.isTerminal {
                    candidates.append(r)
                }
                v = view.superview
            }
            for r in arbitration.attempts where r.takesScroll(sample.kind) && !candidates.contains(where: { $0 === r }) {
                candidates.append(r)
            }
        default:
            return
        }
        guard !candidates.isEmpty else { return }
        // A recognizer's delegate may refuse the event (F.5.3: a pan for the secondary button).
        if candidates.contains(where: { $0.delegate != nil }) {
            pointerEvent.timestamp = t
            pointerEvent.type = e.type == .hover ? .hover : .scroll
            pointerEvent.pointerButtons = e.buttons ?? 0
            candidates.removeAll { r in
                guard let d = r.delegate, !r.isInAttempt, !d.gestureRecognizer(r, shouldReceive: pointerEvent) else { return false }
                let why = d.explanationOfLastAnswer().map { " (\($0))" } ?? ""
                log.append(time: t, kind: .note, recognizer: r.logName, touches: TouchIDs(e.pointer),
                           cause: Cause(.delegate, "delegate of \(r.id): shouldReceive the \(e.type == .hover ? "hover" : "scroll") event = false\(why)"))
                return true
            }
            guard !candidates.isEmpty else { return }
        }
        runCycle {
            for r in candidates {
                if !r.isInAttempt { arbitration.enter(r) }
                switch e.type {
                case .hover:
                    let inside = hit.map { h in r.view.map { h === $0 || h.isDescendant(of: $0) } ?? false } ?? false
                    r.pointerHovered(at: location, inside: inside)
                default:
                    r.pointerScrolled(e.scroll!, at: location)
                }
            }
        }
    }
}
