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

    @Argument(help: "The trace file (JSON Lines, docs/trace-format.md; - for standard input).")
    var trace: String

    @OptionGroup var scene: SceneOptions

    @Option(name: .long, help: "Output format: text (a readable timeline) or jsonl (one JSON object per decision).")
    var format: Format = .text

    @Flag(name: .long, help: "In text output, also show every move and changed transition.")
    var verbose = false

    @Flag(name: .long, help: "In jsonl output, leave out the routine rows: changed transitions and their actions, and the move rows of inputs and views (seq numbers still count them).")
    var compact = false

    @Option(name: [.short, .customLong("output")], help: "Write to this file instead of standard output (- is standard output).")
    var output: String?

    func validate() throws {
        if compact && format != .jsonl { throw ValidationError("--compact is for --format jsonl (the text timeline leaves routine rows out unless --verbose)") }
    }

    func run() throws {
        let doc = try scene.load()
        // The log is written as the engine decides, never kept, so a trace of any length replays
        // in constant memory: reader -> engine -> log, the log formatted and written on a second
        // core. An error part-way leaves a file named by -o as it was; standard output has what
        // came before the error (nothing, when the trace cannot be opened).
        let out = try OutputFile(output, inputs: [trace, scene.scene])
        // Writing the full JSON Lines log keeps its thread as busy as the engine's (the text
        // timeline's and the compact log's writers wait half the time): on two cores the trace
        // is then parsed on the engine's thread, and on the writer's while it waits for rows,
        // rather than on a third thread taking turns with both (docs/benchmarks.md).
        let reader = try openTraceOrExit(trace, busyThreads: format == .jsonl && !compact ? 2 : 1)
        let title = "Replay of \(trace == StandardInput.path ? "standard input" : trace) through scene \(doc.name)"
            + (scene.platform == .uikit ? "" : " under \(scene.platform.title)'s rules")
        let log = ReplayLogOutput(format: format, compact: compact, verbose: verbose, title: title, to: out)
        let result: ReplayResult
        do {
            result = try replayOrExit(trace: trace, reader: reader, scene: doc, platform: scene.platform, log: log.replayLog(readAhead: reader.readAhead))
        } catch {
            // What was logged before the error goes out: standard output shows everything the
            // engine decided before the bad line (a file named by -o is left as it was).
            log.flush()
            out.flushWrittenBeforeError()
            throw error
        }
        try log.finish(eventCount: result.eventCount)
        try out.finish()
    }
}
