import ArgumentParser
import Foundation
import GestureAnalysis
import GesturePlatforms
import GestureScenes
import GestureTrace

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Replay one trace through two scenes (or one scene with different --set values) and show where they diverge.",
        discussion: "Give --scene twice, or once with --set-a/--set-b overrides. Exit status 1 when they differ."
    )

    @Argument(help: "The trace (- for standard input).")
    var trace: String

    @Option(name: .long, help: ArgumentHelp("The scene (twice to compare two scenes).", valueName: "scene"))
    var scene: [String]

    @Option(name: .customLong("set-a"), help: ArgumentHelp("Overrides for the first replay.", valueName: "R.PARAM=VALUE"))
    var setA: [ParameterOverride] = []

    @Option(name: .customLong("set-b"), help: ArgumentHelp("Overrides for the second replay.", valueName: "R.PARAM=VALUE"))
    var setB: [ParameterOverride] = []

    @Option(name: .customLong("platform"), help: ArgumentHelp("Whose rules both replays follow: uikit, flutter or android (`compare` sets platforms side by side).", valueName: "platform"))
    var platformChoice: PlatformChoice = .uikit

    var platform: Platform { platformChoice.platform }

    func validate() throws {
        guard scene.count == 2 || (scene.count == 1 && !(setA.isEmpty && setB.isEmpty)) else {
            throw ValidationError("diff needs --scene A --scene B, or one --scene with --set-a/--set-b")
        }
    }

    func run() throws {
        let a = try loadScene(scene[0], overrides: setA)
        let b = try loadScene(scene.count == 2 ? scene[1] : scene[0], overrides: setB)
        let ra = try replayOrExit(trace: trace, scene: a, platform: platform)
        let rb = try replayOrExit(trace: trace, scene: b, platform: platform)
        let ids = Array(Set(ra.recognizerIDs + rb.recognizerIDs)).sorted()
        let d = ReplayDiff(left: ra.log, right: rb.log, recognizers: ids)
        func name(_ side: String, _ doc: SceneDocument, _ overrides: [ParameterOverride]) -> String {
            scene.count == 2 ? doc.name : side + (overrides.isEmpty ? "" : " (" + overrides.map(\.description).joined(separator: ", ") + ")")
        }
        emit(d.text(leftName: name("A", a, setA), rightName: name("B", b, setB)), terminator: "")
        if !d.identical { throw ExitCode(1) }
    }
}
