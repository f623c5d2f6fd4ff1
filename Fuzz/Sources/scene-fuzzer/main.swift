import FuzzSupport
import GestureScenes

/// Any bytes as a scene file: a scene or a FILE:LINE:COLUMN error, never a crash or a hang; a
/// scene that loads must also build.
runFuzzer { data, size in
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        let doc = try SceneLoader.parse(text, file: "fuzz.yaml")
        _ = try SceneBuilder.build(doc)
    } catch let error as SceneError {
        precondition(error.description.hasPrefix("fuzz.yaml:"), "scene error without its file: \(error.description)")
    } catch {
        preconditionFailure("unexpected error type: \(error)")
    }
    return 0
}
