import Foundation
@testable import GestureAnalysis
import GestureEngine
import GestureScenes
import GestureSynth
import GestureTrace
import GestureTestSupport
import Testing

@Suite("sequence results (winners without explanations)")
struct SequenceResultsTests {
    /// What `Explanation.sequences` says: the reference the fast path must repeat.
    func reference(_ log: DecisionLog, _ ids: [String]) -> [SequenceResults.Sequence] {
        Explanation(log: log).sequences(recognizers: ids, chains: false).map { q in
            SequenceResults.Sequence(start: q.start, winners: q.winners,
                                     finals: ids.map { r in q.outcomes.first { $0.recognizer == r }.map { LogName($0.result) } })
        }
    }

    /// A replay logged as a threshold search logs it (`ReplayLog.winnersOnly`): its rows, and
    /// its sequences' results streamed.
    func winnersOnly(tracePath: String, _ doc: SceneDocument, _ ids: [String]) throws -> ([LogEntry], [SequenceResults.Sequence]) {
        var rows: [LogEntry] = [], results: [SequenceResults.Sequence] = []
        var stream = ExplanationStream(.results(recognizers: ids) { results.append($0) })
        _ = try Replay.run(tracePath: tracePath, scene: doc, log: .winnersOnly { rows.append($0); stream.feed($0) })
        _ = stream.finish()
        return (rows, results)
    }

    @Test("Every shipped trace in every shipped scene: the same sequences, winners and last states as the explanation, whole, streamed and from a winners-only log")
    func shippedPairs() throws {
        let scenes = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/recordings/scenes").filter { $0.hasSuffix(".yaml") }.sorted()
        let traces = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/recordings/traces").filter { $0.hasSuffix(".jsonl") }.sorted()
        var compared = 0, won = 0
        for scene in scenes {
            let doc = try SceneLoader.load(path: repositoryRoot + "/recordings/scenes/" + scene)
            for trace in traces {
                guard let r = try? Replay.run(tracePath: repositoryRoot + "/recordings/traces/" + trace, scene: doc) else { continue }
                let ids = r.recognizerIDs
                let expected = reference(r.log, ids)
                #expect(SequenceResults.of(r.log.entries, recognizers: ids) == expected, "\(trace) in \(scene)")
                var streamed: [SequenceResults.Sequence] = []
                var stream = ExplanationStream(.results(recognizers: ids) { streamed.append($0) })
                for e in r.log.entries { stream.feed(e) }
                _ = stream.finish()
                #expect(streamed == expected, "\(trace) in \(scene), streamed")
                // What a threshold search reads: no moves, no updates (`changed`), the rest numbered as before.
                let (lean, leanResults) = try winnersOnly(tracePath: repositoryRoot + "/recordings/traces/" + trace, doc, ids)
                #expect(leanResults == expected, "\(trace) in \(scene), winners only")
                #expect(!lean.contains { $0.kind == .input && $0.phase == "moved" }, "\(trace) in \(scene): a move was written")
                let decisions = r.log.entries.filter { $0.kind == .transition && $0.to != "changed" }
                #expect(lean.filter { $0.kind == .transition }.map { "\($0.seq) \($0.recognizer ?? "") \($0.to ?? "")" }
                        == decisions.map { "\($0.seq) \($0.recognizer ?? "") \($0.to ?? "")" }, "\(trace) in \(scene): numbering")
                compared += 1
                won += expected.filter { !$0.winners.isEmpty }.count
            }
        }
        #expect(compared > 500 && won > 500, "\(compared) pairs, \(won) sequences with a winner")
    }

    @Test("Thousands of Hammer.js sequences with seven recognizers: the same answers, streamed")
    func hammer() throws {
        let doc = try SceneLoader.load(path: repositoryRoot + "/recordings/bench/hammer-seven.yaml")
        let built = try Replay.run(events: HammerWorkload.events(limit: 30_000), scene: doc)
        let ids = built.recognizers.map(\.id)
        let expected = reference(built.environment.log, ids)
        var streamed: [SequenceResults.Sequence] = []
        var stream = ExplanationStream(.results(recognizers: ids) { streamed.append($0) })
        for e in built.environment.log.entries { stream.feed(e) }
        _ = stream.finish()
        #expect(expected.count > 200)
        #expect(streamed == expected)
    }
}
