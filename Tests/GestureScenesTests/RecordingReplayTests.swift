import GestureEngine
import GestureScenes
import GestureSynth
import GestureTimeline
import GestureTrace
import Testing

/// Replays of the shipped recordings. Each expectation is what UIKit's rules say should happen
/// for that stroke in that scene, written from the rule, not copied from the output.
@Suite("Shipped recordings replay with UIKit's outcomes")
struct RecordingReplayTests {
    func replay(_ trace: String, _ scene: String) throws -> ReplayResult {
        try Replay.run(tracePath: tracePath(trace), scene: SceneLoader.load(path: scenePath(scene)))
    }

    func fates(_ r: ReplayResult) -> [String: [String]] {
        var out: [String: [String]] = [:]
        for e in r.log.entries where e.kind == .transition {
            let id = e.recognizer!
            if e.to == "changed" && out[id]?.last == "changed" { continue }
            out[id, default: []].append(e.to!)
        }
        return out
    }

    @Test("The committed recordings are exactly what the catalog generates")
    func catalogUpToDate() throws {
        for r in RecordingCatalog.all {
            let committed = try String(contentsOfFile: tracePath(String(r.file.dropLast(6))), encoding: .utf8)
            #expect(committed == r.text, "\(r.file) differs from its generator; run gesturelab generate-recordings")
        }
    }

    @Test("A.4.4: a single tap with singleTap requiring doubleTap is reported 350 ms after the lift")
    func singleTapWaits() throws {
        let r = try replay("single-tap", "tap-requires-double-tap")
        #expect(fates(r)["singleTap"] == ["recognized"])
        #expect(fates(r)["doubleTap"] == ["failed"])
        let lift = r.log.entries.first { $0.kind == .input && $0.phase == "ended" }!.time
        let recognized = r.log.entries.first { $0.recognizer == "singleTap" && $0.to == "recognized" && $0.kind == .transition }!.time
        #expect((recognized - lift).milliseconds == 350)
    }

    @Test("A.4.4: a double tap reports only doubleTap")
    func doubleTapOnly() throws {
        let r = try replay("double-tap", "tap-requires-double-tap")
        #expect(fates(r)["doubleTap"] == ["recognized"])
        #expect(fates(r)["singleTap"] == ["failed"])
        #expect(r.log.entries.filter { $0.kind == .action }.compactMap(\.recognizer) == ["doubleTap"])
    }

    @Test("A.3.5: without the requirement, a double tap gives singleTap then doubleTap")
    func stackedTaps() throws {
        let r = try Replay.run(tracePath: tracePath("double-tap"), scene: SceneLoader.load(path: scenePath("tap-vs-double-tap")))
        #expect(r.log.entries.filter { $0.kind == .action }.compactMap(\.recognizer) == ["singleTap", "doubleTap"])
    }

    @Test("Two taps 500 ms apart are two single taps, each after its own wait")
    func slowDoubleTap() throws {
        let r = try replay("slow-double-tap", "tap-requires-double-tap")
        #expect(fates(r)["singleTap"] == ["recognized", "recognized"])
        #expect(fates(r)["doubleTap"] == ["failed", "failed"])
    }

    @Test("A.3.1: in pan-vs-swipe the flick is a pan, never a swipe")
    func flickIsPan() throws {
        let r = try replay("flick-right", "pan-vs-swipe")
        #expect(fates(r)["pan"] == ["began", "changed", "ended"])
        #expect(fates(r)["swipe"] == ["failed"])
    }

    @Test("A.4.6: with pan requiring swipe to fail, a flick is a swipe and a slow drag pans after the swipe gives up")
    func swipeBeforePan() throws {
        let flick = try replay("flick-right", "swipe-before-pan")
        #expect(fates(flick)["swipe"] == ["recognized"])
        #expect(fates(flick)["pan"] == ["failed"])
        let slow = try replay("slow-drag-right", "swipe-before-pan")
        #expect(fates(slow)["swipe"] == ["failed"])
        #expect(fates(slow)["pan"] == ["began", "changed", "ended"])
        #expect(slow.log.entries.contains { $0.kind == .pending && $0.recognizer == "pan" })
    }

