import ArgumentParser
import Foundation
import GestureEngine
import GesturePlatforms
import GestureScenes
import GestureSynth
import GestureTimeline
import GestureTrace

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure replay speed: engine events/s with events in memory, with reading, reading alone in MB/s, peak memory, and the cost per event with 0, 1, 7 and 20 recognizers.",
        discussion: "`gesturelab bench --generate OUT` writes the Hammer-like workload (about 1 M events). Numbers are printed; nothing is asserted. Build with -c release."
    )

    @Argument(help: "The trace to measure.")
    var trace: String?

    @Option(name: .long, help: "The scene (default: recordings/bench/hammer-seven.yaml).")
    var scene = "recordings/bench/hammer-seven.yaml"

    @Option(name: .long, parsing: .upToNextOption, help: "Recognizer counts for the engine runs.")
    var recognizers: [Int] = [0, 1, 7, 20]

    @Flag(name: .long, help: "Only the engine runs (for profiling).")
    var engineOnly = false

    @Flag(name: .long, help: "Only reading and the streaming replay: nothing held in memory (for traces of any size).")
    var streamingOnly = false

    @Option(name: .long, help: "Runs of each measurement; the fastest is reported.")
    var repeats = 3

    @Option(name: .long, help: "Unmeasured runs of each measurement before the measured ones (as a peer's harness warms up: scripts/bench-peer.sh gives both one).")
    var warmup = 0

    @Option(name: .long, help: "Another scene to compare the engine's speed with, in the same run, runs interleaved (a UIKit-style recognizer against its built-in, say).")
    var against: String?

    @Option(name: .long, help: ArgumentHelp("Replay under these platforms' rules in the same run, interleaved, and compare with the first (e.g. uikit,flutter,android; use --scene recordings/bench/three-platforms.yaml).", valueName: "a,b"))
    var platforms: String?

    @Option(name: .long, help: "Write the Hammer-like workload trace here and stop.")
    var generate: String?

    @Option(name: .long, help: "With --generate: the workload this many times, one after another (13 copies make about 1 GB).")
    var copies = 1

    func validate() throws {
        if trace == "-" { throw ValidationError("bench measures reading a file; give the trace as a file, not standard input") }
        try OptionCheck.count(repeats, "--repeats", in: 1...1000, what: "how many runs of each measurement")
        try OptionCheck.count(warmup, "--warmup", in: 0...1000, what: "how many unmeasured runs before each measurement")
        try OptionCheck.count(copies, "--copies", in: 1...1000, what: "how many copies of the workload")
        for n in recognizers { try OptionCheck.count(n, "--recognizers", in: 0...10_000, what: "a recognizer count") }
    }

    func run() throws {
        #if DEBUG
        Exit.warn("""
            warning: this gesturelab is a debug build, tens of times slower than a release build; its numbers say \
            nothing about GestureLab's speed. Build with `swift build -c release` and run .build/release/gesturelab bench.
            """)
        #endif
        if let out = generate {
            let events = HammerWorkload.events()
            // Later copies are shifted past the end of the previous one (plus a second), so one
            // copy in memory is enough for a trace of any length.
            let span = (events.last?.time.microseconds ?? 0) + 1_000_000
            do {
                let w = try TraceWriter(path: out == "-" ? "/dev/stdout" : out, header: HammerWorkload.header, bufferBytes: 1 << 20)
                for copy in 0..<copies {
                    let shift = Int64(copy) * span
                    for var e in events {
                        e.time = Timestamp(microseconds: e.time.microseconds + shift)
                        try w.append(e)
                    }
                }
                try w.close()
            } catch {
                throw Exit.fail(error.description, code: 1)
            }
            if out != "-" { emit("\(events.count * copies) events written to \(out)") }
            return
        }
        guard let trace else { throw Exit.fail("bench needs a trace (or --generate OUT)") }
        let doc = try loadScene(scene)
        // A bad trace is reported as such (FILE:LINE, exit 2) before anything is measured.
        do {
            let r = try TraceReader(path: trace)
            while try r.nextEvent() != nil {}
        } catch {
            throw Exit.fail(error.description)
        }
        let clock = ContinuousClock()
        func seconds(_ d: Swift.Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }
        /// The fastest of `repeats` runs, after `warmup` unmeasured ones: the machine only ever adds time.
        func best(_ body: () throws -> Void) rethrows -> Double {
            for _ in 0..<warmup { try body() }
            var fastest = Double.infinity
            for _ in 0..<max(1, repeats) { fastest = min(fastest, seconds(try clock.measure(body))) }
            return fastest
        }
        emit("best of \(max(1, repeats)) runs each\(warmup > 0 ? " after \(warmup) unmeasured" : ""); ratios compare with baselines measured in this same run")

        if let platforms {
            let list = try platforms.split(separator: ",").map { name in
                guard let p = Platform(rawValue: String(name)) else {
                    throw Exit.fail("--platforms: unknown platform \"\(name)\"; platforms are \(Platform.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                return p
            }
            try comparePlatforms(trace, doc, list)
            return
        }
        if let against {
            try compare(trace, doc, with: loadScene(against), named: against)
            return
        }
        if !engineOnly { try measureReading(trace, doc, best) }
        if !streamingOnly { try measureEngine(trace, doc, best) }
    }

    /// Both scenes on the trace's events in memory, alternating run by run so that the machine's
    /// drift touches both alike; the median of each, and their ratio.
    private func compare(_ trace: String, _ doc: SceneDocument, with other: SceneDocument, named otherName: String) throws {
        let (_, events, _) = try TraceReader.readAll(path: trace)
        let clock = ContinuousClock()
        func seconds(_ d: Swift.Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }
        var mine: [Double] = [], theirs: [Double] = []
        let rounds = max(3, repeats)
        for round in 0..<rounds {
            // Alternate which goes first, so neither always runs on a warmer machine.
            let order = round % 2 == 0 ? [true, false] : [false, true]
            for first in order {
                let t = seconds(try clock.measure { _ = try BenchCommand.replay(events, first ? doc : other) })
                if first { mine.append(t) } else { theirs.append(t) }
            }
        }
        func median(_ v: [Double]) -> Double { let s = v.sorted(); return s[s.count / 2] }
        let a = median(mine), b = median(theirs)
        emit(String(format: "engine, %@: %.0f events/s (median of %d runs)", scene, Double(events.count) / a, rounds))
        emit(String(format: "engine, %@: %.0f events/s (median of %d runs, interleaved)", otherName, Double(events.count) / b, rounds))
        emit(String(format: "%@ takes %.2fx the time of %@ (%d events)", scene, a / b, otherName, events.count))
    }

    /// The trace's events in memory replayed under each platform's rules with no log kept,
    /// rounds interleaved (the order rotating), the median of each and its time against the first.
    private func comparePlatforms(_ trace: String, _ doc: SceneDocument, _ platforms: [Platform]) throws {
        let (_, events, _) = try TraceReader.readAll(path: trace)
        let clock = ContinuousClock()
        func seconds(_ d: Swift.Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }
        for p in platforms {
            do { _ = try PlatformReplay.recognizerIDs(platform: p, scene: doc) } catch { throw Exit.fail("\(error.description) (under \(p.title)'s rules)") }
        }
        var times = [[Double]](repeating: [], count: platforms.count)
        let rounds = max(3, repeats)
        for round in 0..<rounds {
            for k in 0..<platforms.count {
                let i = (k + round) % platforms.count
                times[i].append(seconds(try clock.measure { _ = try PlatformReplay.run(platform: platforms[i], events: events, scene: doc, recordLog: false) }))
            }
        }
        func median(_ v: [Double]) -> Double { let s = v.sorted(); return s[s.count / 2] }
        let base = median(times[0])
        for (p, t) in zip(platforms, times) {
            let m = median(t)
            emit(String(format: "%@: %.0f events/s (median of %d runs, interleaved), %.2fx the time of %@", p.title, Double(events.count) / m, rounds, m / base, platforms[0].title))
        }
    }

    private func measureReading(_ trace: String, _ doc: SceneDocument, _ best: (() throws -> Void) throws -> Double) throws {
        // Reading alone, against a plain newline scan of the same file.
        var count = 0
        var bytes = 0
        let readTime = try best {
            let r = try TraceReader(path: trace)
            count = 0
            while try r.nextEvent() != nil { count += 1 }
            bytes = r.bytesRead
        }
        var scanned = (bytes: 0, lines: 0)
        let scanTime = try best { scanned = BenchBaselines.scanLines(trace) }
        let mb = Double(bytes) / 1_048_576
        emit(String(format: "read: %d events, %.1f MB in %.3f s = %.0f MB/s, %.0f events/s", count, mb, readTime, mb / readTime, Double(count) / readTime))
        emit(String(format: "  baseline, newline scan of the same file: %.0f MB/s (the reader runs at %.1f%% of it)",
                    Double(scanned.bytes) / 1_048_576 / scanTime, scanTime / readTime * 100))

        // Reading and replaying in constant memory (no log kept, as a corpus run would).
        let recognizerCount = try SceneBuilder.build(doc).recognizers.count
        let fullTime = try best {
            _ = try Replay.run(reader: TraceReader(path: trace), scene: doc, log: .counted)
        }
        emit(String(format: "read + replay (%d recognizers): %.3f s = %.0f events/s", recognizerCount, fullTime, Double(count) / fullTime))
        // The same with the reading on a second core, pipelined with the engine (what replay uses).
        let pipelinedTime = try best {
            _ = try Replay.run(reader: PipelinedTraceReader(path: trace), scene: doc, log: .counted)
        }
        emit(String(format: "read + replay, reading on a second core: %.3f s = %.0f events/s (%.2fx the single-thread time)",
                    pipelinedTime, Double(count) / pipelinedTime, fullTime / pipelinedTime))
        emit(String(format: "peak memory so far (max RSS, streaming): %.1f MB", BenchCommand.peakMegabytes()))
    }

    private func measureEngine(_ trace: String, _ doc: SceneDocument, _ best: (() throws -> Void) throws -> Double) throws {

        // The engine alone, events in memory, with 0, 1, 7 and 20 recognizers.
        let (header, events, _) = try TraceReader.readAll(path: trace)
        // Only the Hammer-like workload through its seven recognizers compares with Hammer's figure.
        let isHammerRun = header.labels["workload"] == "hammer-like" && doc.recognizerSpecs.count == 7
        var checksum = 0
        let toyTime = try best { checksum = BenchBaselines.toyRecognizers(events) }
        emit(String(format: "  baseline, bare loop of 7 toy recognizers: %.0f events/s (checksum %d)", Double(events.count) / toyTime, checksum))
        for n in recognizers {
            let variant = BenchCommand.scene(doc, recognizers: n)
            let t = try best { _ = try BenchCommand.replay(events, variant) }
            emit(String(format: "engine, %2d recognizers: %.3f s = %.0f events/s, %.0f ns per event (%.1f%% of the toy loop's rate)",
                        n, t, Double(events.count) / t, t / Double(events.count) * 1e9, toyTime / t * 100))
            if isHammerRun && n == 7 {
                emit(String(format: "  = %.1fx a recorded Hammer.js figure, %.0f events/s (BenchBaselines.swift: issue 7, another day); scripts/bench-peer.sh runs Hammer.js itself beside it",
                            Double(events.count) / t / BenchBaselines.hammerEventsPerSecond, BenchBaselines.hammerEventsPerSecond))
            }
        }
        // Left out of --engine-only runs, which are for profiling the engine alone.
        if !engineOnly { try measureLog(events, doc, best) }
        emit(String(format: "peak memory (max RSS): %.1f MB (the whole trace was also held in memory for the engine runs)", BenchCommand.peakMegabytes()))
    }

    /// What `replay` costs beyond the engine: the log, formatted as each output format does it,
    /// into memory that is reused and never written out (the disk is another matter).
    private func measureLog(_ events: [TraceEvent], _ doc: SceneDocument, _ best: (() throws -> Void) throws -> Double) throws {
        let n = Double(events.count)
        // The rows alone: built, handed over in batches as replay's are, then dropped.
        var rows = 0
        let bare = try best {
            rows = 0
            _ = try BenchCommand.replay(events, doc, log: .batches { batch in
                rows += batch.count
                batch.removeAll()
            })
        }
        emit(String(format: "engine + log rows built and dropped: %.3f s = %.0f events/s, %.1f rows per event", bare, n / bare, Double(rows) / n))

        /// One format's replay: rows formatted by `format` on this thread, or on a second core
        /// as `replay` does it; returns the bytes formatted.
        func formatted(compact: Bool = false, text: Bool = false, pipelined: Bool, _ format: @escaping (LogBatch) -> Int) throws -> (Double, Int) {
            var bytes = 0
            let t = try best {
                bytes = 0
                var log = pipelined ? ReplayLog.batchesOnItsOwnThread { bytes += format($0) }
                                    : ReplayLog.batches { batch in
                                          bytes += format(batch)
                                          batch.removeAll()
                                      }
                log.routineUpdates = !compact
                log.routineCauses = !text
                _ = try BenchCommand.replay(events, doc, log: log)
            }
            return (t, bytes)
        }
        func jsonl(compact: Bool) -> (LogBatch) -> Int {
            let lines = JSONLinesWriter()
            return { batch in
                batch.withUnsafeMutableRows { rows in
                    for i in rows.indices where !(compact && ReplayLogOutput.isRoutine(rows[i])) { lines.append(inPlace: &rows[i]) }
                }
                defer { lines.clear() }
                return lines.count
            }
        }
        for (name, compact, pipelined) in [("jsonl, one thread", false, false), ("jsonl, formatted on a second core (as replay does)", false, true),
                                           ("jsonl --compact, on a second core", true, true)] {
            let (t, bytes) = try formatted(compact: compact, pipelined: pipelined, jsonl(compact: compact))
            emit(String(format: "engine + log as %@: %.3f s = %.0f events/s, %.0f bytes per event, %.0f MB/s of log",
                        name, t, n / t, Double(bytes) / n, Double(bytes) / 1_048_576 / t))
        }
        // As `replay --format text` does it: the routine rows without their causes, lines into bytes.
        var writer = TextTimeline.Writer(TextTimeline())
        let text = OutputBytes()
        let (t, bytes) = try formatted(text: true, pipelined: true) { batch in
            batch.withUnsafeMutableRows { rows in
                for i in rows.indices { writer.append(inPlace: &rows[i], to: text) }
            }
            defer { text.removeAll() }
            return text.count
        }
        emit(String(format: "engine + log as text, on a second core: %.3f s = %.0f events/s, %.0f bytes per event", t, n / t, Double(bytes) / n))
        emit("  (in memory: writing to a file adds the disk's own time; replay -o FILE also syncs the file before it replaces the old one)")
    }

    static func peakMegabytes() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
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

    static func replay(_ events: [TraceEvent], _ doc: SceneDocument, log: ReplayLog = .counted) throws -> Int {
        let env = try Replay.run(events: events, scene: doc, log: log).environment
        let c = env.carriedState
        if c.inAttempt + c.heldTouches + c.touchesDown > 0 {
            emit("  note: at the end \(c.inAttempt) recognizers are still in an attempt, \(c.heldTouches) touches have held phases, \(c.touchesDown) are down")
        }
        return env.log.count
    }
}
