import ArgumentParser
import Foundation
import GestureAnalysis
import GesturePlatforms
import GestureScenes
import GestureTrace

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Replay one trace through two scenes (or one scene with different --set values) and show where they diverge.",
        discussion: "Give --scene twice, or once with --set-a/--set-b overrides. Exit status 1 when they differ."
    )

    @Argument(help: "The trace (- for standard input).")
    var trace: String

    @Option(name: .long, help: ArgumentHelp("The scene (twice to compare two scenes).", valueName: "scene"))
    var scene: [String]

    @Option(name: .customLong("set-a"), help: ArgumentHelp("Overrides for the first replay.", valueName: "R.PARAM=VALUE"))
    var setA: [ParameterOverride] = []

    @Option(name: .customLong("set-b"), help: ArgumentHelp("Overrides for the second replay.", valueName: "R.PARAM=VALUE"))
    var setB: [ParameterOverride] = []

    @Option(name: .customLong("platform"), help: ArgumentHelp("Whose rules both replays follow: uikit, flutter or android (`compare` sets platforms side by side).", valueName: "platform"))
    var platformChoice: PlatformChoice = .uikit

    var platform: Platform { platformChoice.platform }

    @OptionGroup var stretch: StretchOptions

    func validate() throws {
        guard scene.count == 2 || (scene.count == 1 && !(setA.isEmpty && setB.isEmpty)) else {
            throw ValidationError("diff needs --scene A --scene B, or one --scene with --set-a/--set-b")
        }
    }

    func run() throws {
        let a = try loadScene(scene[0], overrides: setA)
        let b = try loadScene(scene.count == 2 ? scene[1] : scene[0], overrides: setB)
        let ids = try Array(Set(recognizerIDs(a) + recognizerIDs(b))).sorted()
        // Both replays at once, each summarized as it runs (the keys of its transitions, each
        // sequence's winners and results): the memory of a sequence, not of the trace.
        // A stretch (--sequence, --from, --to): both replays read up to its end and compare
        // only its transitions and sequences (numbered as in the whole trace).
        let cut = { [stretch] in SequenceStretch(asked: stretch.isSet ? { stretch.asked($0, $1) } : nil) }
        // One table numbers both sides' winners and outcomes, so equal ones compare as numbers.
        let lists = NameLists()
        let left = ReplayDiff.Side(recognizers: ids, stretch: cut(), lists: lists), right = ReplayDiff.Side(recognizers: ids, stretch: cut(), lists: lists)
        // Two replays at once keep both cores busy: each reads its trace on its own thread.
        // They log what the sides read: transitions (causes only where not routine) and each
        // touch's first and last rows.
        let busy = busyThreadsInParallel
        let results = try inParallel(
            { try replayOrExit(trace: trace, reader: stretch.reader(trace, busyThreads: busy), scene: a, platform: platform,
                               log: .transitionsAndTouches(updates: true, left.feed), quiet: true) },
            { try replayOrExit(trace: trace, reader: stretch.reader(trace, busyThreads: busy), scene: b, platform: platform,
                               log: .transitionsAndTouches(updates: true, right.feed), quiet: true) })
        // Both replays read the same trace: its problems are said once.
        for w in results.0.warnings { Exit.warn(w.description) }
        let d = try ReplayDiff(left: left, right: right, recognizers: ids) { range in
            // The block of transitions where they part ways, found by replaying both again.
            // Each replay stops once its side's block is found: nothing after it is read.
            let x = ReplayDiff.TransitionFinder(range: range, stretch: cut()), y = ReplayDiff.TransitionFinder(range: range, stretch: cut())
            _ = try inParallel(
                { try replayOrExit(trace: trace, reader: TraceUntil(source: stretch.reader(trace, busyThreads: busy)) { !x.isComplete },
                                   scene: a, platform: platform, log: .rows(x.feed), quiet: true) },
                { try replayOrExit(trace: trace, reader: TraceUntil(source: stretch.reader(trace, busyThreads: busy)) { !y.isComplete },
                                   scene: b, platform: platform, log: .rows(y.feed), quiet: true) })
            return (x.found, y.found)
        }
        if stretch.isSet && d.first >= d.winnersLeft.count {
            throw Exit.fail("diff: no touch sequence in that stretch of the trace (\(d.winnersLeft.count) in what was read)")
        }
        func name(_ side: String, _ doc: SceneDocument, _ overrides: [ParameterOverride]) -> String {
            scene.count == 2 ? doc.name : side + (overrides.isEmpty ? "" : " (" + overrides.map(\.description).joined(separator: ", ") + ")")
        }
        emit(d.text(leftName: name("A", a, setA), rightName: name("B", b, setB)), terminator: "")
        if !d.identical { throw ExitCode(1) }
    }

    func recognizerIDs(_ doc: SceneDocument) throws -> [String] {
        do { return try PlatformReplay.recognizerIDs(platform: platform, scene: doc) } catch { throw Exit.fail(error.description) }
    }
}
