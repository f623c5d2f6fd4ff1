import Foundation
import GestureAnalysis
import GestureEngine
import GestureScenes
import GestureTrace
import GestureTestSupport
import Testing

/// The streamed explanation (issue 35) must say what the explanation of the whole log says,
/// sequence by sequence and attempt by attempt, while holding two touch sequences at most.
@Suite("explain, streamed")
struct ExplanationStreamTests {
    static let pairs: [(trace: String, scene: String)] = [
        ("single-tap", "tap-requires-double-tap"), ("double-tap", "tap-requires-double-tap"), ("slow-double-tap", "tap-vs-double-tap"),
        ("flick-right", "pan-vs-swipe"), ("hold-then-drag", "long-press-vs-pan"), ("button-slow-drag", "scroll-with-button"),
        ("tile-tap", "scroll-with-button"), ("row-drag-vertical", "nested-pans"), ("pinch-and-twist", "pinch-or-rotate"), ("strip-hold-then-drag", "drag-out-long-press"),
        ("check-wobbly", "better-checkmark-vs-pan-tap"), ("controls-tour", "controls"),
    ]

    func replay(_ trace: String, _ scene: String, sink: ((LogEntry) -> Void)? = nil) throws -> ReplayResult {
        try Replay.run(tracePath: tracePath(trace), scene: SceneLoader.load(path: scenePath(scene)), log: sink.map { .rows($0) } ?? .entries)
    }

    @Test("Every touch sequence's winners and losers, with their chains, are the whole log's")
    func sequencesMatch() throws {
        for (trace, scene) in Self.pairs {
            let whole = try replay(trace, scene)
            let expected = Explanation.json(sequences: Explanation(log: whole.log).sequences(recognizers: whole.recognizerIDs))
            var got: [Explanation.Sequence] = []
            var stream = ExplanationStream(.sequences(recognizers: whole.recognizerIDs) { got.append($0) })
            let streamed = try replay(trace, scene) { stream.feed($0) }
            _ = stream.finish()
            #expect(streamed.log.entries.isEmpty, "the log is not kept")
            #expect(Explanation.json(sequences: got) == expected, "\(trace) through \(scene)")
            #expect(!got.isEmpty)
        }
    }

    @Test("The text of every touch sequence is the whole log's when the replay logs no updates and no routine causes (as `explain` does for text)")
    func textWithoutUpdates() throws {
        for (trace, scene) in Self.pairs {
            let whole = try replay(trace, scene)
            let expected = Explanation(log: whole.log).sequences(recognizers: whole.recognizerIDs).enumerated().map { Explanation.text($1, number: $0 + 1) }
            var got: [String] = []
            var stream = ExplanationStream(.sequences(recognizers: whole.recognizerIDs, chains: false) { got.append(Explanation.text($0, number: got.count + 1)) })
            var updates = 0, most = 0
            var rows: [(seq: Int, time: Timestamp, kind: LogEntry.Kind)] = []
            _ = try Replay.run(tracePath: tracePath(trace), scene: SceneLoader.load(path: scenePath(scene)), log: .withoutUpdates { e in
                if e.kind == .transition && e.to == "changed" || e.kind == .note && e.cause.text.isEmpty { updates += 1 }
                rows.append((e.seq, e.time, e.kind))
                stream.feed(e)
                most = max(most, stream.keptEntries)
            })
            _ = stream.finish()
            #expect(got == expected, "\(trace) through \(scene)")
            #expect(updates == 0 && !got.isEmpty, "no update, and no empty note standing for one")
            // Updates are only numbered: every other row keeps the number and time it has in the whole log.
            let others = whole.log.entries.filter { !(($0.kind == .transition || $0.kind == .action) && $0.to == "changed") }
            #expect(rows.map(\.seq) == others.map(\.seq) && rows.map(\.time) == others.map(\.time) && rows.map(\.kind) == others.map(\.kind),
                    "\(trace) through \(scene)")
            // Without chains only the rows the answer reads are kept: no move, no view's row, no action.
            let decisions = whole.log.entries.filter { $0.kind == .transition || $0.kind == .pending || $0.kind == .input && $0.phase != "moved" }
            #expect(most <= decisions.count && most < rows.count, "kept \(most) of \(rows.count) rows in \(trace) through \(scene)")
        }
    }

    @Test("Every recognizer's attempts, and the attempt in progress at a time, are the whole log's")
    func attemptsMatch() throws {
        for (trace, scene) in Self.pairs {
            let whole = try replay(trace, scene)
            let explanation = Explanation(log: whole.log)
            let last = whole.log.entries.last?.time ?? .zero
            for r in whole.recognizerIDs {
                for at in [nil, Timestamp(microseconds: last.microseconds / 2), last] as [Timestamp?] {
                    var stream = ExplanationStream(.attempts(of: r, at: at))
                    _ = try replay(trace, scene) { stream.feed($0) }
                    #expect(Explanation.json(outcomes: stream.finish()) == Explanation.json(outcomes: explanation.outcomes(of: r, at: at)),
                            "\(r) at \(String(describing: at)) in \(trace) through \(scene)")
                }
            }
        }
    }

    @Test("Two hundred taps: the stream holds about two taps' entries, never the log")
    func boundedMemory() throws {
        let path = try writeTapsTrace(count: 200, spacing: 500, name: "taps")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let doc = try SceneLoader.load(path: scenePath("tap-requires-double-tap"))
        var most = 0, sequences = 0
        var stream = ExplanationStream(.sequences(recognizers: ["singleTap", "doubleTap"]) { _ in sequences += 1 })
        var total = 0
        _ = try Replay.run(tracePath: path, scene: doc, log: .rows { e in
            stream.feed(e)
            total += 1
            most = max(most, stream.keptEntries)
        })
        _ = stream.finish()
        #expect(sequences == 200)
        #expect(most * 50 < total, "kept at most \(most) of \(total) entries")
    }
}

