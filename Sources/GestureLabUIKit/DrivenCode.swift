import Foundation
import GestureEngine
import GestureTrace

/// Whose code the engine is running now: a recognizer subclass's hook, a delegate's answer, a
/// view's override, a target's handler, or a block of a timer one of them scheduled. While it
/// runs, `Timer` and `DispatchQueue.main` schedule on the replay's clock (Timer.swift, DispatchQueue+Replay.swift)
/// and their log rows name this code's class.
struct DrivenCode {
    let environment: GestureEnvironment
    /// The object whose code runs (for its class name, taken only when a timer is scheduled).
    let code: AnyObject
    let recognizer: GestureRecognizer?
    let view: View?
    /// The timer block running, if that is what runs ("the Timer it scheduled at 20 ms").
    var block: String?

    /// The code running now, and the thread running it: a timer scheduled on another thread
    /// (a background queue's) is not the replay's. (The main actor is not always the main
    /// thread: Swift Testing on Linux runs it elsewhere.)
    nonisolated(unsafe) private static var running: DrivenCode?
    nonisolated(unsafe) private static var runningThread: pthread_t?

    static var current: DrivenCode? {
        guard let thread = runningThread, pthread_equal(thread, pthread_self()) != 0 else { return nil }
        return running
    }

    var className: String { String(describing: type(of: code)) }

    /// Runs `body` as `code`'s, for the recognizer or view the engine is asking about. Code the
    /// engine does not drive (a recognizer not in a window) runs as it is.
    static func run<T>(_ code: AnyObject, recognizer: GestureRecognizer? = nil, view: View? = nil, _ body: @MainActor () -> T) -> T {
        guard let environment = recognizer?.environment ?? view?.environment else { return onMainActor(body) }
        return run(DrivenCode(environment: environment, code: code, recognizer: recognizer, view: view, block: nil), body)
    }

    static func run<T>(_ driver: DrivenCode, _ body: @MainActor () -> T) -> T {
        let outer = (running, runningThread)
        (running, runningThread) = (driver, pthread_self())
        defer { (running, runningThread) = outer }
        return onMainActor(body)
    }

    /// The same code, running the block of a timer it scheduled.
    func runningBlock(_ what: String, scheduledAt: Timestamp) -> DrivenCode {
        var d = self
        d.block = "the \(what) it scheduled at \(scheduledAt.millisecondsText) ms"
        return d
    }

    /// What the engine's log calls this code's timers.
    func timer(_ what: String) -> CodeTimer {
        CodeTimer(what: what, scheduler: className, recognizer: recognizer?.id, view: view?.id)
    }
}
