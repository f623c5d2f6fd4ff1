import ArgumentParser
import Foundation
import GestureAnalysis
import GestureScenes
import GestureTrace

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Replay one trace through two scenes (or one scene with different --set values) and show where they diverge.",
        discussion: "Give --scene twice, or once with --set-b overrides for the second replay. Exit status 1 when they differ."
    )

    @Argument(help: "The trace.")
    var trace: String

    @Option(name: .long, help: "The scene (twice to compare two scenes).")
    var scene: [String]

    @Option(name: .customLong("set-a"), help: ArgumentHelp("Overrides for the first replay.", valueName: "R.PARAM=VALUE"))
    var setA: [String] = []

    @Option(name: .customLong("set-b"), help: ArgumentHelp("Overrides for the second replay.", valueName: "R.PARAM=VALUE"))
    var setB: [String] = []

    func run() throws {
        guard scene.count == 2 || (scene.count == 1 && !(setA.isEmpty && setB.isEmpty)) else {
            throw Exit.fail("diff needs --scene A --scene B, or one --scene with --set-a/--set-b")
        }
        let a = try loadScene(scene[0], overrides: setA)
        let b = try loadScene(scene.count == 2 ? scene[1] : scene[0], overrides: setB)
        let ra = try replayOrExit(trace: trace, scene: a)
        let rb = try replayOrExit(trace: trace, scene: b)
        let ids = Array(Set(ra.scene.recognizers.map(\.id) + rb.scene.recognizers.map(\.id))).sorted()
        let d = ReplayDiff(left: ra.log, right: rb.log, recognizers: ids)
        let nameA = scene.count == 2 ? a.name : "A" + (setA.isEmpty ? "" : " (" + setA.joined(separator: ", ") + ")")
        let nameB = scene.count == 2 ? b.name : "B" + (setB.isEmpty ? "" : " (" + setB.joined(separator: ", ") + ")")
        emit(d.text(leftName: nameA, rightName: nameB), terminator: "")
        if !d.identical { throw ExitCode(1) }
    }
}

struct SensitivityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sensitivity",
        abstract: "For each decision a threshold made: how close it was, and the parameter value that would flip the winner."
    )

    @Argument(help: "The trace.")
    var trace: String

    @Option(name: .long, help: "The scene.")
    var scene: String

    func run() throws {
        let doc = try loadScene(scene)
        let result = try replayOrExit(trace: trace, scene: doc)
        let ids = result.scene.recognizers.map(\.id)
        let items = ThresholdSensitivity.analyze(log: result.log, scene: doc, recognizers: ids) { variant in
            try? Replay.run(tracePath: trace, scene: variant).log
        }
        let winners = Explanation(log: result.log).sequences(recognizers: ids).map(\.winners)
        emit(ThresholdSensitivity.text(items, winners: winners), terminator: "")
    }
}

struct MinimizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "minimize",
        abstract: "Shrink a trace to the fewest strokes and moves that still give an outcome, for a minimal, deterministic repro.",
        discussion: "--until takes RECOGNIZER STATE, STATE one of began, recognized, ended, failed, cancelled: the outcome holds when that transition happens."
    )

    @Argument(help: "The trace.")
    var trace: String

    @Option(name: .long, help: "The scene.")
    var scene: String

    @Option(name: .long, help: "The outcome to keep, e.g. \"singleTap recognized\".")
    var until: String

    @Option(name: [.short, .customLong("output")], help: "Where to write the minimized trace.")
    var output: String

    func run() throws {
        let doc = try loadScene(scene)
        let parts = until.split(separator: " ").map(String.init)
        let states = ["began", "recognized", "ended", "failed", "cancelled", "changed"]
        guard parts.count == 2, states.contains(parts[1]) else {
            throw Exit.fail("--until \"\(until)\": expected \"RECOGNIZER STATE\" with STATE one of \(states.joined(separator: ", "))")
        }
        let built = try SceneBuilder.build(doc)
        guard built.recognizer(parts[0]) != nil else { throw Exit.fail("the scene has no recognizer \"\(parts[0])\"") }
        let header: TraceHeader, events: [TraceEvent]
        do { (header, events, _) = try TraceReader.readAll(path: trace) } catch { throw Exit.fail(error.description) }
        let target = parts[0], state = parts[1]
        var m = TraceMinimizer(events: events) { candidate in
            guard let s = try? Replay.run(events: candidate, scene: doc) else { return false }
            return s.environment.log.entries.contains { $0.kind == .transition && $0.recognizer == target && $0.to == state }
        }
        guard let small = m.minimize() else {
            throw Exit.fail("\(trace): \(target) never reaches \(state) in this trace, so there is nothing to keep", code: 1)
        }
        var h = header
        h.origin = "minimized by `gesturelab minimize --until \"\(until)\"` from \((trace as NSString).lastPathComponent) (\(events.count) events) to \(small.count) events"
        try write(TraceWriter.text(header: h, events: small), to: output)
        let pointers = Set(small.filter { $0.type == .down }.map(\.pointer)).count
        emit("\(events.count) events -> \(small.count) events (\(small.filter { $0.type == .down }.count) strokes, \(pointers) pointer ids) after \(m.tests) replays; written to \(output)")
    }
}
