import Foundation
import GestureAnalysis
import GestureEngine
import GestureScenes
import GestureSynth
import GestureTimeline
import GestureTrace

/// The work CI holds to its figures, shared by the allocation benchmarks (GestureLabBenchmarks,
/// package-benchmark) and the instruction counts (GestureLabInstructions, under callgrind):
/// each workload is prepared once (`prepare`), then run as many times as asked, so that the
/// difference between runs counts one run alone.
public enum Workload: String, CaseIterable, Sendable {
    /// The engine alone: the first 100,000 Hammer.js events through the seven-recognizer scene.
    case engine = "engine-hammer-100k-events-7-recognizers"
    /// The trace reader: 20,000 lines of the same events, from memory.
    case reader = "reader-20k-trace-lines"
    /// The JSON Lines writer: the log of 20,000 events, written.
    case logWriter = "log-writer-json-lines-20k-events"
    /// `explain`, streamed: the engine with its log read sequence by sequence.
    case explain = "explain-streamed-20k-events"

    /// The workload's input, made before anything is measured; `run` does the measured part
    /// and returns a figure that depends on all of it (so nothing is optimized away).
    public func prepare() -> () throws -> Int {
        switch self {
        case .engine:
            let (events, doc) = Self.hammer(100_000)
            return {
                let scene = try SceneBuilder.build(doc, recordLog: false)
                scene.environment.feed(events: events)
                scene.environment.finish()
                return scene.environment.log.count
            }
        case .reader:
            let (events, _) = Self.hammer(20_000)
            let text = TraceHeader().jsonLine + "\n" + events.map(\.jsonLine).joined(separator: "\n") + "\n"
            let bytes = Array(text.utf8)
            return {
                let reader = try TraceReader(bytes: bytes)
                var count = 0
                while try reader.nextEvent() != nil { count += 1 }
                precondition(count == events.count)
                return count
            }
        case .logWriter:
            let (events, doc) = Self.hammer(20_000)
            let scene = try! SceneBuilder.build(doc)
            scene.environment.feed(events: events)
            scene.environment.finish()
            let entries = scene.environment.log.entries
            return {
                let writer = JSONLinesWriter()
                var bytes = 0
                for (k, e) in entries.enumerated() {
                    writer.append(e)
                    if k % 1024 == 1023 {
                        bytes += writer.withBytes { $0.count }
                        writer.clear()
                    }
                }
                return bytes
            }
        case .explain:
            let (events, doc) = Self.hammer(20_000)
            return {
                let scene = try SceneBuilder.build(doc)
                let ids = scene.recognizers.map(\.id)
                var sequences = 0
                var stream = ExplanationStream(.sequences(recognizers: ids) { _ in sequences += 1 })
                scene.environment.log.destination = .rows { stream.feed($0) }
                scene.environment.feed(events: events)
                scene.environment.finish()
                _ = stream.finish()
                return sequences
            }
        }
    }

    /// The repository's folder (the workloads read its scenes).
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// The Hammer.js workload (the seven-recognizer scene of scripts/bench-peer.sh): its first
    /// `count` events.
    static func hammer(_ count: Int) -> (events: [TraceEvent], scene: SceneDocument) {
        let events = HammerWorkload.events(limit: count)
        let scene = try! SceneLoader.load(path: repository + "/recordings/bench/hammer-seven.yaml")
        return (events, scene)
    }
}
