import ArgumentParser
import Foundation
import GestureAnalysis
import GesturePlatforms
import GestureScenes
import GestureTrace

struct MinimizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "minimize",
        abstract: "Shrink a trace to the fewest strokes and moves that still give an outcome, for a minimal, deterministic repro."
    )

    @Argument(help: "The trace (- for standard input).")
    var trace: String

    @OptionGroup var scene: SceneOptions

    @Option(name: .long, help: ArgumentHelp("The outcome to keep, e.g. \"singleTap recognized\"; STATE is one of \(TransitionOutcome.states.joined(separator: ", ")).",
                                            valueName: "RECOGNIZER STATE"))
    var until: TransitionOutcome

    @Option(name: [.short, .customLong("output")], help: "Where to write the minimized trace (- for standard output).")
    var output: String

    func run() throws {
        let doc = try scene.load()
        let platform = scene.platform
        let ids: [String]
        do { ids = try PlatformReplay.recognizerIDs(platform: platform, scene: doc) } catch { throw Exit.fail(error.description) }
        guard ids.contains(until.recognizer) else { throw Exit.fail("--until \(until): the scene has no recognizer \"\(until.recognizer)\"") }
        let header: TraceHeader, events: [TraceEvent]
        do { (header, events, _) = try TraceReader.readAll(path: trace) } catch { throw Exit.fail(error.description) }
        let target = until.recognizer, state = until.state
        var m = TraceMinimizer(events: events) { candidate in
            guard let log = try? PlatformReplay.run(platform: platform, events: candidate, scene: doc) else { return false }
            return log.entries.contains { $0.kind == .transition && $0.recognizer == target && $0.to == state }
        }
        guard let small = m.minimize() else {
            throw Exit.fail("\(trace): \(target) never reaches \(state) in this trace, so there is nothing to keep", code: 1)
        }
        var h = header
        h.origin = "minimized by `gesturelab minimize --until \"\(until)\"` from \((trace as NSString).lastPathComponent) (\(events.count) events) to \(small.count) events"
        try write(TraceWriter.text(header: h, events: small), to: output, inputs: [trace, scene.scene])
        let pointers = Set(small.filter { $0.type == .down }.map(\.pointer)).count
        // The summary goes to standard error when the trace itself goes to standard output.
        let summary = "\(events.count) events -> \(small.count) events (\(small.filter { $0.type == .down }.count) strokes, \(pointers) pointer ids) after \(m.tests) replays; written to \(output == "-" ? "standard output" : output)"
        if output == "-" { Exit.warn(summary) } else { emit(summary) }
    }
}
