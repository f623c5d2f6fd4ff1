import ArgumentParser
import Foundation
import GestureAnalysis
import GestureTrace

struct TrainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "train",
        abstract: "Build $1/Protractor templates from labelled traces, or measure leave-one-subject-out accuracy.",
        discussion: "The template file is what a scene's `template` recognizer loads (`templates: FILE`)."
    )

    @Argument(help: "A folder of labelled traces.")
    var corpus: String

    @Option(name: .long, help: "The header label that holds each trace's class.")
    var labelField = "class"

    @Option(name: .long, parsing: .upToNextOption, help: "Only these classes (default: all).")
    var labels: [String] = []

    @Option(name: .long, help: "At most this many templates per class, spread evenly over the corpus order (fewer templates, faster matching).")
    var perLabel: Int?

    @Option(name: [.short, .customLong("output")], help: "Where to write the template file.")
    var output: String?

    @Option(name: .long, help: "Instead of writing templates, report nearest-template accuracy with each value of this label held out (e.g. subject).")
    var leaveOneOut: String?

    func validate() throws {
        try OptionCheck.count(perLabel, "--per-label", in: 1...1_000_000, what: "templates per class")
    }

    func run() throws {
        let paths = Corpus.traces(under: corpus)
        guard !paths.isEmpty else { throw Exit.fail("\(corpus): no traces (.jsonl) found") }
        let (samples, problems) = TemplateTraining.samples(paths: paths)
        for p in problems.prefix(5) { Exit.warn(p) }
        if problems.count > 5 { Exit.warn("... and \(problems.count - 5) more traces that could not be read") }
        let wanted = labels.isEmpty ? nil : Set(labels)
        let chosen = samples.filter { s in s.labels[labelField].map { wanted?.contains($0) ?? true } ?? false }
        if let field = leaveOneOut {
            let groups = TemplateTraining.groups(chosen, field: field)
            guard !groups.isEmpty else { throw Exit.fail("--leave-one-out \(field): no trace has the label \"\(field)\"") }
            guard groups.count >= 2 else {
                throw Exit.fail("--leave-one-out \(field): every trace has \(field) \"\(groups[0])\"; holding one out leaves no templates to match against, so it needs traces of at least two \(field)s")
            }
            let results = TemplateTraining.leaveOneOut(chosen, labelField: labelField, groupField: field)
            var correct = 0, total = 0
            emit("nearest-template accuracy, each \(field) held out (Protractor, \(chosen.count) strokes):")
            for r in results {
                emit("  \(field) \(r.group): \(r.correct)/\(r.total) = \(NumberText.decimal(r.accuracy, decimals: 4))")
                correct += r.correct
                total += r.total
            }
            emit("  overall: \(correct)/\(total) = \(NumberText.decimal(Double(correct) / Double(max(total, 1)), decimals: 4))")
            return
        }
        guard let output else { throw Exit.fail("train needs -o FILE (or --leave-one-out FIELD)") }
        var set = TemplateTraining.templates(from: chosen, labelField: labelField)
        if let n = perLabel {
            set.templates = TemplateTraining.thin(set.templates, perLabel: n)
        }
        guard !set.templates.isEmpty else { throw Exit.fail("no labelled strokes to make templates from (label field \"\(labelField)\")") }
        try write(set.json, to: output, inputs: [corpus])
        emit("\(set.templates.count) templates of \(set.labels.count) classes written to \(output)")
        if !problems.isEmpty { throw Exit.fail("\(problems.count) traces could not be read (above); the templates leave them out") }
    }
}