    @Test("Long press vs pan: holding makes a long press, a quick drag a pan, hold-then-drag a long press that changes")
    func longPressVsPan() throws {
        let hold = try replay("hold-still", "long-press-vs-pan")
        #expect(fates(hold)["longPress"] == ["began", "ended"] || fates(hold)["longPress"] == ["began", "changed", "ended"])
        #expect(fates(hold)["pan"] == ["failed"])
        let drag = try replay("quick-drag", "long-press-vs-pan")
        #expect(fates(drag)["pan"] == ["began", "changed", "ended"])
        #expect(fates(drag)["longPress"] == ["failed"])
        let both = try replay("hold-then-drag", "long-press-vs-pan")
        #expect(fates(both)["longPress"] == ["began", "changed", "ended"])
        #expect(fates(both)["pan"] == ["failed"])
        #expect(both.log.entries.first { $0.recognizer == "longPress" && $0.to == "began" }?.time.milliseconds == 520)
    }

    @Test("Pinch and rotation together: both run; apart, the first to begin wins")
    func pinchRotation() throws {
        let together = try replay("pinch-and-twist", "pinch-and-rotate")
        #expect(fates(together)["pinch"] == ["began", "changed", "ended"])
        #expect(fates(together)["rotation"] == ["began", "changed", "ended"])
        let apart = try replay("pinch-and-twist", "pinch-or-rotate")
        let winners = ["pinch", "rotation"].filter { fates(apart)[$0]?.first == "began" }
        #expect(winners.count == 1)
        let pinchOut = try replay("pinch-out", "pinch-or-rotate")
        #expect(fates(pinchOut)["pinch"]?.first == "began")
        #expect(fates(pinchOut)["rotation"] == ["failed"])
        let twist = try replay("twist", "pinch-or-rotate")
        #expect(fates(twist)["rotation"]?.first == "began")
        #expect(fates(twist)["pinch"] == ["failed"])
    }

    @Test("Nested pans: the row takes horizontal drags, the list takes vertical ones")
    func nestedPans() throws {
        let h = try replay("row-drag-horizontal", "nested-pans")
        #expect(fates(h)["rowPan"] == ["began", "changed", "ended"])
        #expect(fates(h)["listPan"] == ["failed"])
        let v = try replay("row-drag-vertical", "nested-pans")
        #expect(fates(v)["rowPan"] == ["failed"])
        #expect(fates(v)["listPan"] == ["began", "changed", "ended"])
        #expect(v.log.entries.first { $0.recognizer == "rowPan" && $0.kind == .transition }?.cause.kind == .delegate)
    }

    @Test("The JSON Lines output is byte-identical across runs and carries the required keys")
    func jsonlDeterministic() throws {
        let a = JSONLinesTimeline.render(try replay("double-tap", "tap-requires-double-tap").log)
        let b = JSONLinesTimeline.render(try replay("double-tap", "tap-requires-double-tap").log)
        #expect(a == b)
        for line in a.split(separator: "\n") {
            let v = try JSONParser.parse(String(line))
            #expect(v["t"] != nil && v["event"] != nil && v["cause"] != nil)
            if case .string("transition")? = v["event"] {
                #expect(v["recognizer"] != nil && v["from"] != nil && v["to"] != nil)
            }
            if case .string("view")? = v["event"] { #expect(v["view"] != nil && v["phase"] != nil) }
        }
    }

    @Test("The text timeline names the waiting, the release and the outcome")
    func textTimeline() throws {
        let text = TextTimeline().render(try replay("single-tap", "tap-requires-double-tap").log)
        #expect(text.contains("waits for doubleTap (require(toFail:)) to fail"))
        #expect(text.contains("singleTap is released after waiting 350 ms: doubleTap has failed"))
        #expect(text.contains("possible -> recognized"))
    }

    @Test("A truncated recording still replays up to its last whole line, with a warning")
    func truncated() throws {
        let full = try String(contentsOfFile: tracePath("quick-drag"), encoding: .utf8)
        let cut = String(full.dropLast(25))
        let reader = try TraceReader(bytes: Array(cut.utf8), name: "cut.jsonl")
        let r = try Replay.run(reader: reader, scene: SceneLoader.load(path: scenePath("long-press-vs-pan")))
        #expect(r.warnings.count == 1)
        #expect(fates(r)["pan"]?.first == "began")
    }
}
