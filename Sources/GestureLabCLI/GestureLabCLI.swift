import GestureLabUIKit
import GestureScenes

/// The whole `gesturelab` command line as a library, for a program of one's own that adds its
/// recognizers and delegates: those written for UIKit (against GestureLabUIKit) become scene
/// types and delegate names.
///
///     // Sources/MyGestures/main.swift
///     import GestureLabCLI
///     GestureLabCLI.main(recognizers: ["circle": { CircleGestureRecognizer() }],
///                        delegates: ["dragOut": { DragOutDelegate() }])
///
/// Then `swift run MyGestures replay trace.jsonl --scene scene.yaml` replays a scene whose
/// recognizers say `type: circle` and `delegate: dragOut`, and every other command (explain,
/// timeline, evaluate, minimize, record, play...) works with them as with the built-ins.
public enum GestureLabCLI {
    /// Parses the process's arguments, runs the command and exits.
    ///
    /// `@preconcurrency`, as UIKit's main-actor isolation is to a Swift 5 client (it comes from
    /// Objective-C headers there): a Swift 5 `main.swift` calls this from its top-level code as it
    /// would on iOS, and its closures are taken as they are; Swift 6 clients are checked in full.
    @preconcurrency @MainActor
    public static func main(recognizers: [String: @MainActor () -> UIGestureRecognizer] = [:],
                            delegates: [String: @MainActor () -> UIGestureRecognizerDelegate] = [:],
                            arguments: [String]? = nil) -> Never {
        RecognizerRegistry.current = registry(recognizers: recognizers, delegates: delegates)
        GestureLab.main(arguments)
        exit(0)
    }

    /// The built-ins plus these UIKit-style types and delegates: what `main` replays scenes with.
    @MainActor
    public static func registry(recognizers: [String: @MainActor () -> UIGestureRecognizer],
                                delegates: [String: @MainActor () -> UIGestureRecognizerDelegate]) -> RecognizerRegistry {
        RecognizerRegistry.withUIKit(recognizers: recognizers, delegates: delegates)
    }
}
