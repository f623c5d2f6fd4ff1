import GestureEngine
import GestureScenes
import GestureTrace
import Testing

/// Regression for a leak the engine fuzzer found: a scene's reactions, policy delegates and
/// mutual failure requirements held its recognizers and views in reference cycles, so every
/// replay (and every trace of a corpus evaluation) leaked its scene.
@Suite("Scene lifetime")
struct SceneLifetimeTests {
    static let yaml = """
        scene: cycles
        viewport: [400, 800]
        views:
          - id: outer
            frame: [0, 0, 400, 800]
            recognizers:
              - {id: pan, type: pan}
              - {id: press, type: longPress}
            subviews:
              - id: inner
                frame: [100, 100, 200, 200]
                recognizers:
                  - {id: tap, type: tap}
        relationships:
          - require: pan
            toFail: press
          - require: press
            toFail: pan
          - simultaneous: [pan, tap]
        policies:
          - recognizer: pan
            shouldReceive:
              notInside: [inner]
        reactions:
          - when: tap
            state: recognized
            do:
              - disable: pan
              - enable: pan
        """

    @Test("A replayed scene with reactions, policies and mutual requirements is freed with its result")
    func sceneIsFreed() throws {
        weak var window: View?
        weak var pan: GestureRecognizer?
        weak var tap: GestureRecognizer?
        weak var environment: GestureEnvironment?
        do {
            let doc = try SceneLoader.parse(Self.yaml, file: "cycles.yaml")
            let events = [TraceEvent(time: .milliseconds(0), type: .down, pointer: 1, x: 150, y: 150),
                          TraceEvent(time: .milliseconds(40), type: .up, pointer: 1, x: 150, y: 150)]
            let scene = try Replay.run(events: events, scene: doc)
            window = scene.window
            pan = scene.recognizer("pan")
            tap = scene.recognizer("tap")
            environment = scene.environment
            #expect(scene.environment.log.entries.contains { $0.recognizer == "tap" && $0.to == "recognized" })
            #expect(pan != nil && window != nil)
        }
        #expect(window == nil, "the view hierarchy outlived its scene")
        #expect(pan == nil && tap == nil, "recognizers outlived their scene")
        #expect(environment == nil)
    }
}
