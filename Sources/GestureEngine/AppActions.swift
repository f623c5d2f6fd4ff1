import GestureTrace

/// What the app does on its own at a moment of the replay (docs/uikit-rules.md F.1): an action
/// scheduled at a time runs like a timer expiry, at its own timestamp, before the input events
/// stamped the same (F.1.1, F.1.6), with its own log row; and the system's cancellation of
/// touches (F.1.4), which an app action can ask for.
extension GestureEnvironment {
    /// The owner of app actions on the virtual clock.
    static let appActionOwner = "app"

    /// Runs `action` when the replay reaches `time`. `name` is what the log row says ("at 120 ms:
    /// disable pan"). Changes it makes (a recognizer disabled, a view hidden) are processed in the
    /// action's own cycle, with the action as their cause.
    public func scheduleAppAction(at time: Timestamp, name: String, _ action: @escaping () -> Void) {
        _ = clock.schedule(name: name, owner: Self.appActionOwner, at: time, action)
    }

    /// Runs app code now (a reaction to a view receiving a touch, say) under a log row of its own,
    /// so the changes it makes name it as their cause. Inside a dispatch they settle in that
    /// cycle; outside one, in a cycle of their own. Returns the row's number.
    @discardableResult
    public func performAppAction(_ name: String, causedBy: Int? = nil, _ body: () -> Void) -> Int {
        let seq = log.append(time: now, kind: .app, cause: Cause(.reaction, name, causedBy: causedBy))
        if isDispatching {
            let saved = context
            context = .reaction(source: name, seq: seq)
            body()
            context = saved
        } else {
            runCycle(context: .reaction(source: name, seq: seq)) { body() }
        }
        return seq
    }

    /// A log row for a change app code made (a view hidden, a parameter set), caused by the app
    /// action running now, if one is.
    public func logAppChange(_ text: String, view: String? = nil, recognizer: String? = nil) {
        var causedBy: Int?
        if case let .reaction(_, seq) = context { causedBy = seq }
        log.append(time: now, kind: .app, recognizer: LogName?(recognizer), view: LogName?(view), cause: Cause(.reaction, text, causedBy: causedBy))
    }

    /// The log row of the app action running now, if one is.
    public var currentAppActionSeq: Int? {
        if case let .reaction(_, seq) = context { return seq }
        return nil
    }

    /// Which touches the system cancels.
    public enum CancelledTouches {
        /// Every touch down (F.1.4: "the system cancels every active touch now").
        case all
        /// The touches bound to this view or a view inside it (EngineOptions.touchesOfALeavingView).
        case inView(View)
    }

    /// The system cancels touches, as it does for an incoming call (F.1.4): each gets its
    /// `cancelled` phase in one event, so active recognizers are cancelled (with an action),
    /// possible ones fail, and views get `touchesCancelled`. A cancelled touch is dead: later
    /// samples of that finger, until it lifts, are ignored. Asked for inside a dispatch (a
    /// reaction), it happens right after that cycle.
    public func cancelTouches(_ which: CancelledTouches = .all, reason: String, causedBy: Int? = nil) {
        systemCancels.append((which, reason, causedBy))
        if !isDispatching { performSystemCancels() }
    }

    func performSystemCancels() {
        while !systemCancels.isEmpty {
            let (which, reason, causedBy) = systemCancels.removeFirst()
            let touches = touchesDown.filter { t in
                guard case let .inView(v) = which else { return true }
                return t.view.map { $0 === v || $0.isDescendant(of: v) } ?? false
            }
            guard !touches.isEmpty else { continue }
            let seq = log.append(time: now, kind: .app, touches: TouchIDs(touches.map(\.pointer)),
                                 cause: Cause(.reaction, "the system cancels \(touches.map(\.label).joined(separator: ", ")): \(reason)", causedBy: causedBy))
            var changed: [Touch] = []
            for touch in touches {
                touch.previousLocationInWindow = touch.locationInWindow
                touch.timestamp = now
                touch.phase = .cancelled
                systemCancelledPointers.insert(touch.pointer)
                log.append(time: now, kind: .input, view: touch.view?.logName, phase: .cancelled, touches: TouchIDs(touch.pointer),
                           cause: Cause(.input, "\(touch.label) is cancelled by the system at \(touch.locationInWindow)", causedBy: seq))
                changed.append(touch)
            }
            touchSetVersion &+= 1
            dispatch(changed)
            for touch in changed { forgetCancelled(touch) }
        }
    }
}
