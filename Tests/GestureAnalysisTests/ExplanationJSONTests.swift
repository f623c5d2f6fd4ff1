@testable import GestureAnalysis
import GestureEngine
import GestureTrace
import Testing

/// `explain --format json`'s text, written out from its format: every field in its order, the
/// escapes JSON needs, times in milliseconds and evidence to four decimals, trailing zeros trimmed.
@Suite("explain's JSON")
struct ExplanationJSONTests {
    @Test("A sequence: its winner's chain with evidence, a loser that waited, and text that needs escaping")
    func sequence() {
        let began = Explanation.Step(seq: 12, time: Timestamp(microseconds: 310_500), who: "pan", what: "pan began", because: "moved 12.5 pt \"past\" 10",
                                     evidence: [Evidence("minimumDistance", value: 12.34567, threshold: 10, unit: "pt", comparison: ">=")])
        let down = Explanation.Step(seq: 3, time: .zero, who: "input", what: "touch 1 down\u{07}", because: "tab\there\nnew line", evidence: [])
        let won = Explanation.Outcome(recognizer: "pan", result: "began", time: Timestamp(microseconds: 310_500), chain: [began, down],
                                      waitedSince: nil, waitedFor: nil, summary: "pan began at 310.5 ms")
        let lost = Explanation.Outcome(recognizer: "tap", result: "failed", time: nil, chain: [],
                                       waitedSince: Timestamp(microseconds: 100_000), waitedFor: nil, summary: "tap \\ failed")
        let q = Explanation.Sequence(start: .zero, end: Timestamp(microseconds: 1_234_567), winners: ["pan"], outcomes: [won, lost])
        let expected = #"{"start":0,"end":1234.567,"winners":["pan"],"outcomes":["#
            + #"{"recognizer":"pan","result":"began","t":310.5,"summary":"pan began at 310.5 ms","chain":["#
            + #"{"seq":12,"t":310.5,"who":"pan","what":"pan began","because":"moved 12.5 pt \"past\" 10","evidence":["#
            + #"{"parameter":"minimumDistance","value":12.3457,"threshold":10,"unit":"pt","comparison":">="}]},"#
            + #"{"seq":3,"t":0,"who":"input","what":"touch 1 down\u0007","because":"tab\there\nnew line","evidence":[]}]},"#
            + #"{"recognizer":"tap","result":"failed","t":null,"waitedSince":100,"waitedFor":null,"summary":"tap \\ failed","chain":[]}]}"#
        #expect(Explanation.json(q) == expected)
        #expect(Explanation.json(outcomes: [lost]) == #"{"outcomes":[{"recognizer":"tap","result":"failed","t":null,"waitedSince":100,"waitedFor":null,"summary":"tap \\ failed","chain":[]}]}"# + "\n")
    }
}
