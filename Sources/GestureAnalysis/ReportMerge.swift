import Foundation
import GestureTrace

/// Joins the JSON reports of shards of one corpus (`evaluate --shard k/n`) into the report one
/// run over the whole corpus gives: the traces' recorded outcomes are put back in corpus order
/// and scored again, so every figure (latency percentiles included) is recomputed, not averaged.
public enum ReportMerge {
    public struct Problem: Error, Sendable { public var message: String }

    /// `reports` are (name for messages, JSON text) pairs.
    public static func merge(_ reports: [(name: String, text: String)]) throws(Problem) -> EvaluationReport {
        guard !reports.isEmpty else { throw Problem(message: "no reports to merge") }
        var corpus = "", scene = "", labelField = ""
        var recognizers: [String] = []
        var expectations: [EvaluationReport.Expectation] = []
        var outcomes: [TraceOutcome] = []
        var unreadable: [String] = []
        var shards: [Int: String] = [:]
        var shardCount: Int?
        for (i, (name, text)) in reports.enumerated() {
            let value: JSONValue
            do { value = try JSONParser.parse(text) } catch { throw Problem(message: "\(name): not JSON: \(error.message)") }
            guard case .string("gesturelab-evaluation")? = value["format"] else { throw Problem(message: "\(name): not a GestureLab evaluation report") }
            guard case let .string(c)? = value["corpus"], case let .string(s)? = value["scene"], case let .string(l)? = value["labelField"],
                  case let .array(rs)? = value["recognizers"], case let .array(scores)? = value["scores"], case let .array(traces)? = value["perTrace"] else {
                throw Problem(message: "\(name): the report has no per-trace outcomes (made before merge-reports existed?); run evaluate again")
            }
            let ids = rs.compactMap { if case let .string(x) = $0 { x } else { nil } }
            let exps = scores.compactMap { item -> EvaluationReport.Expectation? in
                guard case let .string(r)? = item["recognizer"], case let .string(label)? = item["label"] else { return nil }
                return .init(recognizer: r, label: label)
            }
            if i == 0 {
                (corpus, scene, labelField, recognizers, expectations) = (c, s, l, ids, exps)
            } else if c != corpus || s != scene || l != labelField || ids != recognizers || exps != expectations {
                throw Problem(message: "\(name): a report of another evaluation (corpus \(c), scene \(s)) than \(reports[0].name) (corpus \(corpus), scene \(scene)); shards must share corpus, scene, label field and expectations")
            }
            // Each shard says which it is, so a missing or repeated one is named, not merged away.
            guard case let .number(k)? = value["shard"]?["index"], case let .number(n)? = value["shard"]?["count"],
                  k == k.rounded(), n == n.rounded(), n >= 1, n <= 100_000, k >= 1, k <= n else {
                throw Problem(message: "\(name): not the report of a shard (made by evaluate without --shard k/n, or before shards were recorded); merge the reports of `evaluate --shard k/n` runs")
            }
            if let count = shardCount, count != Int(n) {
                throw Problem(message: "\(name): shard \(Int(k)) of \(Int(n)), but \(reports[0].name) is a shard of \(count); the shards must split the corpus the same way")
            }
            shardCount = Int(n)
            if let other = shards[Int(k)] { throw Problem(message: "\(name): shard \(Int(k)) of \(Int(n)) again (\(other) is that shard too)") }
            shards[Int(k)] = name
            if case let .array(bad)? = value["unreadable"] {
                unreadable += bad.compactMap { if case let .string(x) = $0 { x } else { nil } }
            }
            for t in traces { outcomes.append(try outcome(t, corpus: corpus, report: name)) }
        }
        let missing = (1...shardCount!).filter { shards[$0] == nil }
        if !missing.isEmpty {
            let list = missing.prefix(20).map(String.init).joined(separator: ", ") + (missing.count > 20 ? ", ..." : "")
            throw Problem(message: "shard\(missing.count == 1 ? "" : "s") \(list) of \(shardCount!) missing: the merged report would leave out \(missing.count == 1 ? "its" : "their") traces; give every shard's report")
        }
        outcomes.sort { $0.path < $1.path }
        let paths = outcomes.map(\.path)
        if let dup = zip(paths, paths.dropFirst()).first(where: { $0 == $1 }) {
            throw Problem(message: "\(dup.0) is in two of the reports: shards must not overlap")
        }
        // Unreadable traces have no outcome to sort by; their messages start with their paths.
        outcomes += unreadable.sorted().map { TraceOutcome(path: "", problem: $0) }
        return EvaluationReport(corpus: corpus, scene: scene, labelField: labelField, recognizers: recognizers,
                                expectations: expectations, outcomes: outcomes)
    }

    static func outcome(_ t: JSONValue, corpus: String, report: String) throws(Problem) -> TraceOutcome {
        guard case let .string(trace)? = t["trace"], case let .number(events)? = t["events"], case let .object(recognized)? = t["recognized"],
              case let .object(lost)? = t["lost"], case let .object(labels)? = t["labels"] else {
            throw Problem(message: "\(report): a per-trace outcome is incomplete")
        }
        // Numbers from a file: checked before they become times and counts, never trapped on.
        guard events >= 0, events <= 1e15, events == events.rounded() else {
            throw Problem(message: "\(report): trace \(trace) has \"events\": \(events), not a count of events")
        }
        let first: Timestamp?
        if case let .number(ms)? = t["firstTouchMs"] {
            guard ms >= 0, ms < 1e12, let f = Timestamp(exactlyMilliseconds: ms) else {
                throw Problem(message: "\(report): trace \(trace) has \"firstTouchMs\": \(ms), beyond any recording")
            }
            first = f
        } else {
            first = nil
        }
        var times: [String: Timestamp] = [:]
        for (r, v) in recognized {
            guard case let .number(ms) = v else { continue }
            guard ms.magnitude < 1e12 else { throw Problem(message: "\(report): trace \(trace) has \(r) recognized at \(ms) ms, beyond any recording") }
            times[r] = (first ?? .zero) + Duration.milliseconds(ms)
        }
        var losses: [String: TraceOutcome.Loss] = [:]
        for (r, v) in lost {
            guard case let .string(rule)? = v["rule"], case let .string(text)? = v["cause"] else { continue }
            var winner: String?
            if case let .string(w)? = v["to"] { winner = w }
            losses[r] = TraceOutcome.Loss(recognizer: r, winner: winner, rule: rule, text: text)
        }
        var labelMap: [String: String] = [:]
        for (k, v) in labels { if case let .string(x) = v { labelMap[k] = x } }
        return TraceOutcome(path: (corpus as NSString).appendingPathComponent(trace), labels: labelMap, events: Int(events),
                            firstTouch: first, recognized: times, losses: losses)
    }
}
