import Foundation
import GestureScenes

/// Runs two pieces of work on two threads and returns both results, or the first one's error
/// (then the second's). For work that shares nothing but what it only reads (two replays of one
/// trace through two scenes).
///
/// When the registry's types run code that must stay on the main thread (GestureLabUIKit's:
/// `RecognizerRegistry.requiresMainThread`), the two run one after the other on this thread:
/// users' main-actor code never runs on two threads at once, as on iOS.
func inParallel<A, B>(_ a: () throws -> A, _ b: () throws -> B) throws -> (A, B) {
    if RecognizerRegistry.current.requiresMainThread { return (try a(), try b()) }
    let slots = ParallelSlots<A, B>()
    withoutActuallyEscaping(a) { a in
        withoutActuallyEscaping(b) { b in
            // Each closure runs on one thread only, and both are done when this returns.
            nonisolated(unsafe) let (a, b) = (a, b)
            DispatchQueue.concurrentPerform(iterations: 2) { i in
                if i == 0 { slots.a = Result { try a() } } else { slots.b = Result { try b() } }
            }
        }
    }
    return try (slots.a!.get(), slots.b!.get())
}

/// The threads `inParallel`'s two pieces of work keep busy (one when they run one after the
/// other): what `openTraceOrExit` weighs when it decides whether a trace gets a reading thread.
var busyThreadsInParallel: Int { RecognizerRegistry.current.requiresMainThread ? 1 : 2 }

/// Each slot is written by one thread, and read after both have finished.
final class ParallelSlots<A, B>: @unchecked Sendable {
    var a: Result<A, any Error>?
    var b: Result<B, any Error>?
}

/// `body(0)` ... `body(n - 1)` on the cores there are; each index's work must share nothing
/// but what it only reads and the slot it writes.
/// One after the other on this thread when `RecognizerRegistry.requiresMainThread` (as
/// `inParallel`).
func forEachInParallel(_ n: Int, _ body: (Int) -> Void) {
    if RecognizerRegistry.current.requiresMainThread {
        for i in 0..<n { body(i) }
        return
    }
    withoutActuallyEscaping(body) { body in
        nonisolated(unsafe) let body = body
        DispatchQueue.concurrentPerform(iterations: n) { body($0) }
    }
}
