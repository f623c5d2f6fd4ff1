import GestureTrace

/// Timers that app code schedules while the engine drives it (a UIKit-style recognizer's
/// `Timer`, a delegate's `DispatchQueue.main.asyncAfter`): they run on the replay's clock with
/// the engine's own timers, under the same rule (due-time order, ties in scheduling order, before
/// the touches stamped the same unless `timersBeforeTouchesAtSameTime` is off; docs/uikit-rules.md
/// F.2). Unlike the engine's timers, each is logged when it is scheduled, when it is invalidated,
/// when it fires, and when a touch sequence ends with it still pending: holds and multi-tap
/// windows written as timers are then as visible in `explain` as the built-ins' are.
package struct CodeTimer {
    /// What kind of timer: "Timer", "repeating Timer", "DispatchQueue.main.asyncAfter block".
    package var what: String
    /// The class whose code scheduled it ("HoldToDragRecognizer").
    package var scheduler: String
    /// The recognizer whose lane it belongs on in a timeline, if a recognizer scheduled it.
    package var recognizer: String?
    package var view: String?

    package init(what: String, scheduler: String, recognizer: String?, view: String?) {
        self.what = what
        self.scheduler = scheduler
        self.recognizer = recognizer
        self.view = view
    }
}

/// The code timers scheduled and not yet fired or invalidated, by their own serial number (a
/// repeating timer is a new clock timer at each firing, and keeps its number).
struct CodeTimerBook {
    struct Pending {
        var timer: CodeTimer
        var scheduledAt: Timestamp
        var due: Timestamp
        var seq: Int
        var clockID: VirtualClock.TimerID
    }

    var pending: [Int: Pending] = [:]
    var nextSerial = 0
    /// Set while `finish` runs the timers left after the last event: a repeating timer nobody
    /// invalidated then fires once more and stops, instead of filling the log until the bound.
    var finishing = false
}

/// A code timer, for `cancelCodeTimer`.
package struct CodeTimerID: Hashable, Sendable {
    let serial: Int
    package init(serial: Int) { self.serial = serial }
}

extension GestureEnvironment {
    /// Schedules `action` to run after `delay` on the replay's clock (and every `repeating` after
    /// that until cancelled), in a dispatch cycle of its own whose changes name the firing as
    /// their cause.
    package func scheduleCodeTimer(_ timer: CodeTimer, after delay: Duration, repeating interval: Duration? = nil,
                                   _ action: @escaping () -> Void) -> CodeTimerID {
        let delay = max(delay, Duration(microseconds: 0))
        let due = now + delay
        var causedBy: Int?
        if case let .reaction(_, seq) = context { causedBy = seq }
        let every = interval.map { ", then every \(max($0, Duration(microseconds: 1)))" } ?? ""
        let seq = log.append(time: now, kind: .note, recognizer: LogName?(timer.recognizer), view: LogName?(timer.view),
                             cause: Cause(.timer, "\(timer.scheduler) schedules a \(timer.what) for \(delay)\(every) (due at \(due.millisecondsText) ms)", causedBy: causedBy))
        let id = CodeTimerID(serial: codeTimers.nextSerial)
        codeTimers.nextSerial += 1
        let clockID = scheduleCodeTimerFiring(id, at: due, interval: interval, action)
        codeTimers.pending[id.serial] = CodeTimerBook.Pending(timer: timer, scheduledAt: now, due: due, seq: seq, clockID: clockID)
        return id
    }

    private func scheduleCodeTimerFiring(_ id: CodeTimerID, at due: Timestamp, interval: Duration?, _ action: @escaping () -> Void) -> VirtualClock.TimerID {
        clock.schedule(name: "code", owner: Self.codeTimerOwner, at: due) { [unowned self] in
            guard let p = codeTimers.pending[id.serial] else { return }
            let repeats = interval != nil && !codeTimers.finishing
            if !repeats { codeTimers.pending[id.serial] = nil }
            let name = "the \(p.timer.what) \(p.timer.scheduler) scheduled at \(p.scheduledAt.millisecondsText) ms"
            let stops = interval != nil && !repeats ? "; the trace has ended, so it fires no more" : ""
            let fired = log.append(time: now, kind: .timer, recognizer: LogName?(p.timer.recognizer), view: LogName?(p.timer.view),
                                   cause: Cause(.timer, "\(name) fires\(stops)", causedBy: p.seq))
            if repeats, let interval {
                let next = now + max(interval, Duration(microseconds: 1))
                codeTimers.pending[id.serial]?.due = next
                codeTimers.pending[id.serial]?.clockID = scheduleCodeTimerFiring(id, at: next, interval: interval, action)
            }
            runCycle(context: .timer(name: name, owner: p.timer.scheduler, seq: fired)) { action() }
        }
    }

    /// Cancels a code timer that has not fired (`Timer.invalidate()`), with a log row saying who did.
    package func cancelCodeTimer(_ id: CodeTimerID, by canceller: String) {
        guard let p = codeTimers.pending.removeValue(forKey: id.serial) else { return }
        clock.cancel(p.clockID)
        log.append(time: now, kind: .note, recognizer: LogName?(p.timer.recognizer), view: LogName?(p.timer.view),
                   cause: Cause(.timer, "\(canceller) invalidates the \(p.timer.what) \(p.timer.scheduler) scheduled at \(p.scheduledAt.millisecondsText) ms (next due at \(p.due.millisecondsText) ms)", causedBy: p.seq))
    }

    package func isCodeTimerScheduled(_ id: CodeTimerID) -> Bool { codeTimers.pending[id.serial] != nil }

    /// When a code timer fires next, if it is still scheduled.
    package func codeTimerDue(_ id: CodeTimerID) -> Timestamp? { codeTimers.pending[id.serial]?.due }

    /// The owner the clock knows code timers by: they write their own rows when they fire.
    static let codeTimerOwner = "code"

    /// Called when the last finger lifts: the timers app code still has pending are in the log
    /// (a hold that never fired, a multi-tap window still open).
    func noteCodeTimersPendingAtSequenceEnd() {
        for p in codeTimers.pending.values.sorted(by: { $0.seq < $1.seq }) {
            log.append(time: now, kind: .note, recognizer: LogName?(p.timer.recognizer), view: LogName?(p.timer.view),
                       cause: Cause(.timer, "no finger is down and the \(p.timer.what) \(p.timer.scheduler) scheduled at \(p.scheduledAt.millisecondsText) ms is still pending (due at \(p.due.millisecondsText) ms)", causedBy: p.seq))
        }
    }
}
