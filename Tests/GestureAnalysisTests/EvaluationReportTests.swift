import Foundation
import GestureAnalysis
import GestureEngine
import GestureScenes
import GestureSynth
import GestureTrace
import Testing

/// A hand-made outcome: which recognizers fired when, on a trace with these labels.
func outcome(_ path: String, _ labels: [String: String], fired: [String: Double] = [:], firstTouch: Double = 0,
             lost: [String: (String, String)] = [:]) -> TraceOutcome {
    var o = TraceOutcome(path: path, labels: labels, events: 10, firstTouch: .milliseconds(firstTouch), log: DecisionLog())
    for (r, t) in fired { o.recognized[r] = .milliseconds(t) }
    for (r, (winner, rule)) in lost { o.losses[r] = .init(recognizer: r, winner: winner, rule: rule, text: "\(r) lost to \(winner)") }
    return o
}

@Suite("Evaluation metrics on hand-made corpora")
struct EvaluationReportTests {
    /// 4 checks and 6 others; the recognizer fires on 3 checks and 2 others.
    let outcomes: [TraceOutcome] = [
        outcome("c1", ["class": "check", "speed": "fast"], fired: ["r": 100], firstTouch: 0),
        outcome("c2", ["class": "check", "speed": "fast"], fired: ["r": 300], firstTouch: 100),
        outcome("c3", ["class": "check", "speed": "slow"], fired: ["r": 900], firstTouch: 0),
        outcome("c4", ["class": "check", "speed": "slow"], lost: ["r": ("pan", "exclusion")]),
        outcome("o1", ["class": "circle", "speed": "fast"], fired: ["r": 50, "q": 60]),
        outcome("o2", ["class": "circle", "speed": "slow"], fired: ["q": 70]),
        outcome("o3", ["class": "v", "speed": "fast"], fired: ["r": 10]),
        outcome("o4", ["class": "v", "speed": "slow"]),
        outcome("o5", ["class": "x", "speed": "fast"]),
        outcome("o6", ["class": "x", "speed": "slow"]),
    ]

    var report: EvaluationReport {
        EvaluationReport(corpus: "hand", scene: "s", labelField: "class", recognizers: ["r", "q"],
                         expectations: [.init(recognizer: "r", label: "check"), .init(recognizer: "q", label: "circle")], outcomes: outcomes)
    }

    @Test("Counts, precision, recall and F1 follow their definitions")
    func counts() throws {
        let r = try #require(report.score("r"))
        #expect(r.tp == 3 && r.fp == 2 && r.fn == 1 && r.tn == 4)
        #expect(abs(r.precision - 3.0 / 5) < 1e-12)
        #expect(abs(r.recall - 3.0 / 4) < 1e-12)
        #expect(abs(r.f1 - 2 * 0.6 * 0.75 / 1.35) < 1e-12)
        let q = try #require(report.score("q"))
        #expect(q.tp == 2 && q.fp == 0 && q.fn == 0 && q.f1 == 1)
    }

    @Test("Latency runs from first touch to recognition over true positives: median and 90th percentile (nearest rank)")
    func latency() throws {
        let r = try #require(report.score("r"))
        // Latencies 100, 200, 900.
        #expect(r.latencyMedian == 200)
        #expect(r.latencyP90 == 900)
    }

    @Test("Recall per value of another label field")
    func recallBy() throws {
        let r = try #require(report.score("r"))
        #expect(r.recallBy["speed"]?["fast"] == .init(hits: 2, total: 2))
        #expect(r.recallBy["speed"]?["slow"] == .init(hits: 1, total: 2))
    }

    @Test("The confusion table counts, per label, the traces each recognizer fired on")
    func confusion() {
        let rep = report
        #expect(rep.confusionLabels == ["check", "circle", "v", "x"])
        #expect(rep.confusionColumns == ["r", "q", "(none)"])
        #expect(rep.confusion == [[3, 0, 1], [1, 2, 0], [1, 0, 1], [0, 0, 2]])
    }

