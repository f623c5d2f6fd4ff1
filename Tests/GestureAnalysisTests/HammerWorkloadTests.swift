import GestureEngine
import GestureScenes
import GestureSynth
import GestureTrace
import Testing

/// The benchmark workload must be what the issue describes, or its numbers compare nothing:
/// 10,000 single-finger strokes in the stated mix and 2,000 two-finger sequences, moves 8 ms
/// apart, on one valid timeline, the same for the same seed.
@Suite("Hammer-like benchmark workload")
struct HammerWorkloadTests {
    @Test("Stroke counts, spacing, validity and determinism")
    func shape() {
        let events = HammerWorkload.events()
        #expect((1_000_000...1_150_000).contains(events.count), "\(events.count) events")
        var validator = TraceValidator()
        var downNow = 0, singleStrokes = 0, twoFingerSequences = 0, sequenceMax = 0
        var lastMove: [Int: Int64] = [:]
        var gaps: [Int64: Int] = [:]
        for e in events {
            #expect(validator.check(e) == nil)
            switch e.type {
            case .down:
                downNow += 1
                sequenceMax = max(sequenceMax, downNow)
                lastMove[e.pointer] = e.time.microseconds
            case .move:
                if let t = lastMove[e.pointer] { gaps[e.time.microseconds - t, default: 0] += 1 }
                lastMove[e.pointer] = e.time.microseconds
            case .hover, .scroll:
                Issue.record("the workload has only touches")
            case .up, .cancel:
                downNow -= 1
                if downNow == 0 {
                    if sequenceMax == 1 { singleStrokes += 1 } else { twoFingerSequences += 1 }
                    sequenceMax = 0
                }
            }
        }
        // 1,900 taps + 820 pairs of taps + 900 holds + 3,700 drags + 1,900 flicks.
        #expect(singleStrokes == 1_900 + 2 * 820 + 900 + 3_700 + 1_900)
        #expect(twoFingerSequences == 2_000)
        let common = gaps.max { $0.value < $1.value }
        #expect(common?.key == 8_000, "moves are 8 ms apart: most common gap \(common.map { "\($0.key) µs" } ?? "none")")
        #expect(HammerWorkload.events().prefix(1000) == events.prefix(1000), "same seed, same events")
        // A limit generates the same events only that far: the benchmarks' and tests' prefixes.
        for limit in [1, 999, 100_000] {
            #expect(HammerWorkload.events(limit: limit) == Array(events.prefix(limit)), "limit \(limit)")
        }
        #expect(HammerWorkload.events(seed: 7).prefix(1000) != events.prefix(1000))
    }

    @Test("Through the seven-recognizer scene, every one of the seven recognizes somewhere")
    func exercisesAllSeven() throws {
        let doc = try SceneLoader.load(path: repositoryRoot + "/recordings/bench/hammer-seven.yaml")
        let scene = try Replay.run(events: HammerWorkload.events(limit: 60_000), scene: doc)
        let recognized = Set(scene.environment.log.entries.filter { $0.kind == .transition && ($0.to == "recognized" || $0.to == "began") }.compactMap(\.recognizer))
        #expect(recognized == ["tap", "doubleTap", "press", "pan", "swipe", "pinch", "rotate"], "\(recognized.sorted())")
    }
}
