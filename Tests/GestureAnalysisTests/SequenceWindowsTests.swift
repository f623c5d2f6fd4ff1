import Foundation
@testable import GestureAnalysis
import GestureEngine
import GestureScenes
import GestureTestSupport
import GestureTrace
import Testing

/// How `sensitivity` looks at a long trace (issue 35): only the sequences that recorded a
/// threshold, each after a lead-in, and lines that name the sequences a value changed.
@Suite("Sensitivity on long traces")
struct SequenceWindowsTests {
    @Test("Windows pass the events of the chosen sequences and the one before each, and stop reading after the last")
    func windows() throws {
        let path = try writeTapsTrace(count: 20, spacing: 1000, name: "windows")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let starts = (0..<20).map { Timestamp(microseconds: Int64($0 * 1000 + 20) * 1000) }
        let w = SequenceWindows(source: try TraceReader(path: path), starts: starts, sequences: [5, 6, 12])
        var pointers: [Int] = []
        while let e = try w.nextEvent() { pointers.append(e.pointer) }
        // Sequences 4-6 (4 leads into 5) and 11-12, numbered from 0: pointers 5-7 and 12-13.
        #expect(pointers == [5, 5, 6, 6, 7, 7, 12, 12, 13, 13])
        #expect(w.eventCount < 40, "reading stopped after the last window")
    }

    @Test("A search whose replays stop at the first changed sequence finds the same value, and shows a whole replay's winners")
    func searchUntilChanged() throws {
        let doc = try SceneLoader.parse("views:\n  - id: a\n    frame: [0, 0, 100, 100]\n    recognizers:\n      - {id: pan, type: pan}\n", file: "s.yaml")
        func value(_ d: SceneDocument) -> Double {
            guard case let .number(v)? = d.recognizerSpecs.first(where: { $0.id == "pan" })?.parameters.last(where: { $0.name == "minimumDistance" })?.value else { return .nan }
            return v
        }
        // Six sequences; from 23 pt on, the second and the fifth change hands.
        let baseline = [0, 0, 0, 0, 0, 0]
        func whole(_ v: Double) -> [Int] { v >= 23 ? [0, 1, 0, 0, 1, 0] : baseline }
        let exact = ThresholdSensitivity.search(recognizer: "pan", parameter: "minimumDistance", from: 10, past: 15, scene: doc,
                                                baseline: baseline, describe: { "\($0)" }) { whole(value($0)) }
        var shown = 0, stopped = 0
        let early = ThresholdSensitivity.search(recognizer: "pan", parameter: "minimumDistance", from: 10, past: 15, scene: doc,
                                                baseline: baseline, describe: { "\($0)" }) { d, untilChanged -> (winners: [Int], partial: Bool)? in
            let w = whole(value(d))
            if !untilChanged { shown += 1 }
            // A replay that stops after the first changed sequence has seen only up to it.
            if untilChanged, let first = w.indices.first(where: { w[$0] != baseline[$0] }) {
                stopped += 1
                return (Array(w[...first]), true)
            }
            return (w, false)
        }
        let found = try #require(exact)
        #expect(found.0 >= 23 && found.0 < 23.1, "bisected to just past 23: \(found.0)")
        #expect(early?.0 == found.0)
        #expect(early?.1 == "[0, 1, 0, 0, 1, 0]", "the winners of a whole replay, not the stopped one's [0, 1]")
        #expect(stopped > 3 && shown == 1, "the changed steps stopped early (\(stopped)); one whole replay showed the winners (\(shown))")
    }

    @Test("Up to 8 sequences a flip lists every sequence's winners; beyond, the sequences that changed")
    func describesChanges() {
        let short: [[String]] = [["pan"], []]
        #expect(ThresholdSensitivity.describeChange(from: short, to: [["press"], []]) == "press | nobody")
        let long = Array(repeating: ["tap"], count: 20)
        var flipped = long
        for i in [2, 5, 9, 17] { flipped[i] = ["doubleTap"] }
        flipped[5] = []
        #expect(ThresholdSensitivity.describeChange(from: long, to: flipped)
                == "touch sequence 3: tap -> doubleTap, touch sequence 6: tap -> nobody, touch sequence 10: tap -> doubleTap and 1 more")
    }

    @Test("The answer's first line: up to 8 sequences, every sequence's winners; beyond, how many each set of winners won, most first")
    func winnersLine() {
        #expect(ThresholdSensitivity.winnersLine([["pan"], [], ["pinch", "rotate"]]) == "Winners: pan | nobody | pinch+rotate\n")
        var long = Array(repeating: ["tap"], count: 12)
        for i in [1, 4, 7, 10] { long[i] = ["pinch", "rotate"] }
        for i in [2, 8] { long[i] = [] }
        long[11] = ["doubleTap"]
        long[3] = ["doubleTap"]
        #expect(ThresholdSensitivity.winnersLine(long) == "Winners of 12 touch sequences: pinch+rotate 4, tap 4, doubleTap 2, nobody 2\n")
    }
}
