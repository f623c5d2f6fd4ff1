import GestureEngine
import GestureLabUIKit
import GestureScenes

/// How a scene makes a UIKit-style recognizer, delegate or view by name: user code's factories,
/// wrapped for the scene builder, which works with engine objects.
///
/// A recognizer or view made this way is owned by its engine object (the scene keeps only engine
/// objects), and a delegate by the recognizers it serves (UIKit's `delegate` is weak).
///
/// The closures made here are main-actor isolated, as the UIKit code they run is. A registry is
/// `Sendable` (a scene may be built anywhere), so the compiler cannot follow them into it: each
/// checks on entry that it runs on the main actor (once per object a scene makes, not per event).
@preconcurrency @MainActor
package enum SceneFactories {
    private static func checkIsolation() {
        MainActor.preconditionIsolated("GestureLabUIKit's objects are main-actor isolated, as UIKit's are: build and replay scenes with them from the main actor")
    }

    package static func recognizer(_ make: @escaping @MainActor () -> UIGestureRecognizer,
                                   parameters: [GestureParameter] = []) -> (String) -> GestureRecognizer {
        let specs = parameters.map(\.spec)
        return { id in
            checkIsolation()
            let face = make()
            let engine = face.engine
            face.giveGeneratedName(id)
            engine.companion.adopt(face)
            engine.registeredParameters = specs
            return engine
        }
    }

    package static func delegate(_ make: @escaping @MainActor () -> UIGestureRecognizerDelegate) -> RecognizerRegistry.DelegateMaker {
        RecognizerRegistry.DelegateMaker(
            make: { checkIsolation(); return make() },
            install: { delegate, engine in
                checkIsolation()
                UIGestureRecognizer.face(of: engine).retainDelegate(delegate as! UIGestureRecognizerDelegate)
            })
    }

    package static func view(_ viewClass: SceneViewClass) -> RecognizerRegistry.ViewFactory {
        { id, frame in
            checkIsolation()
            let face = viewClass.make(CGRect(frame))
            face.frame = CGRect(frame)
            face.accessibilityIdentifier = id
            face.engineView.companion.adopt(face)
            return face.engineView
        }
    }
}

extension RecognizerRegistry {
    /// The built-ins plus UIKit-style recognizer types, their registered parameters, delegates and
    /// view classes, by the names scenes use. Replays with it run one at a time on the main
    /// thread (`requiresMainThread`).
    @MainActor
    package static func withUIKit(recognizers: [String: @MainActor () -> UIGestureRecognizer],
                                  delegates: [String: @MainActor () -> UIGestureRecognizerDelegate],
                                  parameters: [String: [GestureParameter]] = [:],
                                  views: [String: SceneViewClass] = [:]) -> RecognizerRegistry {
        var registry = RecognizerRegistry.builtIn
        for (name, make) in recognizers { registry.register(name, SceneFactories.recognizer(make, parameters: parameters[name] ?? [])) }
        for (name, make) in delegates { registry.registerDelegate(name, SceneFactories.delegate(make)) }
        for (name, viewClass) in views { registry.registerView(name, SceneFactories.view(viewClass)) }
        registry.requiresMainThread = !recognizers.isEmpty || !delegates.isEmpty || !views.isEmpty
        return registry
    }
}
