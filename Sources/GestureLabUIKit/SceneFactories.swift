import GestureEngine
import GestureScenes

/// How a scene makes a UIKit-style recognizer or delegate by name: user code's factories,
/// wrapped for the scene builder, which works with engine recognizers.
///
/// A recognizer made this way is owned by its engine recognizer (the scene keeps only engine
/// objects), and a delegate by the recognizer it serves (UIKit's `delegate` is weak).
@preconcurrency @MainActor
package enum SceneFactories {
    package static func recognizer(_ make: @escaping @MainActor () -> UIGestureRecognizer) -> (String) -> GestureRecognizer {
        { id in
            onMainActor {
                let face = make()
                let engine = face.engine
                face.giveGeneratedName(id)
                engine.companion.adopt(face)
                return engine
            }
        }
    }

    package static func delegate(_ make: @escaping @MainActor () -> UIGestureRecognizerDelegate) -> (GestureRecognizer) -> Void {
        { engine in
            nonisolated(unsafe) let engine = engine
            onMainActor { UIGestureRecognizer.face(of: engine).retainDelegate(make()) }
        }
    }
}

extension RecognizerRegistry {
    /// The built-ins plus UIKit-style recognizer types and delegates, by the names scenes use.
    /// Replays with it run one at a time on the main thread (`requiresMainThread`).
    @MainActor
    package static func withUIKit(recognizers: [String: @MainActor () -> UIGestureRecognizer],
                                  delegates: [String: @MainActor () -> UIGestureRecognizerDelegate]) -> RecognizerRegistry {
        var registry = RecognizerRegistry.builtIn
        for (name, make) in recognizers { registry.register(name, SceneFactories.recognizer(make)) }
        for (name, make) in delegates { registry.registerDelegate(name, SceneFactories.delegate(make)) }
        registry.requiresMainThread = !recognizers.isEmpty || !delegates.isEmpty
        return registry
    }
}
