import ArgumentParser
import GestureAnalysis
import GesturePlatforms
import GestureScenes
import GestureTrace

struct SensitivityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sensitivity",
        abstract: "For each decision a threshold made: how close it was, and the parameter value that would flip the winner."
    )

    @Argument(help: "The trace (- for standard input).")
    var trace: String

    @OptionGroup var scene: SceneOptions

    func run() throws {
        let doc = try scene.load()
        let platform = scene.platform
        let result = try replayOrExit(trace: trace, scene: doc, platform: platform)
        let ids = result.recognizerIDs
        // Another platform's thresholds are its device values, set at the scene's top.
        let vary: ((SceneDocument, String, Double) -> SceneDocument?)? = platform == .uikit ? nil : { d, name, v in
            PlatformReplay.setting(name, to: v, in: d, platform: platform)
        }
        let items = ThresholdSensitivity.analyze(log: result.log, scene: doc, recognizers: ids, vary: vary) { variant in
            try? PlatformReplay.run(platform: platform, reader: TraceReader(path: trace), scene: variant).log
        }
        let winners = Explanation(log: result.log).sequences(recognizers: ids).map(\.winners)
        // Registered parameters are UIKit-style classes' own; another platform's replay has none.
        let swept = result.scene.map { built in
            RegisteredParameterSweep.analyze(recognizers: built.recognizers, scene: doc, baseline: winners) { variant in
                try? Replay.run(tracePath: trace, scene: variant).log
            }
        } ?? []
        emit(ThresholdSensitivity.text(items, winners: winners) + RegisteredParameterSweep.text(swept), terminator: "")
    }
}
