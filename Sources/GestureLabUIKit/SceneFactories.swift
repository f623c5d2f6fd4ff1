import GestureEngine

/// How a scene makes a UIKit-style recognizer or delegate by name: user code's factories,
/// wrapped for the scene builder, which works with engine recognizers.
///
/// A recognizer made this way is owned by its engine recognizer (the scene keeps only engine
/// objects), and a delegate by the recognizer it serves (UIKit's `delegate` is weak).
@MainActor
package enum SceneFactories {
    package static func recognizer(_ make: @escaping @MainActor () -> UIGestureRecognizer) -> (String) -> GestureRecognizer {
        { id in
            onMainActor {
                let face = make()
                let engine = face.engine
                engine.id = id
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