/// `diff` keeps a hash per block of 1,024 transitions and replays again where blocks differ
/// (issue 35): its answer must be the first transition where the two whole logs differ.
@Suite("diff, streamed")
struct ReplayDiffStreamTests {
    /// `early` still taps, then `late` taps whose finger wanders 30 pt before it lifts, 1 s apart
    /// each: within the single tap's allowableMovement of 45 pt, not within 20.
    static func tapsTrace(early: Int, late: Int) throws -> String {
        try writeTapsTrace(count: early + late, spacing: 1000, name: "diff-taps-\(early)") { $0 < early ? 0 : 30 }
    }

    @Test("Past the first block, the divergence is the first transition that differs in the whole logs", arguments: [(700, 20), (3, 10), (0, 0)])
    func firstDifference(early: Int, late: Int) throws {
        let path = try Self.tapsTrace(early: early, late: late)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let a = try SceneLoader.load(path: scenePath("tap-requires-double-tap"))
        var b = a
        let overridden = b.override(recognizer: "singleTap", parameter: "allowableMovement", value: .number(20))
        #expect(overridden)
        let ids = ["singleTap", "doubleTap"]
        let wholeA = try Replay.run(tracePath: path, scene: a), wholeB = try Replay.run(tracePath: path, scene: b)
        func check(_ left: ReplayDiff.Side, _ right: ReplayDiff.Side, lean: Bool) throws {
            var replays = 0
            let d = try ReplayDiff(left: left, right: right, recognizers: ids) { range in
                replays += 1
                let x = ReplayDiff.TransitionFinder(range: range), y = ReplayDiff.TransitionFinder(range: range)
                _ = try Replay.run(tracePath: path, scene: a, log: .rows(x.feed))
                _ = try Replay.run(tracePath: path, scene: b, log: .rows(y.feed))
                return (x.found, y.found)
            }
            // The definition, on the whole logs.
            let xs = wholeA.log.transitions, ys = wholeB.log.transitions
            func same(_ p: LogEntry, _ q: LogEntry) -> Bool { p.time == q.time && p.recognizer == q.recognizer && p.from == q.from && p.to == q.to }
            let first = (0..<max(xs.count, ys.count)).first { i in !(i < xs.count && i < ys.count && same(xs[i], ys[i])) }
            if late == 0 {
                #expect(first == nil && d.divergence == nil && d.identical && replays == 0)
            } else {
                let i = try #require(first)
                #expect(d.divergence?.left?.seq == (i < xs.count ? xs[i].seq : nil))
                #expect(d.divergence?.right?.seq == (i < ys.count ? ys[i].seq : nil))
                #expect(replays == 1, "sides fed \(lean ? "what they read" : "every row")")
                if early == 700 { #expect(i > 1024, "the divergence lies past the first block") }
                #expect(!d.changes.isEmpty)
            }
        }
        // The sides fed every row, and only what they read (as `gesturelab diff` feeds them).
        for lean in [false, true] {
            let left = ReplayDiff.Side(recognizers: ids), right = ReplayDiff.Side(recognizers: ids)
            _ = try Replay.run(tracePath: path, scene: a, log: lean ? .transitionsAndTouches(updates: true, left.feed) : .rows(left.feed))
            _ = try Replay.run(tracePath: path, scene: b, log: lean ? .transitionsAndTouches(updates: true, right.feed) : .rows(right.feed))
            try check(left, right, lean: lean)
        }
    }
}
