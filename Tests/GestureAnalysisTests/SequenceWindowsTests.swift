import Foundation
@testable import GestureAnalysis
import GestureEngine
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
}
