import ArgumentParser
import Foundation
import GestureEngine
import GestureScenes
import GestureSynth
import GestureTrace

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure replay speed: engine events/s with events in memory, with reading, reading alone in MB/s, peak memory, and the cost per event with 0, 1, 7 and 20 recognizers.",
        discussion: "`gesturelab bench --generate OUT` writes the Hammer-like workload (1.4 M events). Numbers are printed; nothing is asserted. Build with -c release."
    )

    @Argument(help: "The trace to measure.")
    var trace: String?

    @Option(name: .long, help: "The scene (default: recordings/bench/hammer-seven.yaml).")
    var scene = "recordings/bench/hammer-seven.yaml"

    @Option(name: .long, help: "Write the Hammer-like workload trace here and stop.")
    var generate: String?

    func run() throws {
        if let out = generate {
            let events = HammerWorkload.events()
            do {
                let w = try TraceWriter(path: out, header: HammerWorkload.header, bufferBytes: 1 << 20)
                for e in events { try w.append(e) }
                try w.close()
            } catch {
                throw Exit.fail(error.description, code: 1)
            }
            emit("\(events.count) events written to \(out)")
            return
        }
        guard let trace else { throw Exit.fail("bench needs a trace (or --generate OUT)") }
        let doc = try loadScene(scene)
        let clock = ContinuousClock()
        func seconds(_ d: Swift.Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }

        // Reading alone.
        var count = 0
        var bytes = 0
        let readTime = try clock.measure {
            let r = try TraceReader(path: trace)
            while try r.nextEvent() != nil { count += 1 }
            bytes = r.bytesRead
        }
        let mb = Double(bytes) / 1_048_576
        emit(String(format: "read: %d events, %.1f MB in %.3f s = %.0f MB/s, %.0f events/s", count, mb, seconds(readTime), mb / seconds(readTime), Double(count) / seconds(readTime)))

        // Reading and replaying (no log kept, as a corpus run would).
        let fullTime = try clock.measure {
            _ = try Replay.run(reader: TraceReader(path: trace), scene: doc, recordLog: false)
        }
        emit(String(format: "read + replay (%d recognizers): %.3f s = %.0f events/s", try SceneBuilder.build(doc).recognizers.count, seconds(fullTime), Double(count) / seconds(fullTime)))

        // The engine alone, events in memory, with 0, 1, 7 and 20 recognizers.
        let (_, events, _) = try TraceReader.readAll(path: trace)
        for n in [0, 1, 7, 20] {
            let variant = BenchCommand.scene(doc, recognizers: n)
            let t = try clock.measure { _ = try BenchCommand.replay(events, variant) }
            emit(String(format: "engine, %2d recognizers: %.3f s = %.0f events/s, %.0f ns per event", n, seconds(t), Double(events.count) / seconds(t), seconds(t) / Double(events.count) * 1e9))
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        emit(String(format: "peak memory (max RSS): %.1f MB (the whole trace was also held in memory for the engine runs)", Double(usage.ru_maxrss) / 1024))
    }

    /// The scene with its first n recognizers, repeated (with new ids) when it has fewer.
    static func scene(_ doc: SceneDocument, recognizers n: Int) -> SceneDocument {
        var d = doc
        let specs = doc.recognizerSpecs
        var list: [RecognizerSpec] = []
        var k = 0
        while list.count < n && !specs.isEmpty {
            var s = specs[k % specs.count]
            if k >= specs.count { s.id += "_\(k / specs.count)" }
            list.append(s)
            k += 1
        }
        d.root.recognizers = []
        for i in d.root.subviews.indices { d.root.subviews[i].recognizers = [] }
        if !d.root.subviews.isEmpty { d.root.subviews[0].recognizers = list } else { d.root.recognizers = list }
        if n < specs.count { d.relationships = d.relationships.filter { rel in
            switch rel.kind {
            case let .simultaneous(a, b), let .requireToFail(a, b, _), let .cannotPrevent(a, b):
                return list.contains { $0.id == a } && list.contains { $0.id == b }
            }
        } }
        return d
    }

    static func replay(_ events: [TraceEvent], _ doc: SceneDocument) throws -> Int {
        let scene = try SceneBuilder.build(doc, recordLog: false)
        let env = scene.environment
        var batch: [TraceEvent] = []
        batch.reserveCapacity(4)
        for e in events {
            if let first = batch.first, first.time != e.time || batch.contains(where: { $0.pointer == e.pointer }) {
                env.feed(batch: batch)
                batch.removeAll(keepingCapacity: true)
            }
            batch.append(e)
        }
        if !batch.isEmpty { env.feed(batch: batch) }
        env.finish()
        let c = env.carriedState
        if c.inAttempt + c.heldTouches + c.touchesDown > 0 {
            emit("  note: at the end \(c.inAttempt) recognizers are still in an attempt, \(c.heldTouches) touches have held phases, \(c.touchesDown) are down")
        }
        return env.log.count
    }
}
