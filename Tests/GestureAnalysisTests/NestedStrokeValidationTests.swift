@testable import GestureAnalysis
import GestureEngine
import Testing

/// The nested protocol's guarantees (docs/corpus-evaluation.md), checked with candidates whose
/// behaviour is known: no choice sees the held-out writer, the inner loop picks the candidate that
/// generalizes (ties to the simpler), and what is reported is scored on real strokes only.
@Suite("Nested leave-one-subject-out")
struct NestedStrokeValidationTests {
    typealias Sample = StrokeCrossValidation.Sample

    /// Four writers, each with 4 targets and 4 others; writer "4"'s targets are drawn differently
    /// (a different speed label marks them), and every writer has one synthetic target variant.
    static let samples: [Sample] = {
        var out: [Sample] = []
        for w in 1...4 {
            for k in 0..<4 {
                out.append(Sample(points: [Point(x: Double(k), y: 0)], label: "check", subject: "\(w)", speed: w == 4 ? "fast" : "slow"))
                out.append(Sample(points: [Point(x: Double(k), y: 1)], label: "other", subject: "\(w)", speed: "slow"))
            }
            out.append(Sample(points: [Point(x: 9, y: 0)], label: "check", subject: "\(w)", speed: "slow", variation: "variant", weight: 0.5))
        }
        return out
    }()

    final class Journal: @unchecked Sendable { var trainingWriters: [[String]] = [] }

    @Test("No choice sees the held-out writer: every fit made for an outer fold trains on the other writers only")
    func outerWriterNeverSeen() {
        let journal = Journal()
        let samples = Self.samples
        let spy = NestedStrokeValidation.Candidate(name: "spy", complexity: 0) { training in
            journal.trainingWriters.append(Array(Set(training.map { samples[$0].subject })).sorted())
            return .init(description: "", accepts: { samples[$0].label == "check" }, withoutTest: [])
        }
        let report = NestedStrokeValidation.run(name: "t", samples: samples, target: "check", candidates: [spy])
        // Per outer fold: 3 inner fits on two writers and one final fit on three; then the
        // procedure on all four (4 inner fits on three writers, 1 on four).
        #expect(journal.trainingWriters.count == 4 * (3 + 1) + 4 + 1)
        for (fold, k) in zip(report.folds, 0...) {
            let fits = journal.trainingWriters[(k * 4)..<(k * 4 + 4)]
            #expect(fits.allSatisfy { !$0.contains(fold.subject) }, "fold \(fold.subject): \(Array(fits))")
        }
    }

    @Test("The inner loop picks the candidate that generalizes; a tie goes to the simpler; scores count real strokes only")
    func choosesWhatGeneralizes() {
        let samples = Self.samples
        // "memorizer" accepts only the targets it was trained on (it fails every held-out writer);
        // "shape" and "shape, complex" accept every target and are equally good.
        let memorizer = NestedStrokeValidation.Candidate(name: "memorizer", complexity: 0) { training in
            let seen = Set(training)
            return .init(description: "", accepts: { seen.contains($0) && samples[$0].label == "check" }, withoutTest: [])
        }
        let complex = NestedStrokeValidation.Candidate(name: "shape, complex", complexity: 5) { _ in
            .init(description: "", accepts: { samples[$0].label == "check" }, withoutTest: [])
        }
        let simple = NestedStrokeValidation.Candidate(name: "shape", complexity: 1) { _ in
            .init(description: "", accepts: { samples[$0].label == "check" }, withoutTest: [("a test", { _ in true })])
        }
        let report = NestedStrokeValidation.run(name: "t", samples: samples, target: "check", candidates: [memorizer, complex, simple])
        #expect(report.folds.allSatisfy { $0.chosen == "shape" })
        #expect(report.pooled == StrokeCrossValidation.Counts(tp: 16, fp: 0, fn: 0, tn: 16), "the 4 variants are not scored as real strokes")
        #expect(report.variation("variant").tp == 4)
        #expect(report.speed("fast").tp == 4)
        // The test whose removal would accept everything stopped every other stroke and rejected no target.
        #expect(report.folds.allSatisfy { $0.costs["a test"] == NestedStrokeValidation.TestCost(targetsRejected: 0, negativesStopped: 4) })
    }

