import Foundation
import GestureAnalysis
import GestureEngine
import GestureImport
import GestureRecognizers
import GestureTestSupport
import Testing

@Suite("Synthetic stroke variations (issue 17)")
struct StrokeVariationTests {
    let check = [Point(x: 100, y: 100), Point(x: 120, y: 130), Point(x: 140, y: 90), Point(x: 170, y: 40)]

    @Test("A lead-in climbs up and to the right at 45 degrees into the first point, about as long as asked")
    func leadIn() {
        let p = StrokeVariations.leadIn(check, length: 30)
        #expect(Array(p.suffix(check.count)) == check)
        let first = p[0]
        #expect(abs(first.distance(to: check[0]) - 30) < 0.001)
        #expect(first.x < check[0].x && first.y > check[0].y && abs((check[0].x - first.x) - (first.y - check[0].y)) < 0.001)
    }

    @Test("A lopsided v keeps its left arm and stretches the right one about the lowest point")
    func lopsided() {
        let v = [Point(x: 0, y: 0), Point(x: 10, y: 30), Point(x: 20, y: 60), Point(x: 30, y: 30), Point(x: 40, y: 0)]
        let p = StrokeVariations.lopsidedV(v, factor: 2)
        #expect(Array(p.prefix(3)) == Array(v.prefix(3)))
        #expect(p[4] == Point(x: 60, y: -60), "twice as far from the turn (20, 60)")
    }

    @Test("An over-drawn circle goes on along its own beginning; an open one loses its end until its ends are far apart")
    func circles() {
        let circle = (0...40).map { i -> Point in
            let a = 2 * Double.pi * Double(i) / 40
            return Point(x: 100 + 50 * cos(a), y: 100 + 50 * sin(a))
        }
        let over = StrokeVariations.overdrawn(circle, extraTurns: 0.75)
        // 38 samples kept (the last 5% left out), then 31 (0.75 of 41) retraced from after the
        // first-half sample nearest to sample 37: sample 0, 3 steps round the circle from it.
        // The retrace starts one step on from where the pen was and is back on the first loop
        // after a third of it.
        #expect(over.count == 38 + 31)
        let step = circle[0].distance(to: circle[1])
        #expect(over[38].distance(to: over[37]) < 1.5 * step)
        #expect(Array(over[(38 + 10)...]) == Array(circle[11...31]))
        let open = StrokeVariations.open(circle, gap: 0.8)
        #expect(open.last!.distance(to: open[0]) >= 0.8 * 100)
        #expect(open.count > 25 && open.count < 41)
    }
}

@Suite("Leave-one-subject-out cross-validation (issue 17)")
struct CrossValidationHarnessTests {
    @Test("Each fold fits on the other subjects only and scores the held-out one; subjects in numeric order")
    func foldIsolation() {
        var samples: [StrokeCrossValidation.Sample] = []
        for subject in ["10", "2", "1"] {
            for k in 0..<4 {
                samples.append(.init(points: [Point(x: Double(k), y: 0), Point(x: 1, y: 1)], label: k < 2 ? "yes" : "no", subject: subject, speed: "fast"))
            }
        }
        var seen: [Set<String>] = []
        let report = StrokeCrossValidation.run(name: "probe", samples: samples, target: "yes") { training in
            seen.append(Set(training.map(\.subject)))
            return ("probe", { $0.label == "yes" })
        }
        #expect(report.folds.map(\.subject) == ["1", "2", "10"])
        #expect(seen.prefix(3) == [["2", "10"], ["1", "10"], ["1", "2"]])
        #expect(seen.last == ["1", "2", "10"], "then once on everything, for the defaults")
        #expect(report.real.tp == 6 && report.real.fp == 0 && report.real.fn == 0)
    }
}

extension CrossValidationHarnessTests {
    @Test("The circle grid's fast decisions are what each candidate's recognizer decides, on every candidate")
    func circleGridDecisions() {
        // Shapes on both sides of every test: arcs of 0.4 to 2.3 turns, open and closed,
        // squashed, with corners, wobbly, and a tiny one.
        var strokes: [[Point]] = []
        for turns in [0.4, 0.55, 0.7, 0.85, 1.0, 1.2, 1.8, 2.3] {
            for squash in [1.0, 0.55, 0.4] {
                strokes.append((0...50).map { i in
                    let a = 2 * Double.pi * turns * Double(i) / 50
                    return Point(x: 100 + 60 * cos(a), y: 100 + 60 * squash * sin(a) + 6 * sin(7 * a))
                })
            }
        }
        strokes.append([Point(x: 0, y: 0), Point(x: 80, y: 0), Point(x: 80, y: 80), Point(x: 0, y: 80), Point(x: 0, y: 5)])
        strokes.append([Point(x: 0, y: 0), Point(x: 60, y: 10), Point(x: 70, y: 60), Point(x: 10, y: 70), Point(x: 2, y: 8)])
        strokes.append([Point(x: 0, y: 0), Point(x: 3, y: 4)])
        let samples = strokes.map { StrokeCrossValidation.Sample(points: $0, label: "circle", subject: "1", speed: "slow") }
        var grid = StrokeDetectorGrids.circle()
        let features = samples.map(grid.features)
        let fast = grid.decisions(features)
        grid.decide = nil
        let slow = grid.decisions(features)
        #expect(fast.count == grid.candidates.count)
        #expect(fast == slow)
        #expect(Set(fast.map { $0.countShared(with: $0) }).count > 5, "the shapes fall on both sides of the tests")
    }
}

