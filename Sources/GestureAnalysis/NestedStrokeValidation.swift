import Foundation
import GestureEngine
import GestureRecognizers

/// Nested leave-one-subject-out, as docs/corpus-evaluation.md writes the protocol (issue 33): for
/// each writer held out, every choice (which tests a detector has, whether synthetic variants take
/// part in fitting, the thresholds) is made by an inner leave-one-writer-out on the other writers'
/// real strokes only; the chosen configuration is fitted on those writers and scored once on the
/// held-out one. The pooled figure is what a writer nobody looked at can expect.
public enum NestedStrokeValidation {
    typealias Sample = StrokeCrossValidation.Sample
    typealias Counts = StrokeCrossValidation.Counts

    /// A configuration to choose among: fitted on training samples (by index), a detector of
    /// samples (by index).
    public struct Candidate: Sendable {
        public var name: String
        /// Among candidates with the same inner score the simpler wins: fewer tests, then fewer
        /// settings (the lower number).
        public var complexity: Int
        let fit: @Sendable (_ training: [Int]) -> Fitted
    }

    /// A fitted detector: what it chose, how it decides, and how it decides with one test off.
    struct Fitted {
        var description: String
        var accepts: (Int) -> Bool
        /// The tests it applies, each with the detector that has only that test switched off.
        var withoutTest: [(test: String, accepts: (Int) -> Bool)]
    }

    /// How the inner loop turns scores into a choice.
    public enum Selection: Sendable {
        /// The best pooled F1; an exact tie goes to the simpler candidate (the first runs).
        case best
        /// The best pooled F1 among candidates each of whose tests earns its place on at least
        /// `writers` inner held-out writers (it stops a real other-class stroke of each of them
        /// that the candidate without it accepts); ties to the simpler. Six writers cannot tell
        /// a test that stops one writer's habit from one that stops a class: the first runs chose
        /// the pointed-turn test for one writer's v's, and writers outside the set paid for it
        /// with their checks (docs/corpus-evaluation.md, revision 2).
        case testsSupported(writers: Int)

        public static let standard = Selection.testsSupported(writers: 2)
    }

    /// What one test of the chosen configuration did to the held-out writer's real strokes.
    public struct TestCost: Sendable, Equatable {
        /// Target strokes it rejected (the detector without it accepts them).
        public var targetsRejected = 0
        /// Other-class strokes it stopped (the detector without it accepts them).
        public var negativesStopped = 0

        public init(targetsRejected: Int = 0, negativesStopped: Int = 0) {
            self.targetsRejected = targetsRejected
            self.negativesStopped = negativesStopped
        }
    }

    public struct OuterFold: Sendable {
        public var subject: String
        public var chosen: String
        public var description: String
        /// The chosen candidate's F1 pooled over the inner held-out writers.
        public var innerF1: Double
        public var real: StrokeCrossValidation.Counts
        public var bySpeed: [String: StrokeCrossValidation.Counts]
        public var byVariation: [String: StrokeCrossValidation.Counts]
        public var costs: [String: TestCost]
        /// The classes of the held-out writer's real strokes accepted in error, with how many.
        public var falsePositives: [String: Int] = [:]
    }

    public struct Report: Sendable {
        public var detector: String
        public var target: String
        public var folds: [OuterFold]
        /// The procedure run once on every writer (the shipped default): its choice, and its
        /// score on those same strokes (optimistic, shown apart).
        public var onAll: String
        public var onAllScore: StrokeCrossValidation.Counts

        public var pooled: StrokeCrossValidation.Counts { folds.map(\.real).reduce(StrokeCrossValidation.Counts(), +) }
        public func speed(_ s: String) -> StrokeCrossValidation.Counts { folds.compactMap { $0.bySpeed[s] }.reduce(StrokeCrossValidation.Counts(), +) }
        public var variations: [String] { Array(Set(folds.flatMap { $0.byVariation.keys })).sorted() }
        public func variation(_ v: String) -> StrokeCrossValidation.Counts { folds.compactMap { $0.byVariation[v] }.reduce(StrokeCrossValidation.Counts(), +) }

