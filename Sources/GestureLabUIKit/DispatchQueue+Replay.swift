import Dispatch
import Foundation
import GestureTrace

/// `DispatchQueue.main.async` and `asyncAfter(deadline:)` on the replay's clock while GestureLab
/// runs app code (see `DrivenCode`), as `Timer` is: code that defers work to the main queue
/// ("after this event", "in 0.3 s") sees it run in the replay, at its virtual time.
///
/// These overloads take only the deadline and the block, so calls that give no `qos:` or `flags:`
/// pick them over Dispatch's (which would need its defaults filled in); a call that names a
/// quality of service, or passes a `DispatchWorkItem`, reaches Dispatch itself and runs on the
/// wall clock (docs/custom-recognizers.md lists what is and is not on the replay's clock).
extension DispatchQueue {
    /// On the main queue inside a replay: after `deadline - DispatchTime.now()`, rounded up to a
    /// whole millisecond (the deadline is wall time: `.now() + 0.3` was read a few microseconds
    /// before this call, and rounding up gives back the 300 ms the code asked for).
    public func asyncAfter(deadline: DispatchTime, execute work: @escaping @Sendable @convention(block) () -> Void) {
        guard isMain, let driver = DrivenCode.current else {
            return asyncAfter(deadline: deadline, qos: .unspecified, flags: [], execute: work)
        }
        let now = DispatchTime.now().uptimeNanoseconds
        let nanoseconds = deadline.uptimeNanoseconds > now ? deadline.uptimeNanoseconds - now : 0
        let milliseconds = (nanoseconds + 999_999) / 1_000_000
        Self.schedule(work, by: driver, what: "DispatchQueue.main.asyncAfter block", after: Duration(microseconds: Int64(clamping: milliseconds) &* 1000))
    }

    /// On the main queue inside a replay: right after the cycle running now, at the same time.
    public func async(execute work: @escaping @Sendable @convention(block) () -> Void) {
        guard isMain, let driver = DrivenCode.current else {
            return async(group: nil, qos: .unspecified, flags: [], execute: work)
        }
        Self.schedule(work, by: driver, what: "DispatchQueue.main.async block", after: Duration(microseconds: 0))
    }

    /// Whether this is the main queue. Compared by label: on Linux each read of
    /// `DispatchQueue.main` makes a new object for the one queue.
    private var isMain: Bool { label == DispatchQueue.main.label }

    private static func schedule(_ work: @escaping @Sendable () -> Void, by driver: DrivenCode, what: String, after delay: Duration) {
        let block = driver.runningBlock(what, scheduledAt: driver.environment.now)
        _ = driver.environment.scheduleCodeTimer(driver.timer(what), after: delay) {
            DrivenCode.run(block) { work() }
        }
    }
}