    @Test("Conflicts: traces where two recognizers both fired, and positives lost to arbitration")
    func conflicts() {
        let rep = report
        #expect(rep.bothRecognized.count == 1 && rep.bothRecognized[0].pair == "r + q" && rep.bothRecognized[0].count == 1)
        #expect(rep.lostArbitration.count == 1)
        #expect(rep.lostArbitration[0].trace == "c4" && rep.lostArbitration[0].winner == "pan" && rep.lostArbitration[0].rule == "exclusion")
    }

    @Test("JSON is deterministic and a baseline comparison catches a drop")
    func baseline() throws {
        let rep = report
        #expect(rep.json == report.json)
        #expect(try JSONParser.parse(rep.json)["scores"] != nil)
        // Same report: no regression. A better baseline: regression of r's F1 and recall.
        let same = try BaselineComparison(report: rep, baseline: rep.json, metrics: ["f1", "recall"], tolerance: 0)
        #expect(same.regressions.isEmpty && same.compared == 4)
        let better = rep.json.replacingOccurrences(of: "\"recall\":0.75,\"f1\":0.6667", with: "\"recall\":0.9,\"f1\":0.8")
        let worse = try BaselineComparison(report: rep, baseline: better, metrics: ["f1", "recall"], tolerance: 0.01)
        #expect(worse.regressions.map(\.metric).sorted() == ["f1", "recall"])
        #expect(throws: BaselineError.self) { try BaselineComparison(report: rep, baseline: "{}", metrics: ["f1"], tolerance: 0) }
    }

    @Test("Markdown and HTML reports carry the numbers; the HTML is self-contained")
    func renderings() {
        let rep = report
        #expect(rep.markdown.contains("| `r` | check | 3 | 2 | 1 | 0.6 | 0.75 | 0.667 |"))
        #expect(rep.html.contains("<svg"))
        #expect(!rep.html.contains("http://") || rep.html.contains("xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(!rep.html.contains("<script src"))
    }
}

@Suite("Corpus evaluation through the engine")
struct CorpusEvaluationTests {
    @Test("A generated corpus replays the same way on any number of jobs, with the expected scores")
    func endToEnd() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gl-corpus-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // Eight taps labelled "tap" and eight 100 pt drags labelled "drag".
        for i in 0..<16 {
            var b = StrokeBuilder(seed: UInt64(i))
            b.wait(10)
            let label = i % 2 == 0 ? "tap" : "drag"
            if label == "tap" { b.tap(at: 100, 100 + Double(i), holdMs: 60) } else { b.drag(from: (100, 100), to: (200, 110), durationMs: 200) }
            let header = TraceHeader(labels: ["class": label, "subject": String(i % 4)])
            try TraceWriter.text(header: header, events: b.events).write(to: dir.appendingPathComponent("\(label)\(i).jsonl"), atomically: true, encoding: .utf8)
        }
        try "not a trace".write(to: dir.appendingPathComponent("broken.jsonl"), atomically: true, encoding: .utf8)
        let scene = try SceneLoader.parse("""
        views:
          - id: v
            frame: [0, 0, 390, 844]
            recognizers:
              - {id: tap, type: tap}
              - {id: pan, type: pan}
        """, file: "s.yaml")
        let paths = Corpus.traces(under: dir.path)
        #expect(paths.count == 17)
        let serial = CorpusEvaluation(scene: scene, jobs: 1).run(paths: paths)
        let parallel = CorpusEvaluation(scene: scene, jobs: 2).run(paths: paths)
        let expectations: [EvaluationReport.Expectation] = [.init(recognizer: "tap", label: "tap"), .init(recognizer: "pan", label: "drag")]
        let a = EvaluationReport(corpus: "c", scene: "s", labelField: "class", recognizers: ["tap", "pan"], expectations: expectations, outcomes: serial)
        let b = EvaluationReport(corpus: "c", scene: "s", labelField: "class", recognizers: ["tap", "pan"], expectations: expectations, outcomes: parallel)
        #expect(a.json == b.json)
        #expect(a.unreadable.count == 1)
        #expect(a.score("tap")?.f1 == 1)
        #expect(a.score("pan")?.f1 == 1)
        #expect(a.score("tap")?.latencyMedian == 60, "a tap is recognized when it lifts")
        #expect(a.confusion == [[0, 8, 0], [8, 0, 0]])
    }
}