        /// The pooled F1's 95% interval from resampling writers (the outer folds, with
        /// replacement): strokes of one writer are not independent.
        public func interval(resamples: Int = 2000, seed: UInt64 = 33) -> (low: Double, high: Double) {
            guard !folds.isEmpty else { return (0, 0) }
            var state = seed
            func next() -> Int {
                // SplitMix64: a fixed sequence, the same on every machine.
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return Int((z ^ (z >> 31)) % UInt64(folds.count))
            }
            var f1s: [Double] = []
            for _ in 0..<resamples {
                var c = StrokeCrossValidation.Counts()
                for _ in folds.indices { c = c + folds[next()].real }
                f1s.append(c.f1)
            }
            f1s.sort()
            return (f1s[Int(Double(resamples) * 0.025)], f1s[min(resamples - 1, Int(Double(resamples) * 0.975))])
        }
    }

    /// Runs the protocol over `samples` (real strokes and their variants) for `target`.
    /// Without `outerFolds` only the procedure on every writer runs (the shipped default's
    /// choice, a seventh of the work).
    static func run(name: String, samples: [Sample], target: String, candidates: [Candidate], selection: Selection = .standard, outerFolds: Bool = true) -> Report {
        let subjects = StrokeCrossValidation.subjectsInOrder(samples)
        func indices(_ keep: (Sample) -> Bool) -> [Int] { samples.indices.filter { keep(samples[$0]) } }
        // Read for every sample of every fold of every candidate: a Bool, not a Sample's copy.
        let isTarget = samples.map { $0.label == target }
        func score(_ accepts: (Int) -> Bool, _ on: [Int]) -> Counts {
            var c = Counts()
            for i in on { c.add(isTarget[i], accepts(i)) }
            return c
        }
        /// Leave-one-writer-out inside `writers`, scored on real strokes only: the best pooled
        /// F1 among the candidates `selection` admits, ties to the simpler.
        func choose(among writers: [String]) -> (Candidate, Double) {
            var best: (candidate: Candidate, f1: Double)?
            // The same splits for every candidate: found once.
            let splits = writers.map { held in
                (training: indices { $0.subject != held && writers.contains($0.subject) }, heldOut: indices { $0.subject == held && $0.variation == nil })
            }
            for c in candidates {
                var pooled = Counts()
                var support: [String: Int] = [:], tests: [String] = []
                for (training, heldOut) in splits {
                    let fitted = c.fit(training)
                    tests = fitted.withoutTest.map(\.test)
                    pooled = pooled + score(fitted.accepts, heldOut)
                    guard case .testsSupported = selection else { continue }
                    for (test, without) in fitted.withoutTest where heldOut.contains(where: { !isTarget[$0] && !fitted.accepts($0) && without($0) }) {
                        support[test, default: 0] += 1
                    }
                }
                if case let .testsSupported(needed) = selection,
                   tests.contains(where: { support[$0, default: 0] < needed }) { continue }
                let f1 = pooled.f1
                if let b = best, !(f1 > b.f1 + 1e-12 || (abs(f1 - b.f1) <= 1e-12 && c.complexity < b.candidate.complexity)) { continue }
                best = (c, f1)
            }
            return best!
        }
        var folds: [OuterFold] = []
        for s in subjects where outerFolds {
            let writers = subjects.filter { $0 != s }
            let (chosen, innerF1) = choose(among: writers)
            let fitted = chosen.fit(indices { $0.subject != s })
            var fold = OuterFold(subject: s, chosen: chosen.name, description: fitted.description, innerF1: innerF1, real: Counts(), bySpeed: [:], byVariation: [:], costs: [:])
            for i in indices({ $0.subject == s }) {
                let positive = samples[i].label == target, accepted = fitted.accepts(i)
                if let v = samples[i].variation {
                    fold.byVariation[v, default: Counts()].add(positive, accepted)
                } else {
                    fold.real.add(positive, accepted)
                    fold.bySpeed[samples[i].speed, default: Counts()].add(positive, accepted)
                    if accepted && !positive { fold.falsePositives[samples[i].label, default: 0] += 1 }
                    if !accepted {
                        for (test, without) in fitted.withoutTest where without(i) {
                            if positive { fold.costs[test, default: TestCost()].targetsRejected += 1 } else { fold.costs[test, default: TestCost()].negativesStopped += 1 }
                        }
                    }
                }
            }
            for (test, _) in fitted.withoutTest where fold.costs[test] == nil { fold.costs[test] = TestCost() }
            folds.append(fold)
        }
        let (chosen, _) = choose(among: subjects)
        let fitted = chosen.fit(samples.indices.map { $0 })
        return Report(detector: name, target: target, folds: folds, onAll: "\(chosen.name): \(fitted.description)",
                      onAllScore: score(fitted.accepts, indices { $0.variation == nil }))
    }

