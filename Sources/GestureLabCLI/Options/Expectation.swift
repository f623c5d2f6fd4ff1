import ArgumentParser
import GestureAnalysis

/// `R=LABEL` of `evaluate --expect`: the recognizer and the label of the traces it should fire on.
struct Expectation: ExpressibleByArgument {
    var recognizer: String
    var label: String

    init?(argument: String) {
        let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        recognizer = parts[0]
        label = parts[1]
    }

    var evaluation: EvaluationReport.Expectation { .init(recognizer: recognizer, label: label) }
}
