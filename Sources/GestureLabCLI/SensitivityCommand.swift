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

    @OptionGroup var stretch: StretchOptions

    func run() throws {
        let doc = try scene.load()
        let platform = scene.platform
        let ids: [String]
        do { ids = try PlatformReplay.recognizerIDs(platform: platform, scene: doc) } catch { throw Exit.fail(error.description) }
        // The baseline is gathered as it replays (the decisions with evidence, each sequence's
        // winners); every replay after it is streamed too: memory of the answer, not the log.
        // A stretch (--sequence, --from, --to): its decisions are analysed and only its sequences'
        // winners compared; the sequences before it are replayed, nothing after it is read.
        let baseline = ThresholdSensitivity.Baseline(recognizers: ids, keeps: stretch.isSet ? { [stretch] in stretch.asked($0, $1) } : nil)
        // Its events are kept on a tape (a temporary file past a few megabytes): the searches
        // replay stretches of the trace tens of times without parsing its text again, and a
        // trace from standard input can be replayed at all.
        let tape = TraceTape(name: trace == StandardInput.path ? "standard input" : trace)
        let reader = try stretch.reader(trace)
        let result = try replayOrExit(trace: trace, reader: reader, scene: doc, platform: platform, log: .rows(baseline.feed), observe: tape.append)
        tape.finish(from: reader)
        if let failure = tape.failure { throw Exit.fail("sensitivity: \(failure)") }
        baseline.finish()
        // Another platform's thresholds are its device values, set at the scene's top.
        let vary: ((SceneDocument, String, Double) -> SceneDocument?)? = platform == .uikit ? nil : { d, name, v in
            PlatformReplay.setting(name, to: v, in: d, platform: platform)
        }
        /// Winners by sequence start (numbered in `baseline.winnerLists`), replaying `source` with
        /// `variant`; the replay stops after the first sequence that `differs` says is not the
        /// baseline's (`stoppedAt`, its start).
        let sets = baseline.winnerLists
        func winners(_ variant: SceneDocument, _ source: any TraceEventSource,
                     differs: ((_ index: Int, _ start: Timestamp, _ winners: Int32) -> Bool)? = nil) -> (got: [(start: Timestamp, winners: Int32)], stoppedAt: Timestamp?)? {
            var got: [(start: Timestamp, winners: Int32)] = []
            var stoppedAt: Timestamp?
            var stream = ExplanationStream(.results(recognizers: ids) { q in
                let w = sets.number(q.winners)
                if stoppedAt == nil, let differs, differs(got.count, q.start, w) { stoppedAt = q.start }
                got.append((q.start, w))
            })
            // Winners need the touches' first and last rows and the decisions: nothing else is
            // logged (nor a touch's moves, nor the updates of a gesture under way).
            let log = ReplayLog.winnersOnly { stream.feed($0) }
            let reader = differs == nil ? source : TraceUntil(source: source, wantedBeforeSequences: { stoppedAt == nil })
            guard (try? PlatformReplay.run(platform: platform, reader: reader, scene: variant, log: log)) != nil else { return nil }
            _ = stream.finish()
            return (got, stoppedAt)
        }
        /// Outside the stretch the winners are the baseline's: only its sequences are compared.
        // (The baseline decided which sequences are the stretch's as it replayed.)
        let analysed = baseline.analysedSequences.map(Set.init)
        let outside = analysed.map { a in baseline.winners.indices.filter { !a.contains($0) } } ?? []
        let isOutside = Set(outside)
        func wholeTrace(_ variant: SceneDocument, untilChanged: Bool) -> (winners: [Int32], partial: Bool)? {
            let differs = { (i: Int, _: Timestamp, w: Int32) in i >= baseline.winners.count || !isOutside.contains(i) && w != baseline.winners[i] }
            guard let (got, stoppedAt) = winners(variant, tape.reader(), differs: untilChanged ? differs : nil) else { return nil }
            var all = got.map(\.winners)
            for i in outside where i < all.count && i < baseline.winners.count { all[i] = baseline.winners[i] }
            return (all, stoppedAt != nil)
        }
        /// The baseline's winners with those of `sequences` replayed in their windows, or nil
        /// when a window's sequence is missing (unless the replay stopped at a changed one).
        func windowed(_ variant: SceneDocument, _ sequences: [Int], leadIn: (Int) -> Int, untilChanged: Bool = false) -> (winners: [Int32], partial: Bool)? {
            let spans = SequenceWindows.spans(starts: baseline.starts, sequences: sequences, leadIn: leadIn)
            let asked = Dictionary(sequences.filter { $0 < baseline.starts.count }.map { (baseline.starts[$0], $0) }, uniquingKeysWith: { a, _ in a })
            let differs = { (_: Int, start: Timestamp, w: Int32) in asked[start].map { w != baseline.winners[$0] } ?? false }
            guard let (got, stoppedAt) = winners(variant, tape.reader(spans: spans), differs: untilChanged ? differs : nil) else { return nil }
            let byStart = Dictionary(got.map { ($0.start, $0.winners) }, uniquingKeysWith: { a, _ in a })
            var all = baseline.winners
            for i in sequences {
                guard i < all.count else { return nil }
                guard let w = byStart[baseline.starts[i]] else {
                    // Not reached: the replay stopped at a changed sequence before it.
                    if let stoppedAt, baseline.starts[i] > stoppedAt { continue }
                    return nil
                }
                all[i] = w
            }
            return (all, stoppedAt != nil)
        }
        // A short trace is replayed whole for every value (exact). A long one replays only the
        // sequences with a decision the value crosses, each after the ones before it (its
        // lead-in): what a value changes in other sequences (an app action that moved a view, a
        // decision made earlier under a looser threshold) is not seen (docs/debugging.md). A
        // sequence's window is trusted once the unchanged scene replays it as the whole trace did,
        // with a lead-in of 1, 2, 4, 8 or 16 sequences (a double tap's interval or a scroll view
        // still moving can reach back further than one); a value needing a sequence no lead-in
        // reproduces, or most of the trace, replays the whole trace.
        let leadIns = Mutex<[Int: Int]>([:])  // 0: no lead-in reproduces the sequence
        let found = ThresholdSensitivity.analyze(baseline: baseline, scene: doc, recognizers: ids, vary: vary) { variant, sequences, untilChanged in
            if baseline.winners.count <= ThresholdSensitivity.listedSequences || sequences.count * 2 > baseline.winners.count {
                return wholeTrace(variant, untilChanged: untilChanged)
            }
            // Searches run on several threads; a sequence may be checked twice, with the same answer.
            var unknown = leadIns.withLock { l in sequences.filter { l[$0] == nil } }
            var lead = 1
            while !unknown.isEmpty && lead <= 16 {
                let unchanged = windowed(doc, unknown) { _ in lead }?.winners
                let reproduced = unknown.filter { unchanged?[$0] == baseline.winners[$0] }
                leadIns.withLock { l in for i in reproduced { l[i] = lead } }
                unknown.removeAll { i in reproduced.contains(i) }
                lead *= 2
            }
            leadIns.withLock { l in for i in unknown { l[i] = 0 } }
            let known = leadIns.withLock { $0 }
            guard sequences.allSatisfy({ known[$0]! > 0 }) else { return wholeTrace(variant, untilChanged: untilChanged) }
            return windowed(variant, sequences, leadIn: { known[$0] ?? 1 }, untilChanged: untilChanged)
        }
        // Registered parameters are UIKit-style classes' own; another platform's replay has none.
        let swept = result.scene.map { built in
            RegisteredParameterSweep.analyze(recognizers: built.recognizers, scene: doc, baseline: baseline.winners.map(sets.list)) { variant in
                try? Replay.run(reader: tape.reader(), scene: variant).log
            }
        } ?? []
        if let analysed, analysed.isEmpty {
            throw Exit.fail("sensitivity: no touch sequence in that stretch of the trace (\(baseline.starts.count) in what was read)")
        }
        let shown = (analysed.map { a in baseline.winners.indices.filter { a.contains($0) }.map { baseline.winners[$0] } } ?? baseline.winners).map(sets.list)
        // Written a block at a time: the decisions are read back from their spool, closest first.
        do {
            try ThresholdSensitivity.write(found, winners: shown) { emit($0, terminator: "") }
        } catch {
            throw Exit.fail("sensitivity: \(error)")
        }
        emit(RegisteredParameterSweep.text(swept), terminator: "")
    }
}