    // MARK: The checkmark

    /// How far beyond the training checks each threshold sits, as multiples of
    /// `StrokeDetectorGrids.checkmark(fittedTo:)`'s margins: a choice like any other.
    public static let checkmarkSlacks: [Double] = [1, 2, 4]

    /// The checkmark's tests, each a switch of the candidates (the direction tests and the
    /// minimum length always apply: without them a stroke is not a check's shape at all).
    public static let checkmarkTests = ["minimumLegRatio", "minimumRise", "maximumDownWinding", "maximumUpWinding",
                                        "minimumVertexAngle", "maximumLegSteepness", "maximumVLikeness"]

    /// The checkmark under the protocol: the candidates are every subset of its tests, each fitted
    /// with or without the synthetic variants (checks with lead-ins) among the training checks, by
    /// `StrokeDetectorGrids.checkmark(fittedTo:)`'s enclosing margins times each of
    /// `checkmarkSlacks`, and, with the pointed-turn test, each of
    /// `StrokeDetectorGrids.sharpTurnWeights`.
    ///
    /// `combined` joins every candidate's rules with the nearest-template detector trained on the
    /// same writers' real strokes (both must say "check", or either may): a combination under the
    /// same protocol. Templates are the writers' strokes, so a combination cannot be a shipped
    /// default; it shows what the rules leave on the table.
    public static func checkmark(_ real: [StrokeCrossValidation.Sample], selection: Selection = .standard, outerFolds: Bool = true,
                                 combined: Combination? = nil) -> Report {
        let samples = StrokeDetectorGrids.checkmarkSamples(real)
        let features = samples.map { CheckmarkRecognizer.features($0.points, maximumLeadIn: 0.35) }
        let box = SampleTable(samples: samples, features: features)
        let votes = combined.map { _ in TemplateVotes(samples, target: "check") }
        var candidates: [Candidate] = []
        let tests = checkmarkTests
        for mask in 0..<(1 << tests.count) {
            let on = Set(tests.indices.filter { mask & (1 << $0) != 0 }.map { tests[$0] })
            let weights = on.contains("maximumVLikeness") ? StrokeDetectorGrids.sharpTurnWeights : [0]
            for variants in [false, true] {
                for (k, weight) in weights.enumerated() {
                    for (si, slack) in checkmarkSlacks.enumerated() {
                        // Appended part by part: one expression of four ternaries took the type
                        // checker four seconds.
                        var name: String = on.count == tests.count ? "every test" : on.isEmpty ? "no optional test" : tests.filter(on.contains).joined(separator: "+")
                        if on.contains("maximumVLikeness") { name += " (sharpTurnWeight \(NumberFormat.precise(weight)))" }
                        if slack != 1 { name += ", margins x\(NumberFormat.precise(slack))" }
                        if variants { name += ", fitted with variants" }
                        candidates.append(Candidate(name: name, complexity: ((on.count * 2 + (variants ? 1 : 0)) * 10 + k) * 10 + si) { training in
                            let rules = box.fitCheckmark(training, tests: on, variants: variants, weight: weight, slack: slack)
                            guard let combined, let votes else { return rules }
                            return votes.join(rules, combined, training: training)
                        })
                    }
                }
            }
        }
        let name = combined.map { "checkmark, rules \($0 == .and ? "and" : "or") templates (nested)" } ?? "checkmark (nested)"
        return run(name: name, samples: samples, target: "check", candidates: candidates, selection: selection, outerFolds: outerFolds)
    }

