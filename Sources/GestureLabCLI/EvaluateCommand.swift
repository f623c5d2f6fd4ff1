import ArgumentParser
import Foundation
import GestureAnalysis
import GesturePlatforms
import GestureScenes

struct EvaluateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evaluate",
        abstract: "Replay every trace of a corpus through a scene and score each recognizer against the labels it should fire on.",
        discussion: """
        A recognizer fires on a trace when it began or was recognized. With --expect R=LABEL, traces whose \
        label field (--label-field, default class) is LABEL are R's positives. Exit status 3 when --baseline \
        is given and a chosen metric got worse.
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, markdown, json, html }

    @Argument(help: "A folder of traces (searched recursively) or one trace.")
    var corpus: String

    @OptionGroup var scene: SceneOptions

    @Option(name: .long, help: ArgumentHelp("A recognizer and the label it should fire on (repeatable).", valueName: "R=LABEL"))
    var expect: [Expectation] = []

    @Option(name: .long, help: "The header label that holds each trace's class.")
    var labelField = "class"

    @Option(name: .long, help: "Output format.")
    var format: Format = .text

    @Option(name: [.short, .customLong("output")], help: "Write the report here instead of standard output.")
    var output: String?

    @Option(name: .long, help: "An earlier JSON report to compare with.")
    var baseline: String?

    @Option(name: .long, parsing: .upToNextOption, help: "Metrics that must not get worse than the baseline (precision, recall, f1).")
    var failOn: [String] = ["f1"]

    @Option(name: .long, help: "How much a metric may drop before it counts as worse.")
    var tolerance = 0.0

    @Option(name: .long, help: "Parallel jobs (default: the number of cores).")
    var jobs: Int?

    @Option(name: .long, help: ArgumentHelp("Only the k-th of n shares of the corpus (every n-th trace from the k-th, in corpus order); `gesturelab merge-reports` joins the shards' JSON reports.", valueName: "k/n"))
    var shard: Shard?


    func validate() throws {
        if expect.isEmpty { throw ValidationError("evaluate needs at least one --expect RECOGNIZER=LABEL") }
        try OptionCheck.number(tolerance, "--tolerance", in: 0...1, what: "how much a metric may drop")
        try OptionCheck.count(jobs, "--jobs", in: 1...256, what: "a number of parallel jobs")
    }

    func run() throws {
        let doc = try scene.load()
        let ids: [String]
        do { ids = try PlatformReplay.recognizerIDs(platform: scene.platform, scene: doc) } catch { throw Exit.fail(error.description) }
        var expectations: [EvaluationReport.Expectation] = []
        for e in expect {
            guard ids.contains(e.recognizer) else {
                throw Exit.fail("--expect \(e.recognizer)=\(e.label): the scene has no recognizer \"\(e.recognizer)\"; it has \(ids.joined(separator: ", "))")
            }
            expectations.append(e.evaluation)
        }
        var paths = Corpus.traces(under: corpus)
        guard !paths.isEmpty else { throw Exit.fail("\(corpus): no traces (.jsonl) found") }
        if let shard { paths = shard.select(paths) }

        let progress = ProgressBar(total: paths.count)
        let clock = ContinuousClock()
        let cpuBefore = processCPUSeconds()
        var outcomes: [GestureAnalysis.TraceOutcome] = []
        let elapsed = clock.measure {
            var evaluation = CorpusEvaluation(scene: doc, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
            evaluation.platform = scene.platform
            outcomes = evaluation.run(paths: paths) { progress.update($0) }
        }
        progress.finish()
        let cpu = processCPUSeconds() - cpuBefore
        var report = EvaluationReport(corpus: corpus, scene: doc.name, labelField: labelField, recognizers: ids,
                                      expectations: expectations, outcomes: outcomes)
        report.shard = shard.map { ($0.index, $0.count) }
        let text: String
        switch format {
        case .text: text = report.text
        case .markdown: text = report.markdown
        case .json: text = report.json
        case .html: text = report.html
        }
        try write(text, to: output, inputs: [corpus, scene.scene])
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        Exit.warn(String(format: "%d traces, %d events in %.3f s wall, %.3f s CPU", report.traces, report.events, seconds, cpu))
        for p in report.unreadable.prefix(5) { Exit.warn(p) }
        if report.unreadable.count > 5 { Exit.warn("... and \(report.unreadable.count - 5) more traces that could not be read") }

        if let baseline {
            guard FileManager.default.fileExists(atPath: baseline) else { throw Exit.fail("\(baseline): no such file (the baseline report)") }
            guard let data = FileManager.default.contents(atPath: baseline), let old = String(data: data, encoding: .utf8) else {
                throw Exit.fail("\(baseline): cannot read the baseline report (a folder, no permission, or not UTF-8 text)")
            }
            let comparison: BaselineComparison
            switch Result(catching: { () throws(BaselineError) -> BaselineComparison in
                try BaselineComparison(report: report, baseline: old, metrics: failOn, tolerance: tolerance)
            }) {
            case let .success(c): comparison = c
            case let .failure(e): throw Exit.fail("\(baseline): \(e.message)")
            }
            if !comparison.regressions.isEmpty {
                for r in comparison.regressions { Exit.warn("worse than the baseline: \(r)") }
                throw ExitCode(3)
            }
            Exit.warn("no regression against \(baseline) (\(comparison.compared) metrics compared)")
        }
        // The report is written, but a corpus with broken traces is not a clean run: a trace
        // that silently dropped out of a regression corpus would hide what it tested.
        if !report.unreadable.isEmpty {
            throw Exit.fail("\(report.unreadable.count) of the corpus's traces could not be read (above); the report leaves them out")
        }
    }
}

/// `--shard k/n`: the traces at positions k-1, k-1+n, k-1+2n... of the corpus order, so shards
/// are about equal whatever the folder layout, and together cover the corpus once.
struct Shard: ExpressibleByArgument {
    var index: Int
    var count: Int

    init?(argument: String) {
        let parts = argument.split(separator: "/")
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= 100_000, k >= 1, k <= n else { return nil }
        index = k
        count = n
    }

    func select(_ paths: [String]) -> [String] {
        paths.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }
}

/// A one-line progress bar on standard error, only when it is a terminal.
final class ProgressBar: @unchecked Sendable {
    let total: Int
    let enabled: Bool
    private let lock = NSLock()
    private var shown = -1

    init(total: Int) {
        self.total = total
        enabled = isatty(2) != 0 && total >= 200
    }

    func update(_ done: Int) {
        guard enabled else { return }
        let percent = done * 100 / max(total, 1)
        lock.lock()
        defer { lock.unlock() }
        guard percent != shown else { return }
        shown = percent
        let filled = percent * 30 / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: 30 - filled)
        warnRaw("\r[\(bar)] \(done)/\(total)")
    }

    func finish() {
        guard enabled else { return }
        warnRaw("\r\u{1B}[K")
    }
}

func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
}
