import Foundation
@testable import GestureEngine
import GestureScenes
import GestureTimeline
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
                var writer = JSONLinesWriter()
                _ = try Replay.run(tracePath: repositoryRoot + "/recordings/traces/" + trace, scene: doc, logSink: { e in
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
        let e = LogEntry(seq: 7, time: .milliseconds(12.5), kind: .note, recognizer: "tap \"one\"", view: "vüe\\1", from: nil, to: nil, phase: nil, touches: [3, 14],
                         cause: Cause(.input, "line\nbreak\ttab \u{1}", other: "ötherῼ"))
        var w = JSONLinesWriter()
        w.append(e)
        #expect(String(decoding: w.bytes, as: UTF8.self) == JSONLinesTimeline.line(e) + "\n")
    }
}