    /// The checkmark's features as a learned classifier reads them.
    static func checkmarkRow(_ f: CheckmarkRecognizer.Features) -> [Double] {
        [f.downAngle, f.upAngle, f.ratio, f.rise, f.downWinding, f.upWinding, f.vertexAngle, f.steepness,
         log(max(f.turnRounding, 1e-6)), f.leadIn, log(max(f.pathLength, 1))]
    }
    static let checkmarkRowNames = ["downAngle", "upAngle", "legRatio", "rise", "downWinding", "upWinding", "vertexAngle", "steepness",
                                    "ln turnRounding", "leadIn", "ln pathLength"]

    /// The same strokes under the same protocol, decided by a regularized logistic regression on
    /// the checkmark's features: the candidates are the L2 strength, the probability it must reach
    /// and whether the lead-in variants join the training checks.
    public static func checkmarkLogistic(_ real: [StrokeCrossValidation.Sample], selection: Selection = .standard) -> Report {
        let samples = StrokeDetectorGrids.checkmarkSamples(real)
        let rows = samples.map { CheckmarkRecognizer.features($0.points, maximumLeadIn: 0.35).map(checkmarkRow) }
        var candidates: [Candidate] = []
        for (li, lambda) in [0.01, 0.1, 1, 10].enumerated() {
            for (ti, threshold) in [0.3, 0.5, 0.7].enumerated() {
                for variants in [false, true] {
                    let name = "logistic (lambda \(NumberFormat.precise(lambda)), p >= \(NumberFormat.precise(threshold)))" + (variants ? ", fitted with variants" : "")
                    // Stronger regularization is simpler; then the middle threshold.
                    let complexity = (3 - li) * 10 + abs(ti - 1) * 2 + (variants ? 1 : 0)
                    candidates.append(Candidate(name: name, complexity: complexity) { training in
                        let used = training.filter { rows[$0] != nil && (variants || samples[$0].variation == nil) }
                        let model = LogisticRegression(rows: used.map { rows[$0]! }, labels: used.map { samples[$0].label == "check" },
                                                       weights: used.map { samples[$0].weight }, lambda: lambda)
                        let strongest = model.weights.dropFirst().enumerated().max { abs($0.element) < abs($1.element) }
                        let description = "weights on standardized features; the largest: " + (strongest.map { "\(checkmarkRowNames[$0.offset]) \(NumberFormat.precise($0.element))" } ?? "-")
                        return Fitted(description: description, accepts: { i in rows[i].map { model.probability($0) >= threshold } ?? false }, withoutTest: [])
                    })
                }
            }
        }
        return run(name: "checkmark, logistic regression (nested)", samples: samples, target: "check", candidates: candidates, selection: selection)
    }

    /// How a combination joins the rules' verdict with the templates'.
    public enum Combination: Sendable { case and, or }

    /// The nearest-template detector for any set of training writers, from one table: for each
    /// stroke and each writer, the best similarity among that writer's real target strokes and
    /// among their other real strokes. A training set's verdict is then the better of the two
    /// maxima (`StrokeCrossValidation.templates` for that set, without rebuilding it).
    final class TemplateVotes: @unchecked Sendable {
        let samples: [StrokeCrossValidation.Sample]
        let subjects: [String]
        /// [stroke][writer]: (best target similarity, best other similarity).
        let best: [[(target: Double, other: Double)]]
        private var masks = TrainingSetCache<[Bool]>()

        init(_ samples: [StrokeCrossValidation.Sample], target: String) {
            self.samples = samples
            let subjects = StrokeCrossValidation.subjectsInOrder(samples)
            self.subjects = subjects
            let vectors = samples.map { Protractor.vector($0.points) }
            let writer = samples.map { s in subjects.firstIndex(of: s.subject)! }
            let templates = samples.indices.filter { samples[$0].variation == nil && vectors[$0] != nil }
            best = samples.indices.map { i in
                var row = Array(repeating: (target: -Double.infinity, other: -Double.infinity), count: subjects.count)
                guard let v = vectors[i] else { return row }
                for t in templates where t != i {
                    let sim = Protractor.similarity(v, vectors[t]!)
                    if samples[t].label == target { row[writer[t]].target = max(row[writer[t]].target, sim) } else { row[writer[t]].other = max(row[writer[t]].other, sim) }
                }
                return row
            }
        }

