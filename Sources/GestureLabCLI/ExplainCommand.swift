import ArgumentParser
import Foundation
import GestureAnalysis
@_spi(GestureLabInternal) import GestureEngine
import GesturePlatforms
import GestureScenes
import GestureTrace

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Say why a recognizer did or did not fire, as a chain of causes with the numbers behind them.",
        discussion: "Without --recognizer: who won each touch sequence and why each other recognizer lost."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Argument(help: "The trace (- for standard input).")
    var trace: String

    @OptionGroup var scene: SceneOptions

    @Option(name: .long, help: "The recognizer to explain.")
    var recognizer: String?

    @Option(name: .long, help: "Explain the attempt in progress at this time (ms).")
    var at: Double?

    @OptionGroup var stretch: StretchOptions

    func validate() throws {
        try OptionCheck.time(at, "--at")
    }

    @Option(name: .long, help: "text or json")
    var format: Format = .text


    func run() throws {
        let doc = try scene.load()
        // The log is explained as the engine writes it, a touch sequence at a time: a trace of
        // any length in the memory of its longest sequence.
        if let r = recognizer {
            // Fed every row from the log's closure, behind `UncheckedState`: a variable the closure
            // captured would be checked for exclusive access on every row (this target keeps the
            // run-time checks, Package.swift), 6% of an explain under Flutter.
            let stream = UncheckedState(ExplanationStream(.attempts(of: r, at: at.map { Timestamp.milliseconds($0) })))
            // Which sequence each attempt's decision falls in, for --from/--to/--sequence.
            var starts: [Timestamp] = []
            let counter = UncheckedState(TouchSequenceCounter())
            defer { stream.free(); counter.free() }
            let result = try replayOrExit(trace: trace, reader: stretch.reader(trace), scene: doc, platform: scene.platform, log: .rows { e in
                if counter.value.step(e) == .firstFingerDown { starts.append(e.time) }
                stream.value.feed(e)
            })
            let ids = result.recognizerIDs
            guard ids.contains(r) else { throw Exit.fail("the scene has no recognizer \"\(r)\"; it has \(ids.joined(separator: ", "))") }
            let outcomes = stream.value.finish().filter { o in
                guard let t = o.time, let k = starts.lastIndex(where: { $0 <= t }) else { return stretch.from == nil && stretch.sequence == nil }
                return stretch.asked(k + 1, starts[k])
            }
            switch format {
            case .text: emit(outcomes.map(Explanation.text).joined(separator: "\n"), terminator: "")
            case .json: emit(Explanation.json(outcomes: outcomes), terminator: "")
            }
        } else {
            // The recognizers are known once the scene is built, before the first entry.
            let ids: [String]
            do { ids = try PlatformReplay.recognizerIDs(platform: scene.platform, scene: doc) } catch { throw Exit.fail(error.description) }
            var count = 0
            var number = 0
            // The text names each loser's last cause, not the chain behind it (JSON has chains).
            // Behind `UncheckedState`, as above.
            let stream = UncheckedState(ExplanationStream(.sequences(recognizers: ids, chains: format == .json) { q in
                number += 1
                guard stretch.asked(number, q.start) else { return }
                count += 1
                switch format {
                case .text: emit(Explanation.text(q, number: number), terminator: "")
                case .json: emit((count == 1 ? Explanation.jsonSequencesOpening : ",\n") + Explanation.json(q), terminator: "")
                }
            }))
            defer { stream.free() }
            // The text reads no update (it names each recognizer's last other decision) and no
            // routine row's cause: updates are only numbered, routine rows stay without causes.
            let log: ReplayLog = format == .text ? .withoutUpdates { stream.value.feed($0) } : .rows { stream.value.feed($0) }
            _ = try replayOrExit(trace: trace, reader: stretch.reader(trace), scene: doc, platform: scene.platform, log: log)
            _ = stream.value.finish()
            switch format {
            case .text:
                if count == 0 { emit(!stretch.isSet ? Explanation.noTouchesText : "No touch sequence in that stretch of the trace (\(number) in what was read).\n", terminator: "") }
            case .json: emit((count == 0 ? Explanation.jsonSequencesOpening : "") + Explanation.jsonSequencesClosing, terminator: "")
            }
        }
    }
}

/// Opens a trace to be read in chunks, or exits 2 with the problem. `busyThreads`: the threads
/// busy for the whole replay, the engine's and any the caller keeps as busy (a writer of the
/// full JSON Lines log); the trace is parsed on a thread of its own only when a core is left
/// for it, and otherwise on the engine's thread and any that helps (`readAhead`).
func openTraceOrExit(_ trace: String, busyThreads: Int = 1) throws -> PipelinedTraceReader {
    do {
        return try PipelinedTraceReader(path: trace, onOwnThread: PipelinedTraceReader.worthAThread(beside: busyThreads))
    } catch {
        throw Exit.fail(error.description)
    }
}

/// Replays a trace (read as `openTraceOrExit` reads it, unless `reader` is given) or exits 2
/// with the located problem.
/// `quiet`: the caller says the warnings (`ReplayResult.warnings`) itself, or has said them.
func replayOrExit(trace: String, reader: (any TraceEventSource)? = nil, scene: SceneDocument, platform: Platform = .uikit, log: ReplayLog = .entries,
                  observe: ((TraceEvent) -> Void)? = nil, quiet: Bool = false) throws -> ReplayResult {
    let reader = try reader ?? openTraceOrExit(trace)
    do {
        let r = try PlatformReplay.run(platform: platform, reader: reader, scene: scene, log: log, observe: observe)
        if !quiet { for w in r.warnings { Exit.warn(w.description) } }
        return r
    } catch let d as TraceDiagnostic {
        throw Exit.fail(d.description)
    } catch let e as SceneError {
        throw Exit.fail(e.description)
    }
}
