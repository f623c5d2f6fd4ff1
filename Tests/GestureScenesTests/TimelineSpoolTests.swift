import Foundation
import GestureEngine
import GestureScenes
import GestureSynth
@testable import GestureTimeline
import GestureTrace
import GestureTestSupport
import Testing

@Suite("timeline spools (long traces in bounded memory)")
struct TimelineSpoolTests {
    @Test("Records appended to interleaved streams come back stream by stream in their order, from the file and from memory")
    func spoolOrder() throws {
        let spool = Spool<Int64>(budget: 5)
        var expected: [[Int64]] = [[], [], []]
        for k in 0..<103 {
            let stream = (k * 7) % 3
            spool.append(Int64(k), to: stream)
            expected[stream].append(Int64(k))
        }
        #expect(!spool.chunkList(of: 0).isEmpty, "the budget of 5 made the spool write chunks")
        for s in 0..<3 {
            var got: [Int64] = []
            try spool.forEach(in: s) { got.append($0) }
            #expect(got == expected[s])
            #expect(spool.count(of: s) == expected[s].count)
        }
        #expect(spool.failure == nil)
    }

    @Test("A spool that cannot make its file says where and why, and reading it throws instead of giving part of the marks")
    func spoolFailure() throws {
        let spool = Spool<Int64>(budget: 2, directory: "/nonexistent/gesturelab")
        for k in 0..<10 { spool.append(Int64(k), to: 0) }
        let failure = try #require(spool.failure)
        #expect(failure.contains("/nonexistent/gesturelab") && failure.contains("No such file"), "\(failure)")
        #expect(throws: SpoolError.self) { try spool.forEach(in: 0) { _ in } }
    }

    @Test("Drawn through the temporary file (a budget of 3 records), the page, the picture and the Perfetto trace are byte for byte those drawn in memory")
    func spooledDrawingsEqual() throws {
        let doc = try SceneLoader.load(path: repositoryRoot + "/recordings/bench/hammer-seven.yaml")
        let events = HammerWorkload.events(limit: 6_000)
        let built = try Replay.run(events: events, scene: doc)
        let ids = built.recognizers.map(\.id)
        func draw(budget: Int) throws -> [[UInt8]] {
            var builder = TimelineModel.Builder(recognizers: ids, spillAfter: budget)
            for e in built.environment.log.entries { builder.feed(e) }
            let m = builder.finish(events: (events.first!.time, events.last!.time))
            var strokes = StrokePathBuilder(spillAfter: budget)
            for e in events { strokes.add(e) }
            if budget < 10 {
                #expect(!m.marks.chunkList(of: 0).isEmpty && !m.linkSpool.chunkList(of: 0).isEmpty && !strokes.points.chunkList(of: 0).isEmpty,
                        "marks, links and points went through the file")
            }
            let page = PageOutput.collecting(), svg = PageOutput.collecting(), perfetto = PageOutput.collecting()
            try TimelineHTML.write(m, title: "t", scene: SceneSnapshot(try SceneBuilder.build(doc).window), strokes: strokes,
                                   lastDecisions: builder.lastDecision, to: page.0)
            try TimelineSVG.write(m, title: "t", to: svg.0)
            try PerfettoTrace.write(m, title: "t", to: perfetto.0)
            #expect(m.linkCount > 100)
            return [page.1(), svg.1(), perfetto.1()]
        }
        let inMemory = try draw(budget: 1 << 20), spooled = try draw(budget: 3)
        #expect(inMemory[0].count > 100_000)
        for k in 0..<3 { #expect(inMemory[k] == spooled[k], "output \(k) differs") }
    }

    @Test("The page's data escapes </ even when the two characters fall in two writes")
    func escapeAcrossWrites() throws {
        let (out, bytes) = PageOutput.collecting()
        // An empty write between the two keeps the "<"; several in one write, and at its end.
        for chunk in ["a<", "", "/b", "<", "x</", "c</</<", "/"] {
            try Array(chunk.utf8).withUnsafeBufferPointer { try out.writeData($0) }
        }
        out.endData()
        try out.flush()
        #expect(String(decoding: bytes(), as: UTF8.self) == "a<\\/b<x<\\/c<\\/<\\/<\\/")
    }
}
