import Foundation
@testable import GestureAnalysis
import GestureEngine
import GestureScenes
import GestureTestSupport
@testable import GestureTrace
import Testing

/// A stretch of a trace (`TraceUntil`) and a tape read in runs (`TraceChunkSource`): the same
/// events, and the same replay, as reading them one at a time.
@Suite("Reading a trace in runs")
struct TraceUntilTests {
    func eventByEvent(_ s: any TraceEventSource) throws -> [TraceEvent] {
        var out: [TraceEvent] = []
        while let e = try s.nextEvent() { out.append(e) }
        return out
    }

    func inRuns(_ s: any TraceChunkSource) throws -> (events: [TraceEvent], runs: [[TraceEvent]]) {
        var runs: [[TraceEvent]] = []
        while let run = try s.nextChunk() {
            #expect(!run.isEmpty, "a run holds at least one event")
            runs.append(run)
        }
        return (runs.flatMap { $0 }, runs)
    }

    /// A tape of `events` whose chunks are `chunk` records long.
    func tape(_ events: [TraceEvent], chunk: Int) -> TraceTape {
        let t = TraceTape(name: "t", chunkSize: chunk)
        for e in events { t.append(e) }
        return t
    }

    @Test("Up to a time or a number of sequences, the runs hold the events read one by one, from a file, a pipelined reader and a tape")
    func stretchesInRuns() throws {
        let path = try writeTapsTrace(count: 30, spacing: 1000, name: "until-runs") { $0 % 3 == 0 ? 7 : 0 }
        defer { try? FileManager.default.removeItem(atPath: path) }
        let all = try eventByEvent(TraceReader(path: path))
        for (time, sequences) in [(nil, nil), (Timestamp(microseconds: 12_020_000), nil), (nil, 7), (Timestamp(microseconds: 3_000_000), 20), (nil, 0)] as [(Timestamp?, Int?)] {
            let expected = try eventByEvent(TraceUntil(source: TraceReader(path: path), time: time, sequences: sequences))
            // What the limits say: sequences up to the time or the count, whole.
            let downs = expected.filter { $0.type == .down }.count
            #expect(downs == min(30, sequences ?? 30, time.map { Int(($0.microseconds / 1000 - 20) / 1000) + 1 } ?? 30))
            #expect(expected == Array(all.prefix(expected.count)))
            for source in [try TraceReader(path: path) as any TraceEventSource, try PipelinedTraceReader(path: path, onOwnThread: false),
                           tape(all, chunk: 5).reader(), tape(all, chunk: 1000).reader()] {
                let until = TraceUntil(source: source, time: time, sequences: sequences)
                #expect(until.readsInChunks == !(source is TraceReader), "runs where the source has them")
                #expect(try inRuns(until).events == expected, "\(type(of: source)), \(String(describing: time)), \(String(describing: sequences))")
            }
        }
    }

    @Test("Asked before sequences, `wanted` is asked at each sequence's first event only, every run after the first starts a sequence, and reading stops at the sequence it refuses")
    func wantedBeforeSequences() throws {
        let path = try writeTapsTrace(count: 12, spacing: 1000, name: "until-wanted") { $0 % 2 == 0 ? 9 : 0 }
        defer { try? FileManager.default.removeItem(atPath: path) }
        let all = try eventByEvent(TraceReader(path: path))
        // The first 5 sequences (one finger each), those `wanted` lets through.
        let firstFive = Array(all[..<all.indices.filter { all[$0].type == .down }[5]])
        for (source, fromTape) in [(try TraceReader(path: path) as any TraceEventSource, false), (tape(all, chunk: 3).reader(), true), (tape(all, chunk: 1000).reader(), true)] {
            var asked = 0
            let until = TraceUntil(source: source, wantedBeforeSequences: { asked += 1; return asked <= 5 })
            #expect(until.readsInChunks == fromTape)
            let (events, runs) = try inRuns(until)
            #expect(events == firstFive)
            #expect(asked == 6)
            #expect(runs.dropFirst().allSatisfy { $0.first?.type == .down || !fromTape }, "\(runs.map { $0.map(\.type) })")
            if fromTape {
                // A file's reader hands its events one at a time, and so does the stretch.
                #expect(runs.map { $0.filter { $0.type == .down }.count } == [1, 1, 1, 1, 1], "one sequence a run")
            }
            var askedOneByOne = 0
            let oneByOne = try eventByEvent(TraceUntil(source: tape(all, chunk: 3).reader(), wantedBeforeSequences: { askedOneByOne += 1; return askedOneByOne <= 5 }))
            #expect(oneByOne == firstFive)
            #expect(askedOneByOne == 6)
        }
        // Asked before every event (diff's way), it needs them one at a time.
        #expect(!TraceUntil(source: tape(all, chunk: 3).reader(), while: { true }).readsInChunks)
    }

    @Test("A replay of a tape read in runs, whole or up to a number of sequences, logs what the replay of the file logs")
    func replayInRuns() throws {
        for (trace, scene) in [("mouse-and-trackpad", "pointer-input"), ("pinch-and-twist", "pinch-and-rotate"), ("controls-tour", "controls"), ("double-tap", "tap-requires-double-tap")] {
            let tracePath = repositoryRoot + "/recordings/traces/\(trace).jsonl"
            let doc = try SceneLoader.load(path: repositoryRoot + "/recordings/scenes/\(scene).yaml")
            let expected = try Replay.run(reader: TraceReader(path: tracePath), scene: doc).log.entries
            let events = try eventByEvent(TraceReader(path: tracePath))
            #expect(!expected.isEmpty)
            for chunk in [2, 7, 1 << 14] {
                let tape = tape(events, chunk: chunk)
                tape.finish(from: try TraceReader(path: tracePath))
                #expect(try Replay.run(reader: tape.reader(), scene: doc).log.entries == expected, "\(trace), chunk \(chunk)")
                #expect(try Replay.run(reader: TraceUntil(source: tape.reader(), sequences: 1000), scene: doc).log.entries == expected, "\(trace), chunk \(chunk)")
            }
        }
    }
}
