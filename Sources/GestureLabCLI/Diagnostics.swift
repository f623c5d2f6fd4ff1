import ArgumentParser
import Foundation
import GestureScenes
import GestureTrace

/// Exit status 2 means the input was bad (a trace or scene with a problem); 1 anything else.
enum Exit {
    static let badInput: Int32 = 2

    static func fail(_ message: String, code: Int32 = badInput) -> ExitCode {
        warnRaw((message + "\n"))
        return ExitCode(code)
    }

    static func warn(_ message: String) {
        warnRaw((message + "\n"))
    }
}

/// Loads a scene and applies `--set R.param=value` overrides, or exits with a located message.
func loadScene(_ path: String, overrides: [ParameterOverride] = []) throws -> SceneDocument {
    var doc: SceneDocument
    switch Result(catching: { () throws(SceneError) -> SceneDocument in try SceneLoader.load(path: path) }) {
    case let .success(d): doc = d
    case let .failure(e): throw Exit.fail(e.description)
    }
    for o in overrides {
        guard doc.override(recognizer: o.recognizer, parameter: o.parameter, value: o.value) else {
            throw Exit.fail("--set \(o): the scene has no recognizer \"\(o.recognizer)\"")
        }
    }
    if case let .failure(e) = Result(catching: { () throws(SceneError) -> BuiltScene in try SceneBuilder.build(doc) }) {
        throw Exit.fail(e.description)
    }
    return doc
}

/// What a command says in a build made without the package trait it needs (Package.swift's
/// `traits`): how to get it.
func missingTraitMessage(_ command: String, trait: String) -> String {
    "gesturelab \(command) is not in this build: GestureLab was built without its \(trait) trait. In your Package.swift, "
        + "take GestureLab with traits: [\"\(trait)\"] (or leave traits out for all of them), or use the gesturelab command GestureLab builds itself."
}
