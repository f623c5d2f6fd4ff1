import GestureEngine

/// A $1-style template recognizer with the Protractor distance, usable in scenes like any other
/// recognizer: discrete, decides at touch-up.
///
/// - `nearest` (multi-class): recognized when the nearest template over all labels has this
///   recognizer's `label` and a score of at least `minimumScore`;
/// - `oneClass`: only the templates of `label` count; recognized when the best score reaches
///   `minimumScore`.
/// The score is Protractor's: 1 / angular distance in radians (5 means 0.2 rad, about 11 degrees).
public final class TemplateRecognizer: WholeStrokeRecognizer {
    public enum Mode: String, Sendable, CaseIterable { case nearest, oneClass }

    public var templates = TemplateSet()
    public var templatesPath = ""
    public var label = ""
    public var mode: Mode = .nearest
    public var minimumScore = 0.0

    public override var typeName: String { "template" }
    public override var strokeName: String { "a template stroke" }
    /// The nearest template of the last decision: label, score, source.
    public private(set) var lastMatch: (label: String, score: Double, source: String)?

    public override var ownParameters: [ParameterSpec] {
        [
            ParameterSpec(name: "templates", kind: .path, summary: "template file written by `gesturelab train`",
                          get: { .text(($0 as! TemplateRecognizer).templatesPath) },
                          set: { r, v throws(ParameterError) in
                              guard case let .text(path) = v else { throw ParameterError("templates is a file path") }
                              let t = r as! TemplateRecognizer
                              switch Result(catching: { () throws(TemplateSet.LoadError) -> TemplateSet in try TemplateSet.load(path: path) }) {
                              case let .success(set): t.templates = set
                              case let .failure(e): throw ParameterError(e.message)
                              }
                              t.templatesPath = path
                          }),
            ParameterSpec(name: "label", kind: .choice([]), summary: "the class this recognizer stands for",
                          get: { .text(($0 as! TemplateRecognizer).label) },
                          set: { r, v throws(ParameterError) in
                              guard case let .text(s) = v else { throw ParameterError("label is a class name") }
                              (r as! TemplateRecognizer).label = s
                          }),
            ParameterSpec(name: "mode", kind: .choice(Mode.allCases.map(\.rawValue)), summary: "nearest (multi-class) or oneClass",
                          get: { .text(($0 as! TemplateRecognizer).mode.rawValue) },
                          set: { r, v throws(ParameterError) in
                              guard case let .text(s) = v, let m = Mode(rawValue: s) else { throw ParameterError("mode is nearest or oneClass") }
                              (r as! TemplateRecognizer).mode = m
                          }),
            .number("minimumScore", \TemplateRecognizer.minimumScore, unit: "", "Protractor score (1/radians) needed (0 for nearest, e.g. 3 for oneClass)"),
        ]
    }

    public override func decide(_ points: [Point]) -> Decision {
        guard !templates.templates.isEmpty else { return Decision(accepted: false, reason: "no templates loaded") }
        guard let match = templates.nearest(points, only: mode == .oneClass ? label : nil) else {
            return Decision(accepted: false, reason: "the stroke is too short to compare")
        }
        let score = Protractor.score(distance: match.distance)
        lastMatch = (match.label, score, match.source)
        let evidence = [Evidence("minimumScore", value: min(score, 1e6), threshold: minimumScore, unit: "", comparison: ">=")]
        if match.label != label {
            return Decision(accepted: false, reason: "nearest template is \(match.label) (score \(NumberFormat.precise(score))), not \(label)", evidence: evidence)
        }
        if score < minimumScore {
            return Decision(accepted: false, reason: "best \(label) score \(NumberFormat.precise(score)) is below \(NumberFormat.precise(minimumScore))", evidence: evidence)
        }
        return Decision(accepted: true, reason: "matches \(label) template \(match.source) with score \(NumberFormat.precise(score))", evidence: evidence)
    }
}
