import ArgumentParser
import GestureAnalysis
import GestureScenes

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
        let result = try replayOrExit(trace: trace, scene: doc)
        let ids = result.scene.recognizers.map(\.id)
        let items = ThresholdSensitivity.analyze(log: result.log, scene: doc, recognizers: ids) { variant in
            try? Replay.run(tracePath: trace, scene: variant).log
        }
        let winners = Explanation(log: result.log).sequences(recognizers: ids).map(\.winners)
        let swept = RegisteredParameterSweep.analyze(recognizers: result.scene.recognizers, scene: doc, baseline: winners) { variant in
            try? Replay.run(tracePath: trace, scene: variant).log
        }
        emit(ThresholdSensitivity.text(items, winners: winners) + RegisteredParameterSweep.text(swept), terminator: "")
    }
}
