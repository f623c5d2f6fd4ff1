import Foundation
@testable import GestureEngine
import GestureScenes
import GestureTrace
@testable import GestureTimeline
import Testing

@Suite("JSON Lines on bytes")
struct JSONLinesWriterTests {
    @Test("The byte writer writes exactly what JSONLinesTimeline.line does, for every shipped scene and recording")
    func sameBytes() throws {
        let scenes = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/recordings/scenes").filter { $0.hasSuffix(".yaml") }.sorted()
        let traces = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/recordings/traces").filter { $0.hasSuffix(".jsonl") }.sorted()
        var entries = 0
        for scene in scenes {
            let doc = try SceneLoader.load(path: repositoryRoot + "/recordings/scenes/" + scene)
            for trace in traces {
                var expected = ""
                let writer = JSONLinesWriter()
                _ = try Replay.run(tracePath: repositoryRoot + "/recordings/traces/" + trace, scene: doc, log: .rows { e in
                    expected += JSONLinesTimeline.line(e) + "\n"
                    writer.append(e)
                    entries += 1
                })
                #expect(writer.bytes == Array(expected.utf8), "\(trace) through \(scene)")
            }
        }
        #expect(entries > 100_000, "\(entries) entries compared")
    }

    @Test("Quotes, backslashes, control characters and non-ASCII names are escaped as jsonQuoted does")
    func escaping() {
        let e = LogEntry(seq: 7, time: .milliseconds(12.5), kind: .note, recognizer: LogName("tap \"one\""), view: LogName("vüe\\1"), from: nil, to: nil, phase: nil, touches: [3, 14],
                         cause: Cause(.input, "line\nbreak\ttab \u{1}", other: "ötherῼ"))
        let w = JSONLinesWriter()
        w.append(e)
        #expect(String(decoding: w.bytes, as: UTF8.self) == JSONLinesTimeline.line(e) + "\n")
    }

    @Test("Names in a cause's template are written as its text reads, escaped when they must be")
    func templateNames() {
        let odd = LogName("tap \"two\"\\")
        for text in [CauseText("%n %n", names: LogName("pan"), .changed), CauseText("excluded by %n: %n began first", names: odd, odd),
                     CauseText("%n is at (%1, %1)%s", names: LogName("vüe"), string: " (ok)", numbers: 1.25, -3)] {
            let e = LogEntry(seq: 1, time: .milliseconds(2), kind: .action, recognizer: LogName("pan"), to: .changed, cause: Cause(.lifecycle, text))
            let w = JSONLinesWriter()
            w.append(e)
            #expect(String(decoding: w.bytes, as: UTF8.self) == JSONLinesTimeline.line(e) + "\n")
        }
        #expect(CauseText("%n %n", names: LogName("pan"), .changed).description == "pan changed")
        #expect(CauseText("excluded by %n: %n began first", names: odd, odd).description == "excluded by tap \"two\"\\: tap \"two\"\\ began first")
        #expect(CauseText("%n is at (%1, %1)%s", names: LogName("vüe"), string: " (ok)", numbers: 1.25, -3).description == "vüe is at (1.3, -3) (ok)")
    }

    @Test("Rows written from their shape's program are the general path's bytes, whatever their values")
    func shapePrograms() {
        // A few shapes, each written many times with values of every kind: digits of every
        // length, negatives, halves, NaN and infinities, seq numbers that jump, repeated
        // times, strings that need escaping (those rows go the general way).
        var rng = SystemRandomNumberGenerator()
        let numbers: [Double] = [0, -0.0, 0.05, -0.05, 0.5, 1.25, 9.95, 99.5, -123.456, 1e9, 123_456_789.875, .nan, .infinity, -.infinity, 4.6e18, 1e300]
        let strings = ["", "a finger moved", "quote \" inside", "tab\there", "ünïcode ✓", "back\\slash"]
        let w = JSONLinesWriter()
        var expected = ""
        var seq = 0
        for i in 0..<4000 {
            seq += Int.random(in: 0...2, using: &rng) == 0 ? Int.random(in: 1...1000, using: &rng) : 1
            let t = Timestamp(microseconds: Int64(i / 3) * 8000 + (i % 7 == 0 ? 125 : 0))
            let n = { numbers.randomElement(using: &rng)! }
            let touches: TouchIDs = [TouchIDs(), TouchIDs(Int.random(in: 0...20_000, using: &rng)), TouchIDs(1, 2), TouchIDs([3, 4, 5])][i % 4]
            let e: LogEntry
            switch i % 5 {
            case 0:
                e = LogEntry(seq: seq, time: t, kind: .input, view: LogName("stage"), phase: .moved, touches: touches,
                             cause: Cause(.input, CauseText("touch %d moves to (%1, %1)", n(), n(), n())))
            case 1:
                // Rows that differ in one name only are different shapes.
                e = LogEntry(seq: seq, time: t, kind: .transition, recognizer: LogName("pan"), from: .changed, to: (i / 5) % 3 == 0 ? .changed : .ended, touches: touches,
                             cause: Cause(.touches, CauseText(strings.randomElement(using: &rng)!)))
            case 2:
                e = LogEntry(seq: seq, time: t, kind: .action, recognizer: LogName("press"), to: .changed,
                             cause: Cause(.lifecycle, CauseText("%n %n", names: LogName("press"), .changed), causedBy: Int.random(in: 0...9_999_999, using: &rng)))
            case 3:
                e = LogEntry(seq: seq, time: t, kind: .view, view: LogName("stage"), phase: .moved, touches: touches,
                             cause: Cause(.input, CauseText("touch %d moved", n())),
                             delivered: DeliveredTouch(inWindow: Point(x: n(), y: n()), inView: Point(x: n(), y: n()),
                                                       timestamp: Bool.random(using: &rng) ? t : Timestamp(microseconds: -1_234_567)))
            default:
                e = LogEntry(seq: seq, time: t, kind: .note, recognizer: LogName("tap"),
                             cause: Cause(.delegate, CauseText("%n is not excluded by %n%s (%3 %3)", names: LogName("tap"), LogName("pan"),
                                                               string: strings.randomElement(using: &rng)!, numbers: n(), n()),
                                          otherName: LogName("pan"), evidence: i % 10 == 4 ? [Evidence("d", value: n(), threshold: 1, unit: "pt", comparison: ">")] : []))
            }
            w.append(e)
            expected += JSONLinesTimeline.line(e) + "\n"
        }
        let written = String(decoding: w.bytes, as: UTF8.self)
        #expect(written == expected)
        if written != expected {
            let a = written.split(separator: "\n"), b = expected.split(separator: "\n")
            let i = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
            Issue.record("first difference, row \(i):\n\(i < a.count ? String(a[i]) : "-")\n\(i < b.count ? String(b[i]) : "-")")
        }
    }

