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
    nonisolated(unsafe) private static var running: Running?

    /// What `running` holds: the same, unretained, because every hook call sets it and most
    /// never read it (retaining four objects per call was most of a UIKit-style recognizer's
    /// time). The caller of `run` keeps them alive while it is set.
    private struct Running {
        /// A timer block's (its scheduler's environment); else the recognizer's or view's, read
        /// only when asked for.
        unowned(unsafe) let environment: GestureEnvironment?
        unowned(unsafe) let code: AnyObject
        unowned(unsafe) let recognizer: GestureRecognizer?
        unowned(unsafe) let view: View?
        let block: String?
        let thread: pthread_t
    }

    static var current: DrivenCode? {
        guard let r = running, pthread_equal(r.thread, pthread_self()) != 0,
              let environment = r.environment ?? r.recognizer?.environment ?? r.view?.environment else { return nil }
        return DrivenCode(environment: environment, code: r.code, recognizer: r.recognizer, view: r.view, block: r.block)
    }

    var className: String { String(describing: type(of: code)) }

    /// Runs `body` as `code`'s, for the recognizer or view the engine is asking about. Code the
    /// engine does not drive (a recognizer not in a window) runs as it is.
    ///
    /// Only bookkeeping: `body` runs in its caller's isolation. The callers that run UIKit code are
    /// main-actor isolated themselves (the hooks' conformances, see RecognizerHooks.swift), so the
    /// closure they pass is too, checked by the compiler.
    static func run<T>(_ code: AnyObject, recognizer: GestureRecognizer? = nil, view: View? = nil, _ body: () -> T) -> T {
        run(Running(environment: nil, code: code, recognizer: recognizer, view: view, block: nil, thread: pthread_self()), body)
    }

    static func run<T>(_ driver: DrivenCode, _ body: () -> T) -> T {
        run(Running(environment: driver.environment, code: driver.code, recognizer: driver.recognizer, view: driver.view,
                    block: driver.block, thread: pthread_self()), body)
    }

    private static func run<T>(_ code: Running, _ body: () -> T) -> T {
        let outer = running
        running = code
        defer { running = outer }
        return body()
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
