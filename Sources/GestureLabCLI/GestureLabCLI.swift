import Foundation
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
    /// would on iOS. Closure literals land here; a non-isolated closure made in main-actor code
    /// is main-actor isolated, so Swift 6 checks them in full.
    @preconcurrency @MainActor
    public static func main(recognizers: [String: () -> UIGestureRecognizer] = [:],
                            delegates: [String: () -> UIGestureRecognizerDelegate] = [:],
                            arguments: [String]? = nil) -> Never {
        run(registry(recognizers: recognizers.mapValues { make in { make() } }, delegates: delegates.mapValues { make in { make() } }), arguments)
    }

    /// The same for dictionaries typed `@MainActor () -> …`, as Swift 6 code keeps them in a
    /// main-actor static (the `init` scaffold does).
    @MainActor
    public static func main(recognizers: [String: @MainActor () -> UIGestureRecognizer],
                            delegates: [String: @MainActor () -> UIGestureRecognizerDelegate] = [:],
                            arguments: [String]? = nil) -> Never {
        run(registry(recognizers: recognizers, delegates: delegates), arguments)
    }

    /// Any other dictionary of factory closures (a Swift 5 program's `@MainActor` closures,
    /// closures typed by the class they make): taken as they are, since converting a dictionary of
    /// closures to another closure type crashes at run time (`FactoryClosures`). A value that is
    /// not a closure making a recognizer or delegate stops the program with its name and type.
    @preconcurrency @MainActor
    public static func main<Recognizer, Delegate>(recognizers: [String: Recognizer], delegates: [String: Delegate],
                                                  arguments: [String]? = nil) -> Never {
        do {
            let r = try FactoryClosures.factories(recognizers, of: "the recognizer", FactoryClosures.recognizer).get()
            let d = try FactoryClosures.factories(delegates, of: "the delegate", FactoryClosures.delegate).get()
            run(registry(recognizers: r, delegates: d), arguments)
        } catch {
            FileHandle.standardError.write(Data("GestureLabCLI.main: \(error)\n".utf8))
            exit(70)
        }
    }

    /// The same without delegates.
    @preconcurrency @MainActor
    public static func main<Recognizer>(recognizers: [String: Recognizer], arguments: [String]? = nil) -> Never {
        main(recognizers: recognizers, delegates: [String: () -> UIGestureRecognizerDelegate](), arguments: arguments)
    }

    @MainActor
    private static func run(_ registry: RecognizerRegistry, _ arguments: [String]?) -> Never {
        RecognizerRegistry.current = registry
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
