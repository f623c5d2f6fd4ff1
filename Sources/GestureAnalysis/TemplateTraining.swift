import GestureEngine
import GestureRecognizers
import GestureTrace

/// Builds template sets from labelled traces (`gesturelab train`) and measures how well the
/// nearest-template rule generalises to people it has not seen (leave one subject out).
public enum TemplateTraining {
    public struct Sample: Sendable {
        public var path: String
        public var labels: [String: String]
        public var points: [Point]
    }

    /// Reads the single-pointer strokes of traces (a trace with several pointers gives its first).
    public static func samples(paths: [String]) -> (samples: [Sample], problems: [String]) {
        var out: [Sample] = []
        var problems: [String] = []
        for path in paths {
            do {
                let (header, events, _) = try TraceReader.readAll(path: path)
                guard let first = events.first?.pointer else { continue }
                let pts = events.filter { $0.pointer == first }.map { Point(x: $0.x, y: $0.y) }
                out.append(Sample(path: path, labels: header.labels, points: pts))
            } catch {
                problems.append(error.description)
            }
        }
        return (out, problems)
    }

    public static func templates(from samples: [Sample], labelField: String, only labels: Set<String>? = nil,
                                 orientationSensitive: Bool = true) -> TemplateSet {
        var set = TemplateSet(orientationSensitive: orientationSensitive)
        for s in samples {
            guard let label = s.labels[labelField], labels?.contains(label) ?? true,
                  let v = Protractor.vector(s.points, orientationSensitive: orientationSensitive) else { continue }
            set.templates.append(TemplateSet.Template(label: label, source: s.path, vector: v))
        }
        return set
    }

    /// Keeps at most `perLabel` templates of each label, evenly spaced through the list.
    public static func thin(_ templates: [TemplateSet.Template], perLabel: Int) -> [TemplateSet.Template] {
        var out: [TemplateSet.Template] = []
        for label in Array(Set(templates.map(\.label))).sorted() {
            let mine = templates.filter { $0.label == label }
            if mine.count <= perLabel { out += mine; continue }
            for k in 0..<perLabel { out.append(mine[k * mine.count / perLabel]) }
        }
        return out
    }

    public struct HoldOut: Sendable {
        public var group: String
        public var correct: Int
        public var total: Int
        public var accuracy: Double { total == 0 ? 0 : Double(correct) / Double(total) }
    }

    /// The values of `field` among the samples, in numeric order when they are all numbers
    /// (subjects 2, 10, 11 rather than 10, 11, 2).
    public static func groups(_ samples: [Sample], field: String) -> [String] {
        inNumericOrder(Set(samples.compactMap { $0.labels[field] }))
    }

    /// Label values in numeric order when they are all numbers (2 before 10), else sorted as text.
    static func inNumericOrder(_ values: Set<String>) -> [String] {
        if values.allSatisfy({ Int($0) != nil }) { return values.sorted { Int($0)! < Int($1)! } }
        return values.sorted()
    }

    /// For each value of `groupField` (subject): templates from every other group, then the
    /// share of this group's strokes whose nearest template has the right label.
    public static func leaveOneOut(_ samples: [Sample], labelField: String, groupField: String) -> [HoldOut] {
        return groups(samples, field: groupField).map { g in
            let train = templates(from: samples.filter { $0.labels[groupField] != g }, labelField: labelField)
            var correct = 0, total = 0
            for s in samples where s.labels[groupField] == g {
                guard let truth = s.labels[labelField] else { continue }
                total += 1
                if train.nearest(s.points)?.label == truth { correct += 1 }
            }
            return HoldOut(group: g, correct: correct, total: total)
        }
    }
}
