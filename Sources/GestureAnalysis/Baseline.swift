import GestureTrace

/// Compares a report with an earlier one, so a corpus can gate CI: any chosen metric of any
/// recognizer that dropped by more than `tolerance` is a regression.
public struct BaselineComparison: Sendable {
    public struct Regression: Sendable, Equatable, CustomStringConvertible {
        public var recognizer: String
        public var metric: String
        public var before: Double
        public var after: Double
        public var description: String {
            "\(recognizer) \(metric) fell from \(NumberText.decimal(before, decimals: 4)) to \(NumberText.decimal(after, decimals: 4))"
        }
    }

    public var regressions: [Regression] = []
    public var compared = 0

    /// `baseline` is the earlier report's JSON text.
    public init(report: EvaluationReport, baseline: String, metrics: [String], tolerance: Double) throws(BaselineError) {
        let value: JSONValue
        do { value = try JSONParser.parse(baseline) } catch { throw BaselineError(message: "the baseline is not JSON: \(error.message)") }
        guard case .string("gesturelab-evaluation")? = value["format"], case let .array(scores)? = value["scores"] else {
            throw BaselineError(message: "the baseline is not a GestureLab evaluation report")
        }
        for item in scores {
            guard case let .string(id)? = item["recognizer"], let now = report.score(id) else { continue }
            for m in metrics {
                guard case let .number(before)? = item[m], let exact = now.metric(m) else { continue }
                // Reports store 4 decimals; compare at that precision, or a report would regress against itself.
                let after = (exact * 10_000).rounded() / 10_000
                compared += 1
                if after < before - tolerance { regressions.append(Regression(recognizer: id, metric: m, before: before, after: after)) }
            }
        }
    }
}

public struct BaselineError: Error, Sendable { public var message: String }
