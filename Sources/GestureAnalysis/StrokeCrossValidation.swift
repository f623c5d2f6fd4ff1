import GestureEngine
import GestureRecognizers

/// Leave-one-subject-out cross-validation of one-class stroke detectors (issue 17): for each
/// subject, the detector's thresholds (or templates) come from the other subjects' strokes and
/// their synthetic variants only, and are scored on the held-out subject's strokes, as a detector
/// of one class against all the others. The figures are what a new writer can expect; the
/// thresholds fitted on every subject at once are the recognizer's defaults, reported apart.
public enum StrokeCrossValidation {
    public struct Sample: Sendable {
        public var points: [Point]
        public var label: String
        public var subject: String
        public var speed: String
        /// nil for a development stroke; the variation's name for a synthetic one.
        public var variation: String?
        /// How much it counts when thresholds are chosen: the variants made from one stroke
        /// count as one stroke together, so they do not outweigh the real ones.
        public var weight: Double

        public init(points: [Point], label: String, subject: String, speed: String, variation: String? = nil, weight: Double = 1) {
            self.points = points
            self.label = label
            self.subject = subject
            self.speed = speed
            self.variation = variation
            self.weight = weight
        }
    }

    public struct Counts: Sendable, Equatable {
        public var tp = 0, fp = 0, fn = 0, tn = 0
        public var accepted: Int { tp + fp }
        public var total: Int { tp + fp + fn + tn }
        public var f1: Double {
            let p = tp + fp == 0 ? 0 : Double(tp) / Double(tp + fp), r = tp + fn == 0 ? 0 : Double(tp) / Double(tp + fn)
            return p + r == 0 ? 0 : 2 * p * r / (p + r)
        }
        mutating func add(_ positive: Bool, _ accepted: Bool) {
            switch (positive, accepted) {
            case (true, true): tp += 1
            case (true, false): fn += 1
            case (false, true): fp += 1
            case (false, false): tn += 1
            }
        }
        static func + (a: Counts, b: Counts) -> Counts { Counts(tp: a.tp + b.tp, fp: a.fp + b.fp, fn: a.fn + b.fn, tn: a.tn + b.tn) }
    }

    public struct Fold: Sendable {
        public var subject: String
        /// The thresholds chosen on the other subjects (a description), or the template count.
        public var chosen: String
        /// On the held-out subject's development strokes, per speed and together.
        public var bySpeed: [String: Counts]
        public var real: Counts
        /// On the held-out subject's synthetic variants (each variation is positive or negative
        /// as its label says), per variation.
        public var byVariation: [String: Counts]
    }

    public struct Report: Sendable {
        public var detector: String
        public var target: String
        public var folds: [Fold]
        /// Thresholds fitted on all subjects (the recognizer's defaults) and their score on the
        /// same strokes: optimistic, shown apart.
        public var fittedOnAll: String
        public var fittedOnAllScore: Counts

        public var real: Counts { folds.map(\.real).reduce(Counts(), +) }
        public func speed(_ s: String) -> Counts { folds.compactMap { $0.bySpeed[s] }.reduce(Counts(), +) }
        public func variation(_ v: String) -> Counts { folds.compactMap { $0.byVariation[v] }.reduce(Counts(), +) }
        public var variations: [String] { Array(Set(folds.flatMap { $0.byVariation.keys })).sorted() }
    }

    /// A detector with thresholds to choose: `candidates` are the threshold settings in grid
    /// order (each with its grid position), `accepts` decides a sample under one of them from
    /// features measured once per sample. `decide`, when given, gives every candidate's
    /// decisions at once (the same as `accepts` would, only faster).
    public struct Grid<Features> {
        public var name: String
        public var candidates: [(description: String, position: [Int])]
        public var features: (Sample) -> Features?
        public var accepts: (Int, Features) -> Bool
        public var decide: (([Features?]) -> [SampleBits])?

        public init(name: String, candidates: [(description: String, position: [Int])],
                    features: @escaping (Sample) -> Features?, accepts: @escaping (Int, Features) -> Bool,
                    decide: (([Features?]) -> [SampleBits])? = nil) {
            self.name = name
            self.candidates = candidates
            self.features = features
            self.accepts = accepts
            self.decide = decide
        }

        /// Which samples each candidate accepts.
        public func decisions(_ features: [Features?]) -> [SampleBits] {
            if let decide { return decide(features) }
            return candidates.indices.map { c in SampleBits(count: features.count) { i in features[i].map { accepts(c, $0) } ?? false } }
        }
    }

    /// The grid's choice on a set of training samples (a bit per sample): the candidate with the
    /// best F1, each sample counting its weight; among equals, the one nearest the middle of the
    /// tied ones in every threshold.
    static func chooser<F>(_ grid: Grid<F>, decisions: [SampleBits], samples: [Sample], target: String) -> (SampleBits) -> Int {
        // Samples of one weight and one side count alike: a fold's weighted counts are popcounts.
        let kinds = Set(samples.map { WeightedSide(weight: $0.weight, positive: $0.label == target) }).sorted { ($0.positive ? 1 : 0, $0.weight) < ($1.positive ? 1 : 0, $1.weight) }
        let members = kinds.map { k in SampleBits(count: samples.count) { WeightedSide(weight: samples[$0].weight, positive: samples[$0].label == target) == k } }
        return { training in
            let groups = zip(kinds, members).map { kind, m in
                let group = m & training
                return (kind: kind, group: group, size: Double(group.countShared(with: group)))
            }
            var best = -1.0
            var tied: [Int] = []
            for c in grid.candidates.indices {
                var tp = 0.0, fp = 0.0, fn = 0.0
                for (kind, group, size) in groups {
                    let accepted = Double(decisions[c].countShared(with: group)) * kind.weight
                    if kind.positive {
                        tp += accepted
                        fn += size * kind.weight - accepted
                    } else {
                        fp += accepted
                    }
                }
                let f1 = tp == 0 ? 0 : 2 * tp / (2 * tp + fp + fn)
                if f1 > best + 1e-12 { best = f1; tied = [c] } else if abs(f1 - best) <= 1e-12 { tied.append(c) }
            }
            let dims = grid.candidates[tied[0]].position.count
            let middle = (0..<dims).map { d -> Double in
                let values = tied.map { Double(grid.candidates[$0].position[d]) }.sorted()
                return values[values.count / 2]
            }
            return tied.min { a, b in
                let da = zip(grid.candidates[a].position, middle).map { abs(Double($0) - $1) }.reduce(0, +)
                let db = zip(grid.candidates[b].position, middle).map { abs(Double($0) - $1) }.reduce(0, +)
                return da < db
            }!
        }
    }

