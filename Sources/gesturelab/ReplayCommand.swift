import ArgumentParser
import Foundation
import GestureEngine
import GestureScenes
import GestureTimeline
import GestureTrace

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a trace through a scene and print every decision with its cause."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, jsonl }

    @Argument(help: "The trace file (JSON Lines, see docs/trace-format.md).")
    var trace: String

    @Option(name: .long, help: "The scene file (YAML or JSON, see docs/scene-format.md).")
    var scene: String

    @Option(name: .long, help: "Output format: text (a readable timeline) or jsonl (one JSON object per decision).")
    var format: Format = .text

    @Flag(name: .long, help: "In text output, also show every move and changed transition.")
    var verbose = false

    @Option(name: .customLong("set"), help: ArgumentHelp("Override a recognizer parameter, e.g. pan.minimumDistance=18 (repeatable).", valueName: "R.PARAM=VALUE"))
    var overrides: [String] = []

    @Option(name: [.short, .customLong("output")], help: "Write to this file instead of standard output.")
    var output: String?

    func run() throws {
        let doc = try loadScene(scene, overrides: overrides)
        let result: ReplayResult
        do {
            result = try Replay.run(tracePath: trace, scene: doc)
        } catch let d as TraceDiagnostic {
            throw Exit.fail(d.description)
        } catch let e as SceneError {
            throw Exit.fail(e.description)
        }
        for w in result.warnings { Exit.warn(w.description) }
        let text: String
        switch format {
        case .jsonl:
            text = JSONLinesTimeline.render(result.log)
        case .text:
            let title = "Replay of \(trace) through scene \(doc.name) (\(result.eventCount) events)"
            text = TextTimeline(verbose: verbose).render(result.log, title: title)
        }
        try write(text, to: output)
    }
}
