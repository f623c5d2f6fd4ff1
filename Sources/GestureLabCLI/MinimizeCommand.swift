import ArgumentParser
import Foundation
import GestureAnalysis
import GestureEngine
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
        let target = until.recognizer, state = until.state
        func holds(_ candidate: [TraceEvent]) -> Bool {
            guard let log = try? PlatformReplay.run(platform: platform, events: candidate, scene: doc) else { return false }
            return log.entries.contains { $0.kind == .transition && $0.recognizer == target && $0.to == state }
        }
        // One streamed replay finds the touch sequence where the outcome first happens; the
        // trace's events wait on a tape (a temporary file past a few megabytes), not in memory.
        let tape = TraceTape(name: trace == StandardInput.path ? "standard input" : trace)
        let reader = try openTraceOrExit(trace)
        var counter = TouchSequenceCounter()
        var starts: [Timestamp] = []
        var reached: Int?
        let name = LogName(target), reachedState = LogName(state)
        let log = ReplayLog.winnersOnly { e in
            if counter.step(e) == .firstFingerDown { starts.append(e.time) }
            if reached == nil, e.kind == .transition, e.recognizerName == name, e.toName == reachedState { reached = max(starts.count - 1, 0) }
        }
        _ = try replayOrExit(trace: trace, reader: reader, scene: doc, platform: platform, log: log, observe: tape.append)
        tape.finish(from: reader)
        if let failure = tape.failure { throw Exit.fail("minimize: \(failure)") }
        guard let sequence = reached else {
            throw Exit.fail("\(trace): \(target) never reaches \(state) in this trace, so there is nothing to keep", code: 1)
        }
        func read(_ source: any TraceEventSource) throws -> [TraceEvent] {
            var out: [TraceEvent] = []
            do { while let e = try source.nextEvent() { out.append(e) } } catch { throw Exit.fail(error.description) }
            return out
        }
        // A long trace: delta debugging starts from that sequence with the fewest sequences
        // before it (1, 2, 4, ... as a lead-in) that still give the outcome, instead of from the
        // whole trace (a short one, of up to 8 sequences, is minimized whole, as before).
        let whole = tape.eventCount
        var start: [TraceEvent]?
        var from = ""
        if starts.count > ThresholdSensitivity.listedSequences {
            var lead = 1
            while start == nil {
                let window = try read(tape.reader(spans: SequenceWindows.spans(starts: starts, sequences: [sequence], leadIn: { _ in lead })))
                if holds(window) {
                    start = window
                    from = " (touch sequences \(max(sequence - lead, 0) + 1)-\(sequence + 1) of \(starts.count))"
                } else if lead >= sequence {
                    break
                }
                lead *= 2
            }
        }
        var m = TraceMinimizer(events: try start ?? read(tape.reader()), holds: holds)
        guard let small = m.minimize() else {
            throw Exit.fail("\(trace): \(target) never reaches \(state) in this trace, so there is nothing to keep", code: 1)
        }
        var h = tape.header
        h.origin = "minimized by `gesturelab minimize --until \"\(until)\"` from \((trace as NSString).lastPathComponent) (\(whole) events\(from)) to \(small.count) events"
        try write(TraceWriter.text(header: h, events: small), to: output, inputs: [trace, scene.scene])
        let pointers = Set(small.filter { $0.type == .down }.map(\.pointer)).count
        // The summary goes to standard error when the trace itself goes to standard output.
        let summary = "\(whole) events -> \(small.count) events (\(small.filter { $0.type == .down }.count) strokes, \(pointers) pointer ids) after \(m.tests) replays; written to \(output == "-" ? "standard output" : output)"
        if output == "-" { Exit.warn(summary) } else { emit(summary) }
    }
}
