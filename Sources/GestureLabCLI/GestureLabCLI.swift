import Foundation
import GestureLabUIKit
import GestureLabUIKitScenes
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
    /// - `recognizers`: your recognizer classes by the type names scenes use.
    /// - `delegates`: your delegates by name; a scene makes one per name, shared by every
    ///   recognizer that names it.
    /// - `parameters`: properties of your recognizer classes that scenes, `--set`, `diff` and
    ///   `sensitivity` may set (`GestureParameter`), by the type name.
    /// - `views`: your view classes by the names scenes give in `class:` (`SceneViewClass`).
    ///
    /// `@preconcurrency`, as UIKit's main-actor isolation is to a Swift 5 client (it comes from
    /// Objective-C headers there): a Swift 5 `main.swift` calls this from its top-level code as it
    /// would on iOS. Closure literals land here; a non-isolated closure made in main-actor code
    /// is main-actor isolated, so Swift 6 checks them in full.
    @preconcurrency @MainActor
    public static func main(recognizers: [String: () -> UIGestureRecognizer] = [:],
                            delegates: [String: () -> UIGestureRecognizerDelegate] = [:],
                            parameters: [String: [GestureParameter]] = [:],
                            views: [String: SceneViewClass] = [:],
                            arguments: [String]? = nil) -> Never {
        run(recognizers.mapValues { make in { make() } }, delegates.mapValues { make in { make() } }, parameters, views, arguments)
    }

    /// The same for dictionaries typed `@MainActor () -> …`, as Swift 6 code keeps them in a
    /// main-actor static (the `init` scaffold does).
    @MainActor
    public static func main(recognizers: [String: @MainActor () -> UIGestureRecognizer],
                            delegates: [String: @MainActor () -> UIGestureRecognizerDelegate] = [:],
                            parameters: [String: [GestureParameter]] = [:],
                            views: [String: SceneViewClass] = [:],
                            arguments: [String]? = nil) -> Never {
        run(recognizers, delegates, parameters, views, arguments)
    }

    /// Any other dictionary of factory closures (a Swift 5 program's `@MainActor` closures,
    /// closures typed by the class they make): taken as they are, since converting a dictionary of
    /// closures to another closure type crashes at run time (`FactoryClosures`). A value that is
    /// not a closure making a recognizer or delegate stops the program with its name and type.
    @preconcurrency @MainActor
    public static func main<Recognizer, Delegate>(recognizers: [String: Recognizer], delegates: [String: Delegate],
                                                  parameters: [String: [GestureParameter]] = [:],
                                                  views: [String: SceneViewClass] = [:],
                                                  arguments: [String]? = nil) -> Never {
        do {
            let r = try FactoryClosures.factories(recognizers, of: "the recognizer", FactoryClosures.recognizer).get()
            let d = try FactoryClosures.factories(delegates, of: "the delegate", FactoryClosures.delegate).get()
            run(r, d, parameters, views, arguments)
        } catch {
            stop(because: "\(error)")
        }
    }

    /// The same without delegates.
    @preconcurrency @MainActor
    public static func main<Recognizer>(recognizers: [String: Recognizer], parameters: [String: [GestureParameter]] = [:],
                                        views: [String: SceneViewClass] = [:], arguments: [String]? = nil) -> Never {
        main(recognizers: recognizers, delegates: [String: () -> UIGestureRecognizerDelegate](), parameters: parameters, views: views, arguments: arguments)
    }

    @MainActor
    private static func run(_ recognizers: [String: @MainActor () -> UIGestureRecognizer],
                            _ delegates: [String: @MainActor () -> UIGestureRecognizerDelegate],
                            _ parameters: [String: [GestureParameter]], _ views: [String: SceneViewClass],
                            _ arguments: [String]?) -> Never {
        for name in parameters.keys.sorted() where recognizers[name] == nil {
            stop(because: "parameters are given for \"\(name)\", which is not one of the recognizers registered (\(recognizers.keys.sorted().joined(separator: ", ")))")
        }
        RecognizerRegistry.current = registry(recognizers: recognizers, delegates: delegates, parameters: parameters, views: views)
        GestureLab.main(arguments)
        exit(0)
    }

    /// A mistake in the program's own registrations: said once, with the status for a software error.
    private static func stop(because message: String) -> Never {
        FileHandle.standardError.write(Data("GestureLabCLI.main: \(message)\n".utf8))
        exit(70)
    }

    /// The built-ins plus these UIKit-style types, parameters, delegates and view classes: what
    /// `main` replays scenes with.
    @MainActor
    public static func registry(recognizers: [String: @MainActor () -> UIGestureRecognizer],
                                delegates: [String: @MainActor () -> UIGestureRecognizerDelegate],
                                parameters: [String: [GestureParameter]] = [:],
                                views: [String: SceneViewClass] = [:]) -> RecognizerRegistry {
        RecognizerRegistry.withUIKit(recognizers: recognizers, delegates: delegates, parameters: parameters, views: views)
    }
}
