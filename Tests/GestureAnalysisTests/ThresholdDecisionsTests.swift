import Foundation
@testable import GestureAnalysis
import GestureEngine
import GestureTrace
import Testing

/// `sensitivity`'s decisions kept in sorted runs on a spool and merged when the answer is
/// written (issue 35: its memory no longer grows with the trace's decisions).
@Suite("Threshold decisions, sorted in runs")
struct ThresholdDecisionsTests {
    /// Margins with many ties, zero thresholds (an infinite margin) and a value that is not a
    /// number, from a fixed seed.
    static func evidence(_ n: Int) -> [Evidence] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 33
        }
        return (0..<n).map { k in
            let threshold = [10.0, 0, 0.35, 2][Int(next() % 4)]
            let value = k % 97 == 5 ? Double.nan : Double(next() % 40) / 2
            return Evidence(k % 3 == 0 ? "minimumDistance" : "maximumTapInterval", value: value, threshold: threshold, unit: "pt", comparison: ">=")
        }
    }

    @Test("Read back closest first, ties in arrival order, margins that are not numbers last; the same across runs and the disk", arguments: [3, 64, 32_768])
    func order(runLength: Int) throws {
        let all = ThresholdDecisionsTests.evidence(1_000)
        let d = ThresholdDecisions(runLength: runLength)
        let pan = d.number("pan"), began = d.number("began")
        for (k, ev) in all.enumerated() { _ = d.append(time: Timestamp(microseconds: Int64(k)), recognizer: pan, decision: began, evidence: ev) }
        var got: [Int64] = []
        try d.forEachClosestFirst { got.append($0.microseconds) }
        // Expected from the rule itself: the relative margin |value - threshold| / |threshold|
        // (infinite when the threshold is 0), ascending; equal margins keep their order; NaN last.
        func relative(_ e: Evidence) -> Double { e.threshold != 0 ? abs(e.value - e.threshold) / abs(e.threshold) : .infinity }
        let numbered = all.indices.filter { !relative(all[$0]).isNaN }
        let expected = numbered.sorted { relative(all[$0]) != relative(all[$1]) ? relative(all[$0]) < relative(all[$1]) : $0 < $1 }
            + all.indices.filter { relative(all[$0]).isNaN }
        #expect(got == expected.map(Int64.init))
        #expect(d.count == 1_000)
        // The names come back as they went in.
        let first = try #require(try d.all().first)
        #expect(d.name(first.recognizer) == "pan" && d.name(first.decision) == "began" && d.name(first.parameter) == "minimumDistance")
    }

    @Test("A spool that cannot write its file makes the answer fail, not come out short")
    func unwritable() {
        let d = ThresholdDecisions(runLength: 4, directory: "/nonexistent-gesturelab-folder")
        let r = d.number("pan")
        for ev in ThresholdDecisionsTests.evidence(40) { _ = d.append(time: Timestamp(microseconds: 0), recognizer: r, decision: r, evidence: ev) }
        #expect(throws: SpoolError.self) { try d.forEachClosestFirst { _ in } }
    }
}
