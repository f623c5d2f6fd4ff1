import ArgumentParser
import Synchronization
import GestureAnalysis
import GesturePlatforms
import GestureScenes
import GestureTrace

struct SensitivityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sensitivity",
        abstract: "For each decision a threshold made: how close it was, and the parameter value that would flip the winner."
    )

    @Argument(help: "The trace (- for standard input).")
    var trace: String

    @OptionGroup var scene: SceneOptions

    func run() throws {
        let doc = try scene.load()
        let platform = scene.platform
        let ids: [String]
        do { ids = try PlatformReplay.recognizerIDs(platform: platform, scene: doc) } catch { throw Exit.fail(error.description) }
        // The baseline is gathered as it replays (the decisions with evidence, each sequence's
        // winners); every replay after it is streamed too: memory of the answer, not the log.
        let baseline = ThresholdSensitivity.Baseline(recognizers: ids)
        let result = try replayOrExit(trace: trace, scene: doc, platform: platform, logSink: baseline.feed)
        baseline.finish()
        // Another platform's thresholds are its device values, set at the scene's top.
        let vary: ((SceneDocument, String, Double) -> SceneDocument?)? = platform == .uikit ? nil : { d, name, v in
            PlatformReplay.setting(name, to: v, in: d, platform: platform)
        }
        /// Winners by sequence start, replaying `source` with `variant`.
        func winners(_ variant: SceneDocument, _ source: any TraceEventSource) -> [(start: Timestamp, winners: [String])]? {
            var got: [(start: Timestamp, winners: [String])] = []
            var stream = ExplanationStream(.sequences(recognizers: ids, chains: false) { got.append(($0.start, $0.winners)) })
            guard (try? PlatformReplay.run(platform: platform, reader: source, scene: variant, logSink: { stream.feed($0) })) != nil else { return nil }
            _ = stream.finish()
            return got
        }
        func wholeTrace(_ variant: SceneDocument) -> [[String]]? {
            (try? TraceReader(path: trace)).flatMap { winners(variant, $0) }?.map(\.winners)
        }
        /// The baseline's winners with those of `sequences` replayed in their windows, or nil
        /// when a window's sequence is missing.
        func windowed(_ variant: SceneDocument, _ sequences: [Int]) -> [[String]]? {
            guard let reader = try? TraceReader(path: trace),
                  let got = winners(variant, SequenceWindows(source: reader, starts: baseline.starts, sequences: sequences)) else { return nil }
            let byStart = Dictionary(got.map { ($0.start, $0.winners) }, uniquingKeysWith: { a, _ in a })
            var all = baseline.winners
            for i in sequences {
                guard i < all.count, let w = byStart[baseline.starts[i]] else { return nil }
                all[i] = w
            }
            return all
        }
        // A short trace is replayed whole for every value (exact). A long one replays only the
        // sequences that recorded the threshold, each after the one before it: what a value
        // changes in sequences that did not record it (an app action that moved a view, a
        // recognizer waiting across sequences) is not seen (docs/debugging.md). Windows are
        // trusted for a set of sequences once the unchanged scene replays them as the whole
        // trace did; otherwise, or when they are most of the trace, the whole trace.
        let trusted = Mutex<[[Int]: Bool]>([:])
        let items = ThresholdSensitivity.analyze(baseline: baseline, scene: doc, recognizers: ids, vary: vary) { variant, sequences in
            if baseline.winners.count <= ThresholdSensitivity.listedSequences || sequences.count * 2 > baseline.winners.count { return wholeTrace(variant) }
            // Searches run on several threads; a check may run twice, with the same answer.
            let known = trusted.withLock { $0[sequences] }
            let trust = known ?? (windowed(doc, sequences) == baseline.winners)
            if known == nil { trusted.withLock { $0[sequences] = trust } }
            return trust ? windowed(variant, sequences) : wholeTrace(variant)
        }
        // Registered parameters are UIKit-style classes' own; another platform's replay has none.
        let swept = result.scene.map { built in
            RegisteredParameterSweep.analyze(recognizers: built.recognizers, scene: doc, baseline: baseline.winners) { variant in
                try? Replay.run(tracePath: trace, scene: variant).log
            }
        } ?? []
        emit(ThresholdSensitivity.text(items, winners: baseline.winners) + RegisteredParameterSweep.text(swept), terminator: "")
    }
}
