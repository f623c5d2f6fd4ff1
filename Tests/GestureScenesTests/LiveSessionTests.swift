import Foundation
import GestureEngine
import GestureScenes
import GestureTrace
import Testing

/// The live session behind the studio's lanes and the recorder page: what it shows after each
/// event must be what a full scan of the log says, however long the take.
@Suite struct LiveSessionTests {
    @Test func theNewestDecisionAndTheLanesAgreeWithAFullScanAfterEveryEvent() throws {
        let doc = try SceneLoader.load(path: scenePath("pan-vs-swipe"))
        let session = try LiveSession(document: doc)
        var events = [TraceEvent(time: .zero, type: .down, pointer: 1, x: 100, y: 400, device: .touch)]
        for k in 1...300 { events.append(TraceEvent(time: .milliseconds(Double(k) * 8), type: .move, pointer: 1, x: 100 + Double(k), y: 400, device: .touch)) }
        events.append(TraceEvent(time: .milliseconds(301 * 8), type: .up, pointer: 1, x: 400, y: 400, device: .touch))
        for (i, e) in events.enumerated() {
            session.feed(e)
            session.flush()
            let fromScan = session.log.entries.last { ($0.kind == .transition && $0.to != "changed") || $0.kind == .pending || $0.kind == .released }
            #expect(session.latestDecision()?.seq == fromScan?.seq, "after event \(i)")
            let changes = session.stateChanges()
            // Every state the pan went through, a run of the same state counted once.
            var panScan: [String] = []
            for entry in session.log.entries where entry.recognizer == "pan" && [.transition, .pending, .reset].contains(entry.kind) {
                let state = entry.kind == .reset ? "possible" : (entry.kind == .pending ? "waiting" : entry.to ?? "?")
                if panScan.last != state { panScan.append(state) }
            }
            #expect(changes["pan", default: []].map(\.1) == panScan, "after event \(i)")
        }
        // The pan began long before its last change, and that is still the decision shown.
        #expect(session.decisionLine(at: events.last!.time, changes: session.stateChanges(), newest: true).contains("pan"))
        #expect(LiveSession.state(in: session.stateChanges()["pan"]!, at: events.last!.time) == "possible")
        // A restart starts the incremental reading over.
        try session.restart()
        #expect(session.latestDecision() == nil && session.stateChanges().isEmpty)
    }

    /// The studio steps from one transition to the next with the times a replay gives (its
    /// playback feeds a live session): both must decide alike, events of one moment batched as
    /// one UIKit event (C.1), timers left at the end run.
    @Test("A session fed a whole trace decides as a replay does: every shipped trace, three scenes")
    func sessionAgreesWithReplay() throws {
        let traces = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/recordings/traces")
            .filter { $0.hasSuffix(".jsonl") }.sorted()
        #expect(traces.count > 30)
        for sceneName in ["tap-vs-double-tap", "pan-vs-swipe", "long-press-vs-pan"] {
            let doc = try SceneLoader.load(path: scenePath(sceneName))
            var deciding = 0
            for name in traces {
                let events = try TraceReader.readAll(path: repositoryRoot + "/recordings/traces/" + name).1
                let session = try LiveSession(document: doc)
                for e in events { session.feed(e) }
                session.advance(to: Timestamp(microseconds: Int64.max / 2))
                var replayed: [String] = []
                _ = try Replay.run(events: events, scene: doc,
                                   log: .rows { replayed.append("\($0.seq) \($0.time) \($0.kind) \($0.recognizer ?? "") \($0.to ?? "")") })
                let live = session.log.entries.map { "\($0.seq) \($0.time) \($0.kind) \($0.recognizer ?? "") \($0.to ?? "")" }
                #expect(live == replayed, "\(name) through \(sceneName)")
                if replayed.contains(where: { $0.contains("transition") }) { deciding += 1 }
            }
            // Most traces touch the scene's views and make its recognizers decide.
            #expect(deciding > traces.count / 2, "\(sceneName): \(deciding) of \(traces.count) traces decide something")
        }
    }
}