    @Test("Hundreds of shapes, met again and again in turn, are each written as the general path writes them")
    func manyShapes() {
        // Each recognizer name is a shape of its own: more than the shape table first holds, so
        // it grows while shapes met before come back.
        let names = (0..<700).map { LogName("recognizer \($0)") }
        let w = JSONLinesWriter()
        var expected = ""
        for round in 0..<3 {
            for (i, name) in names.enumerated() {
                let e = LogEntry(seq: round * 1000 + i, time: .milliseconds(Double(round * 1000 + i)), kind: .action, recognizer: name, to: .changed,
                                 cause: Cause(.lifecycle, CauseText("%n %n", names: name, .changed), causedBy: i))
                w.append(e)
                expected += JSONLinesTimeline.line(e) + "\n"
            }
        }
        #expect(String(decoding: w.bytes, as: UTF8.self) == expected)
    }

    @Test("The writer's static names of row and cause kinds are their raw values")
    func kindNames() {
        for k in LogEntry.Kind.allCases { #expect(k.jsonName.description == k.rawValue) }
        for k in Cause.Kind.allCases { #expect(k.jsonName.description == k.rawValue) }
    }

    @Test("Evidence, other and causedBy are written as the String path writes them")
    func rareFields() {
        let e = LogEntry(seq: 12, time: .milliseconds(3.25), kind: .transition, recognizer: LogName("pan"), view: nil, from: .possible, to: .began, phase: nil,
                         touches: [1, 2, 3],
                         cause: Cause(.touches, CauseText("translation %1 pt along %s", "x", numbers: 12.25), other: "tap", causedBy: 4,
                                      evidence: [Evidence("minimumDistance", value: 12.25, threshold: 10, unit: "pt", comparison: ">="),
                                                 Evidence("odd \"name\"", value: -0.00005, threshold: .infinity, unit: "", comparison: "<")]))
        let w = JSONLinesWriter()
        w.append(e)
        #expect(String(decoding: w.bytes, as: UTF8.self) == JSONLinesTimeline.line(e) + "\n")
    }

    @Test("Rows formatted on another thread arrive whole and in order, and finish waits for the last")
    func pipeline() throws {
        let doc = try SceneLoader.load(path: repositoryRoot + "/recordings/scenes/nested-pans.yaml")
        let trace = repositoryRoot + "/recordings/traces/circle-slow.jsonl"
        var expected = ""
        _ = try Replay.run(tracePath: trace, scene: doc, log: .rows { expected += JSONLinesTimeline.line($0) + "\n" })
        let writer = JSONLinesWriter()
        var written: [UInt8] = []
        var batches = 0
        // One batch waiting at most, seven rows to a batch: the engine keeps waiting for the writer.
        let pipeline = LogPipeline(depth: 1) { batch in
            batches += 1
            for e in batch { writer.append(e) }
            written += writer.bytes
            writer.clear()
        }
        let scene = try SceneBuilder.build(doc)
        scene.environment.log.batchSize = 7
        scene.environment.log.destination = .batches { pipeline.take(&$0) }
        var batcher = EventBatcher(batching: doc.options.batchSimultaneousEvents)
        for e in try TraceReader.readAll(path: trace).1 { batcher.add(e, to: scene.environment) }
        batcher.flush(to: scene.environment)
        scene.environment.finish()
        scene.environment.log.flushBatch()
        pipeline.finish()
        #expect(batches > 100)
        #expect(!expected.isEmpty)
        #expect(written == Array(expected.utf8))
    }
}
