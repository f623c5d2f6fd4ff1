import ArgumentParser
import GestureAnalysis
import GestureScenes

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check a scene's relationships before any touch: deadlocks, recognizers that can never win, rules with no effect.",
        discussion: "Exit status 1 when there are errors (a require-to-fail cycle), 2 when the scene itself is malformed, else 0."
    )

    @Argument(help: "Scene files.")
    var scenes: [String]

    func run() throws {
        var errors = 0
        for path in scenes {
            let doc = try loadScene(path)
            let built = try SceneBuilder.build(doc)
            let findings = SceneLint.check(doc, built: built)
            for f in findings { emit("\(f)") }
            if findings.isEmpty { emit("\(path): no findings") }
            errors += findings.filter { $0.severity == .error }.count
        }
        if errors > 0 { throw ExitCode(1) }
    }
}
