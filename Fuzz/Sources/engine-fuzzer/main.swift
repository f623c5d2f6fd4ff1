import FuzzSupport
import GestureAnalysis
import GestureEngine
import GestureScenes
import GestureSynth

/// The engine with random scenes and random input chosen by the fuzzer's bytes: any violation
/// of the rules in `EngineInvariants` stops the run like a crash, with the scene in the message.
runFuzzer { data, size in
    var rng = InputRandom(Array(UnsafeBufferPointer(start: data, count: size)))
    let (yaml, _) = RandomScene.yaml(using: &rng)
    let doc: SceneDocument
    do {
        doc = try SceneLoader.parse(yaml, file: "random.yaml")
    } catch {
        preconditionFailure("a generated scene does not load: \(error)\n\(yaml)")
    }
    let events = RandomTouches.events(using: &rng, sequences: 6)
    guard let scene = try? SceneBuilder.build(doc) else { preconditionFailure("a generated scene does not build\n\(yaml)") }
    let env = scene.environment
    for e in events {
        env.feed(e)
        let stray = EngineInvariants.strayTimers(in: env)
        precondition(stray.isEmpty, "\(stray)\n\(yaml)")
        if EngineInvariants.isQuiet(env) {
            let busy = EngineInvariants.idle(env)
            precondition(busy.isEmpty, "quiet but not idle: \(busy)\n\(yaml)")
        }
    }
    env.finish()
    let problems = EngineInvariants.check(env.log.entries, environment: env) + EngineInvariants.idle(env)
    precondition(problems.isEmpty, "\(problems.prefix(3))\nscene:\n\(yaml)")
    return 0
}
