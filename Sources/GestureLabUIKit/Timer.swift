import Foundation
import GestureEngine
import GestureTrace

/// Foundation's `Timer`, on the replay's clock when GestureLab drives the code that schedules it.
///
/// Recognizers wait with timers (a hold before a drag, a multi-tap window), so a replay must run
/// them, at their virtual time and never on the wall clock. A file that imports GestureLabUIKit
/// and not Foundation itself (as an iOS file imports UIKit alone) finds this class as `Timer`:
/// a declaration of the module shadows one of the modules it re-exports. A file that also
/// imports Foundation sees two `Timer`s and must drop that import (UIKit brings Foundation on
/// iOS too); docs/custom-recognizers.md says so.
///
/// Scheduled while the engine runs a recognizer's, delegate's, view's or handler's code
/// (`DrivenCode`), a timer is one of the replay's: it fires at exactly its due time in a dispatch
/// cycle of its own, ordered with the engine's timers and the touches by one rule
/// (docs/uikit-rules.md F.2), and the log says who scheduled, invalidated and fired it. Anywhere
/// else it is a Foundation timer on the current run loop, as usual.
open class Timer: NSObject, @unchecked Sendable {
    /// Where the timer runs once scheduled.
    private enum Clock {
        case unscheduled
        case replay(GestureEnvironment, CodeTimerID)
        case wall(Foundation.Timer)
        case done
    }

    private let block: @Sendable (Timer) -> Void
    private let repeats: Bool
    private var clock = Clock.unscheduled
    private var firstFire: Date?
    /// The code that scheduled it, run again for its firings.
    private var scheduler: DrivenCode?

    /// The interval it was made with (at least 0.1 ms for a repeating timer, Foundation's rule).
    open private(set) var timeInterval: TimeInterval
    /// Kept for code that sets it: the replay fires at exactly the due time.
    open var tolerance: TimeInterval = 0
    /// Whatever your code keeps with the timer.
    open var userInfo: Any?
    /// False once invalidated, or once a timer that does not repeat has fired.
    open private(set) var isValid = true

    /// A timer not yet scheduled: `RunLoop.main.add(_:forMode:)` schedules it.
    public init(timeInterval interval: TimeInterval, repeats: Bool, block: @escaping @Sendable (Timer) -> Void) {
        // Foundation's rule: a repeating timer's interval is at least 0.1 ms.
        self.timeInterval = repeats ? max(interval, 0.0001) : interval
        self.repeats = repeats
        self.block = block
        super.init()
    }

    /// A timer not yet scheduled, whose first firing is at `date`.
    public convenience init(fire date: Date, interval: TimeInterval, repeats: Bool, block: @escaping @Sendable (Timer) -> Void) {
        self.init(timeInterval: interval, repeats: repeats, block: block)
        firstFire = date
    }

    /// Makes a timer and schedules it on the current run loop (the replay's, inside GestureLab).
    @discardableResult
    open class func scheduledTimer(withTimeInterval interval: TimeInterval, repeats: Bool, block: @escaping @Sendable (Timer) -> Void) -> Timer {
        let timer = Timer(timeInterval: interval, repeats: repeats, block: block)
        timer.schedule(on: .current)
        return timer
    }

    /// When it fires next: on the replay's clock, the wall-clock date that is as far from now as
    /// the due time is from the replay's now.
    open var fireDate: Date {
        switch clock {
        case let .wall(t): return t.fireDate
        case let .replay(env, id):
            let due = env.codeTimerDue(id) ?? env.now
            return Date(timeIntervalSinceNow: (due - env.now).seconds)
        case .unscheduled, .done:
            return firstFire ?? Date(timeIntervalSinceNow: timeInterval)
        }
    }

    /// Runs the block now; a timer that does not repeat is then invalidated (Foundation's rule).
    open func fire() {
        guard isValid else { return }
        block(self)
        if !repeats { invalidate() }
    }

    /// Stops the timer; on the replay's clock the log says who invalidated it.
    open func invalidate() {
        guard isValid else { return }
        isValid = false
        switch clock {
        case let .replay(env, id):
            env.cancelCodeTimer(id, by: DrivenCode.current?.className ?? "code outside the replay's callbacks")
        case let .wall(t):
            t.invalidate()
        case .unscheduled, .done:
            break
        }
        // Lets go of the Foundation timer, whose block holds this one.
        clock = .done
        scheduler = nil
    }

    /// `RunLoop.add(_:forMode:)` for this class: while GestureLab drives app code, the main run
    /// loop (and the current one, where `scheduledTimer` puts it) is the replay's clock.
    func schedule(on runLoop: RunLoop) {
        guard isValid, case .unscheduled = clock else { return }
        let delay = firstFire.map { max($0.timeIntervalSinceNow, 0) } ?? timeInterval
        if runLoop === RunLoop.main || runLoop === RunLoop.current, let driver = DrivenCode.current {
            scheduler = driver.runningBlock(repeats ? "repeating Timer" : "Timer", scheduledAt: driver.environment.now)
            let id = driver.environment.scheduleCodeTimer(
                driver.timer(repeats ? "repeating Timer" : "Timer"), after: .seconds(delay),
                repeating: repeats ? .seconds(timeInterval) : nil
            ) { [self] in firedOnReplayClock() }
            clock = .replay(driver.environment, id)
            return
        }
        let t = Foundation.Timer(fire: Date(timeIntervalSinceNow: delay), interval: timeInterval, repeats: repeats) { [self] _ in
            block(self)
            if !repeats { isValid = false; clock = .done }
        }
        t.tolerance = tolerance
        clock = .wall(t)
        runLoop.add(t, forMode: .default)
    }

    private func firedOnReplayClock() {
        guard isValid, let scheduler else { return }
        if !repeats || !scheduler.environment.isCodeTimerScheduled(codeTimerID) {
            isValid = false
        }
        DrivenCode.run(scheduler) { block(self) }
        if !isValid { clock = .done; self.scheduler = nil }
    }

    private var codeTimerID: CodeTimerID {
        if case let .replay(_, id) = clock { return id }
        return CodeTimerID(serial: -1)
    }
}

extension RunLoop {
    /// Schedules one of GestureLabUIKit's timers (see `Timer`): on the replay's clock when this is
    /// the main run loop and GestureLab is running app code.
    public func add(_ timer: Timer, forMode mode: RunLoop.Mode) {
        timer.schedule(on: self)
    }
}