        /// Whether the templates of `training`'s writers say "target" for stroke i.
        func says(_ i: Int, writers: [Bool]) -> Bool {
            var t = -Double.infinity, o = -Double.infinity
            for w in writers.indices where writers[w] {
                t = max(t, best[i][w].target)
                o = max(o, best[i][w].other)
            }
            return t > o
        }

        func join(_ rules: Fitted, _ how: Combination, training: [Int]) -> Fitted {
            let writers = masks.value(for: training) {
                let present = Set(training.map { samples[$0].subject })
                return subjects.map(present.contains)
            }
            func joined(_ accepts: @escaping (Int) -> Bool) -> (Int) -> Bool {
                switch how {
                case .and: { accepts($0) && self.says($0, writers: writers) }
                case .or: { accepts($0) || self.says($0, writers: writers) }
                }
            }
            return Fitted(description: rules.description + (how == .and ? ", and the templates agree" : ", or the templates say check"),
                          accepts: joined(rules.accepts), withoutTest: rules.withoutTest.map { ($0.test, joined($0.accepts)) })
        }
    }

    /// Samples and their features, measured once and shared by every fit.
    final class SampleTable: @unchecked Sendable {
        let samples: [StrokeCrossValidation.Sample]
        let features: [CheckmarkRecognizer.Features?]

        init(samples: [StrokeCrossValidation.Sample], features: [CheckmarkRecognizer.Features?]) {
            self.samples = samples
            self.features = features
        }

        /// The training checks' features per training set: thousands of candidates share a few
        /// dozen training sets.
        private var checksCache = TrainingSetCache<(real: [CheckmarkRecognizer.Features], all: [CheckmarkRecognizer.Features])>()

        func checks(_ training: [Int]) -> (real: [CheckmarkRecognizer.Features], all: [CheckmarkRecognizer.Features]) {
            checksCache.value(for: training) {
                let all = training.filter { samples[$0].label == "check" }
                return (real: all.filter { samples[$0].variation == nil }.compactMap { features[$0] }, all: all.compactMap { features[$0] })
            }
        }

        func fitCheckmark(_ training: [Int], tests on: Set<String>, variants: Bool, weight: Double, slack: Double) -> Fitted {
            let checks = variants ? self.checks(training).all : self.checks(training).real
            let r = NestedStrokeValidation.checkmark(StrokeDetectorGrids.checkmark(fittedTo: checks, slack: slack, sharpTurnWeight: weight), keeping: on)
            let f = features
            var without: [(String, (Int) -> Bool)] = []
            for t in checkmarkTests where on.contains(t) {
                let r2 = NestedStrokeValidation.checkmark(r, keeping: on.subtracting([t]))
                without.append((t, { i in if let x = f[i] { r2.accepts(x) } else { false } }))
            }
            return Fitted(description: StrokeDetectorGrids.describe(r, only: on), accepts: { i in if let x = f[i] { r.accepts(x) } else { false } }, withoutTest: without)
        }
    }

    // MARK: The circle

    /// The circle's restrictive tests (the open-circle allowance loosens `maximumGap`, so it is
    /// no test of its own here).
    public static let circleTests = ["maximumGap", "minimumTurns", "maximumTurns", "maximumWindowTurn", "maximumRadialVariation", "minimumAspect", "maximumTurnUnevenness"]