    /// Cross-validates a threshold grid: per fold, the candidate with the best F1 on the other
    /// subjects (development strokes and variants together, each counting its weight); among
    /// equals, the one nearest the middle of the tied ones in every threshold, so no threshold
    /// sits on the edge of what the training strokes allow.
    public static func run<F>(_ grid: Grid<F>, samples: [Sample], target: String) -> Report {
        let decisions = grid.decisions(samples.map(grid.features))
        let choose = chooser(grid, decisions: decisions, samples: samples, target: target)
        let subjects = subjectsInOrder(samples)
        var folds: [Fold] = []
        for s in subjects {
            let c = choose(SampleBits(count: samples.count) { samples[$0].subject != s })
            var fold = Fold(subject: s, chosen: grid.candidates[c].description, bySpeed: [:], real: Counts(), byVariation: [:])
            for i in samples.indices where samples[i].subject == s {
                let positive = samples[i].label == target, accepted = decisions[c].contains(i)
                if let v = samples[i].variation {
                    fold.byVariation[v, default: Counts()].add(positive, accepted)
                } else {
                    fold.real.add(positive, accepted)
                    fold.bySpeed[samples[i].speed, default: Counts()].add(positive, accepted)
                }
            }
            folds.append(fold)
        }
        let all = choose(SampleBits(count: samples.count) { _ in true })
        var allScore = Counts()
        for i in samples.indices where samples[i].variation == nil { allScore.add(samples[i].label == target, decisions[all].contains(i)) }
        return Report(detector: grid.name, target: target, folds: folds, fittedOnAll: grid.candidates[all].description, fittedOnAllScore: allScore)
    }

    struct WeightedSide: Hashable {
        var weight: Double
        var positive: Bool
    }

    /// Cross-validates a fitting rule: per fold, `fit` sees the other subjects' samples and
    /// returns a description of what it chose and the detector it makes.
    public static func run(name: String, samples: [Sample], target: String,
                           fit: ([Sample]) -> (description: String, accepts: (Sample) -> Bool)) -> Report {
        var folds: [Fold] = []
        for s in subjectsInOrder(samples) {
            let (description, accepts) = fit(samples.filter { $0.subject != s })
            var fold = Fold(subject: s, chosen: description, bySpeed: [:], real: Counts(), byVariation: [:])
            for x in samples where x.subject == s {
                let yes = accepts(x), positive = x.label == target
                if let v = x.variation {
                    fold.byVariation[v, default: Counts()].add(positive, yes)
                } else {
                    fold.real.add(positive, yes)
                    fold.bySpeed[x.speed, default: Counts()].add(positive, yes)
                }
            }
            folds.append(fold)
        }
        let (description, accepts) = fit(samples)
        var all = Counts()
        for x in samples where x.variation == nil { all.add(x.label == target, accepts(x)) }
        return Report(detector: name, target: target, folds: folds, fittedOnAll: description, fittedOnAllScore: all)
    }

    /// Nearest-template detection with templates of every class (the negatives reject what is
    /// not the target), each fold's templates from the other subjects' development strokes only.
    public static func templates(samples: [Sample], target: String, orientationSensitive: Bool = true) -> Report {
        let subjects = subjectsInOrder(samples)
        var folds: [Fold] = []
        func templateSet(_ training: [Sample]) -> TemplateSet {
            var set = TemplateSet(orientationSensitive: orientationSensitive)
            for t in training where t.variation == nil {
                guard let v = Protractor.vector(t.points, orientationSensitive: orientationSensitive) else { continue }
                set.templates.append(TemplateSet.Template(label: t.label, source: t.subject, vector: v))
            }
            return set
        }
        for s in subjects {
            let set = templateSet(samples.filter { $0.subject != s })
            var fold = Fold(subject: s, chosen: "\(set.templates.count) templates of the other subjects", bySpeed: [:], real: Counts(), byVariation: [:])
            for x in samples where x.subject == s {
                let accepted = set.nearest(x.points)?.label == target
                if let v = x.variation {
                    fold.byVariation[v, default: Counts()].add(x.label == target, accepted)
                } else {
                    fold.real.add(x.label == target, accepted)
                    fold.bySpeed[x.speed, default: Counts()].add(x.label == target, accepted)
                }
            }
            folds.append(fold)
        }
        return Report(detector: "templates", target: target, folds: folds, fittedOnAll: "every subject's strokes as templates (each stroke then finds itself)",
                      fittedOnAllScore: folds.map(\.real).reduce(Counts(), +))
    }

    /// Subjects in numeric order when they are numbers (2 before 10).
    public static func subjectsInOrder(_ samples: [Sample]) -> [String] {
        TemplateTraining.inNumericOrder(Set(samples.map(\.subject)))
    }
}
