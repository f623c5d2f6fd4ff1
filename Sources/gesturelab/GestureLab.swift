import ArgumentParser

@main
struct GestureLab: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gesturelab",
        abstract: "Record, replay and explain gesture recognizer conflicts under UIKit's rules.",
        subcommands: [ReplayCommand.self, ValidateCommand.self, RecognizersCommand.self, ImportCommand.self, EvaluateCommand.self, TrainCommand.self, ExplainCommand.self, TimelineCommand.self, LintCommand.self, DiffCommand.self, SensitivityCommand.self, MinimizeCommand.self, GenerateRecordingsCommand.self, RecordCommand.self, PlayCommand.self, BenchCommand.self]
    )
}
