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
        // in constant memory; it is formatted and written on a second core (`LogPipeline`). An
        // error part-way leaves a file named by -o as it was; standard output has what came
        // before the error (nothing, when the trace cannot be opened).
        let out = try OutputFile(output, inputs: [trace, scene.scene])
        // Touched only by the writing thread until `pipeline.finish()` returns.
        var failure: Error?
        func put(_ text: String) {
            guard failure == nil else { return }
            do { try out.write(text) } catch { failure = error }
        }
        let lines = JSONLinesWriter()
        func putLines() {
            if failure == nil {
                do { try lines.withBytes { try out.write(bytes: $0) } } catch { failure = error }
            }
            lines.clear()
        }
        let text = OutputBytes()
        func putText() {
            if failure == nil {
                do { try text.withUnsafeBytes { try out.write(bytes: $0) } } catch { failure = error }
            }
            text.removeAll()
        }
        var writer = TextTimeline.Writer(TextTimeline(verbose: verbose))
        var titled = false
        let titleText = "Replay of \(trace == StandardInput.path ? "standard input" : trace) through scene \(doc.name)" + (scene.platform == .uikit ? "" : " under \(scene.platform.title)'s rules")
        func title() {
            guard format == .text, !titled else { return }
            titled = true
            put(writer.header(title: titleText))
        }
        // Writing the full JSON Lines log keeps its thread as busy as the engine's (the text
        // timeline's and the compact log's writers wait half the time): on two cores the trace
        // is then parsed on the engine's thread, and on the writer's while it waits for rows,
        // rather than on a third thread taking turns with both (docs/benchmarks.md).
        let reader = try openTraceOrExit(trace, busyThreads: format == .jsonl && !compact ? 2 : 1)
        let pipeline: LogPipeline
        switch format {
        case .jsonl:
            let compact = self.compact
            pipeline = LogPipeline(whileIdle: reader.readAhead) { batch in
                batch.withUnsafeMutableRows { rows in
                    for i in rows.indices {
                        if compact && Self.isRoutine(rows[i]) { continue }
                        lines.append(inPlace: &rows[i])
                        if lines.count >= 1 << 16 { putLines() }
                    }
                }
            }
        case .text:
            pipeline = LogPipeline { batch in
                title()
                batch.withUnsafeMutableRows { rows in
                    for i in rows.indices { writer.append(inPlace: &rows[i], to: text) }
                }
                if text.count >= 1 << 16 { putText() }
            }
        }
        let result: ReplayResult
        do {
            // The text timeline hides routine rows unless verbose, so their causes are not built.
            result = try replayOrExit(trace: trace, reader: reader, scene: doc, platform: scene.platform, routineUpdates: !compact, routineCauses: format == .jsonl || verbose,
                                      logBatches: { pipeline.take(&$0) })
        } catch {
            // What was logged before the error goes out: standard output shows everything the
            // engine decided before the bad line (a file named by -o is left as it was).
            pipeline.finish()
            putLines()
            putText()
            out.flushWrittenBeforeError()
            throw error
        }
        pipeline.finish()
        putLines()
        putText()
        if format == .text {
            title()
            put(writer.footer() + "\n\(result.eventCount) events replayed\n")
        }
        if let failure { throw failure }
        try out.finish()
    }

    /// A row `--compact` leaves out. Without routine updates the engine logs each changed
    /// transition and action as an empty note, which keeps the numbering of everything else.
    static func isRoutine(_ e: LogEntry) -> Bool {
        // Names compared as numbers: asked of every row.
        switch e.kind {
        case .input, .view: return e.phaseName == .moved
        case .note: return e.cause.message.isEmpty
        case .transition: return e.toName == .changed
        case .action: return e.toName?.isUpdate ?? false
        default: return false
        }
    }
}