/// The development set's strokes as cross-validation samples.
let devSamples: [StrokeCrossValidation.Sample] = {
    guard DollarDataset.isPresent else { return [] }
    return DollarXMLReader.files(under: DollarDataset.root).compactMap { try? DollarXMLReader.read(path: $0) }.map {
        .init(points: $0.points.map { Point(x: $0.x, y: $0.y) }, label: $0.gestureClass, subject: $0.subject, speed: $0.speed)
    }
}()

@Suite("Cross-validated figures on the $1 development set (the README's table)", .enabled(if: DollarDataset.isPresent, Comment(rawValue: DollarDataset.absence)))
struct CrossValidatedFiguresTests {
    @Test("The checkmark's default tests, fitted on five subjects, find every check of the sixth; lead-ins pass; its defaults are the fit on all six")
    func checkmark() {
        let samples = StrokeDetectorGrids.checkmarkSamples(devSamples)
        let r = StrokeCrossValidation.run(name: "checkmark", samples: samples, target: "check",
                                          fit: StrokeDetectorGrids.checkmarkFromPositives())
        // The rise and the down leg's straightness reject no check of a writer they were not
        // fitted on; what they let through are writer 2's lopsided v's (docs/corpus-evaluation.md).
        #expect(r.real.tp == 180 && r.real.fn == 0, "\(r.real)")
        #expect(r.real.f1 >= 0.97, "\(r.real)")
        for speed in ["slow", "medium"] { #expect(r.speed(speed).f1 >= 0.99, "\(speed) \(r.speed(speed).f1)") }
        let lead = r.variation("check with a lead-in")
        #expect(Double(lead.accepted) / Double(lead.total) >= 0.99)
        // The shipped defaults are the fit of those tests on all six subjects.
        let (chosen, _) = StrokeDetectorGrids.checkmarkFromPositives()(samples)
        let shipped = CheckmarkRecognizer(id: "c")
        #expect(chosen == StrokeDetectorGrids.describe(shipped, only: StrokeDetectorGrids.checkmarkDefaultTests))
        #expect(r.fittedOnAll == chosen)
        // And the other tests are off.
        #expect(shipped.minimumLegRatio == 0 && shipped.maximumUpWinding == 0 && shipped.minimumVertexAngle == 0
                && shipped.maximumLegSteepness == 90 && shipped.maximumVLikeness == 0)
    }

    @Test("The default tests are the nested procedure's choice on all six writers (each test stopping real strokes of two writers)")
    func checkmarkDefaultIsTheNestedChoice() {
        let onAll = NestedStrokeValidation.checkmark(devSamples, outerFolds: false).onAll
        #expect(onAll.hasPrefix("minimumRise+maximumDownWinding: "), "\(onAll)")
        let shipped = CheckmarkRecognizer(id: "c")
        #expect(onAll.contains(StrokeDetectorGrids.describe(shipped, only: StrokeDetectorGrids.checkmarkDefaultTests)), "\(onAll)")
    }

    @Test("The circle, its grid chosen on five subjects, finds every circle of the sixth and nothing else; open and over-drawn circles pass; its defaults are the choice on all six")
    func circle() {
        let r = StrokeCrossValidation.run(StrokeDetectorGrids.circle(), samples: StrokeDetectorGrids.circleSamples(devSamples), target: "circle")
        #expect(r.real.tp == 180 && r.real.fp == 0 && r.real.fn == 0, "\(r.real)")
        for speed in ["slow", "medium", "fast"] { #expect(r.speed(speed).f1 >= 0.99, "\(speed) \(r.speed(speed).f1)") }
        #expect(r.variation("circle open by 0.8 of its size").accepted >= 160)
        #expect(r.variation("circle over-drawn to 1.75 turns").accepted >= 170)
        #expect(r.fittedOnAll == "maximumGap 0.3, minimumTurns 0.5, maximumTurns 2.2, maximumWindowTurn 90, maximumRadialVariation 0.22, minimumAspect 0.5, maximumOpenRadialVariation 0.1, maximumTurnUnevenness 5")
        let shipped = CircleRecognizer(id: "c")
        #expect(shipped.maximumGap == 0.3 && shipped.minimumTurns == 0.5 && shipped.maximumTurns == 2.2 && shipped.maximumWindowTurn == 90
                && shipped.maximumRadialVariation == 0.22 && shipped.minimumAspect == 0.5 && shipped.maximumOpenRadialVariation == 0.1
                && shipped.maximumTurnUnevenness == 5 && shipped.maximumOpenGap == 0.9)
    }

    @Test("Nested, the circle's choice (a grid point, fitted with or without variants) finds every circle of the held-out writers, F1 at least 0.98 at every speed; on all six it is the shipped default")
    func circleNested() {
        let r = NestedStrokeValidation.circle(devSamples)
        #expect(r.pooled.tp == 180 && r.pooled.fn == 0 && r.pooled.f1 >= 0.985, "\(r.pooled)")
        for speed in ["slow", "medium", "fast"] { #expect(r.speed(speed).f1 >= 0.98, "\(speed) \(r.speed(speed).f1)") }
        #expect(r.onAll == "grid point, chosen with variants: maximumGap 0.3, minimumTurns 0.5, maximumTurns 2.2, maximumWindowTurn 90, maximumRadialVariation 0.22, minimumAspect 0.5, maximumOpenRadialVariation 0.1, maximumTurnUnevenness 5")
    }

    @Test("Nearest-template detection with negative templates, templates from the other subjects only: F1 at least 0.95")
    func templates() {
        let check = StrokeCrossValidation.templates(samples: devSamples, target: "check")
        let circle = StrokeCrossValidation.templates(samples: devSamples, target: "circle")
        #expect(check.real.f1 >= 0.95 && circle.real.f1 >= 0.95, "check \(check.real.f1), circle \(circle.real.f1)")
        #expect(check.folds.allSatisfy { $0.chosen == "2400 templates of the other subjects" })
    }
}