    @Test("A test earns its place only if it stops real strokes of two inner writers; with the best score alone, one writer's strokes are enough")
    func testsMustBeSupportedByTwoWriters() {
        // Writer 1's "others" lie at x = 0 (like its targets); a test that rejects them stops
        // only that writer's strokes. Writers 1 and 2's others at x = 1 are stopped by another.
        var samples: [Sample] = []
        for w in 1...4 {
            for k in 0..<4 { samples.append(Sample(points: [Point(x: 5, y: Double(k))], label: "check", subject: "\(w)", speed: "slow")) }
            samples.append(Sample(points: [Point(x: w == 1 ? 0 : 9, y: 0)], label: "other", subject: "\(w)", speed: "slow"))
            samples.append(Sample(points: [Point(x: w <= 2 ? 1 : 9, y: 0)], label: "other", subject: "\(w)", speed: "slow"))
        }
        let x = samples.map { $0.points[0].x }
        func candidate(_ name: String, _ tests: [(String, Double)], complexity: Int) -> NestedStrokeValidation.Candidate {
            .init(name: name, complexity: complexity) { _ in
                // Every stroke at x = 9 is accepted in error by all of them.
                let rejects = { (i: Int, skip: String?) in tests.contains { $0.0 != skip && x[i] == $0.1 } }
                return .init(description: "", accepts: { !rejects($0, nil) },
                             withoutTest: tests.map { t in (t.0, { !rejects($0, t.0) }) })
            }
        }
        let both = candidate("both", [("oneWriter", 0), ("twoWriters", 1)], complexity: 2)
        let supported = candidate("supported", [("twoWriters", 1)], complexity: 1)
        let none = candidate("none", [], complexity: 0)
        let standard = NestedStrokeValidation.run(name: "t", samples: samples, target: "check", candidates: [both, supported, none])
        // Held out 3: the inner writers 1, 2, 4 support "twoWriters" (1 and 2) but "oneWriter" only by 1.
        #expect(standard.folds.first { $0.subject == "3" }?.chosen == "supported")
        #expect(standard.onAll.hasPrefix("supported"))
        // Held out 1: only writer 2 supports "twoWriters" among the inner ones: nothing is admitted but "none".
        #expect(standard.folds.first { $0.subject == "1" }?.chosen == "none")
        let best = NestedStrokeValidation.run(name: "t", samples: samples, target: "check", candidates: [both, supported, none], selection: .best)
        #expect(best.folds.first { $0.subject == "3" }?.chosen == "both")
    }

    @Test("The classes accepted in error are counted per held-out writer, real strokes only")
    func falsePositivesByClass() {
        let samples = Self.samples
        let everything = NestedStrokeValidation.Candidate(name: "everything", complexity: 0) { _ in
            .init(description: "", accepts: { _ in true }, withoutTest: [])
        }
        let report = NestedStrokeValidation.run(name: "t", samples: samples, target: "check", candidates: [everything])
        #expect(report.folds.allSatisfy { $0.falsePositives == ["other": 4] })
    }

    @Test("The interval resamples writers with a fixed seed: the same bounds every run, around the pooled F1")
    func interval() {
        let samples = Self.samples
        let half = NestedStrokeValidation.Candidate(name: "half", complexity: 0) { _ in
            // Writer 4's targets are missed.
            .init(description: "", accepts: { samples[$0].label == "check" && samples[$0].subject != "4" }, withoutTest: [])
        }
        let report = NestedStrokeValidation.run(name: "t", samples: samples, target: "check", candidates: [half])
        let a = report.interval(), b = report.interval()
        #expect(a.low == b.low && a.high == b.high)
        #expect(a.low <= report.pooled.f1 && report.pooled.f1 <= a.high)
        #expect(a.high == 1, "a resample without writer 4 misses nothing")
    }
}

/// The learned classifier compared with the rules: a logistic regression fitted by Newton's method.
@Suite("Logistic regression")
struct LogisticRegressionTests {
    @Test("It separates what a threshold on one feature separates, ignores a feature that says nothing, and names the deciding one")
    func separatesOnTheInformativeFeature() {
        // Feature 0 decides (positive above 5); feature 1 is the same for both classes.
        var rows: [[Double]] = [], labels: [Bool] = []
        for k in 0..<40 {
            let x = Double(k % 10)
            rows.append([x, Double(k % 3)])
            labels.append(x > 5)
        }
        let m = LogisticRegression(rows: rows, labels: labels, weights: rows.map { _ in 1 }, lambda: 0.1)
        for (r, y) in zip(rows, labels) { #expect((m.probability(r) >= 0.5) == y, "\(r)") }
        #expect(abs(m.weights[1]) > 10 * abs(m.weights[2]))
        #expect(m.decidingFeature([9, 1]).index == 0)
    }

    @Test("A stronger penalty shrinks the weights; the intercept is free")
    func penaltyShrinks() {
        let rows = (0..<20).map { [Double($0)] }, labels = (0..<20).map { $0 >= 10 }
        let loose = LogisticRegression(rows: rows, labels: labels, weights: rows.map { _ in 1 }, lambda: 0.01)
        let tight = LogisticRegression(rows: rows, labels: labels, weights: rows.map { _ in 1 }, lambda: 100)
        #expect(abs(tight.weights[1]) < abs(loose.weights[1]))
        #expect(abs(tight.probability([9.5]) - 0.5) < 0.05, "balanced classes: the free intercept keeps the middle at one half")
    }
}
