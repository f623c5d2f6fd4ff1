import ArgumentParser
import Foundation
import GestureAnalysis

struct MergeReportsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-reports",
        abstract: "Join the JSON reports of `evaluate --shard k/n` runs into the report of one run over the whole corpus.",
        discussion: "Every figure is recomputed from the traces' recorded outcomes (latency percentiles too), so the result is the same whatever the number of shards and the order the reports are given in."
    )

    @Argument(help: "The shards' JSON reports (evaluate --format json).")
    var reports: [String]

    @Option(name: .long, help: "Output format.")
    var format: EvaluateCommand.Format = .json

    @Option(name: [.short, .customLong("output")], help: "Write the report here instead of standard output.")
    var output: String?

    func validate() throws {
        if reports.isEmpty { throw ValidationError("merge-reports needs the reports to join") }
    }

    func run() throws {
        var texts: [(name: String, text: String)] = []
        for path in reports {
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                throw Exit.fail("\(path): cannot read the report (missing, a folder, no permission, or not UTF-8 text)")
            }
            texts.append((path, text))
        }
        let report: EvaluationReport
        switch Result(catching: { () throws(ReportMerge.Problem) -> EvaluationReport in try ReportMerge.merge(texts) }) {
        case let .success(r): report = r
        case let .failure(p): throw Exit.fail(p.message)
        }
        let text: String
        switch format {
        case .text: text = report.text
        case .markdown: text = report.markdown
        case .json: text = report.json
        case .html: text = report.html
        }
        try write(text, to: output, inputs: reports)
        Exit.warn("\(reports.count) reports merged: \(report.traces) traces, \(report.events) events")
    }
}
