import ArgumentParser
import Foundation
import GestureAnalysis
import GestureEngine
import GestureImport
import GestureTrace

struct CrossValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crossval",
        abstract: "Leave-one-subject-out figures for the better checkmark and circle and the template detectors on $1 gesture logs: thresholds and templates come from the other subjects only.",
        discussion: "Reads the logs in place (sNN/SPEED/NAMEkk.xml). Each held-out subject is scored on its own strokes, per speed, and on synthetic variants of them (checks with a lead-in, lopsided v's, over-drawn and open circles). Markdown on standard output."
    )

    @Argument(help: "A folder of $1 gesture logs (searched recursively).")
    var logs: String

    @Option(name: .long, help: "Only this detector: checkmark, circle, templates.")
    var detector: String?

    @Flag(name: .long, help: "The nested protocol of docs/corpus-evaluation.md: every choice (tests, variants, weights, grid points) made inside the folds, on real strokes; for the checkmark and the circle.")
    var nested = false

    @Option(name: .long, help: "How the nested inner loop chooses: supported (the best score among candidates each of whose tests stops real strokes of two inner writers, the default) or best (the best score; the first runs).")
    var selection = "supported"

    func validate() throws {
        guard ["supported", "best"].contains(selection) else {
            throw ValidationError("--selection \(selection): the rules are supported and best")
        }
        if let detector, !["checkmark", "circle", "templates"].contains(detector) {
            throw ValidationError("--detector \(detector): detectors are checkmark, circle, templates")
        }
    }

    func run() throws {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: logs, isDirectory: &isDir), isDir.boolValue else { throw Exit.fail("\(logs): no such folder") }
        var real: [StrokeCrossValidation.Sample] = []
        for file in DollarXMLReader.files(under: logs) {
            switch Result(catching: { () throws(DollarXMLReader.Problem) -> DollarGesture in try DollarXMLReader.read(path: file) }) {
            case let .success(g):
                real.append(.init(points: g.points.map { Point(x: $0.x, y: $0.y) }, label: g.gestureClass, subject: g.subject, speed: g.speed))
            case let .failure(p):
                throw Exit.fail(p.description)
            }
        }
        guard Set(real.map(\.subject)).count >= 2 else { throw Exit.fail("\(logs): cross-validation needs the logs of at least two subjects") }
        if nested {
            guard detector != "templates" else { throw Exit.fail("--nested is for the checkmark and the circle (the templates choose nothing)") }
            emit("# Nested leave-one-subject-out, \(real.count) strokes of \(Set(real.map(\.subject)).count) subjects\n")
            var compared: [(String, StrokeCrossValidation.Counts, [String: StrokeCrossValidation.Counts])] = []
            func note(_ r: NestedStrokeValidation.Report) {
                compared.append((r.detector, r.pooled, Dictionary(uniqueKeysWithValues: ["slow", "medium", "fast"].map { ($0, r.speed($0)) })))
            }
            if detector == nil || detector == "checkmark" {
                let choice: NestedStrokeValidation.Selection = selection == "best" ? .best : .standard
                let rules = NestedStrokeValidation.checkmark(real, selection: choice), learned = NestedStrokeValidation.checkmarkLogistic(real, selection: choice)
                emit(Self.markdown(rules))
                emit(Self.markdown(learned))
                note(rules)
                note(learned)
                for how in [NestedStrokeValidation.Combination.and, .or] {
                    let joined = NestedStrokeValidation.checkmark(real, selection: choice, combined: how)
                    emit(Self.markdown(joined))
                    note(joined)
                }
                // Templates choose nothing: leave-one-writer-out is already nested for them.
                let t = StrokeCrossValidation.templates(samples: StrokeDetectorGrids.checkmarkSamples(real), target: "check")
                compared.append(("checkmark, templates of every class", t.real, Dictionary(uniqueKeysWithValues: ["slow", "medium", "fast"].map { ($0, t.speed($0)) })))
            }
            if detector == nil || detector == "circle" {
                let circle = NestedStrokeValidation.circle(real)
                emit(Self.markdown(circle))
                note(circle)
                let t = StrokeCrossValidation.templates(samples: StrokeDetectorGrids.circleSamples(real), target: "circle")
                compared.append(("circle, templates of every class", t.real, Dictionary(uniqueKeysWithValues: ["slow", "medium", "fast"].map { ($0, t.speed($0)) })))
            }
            emit("## The families side by side (held-out writers, real strokes)\n")
            emit("| detector | F1 | precision / recall | slow | medium | fast |\n|---|---|---|---|---|---|")
            for (name, c, bySpeed) in compared {
                let p = c.tp + c.fp == 0 ? 0 : Double(c.tp) / Double(c.tp + c.fp), rc = c.tp + c.fn == 0 ? 0 : Double(c.tp) / Double(c.tp + c.fn)
                func f(_ v: Double) -> String { NumberText.decimal(v, decimals: 3) }
                emit("| \(name) | \(f(c.f1)) | \(f(p)) / \(f(rc)) | \(f(bySpeed["slow"]?.f1 ?? 0)) | \(f(bySpeed["medium"]?.f1 ?? 0)) | \(f(bySpeed["fast"]?.f1 ?? 0)) |")
            }
            return
        }
        emit("# Leave-one-subject-out, \(real.count) strokes of \(Set(real.map(\.subject)).count) subjects\n")
        if detector == nil || detector == "checkmark" {
            emit(Self.markdown(StrokeCrossValidation.run(name: "checkmark", samples: StrokeDetectorGrids.checkmarkSamples(real), target: "check",
                                                         fit: StrokeDetectorGrids.checkmarkFromPositives())))
        }
        if detector == nil || detector == "circle" {
            emit(Self.markdown(StrokeCrossValidation.run(StrokeDetectorGrids.circle(), samples: StrokeDetectorGrids.circleSamples(real), target: "circle")))
        }
        if detector == nil || detector == "templates" {
            emit(Self.markdown(StrokeCrossValidation.templates(samples: StrokeDetectorGrids.checkmarkSamples(real), target: "check")))
            emit(Self.markdown(StrokeCrossValidation.templates(samples: StrokeDetectorGrids.circleSamples(real), target: "circle")))
        }
    }

    static func row(_ name: String, _ c: StrokeCrossValidation.Counts, _ extra: String = "") -> String {
        "| \(name) | \(c.tp) | \(c.fp) | \(c.fn) | \(NumberText.decimal(c.f1, decimals: 3)) |\(extra)"
    }

    static func markdown(_ r: NestedStrokeValidation.Report) -> String {
        func f(_ v: Double) -> String { NumberText.decimal(v, decimals: 3) }
        let pooled = r.pooled, ci = r.interval()
        var s = "## \(r.detector) as a one-class detector of `\(r.target)`\n\n"
        s += "Pooled over the held-out writers: F1 **\(f(pooled.f1))** (95% interval over writers \(f(ci.low))-\(f(ci.high))), "
        s += "TP \(pooled.tp), FP \(pooled.fp), FN \(pooled.fn). Six writers are few: the interval is wide for that reason.\n\n"
        s += "| held out | TP | FP | FN | F1 | inner F1 | chosen on the other writers |\n|---|---|---|---|---|---|---|\n"
        for fold in r.folds {
            s += "| subject \(fold.subject) | \(fold.real.tp) | \(fold.real.fp) | \(fold.real.fn) | \(f(fold.real.f1)) | \(f(fold.innerF1)) | \(fold.chosen): \(fold.description) |\n"
        }
        let mistaken = r.folds.filter { !$0.falsePositives.isEmpty }.map { fold in
            "subject \(fold.subject): " + fold.falsePositives.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        }
        if !mistaken.isEmpty { s += "\nOther strokes accepted in error: " + mistaken.joined(separator: "; ") + ".\n" }
        let perWriter = r.folds.map(\.real.f1).sorted()
        if !perWriter.isEmpty {
            s += "\nF1 per writer: minimum \(f(perWriter.first!)), median \(f(perWriter[perWriter.count / 2])), maximum \(f(perWriter.last!)).\n"
        }
        s += "\n| speed | TP | FP | FN | F1 |\n|---|---|---|---|---|\n"
        for speed in ["slow", "medium", "fast"] { s += row(speed, r.speed(speed)) + "\n" }
        let tests = Array(Set(r.folds.flatMap { $0.costs.keys })).sorted()
        if !tests.isEmpty {
            s += "\nWhat each test of the chosen configuration did to the held-out writer's real strokes (targets it rejected / other strokes it stopped; - when the fold did not choose it):\n\n"
            s += "| test | " + r.folds.map { "s\($0.subject)" }.joined(separator: " | ") + " | all |\n|---|" + String(repeating: "---|", count: r.folds.count + 1) + "\n"
            for t in tests {
                var total = NestedStrokeValidation.TestCost()
                let cells = r.folds.map { fold -> String in
                    guard let c = fold.costs[t] else { return "-" }
                    total.targetsRejected += c.targetsRejected
                    total.negativesStopped += c.negativesStopped
                    return "\(c.targetsRejected) / \(c.negativesStopped)"
                }
                s += "| \(t) | " + cells.joined(separator: " | ") + " | \(total.targetsRejected) / \(total.negativesStopped) |\n"
            }
        }
        if !r.variations.isEmpty {
            s += "\n| synthetic variants of the held-out writer's strokes (a robustness report; they decide nothing) | accepted | of | should be |\n|---|---|---|---|\n"
            for v in r.variations {
                let c = r.variation(v)
                s += "| \(v) | \(c.accepted) | \(c.total) | \(c.tp + c.fn > 0 ? "accepted" : "rejected") |\n"
            }
        }
        s += "\nThe procedure run once on every writer (the default it would ship; optimistic, scored on the same strokes): \(r.onAll): F1 \(f(r.onAllScore.f1)).\n"
        return s
    }

    static func markdown(_ r: StrokeCrossValidation.Report) -> String {
        var s = "## \(r.detector) as a one-class detector of `\(r.target)`\n\n"
        s += "| held out | TP | FP | FN | F1 | thresholds chosen on the other subjects |\n|---|---|---|---|---|---|\n"
        for f in r.folds { s += row("subject \(f.subject)", f.real, " \(f.chosen) |") + "\n" }
        s += row("**all subjects**", r.real, " |") + "\n\n"
        s += "| speed | TP | FP | FN | F1 |\n|---|---|---|---|---|\n"
        for speed in ["slow", "medium", "fast"] { s += row(speed, r.speed(speed)) + "\n" }
        if !r.variations.isEmpty {
            s += "\n| synthetic variants of the held-out subject's strokes | accepted | of | should be |\n|---|---|---|---|\n"
            for v in r.variations {
                let c = r.variation(v)
                s += "| \(v) | \(c.accepted) | \(c.total) | \(c.tp + c.fn > 0 ? "accepted" : "rejected") |\n"
            }
        }
        if r.detector != "templates" {
            s += "\nFitted on all subjects at once (the recognizer's defaults; optimistic, scored on the same strokes): \(r.fittedOnAll): F1 \(NumberText.decimal(r.fittedOnAllScore.f1, decimals: 3)).\n"
        }
        return s
    }
}
