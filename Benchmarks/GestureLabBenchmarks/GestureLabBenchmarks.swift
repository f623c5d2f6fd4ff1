import Benchmark
import Foundation
import GestureAnalysis
import GestureEngine
import GestureScenes
import GestureSynth
import GestureTimeline
import GestureTrace

// What CI holds the code to: allocations, counted by the malloc interposer, exact on any
// machine for the same code and toolchain. A change that allocates more in one of these paths
// fails `thresholds check` (the stored p90s are in Thresholds/; docs/benchmarks.md says how to
// renew them after an improvement or a deliberate cost). Instructions would be the other such
// figure, but this kind of VM has no hardware counters (`perf stat -e instructions`: not
// supported): scripts/count-instructions.sh counts them with callgrind instead. Times are
// printed for reading, never checked: they depend on the machine's load.

/// The repository's folder (the benchmarks read its scenes).
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// The Hammer.js workload (the seven-recognizer scene of scripts/bench-peer.sh): its first
/// `count` events.
func hammer(_ count: Int) -> (events: [TraceEvent], scene: SceneDocument) {
    let events = Array(HammerWorkload.events().prefix(count))
    let scene = try! SceneLoader.load(path: repository + "/recordings/bench/hammer-seven.yaml")
    return (events, scene)
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        warmupIterations: 1,
        maxDuration: .seconds(3),
        maxIterations: 10,
        // Allocations must not grow; a handful more per run is noise from the runtime's caches.
        thresholds: [.mallocCountTotal: .init(relative: [.p90: 1.0], absolute: [.p90: 20])]
    )

    // Names without spaces: the tool writes a threshold file with them replaced and reads it back
    // without (package-benchmark 1.38.1).
    Benchmark("engine-hammer-100k-events-7-recognizers") { benchmark in
        let (events, doc) = hammer(100_000)
        benchmark.startMeasurement()
        let scene = try SceneBuilder.build(doc, recordLog: false)
        scene.environment.feed(events: events)
        scene.environment.finish()
        blackHole(scene.environment.log.count)
    }

    Benchmark("reader-20k-trace-lines") { benchmark in
        let (events, _) = hammer(20_000)
        let text = TraceHeader().jsonLine + "\n" + events.map(\.jsonLine).joined(separator: "\n") + "\n"
        let bytes = Array(text.utf8)
        benchmark.startMeasurement()
        let reader = try TraceReader(bytes: bytes)
        var count = 0
        while try reader.nextEvent() != nil { count += 1 }
        precondition(count == events.count)
        blackHole(count)
    }

    Benchmark("log-writer-json-lines-20k-events") { benchmark in
        let (events, doc) = hammer(20_000)
        let scene = try SceneBuilder.build(doc)
        scene.environment.feed(events: events)
        scene.environment.finish()
        let entries = scene.environment.log.entries
        benchmark.startMeasurement()
        let writer = JSONLinesWriter()
        var bytes = 0
        for (k, e) in entries.enumerated() {
            writer.append(e)
            if k % 1024 == 1023 {
                bytes += writer.withBytes { $0.count }
                writer.clear()
            }
        }
        blackHole(bytes)
    }

    Benchmark("explain-streamed-20k-events") { benchmark in
        let (events, doc) = hammer(20_000)
        benchmark.startMeasurement()
        let scene = try SceneBuilder.build(doc)
        let ids = scene.recognizers.map(\.id)
        var sequences = 0
        var stream = ExplanationStream(.sequences(recognizers: ids) { _ in sequences += 1 })
        scene.environment.log.destination = .rows { stream.feed($0) }
        scene.environment.feed(events: events)
        scene.environment.finish()
        _ = stream.finish()
        blackHole(sequences)
    }
}