    /// The circle under the protocol. Fitting is choosing the grid's best point on the training
    /// strokes (ties to the middle of the tied points, as `StrokeCrossValidation` chooses); the
    /// candidates are that choice on the real strokes alone, or with the synthetic variants
    /// (open and over-drawn circles) counting their weight. The inner loop picks by the best
    /// pooled F1 (`Selection.best`: the candidates differ in what they are fitted on, not in
    /// which tests they have). Each test's cost is counted with the chosen point's test switched
    /// off.
    public static func circle(_ real: [StrokeCrossValidation.Sample]) -> Report {
        let samples = StrokeDetectorGrids.circleSamples(real)
        let grid = StrokeDetectorGrids.circle()
        let features = samples.map(grid.features)
        let decisions = grid.decisions(features)
        let choose = StrokeCrossValidation.chooser(grid, decisions: decisions, samples: samples, target: "circle")
        func detector(_ c: Int) -> Fitted {
            let r = StrokeDetectorGrids.circleRecognizer(grid.candidates[c].position)
            var without: [(String, (Int) -> Bool)] = []
            for t in circleTests {
                let r2 = NestedStrokeValidation.circle(r, without: t)
                without.append((t, { i in if let x = features[i] { r2.accepts(x) } else { false } }))
            }
            return Fitted(description: grid.candidates[c].description, accepts: { decisions[c].contains($0) }, withoutTest: without)
        }
        // Candidates are @Sendable; what they share is read-only once built.
        final class Fit: @unchecked Sendable {
            let fit: (_ training: [Int], _ variants: Bool) -> Fitted
            init(_ fit: @escaping (_ training: [Int], _ variants: Bool) -> Fitted) { self.fit = fit }
        }
        let fit = Fit { training, variants in
            let used = Set(variants ? training : training.filter { samples[$0].variation == nil })
            return detector(choose(SampleBits(count: samples.count) { used.contains($0) }))
        }
        let candidates = [false, true].map { variants in
            Candidate(name: variants ? "grid point, chosen with variants" : "grid point", complexity: variants ? 1 : 0) { fit.fit($0, variants) }
        }
        return run(name: "circle (nested)", samples: samples, target: "circle", candidates: candidates, selection: .best)
    }

    /// A copy of `r` with one test switched off.
    static func circle(_ r: CircleRecognizer, without test: String) -> CircleRecognizer {
        let c = CircleRecognizer(id: r.id)
        c.minimumPathLength = r.minimumPathLength
        c.maximumOpenGap = r.maximumOpenGap
        c.maximumOpenRadialVariation = r.maximumOpenRadialVariation
        c.maximumGap = test == "maximumGap" ? .infinity : r.maximumGap
        c.minimumTurns = test == "minimumTurns" ? -.infinity : r.minimumTurns
        c.maximumTurns = test == "maximumTurns" ? .infinity : r.maximumTurns
        c.maximumWindowTurn = test == "maximumWindowTurn" ? .infinity : r.maximumWindowTurn
        c.maximumRadialVariation = test == "maximumRadialVariation" ? .infinity : r.maximumRadialVariation
        c.minimumAspect = test == "minimumAspect" ? -.infinity : r.minimumAspect
        c.maximumTurnUnevenness = test == "maximumTurnUnevenness" ? .infinity : r.maximumTurnUnevenness
        return c
    }

    /// A copy of `r` with every optional test not in `keeping` switched off (its threshold at the
    /// end of the scale, so it passes every stroke).
    static func checkmark(_ r: CheckmarkRecognizer, keeping on: Set<String>) -> CheckmarkRecognizer {
        let c = CheckmarkRecognizer(id: r.id)
        c.maximumLeadIn = r.maximumLeadIn
        c.sharpTurnWeight = r.sharpTurnWeight
        c.minimumLegRatio = on.contains("minimumLegRatio") ? r.minimumLegRatio : -.infinity
        c.minimumRise = on.contains("minimumRise") ? r.minimumRise : -.infinity
        c.maximumDownWinding = on.contains("maximumDownWinding") ? r.maximumDownWinding : .infinity
        c.maximumUpWinding = on.contains("maximumUpWinding") ? r.maximumUpWinding : .infinity
        c.minimumVertexAngle = on.contains("minimumVertexAngle") ? r.minimumVertexAngle : -.infinity
        c.maximumLegSteepness = on.contains("maximumLegSteepness") ? r.maximumLegSteepness : .infinity
        c.maximumVLikeness = on.contains("maximumVLikeness") ? r.maximumVLikeness : .infinity
        return c
    }
}
