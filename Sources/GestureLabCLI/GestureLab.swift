import ArgumentParser


struct GestureLab: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gesturelab",
        abstract: "Record, replay and explain gesture recognizer conflicts under UIKit's rules.",
        discussion: """
        A trace argument of - reads the trace from standard input; -o - writes a result to standard output. \
        Exit status: 0 done, 1 a result could not be written, 2 a bad trace or scene, 3 an evaluation worse than its baseline, \
        64 a bad option. Shell completion: gesturelab --generate-completion-script bash (or zsh, fish).
        """,
        version: GestureLabVersion.current,
        subcommands: [InitCommand.self, ReplayCommand.self, CrossValidateCommand.self, MergeReportsCommand.self, ValidateCommand.self, RecognizersCommand.self, ImportCommand.self, EvaluateCommand.self, TrainCommand.self, ExplainCommand.self, TimelineCommand.self, LintCommand.self, DiffCommand.self, CompareCommand.self, SensitivityCommand.self, MinimizeCommand.self, GenerateRecordingsCommand.self, RecordCommand.self, PlayCommand.self, ServeCommand.self, BenchCommand.self]
    )
}
