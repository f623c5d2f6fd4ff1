import Foundation

/// Runs main-actor code from the engine's nonisolated hooks without a run-time check per call.
///
/// UIKit's types are main-actor isolated, so GestureLabUIKit's are too, and users' subclasses
/// inherit that. The engine is plain synchronous code: it runs on whatever thread feeds it, and
/// GestureLabUIKit's entry points (`GestureLabCLI`, the testing API, `UIWindow`'s replay calls) are
/// main-actor isolated, so the hooks they reach are on the main actor too. Checking that per call
/// (`MainActor.assumeIsolated`) cost 60 ns, more than a built-in recognizer spends on a whole
/// event (measured on this machine, release build); debug builds still check every call.
@inline(__always)
package func onMainActor<T>(_ body: @MainActor () -> T) -> T {
    #if DEBUG
    MainActor.preconditionIsolated("GestureLabUIKit's objects are main-actor isolated, as UIKit's are: replay them from the main actor (mark a test @MainActor)")
    #endif
    return withoutActuallyEscaping(body) { body in
        unsafeBitCast(body, to: (() -> T).self)()
    }
}
