import Foundation

/// The repository root, found from this file's path, so tests read the shipped scenes and
/// recordings wherever the checkout is.
let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

func scenePath(_ name: String) -> String { repositoryRoot + "/recordings/scenes/\(name).yaml" }
func tracePath(_ name: String) -> String { repositoryRoot + "/recordings/traces/\(name).jsonl" }
