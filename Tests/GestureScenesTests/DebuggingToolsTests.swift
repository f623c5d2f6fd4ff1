import Foundation
import GestureAnalysis
import GestureEngine
import GestureScenes
import GestureTimeline
import GestureTrace
import Testing

func replayShipped(_ trace: String, _ scene: String) throws -> ReplayResult {
    try Replay.run(tracePath: tracePath(trace), scene: SceneLoader.load(path: scenePath(scene)))
}

@Suite("explain")
struct ExplainTests {
    @Test("A waiting single tap: recognized 350 ms after the lift because the double tap's interval ran out")
    func singleTap() throws {
        let r = try replayShipped("single-tap", "tap-requires-double-tap")
        let o = Explanation(log: r.log).outcomes(of: "singleTap")
        #expect(o.count == 1)
        #expect(o[0].result == "recognized")
        #expect(o[0].time?.milliseconds == 450)
        #expect(o[0].waitedSince?.milliseconds == 100 && o[0].waitedFor == "doubleTap")
        let text = Explanation.text(o[0])
        #expect(text.contains("doubleTap failed at 450 ms: no tap 2 within maximumTapInterval 350 ms"))
        #expect(text.contains("timer maximumTapInterval of doubleTap fired"))
    }

    @Test("A swipe excluded by a pan: the chain names the pan's threshold and the numbers")
    func excluded() throws {
        let r = try replayShipped("flick-right", "pan-vs-swipe")
        let o = Explanation(log: r.log).outcomes(of: "swipe")[0]
        #expect(o.result == "failed")
        #expect(o.summary.contains("excluded by pan"))
        #expect(o.summary.contains("no simultaneous rule"))
        #expect(o.chain.count >= 2)
        #expect(o.chain[1].what == "pan began")
        #expect(o.chain[1].evidence.first?.parameter == "minimumDistance")
        #expect(o.chain[1].evidence.first?.threshold == 10)
    }

    @Test("Without a recognizer: who won each touch sequence and why the others lost; JSON too")
    func sequences() throws {
        let r = try replayShipped("double-tap", "tap-requires-double-tap")
        let seqs = Explanation(log: r.log).sequences(recognizers: ["singleTap", "doubleTap"])
        #expect(seqs.count == 2)
        #expect(seqs[0].winners.isEmpty && seqs[0].stillWaiting.count == 1)
        #expect(seqs[1].winners == ["doubleTap"])
        let text = Explanation.text(seqs)
        #expect(text.contains("won by doubleTap"))
        #expect(text.contains("singleTap failed at 300 ms: singleTap requires doubleTap to fail"))
        let json = try JSONParser.parse(Explanation.json(sequences: seqs))
        #expect(json["sequences"] != nil)
    }

    @Test("A recognizer that never saw a touch is said to be so")
    func untouched() throws {
        let r = try replayShipped("single-tap", "nested-pans")
        let o = Explanation(log: r.log).outcomes(of: "rowPan")
        #expect(o[0].summary.contains("never received a touch"))
    }
}

@Suite("timeline exports")
struct TimelineExportTests {
    func model(_ trace: String, _ scene: String) throws -> (TimelineModel, ReplayResult) {
        let r = try replayShipped(trace, scene)
        return (TimelineModel(log: r.log, recognizers: r.scene.recognizers.map(\.id), views: []), r)
    }

    @Test("The model has a waiting span for the single tap and causal links from the double tap's failure to its release")
    func modelContents() throws {
        let (m, _) = try model("single-tap", "tap-requires-double-tap")
        let single = try #require(m.lanes.first { $0.id == "singleTap" })
        #expect(single.spans.map(\.state) == ["waiting"])
        #expect(single.spans[0].start.milliseconds == 100 && single.spans[0].end.milliseconds == 450)
        #expect(m.lanes.contains { $0.id == "card" && $0.kind == "view" })
        #expect(!m.links.isEmpty)
    }

    /// The Chrome trace event format's rules, checked directly (Perfetto's own trace processor
    /// cannot be installed here).
    @Test("Perfetto export follows the trace event format: phases, fields, matched async spans and flows, metadata")
    func perfetto() throws {
        for (trace, scene) in [("single-tap", "tap-requires-double-tap"), ("strip-drag-down", "drag-out-simultaneous"), ("pinch-and-twist", "pinch-and-rotate")] {
            let (m, _) = try model(trace, scene)
            let text = PerfettoTrace.render(m, title: trace)
            let root = try JSONParser.parse(text)
            guard case let .array(events)? = root["traceEvents"] else { Issue.record("no traceEvents"); continue }
            var open: [String: Int] = [:]
            var flowStarts = Set<Int>(), flowEnds = Set<Int>()
            var named = Set<String>()
            for e in events {
                guard case let .string(ph)? = e["ph"], case .string? = e["name"], case .number? = e["pid"], case .number? = e["tid"] else {
                    Issue.record("event without ph, name, pid or tid: \(e)"); continue
                }
                if ph == "M" {
                    guard case let .string(n)? = e["name"], ["process_name", "thread_name", "process_sort_index", "thread_sort_index"].contains(n), e["args"] != nil else {
                        Issue.record("bad metadata \(e)"); continue
                    }
                    if n == "thread_name", case let .number(pid)? = e["pid"], case let .number(tid)? = e["tid"] { named.insert("\(pid)/\(tid)") }
                    continue
                }
                guard case let .number(ts)? = e["ts"], ts >= 0, ts == ts.rounded() else { Issue.record("bad ts in \(e)"); continue }
                switch ph {
                case "X": #expect(e["dur"] != nil)
                case "b", "e":
                    guard case let .string(id)? = e["id"], case let .string(cat)? = e["cat"] else { Issue.record("async without id/cat"); continue }
                    open["\(cat)/\(id)", default: 0] += ph == "b" ? 1 : -1
                case "s", "f":
                    guard case let .number(id)? = e["id"] else { Issue.record("flow without id"); continue }
                    if ph == "s" { flowStarts.insert(Int(id)) } else { flowEnds.insert(Int(id)); #expect(e["bp"] == .string("e")) }
                default:
                    Issue.record("unexpected phase \(ph)")
                }
                if case let .number(pid)? = e["pid"], case let .number(tid)? = e["tid"] { #expect(named.contains("\(pid)/\(tid)"), "track \(pid)/\(tid) has no name") }
            }
            #expect(open.values.allSatisfy { $0 == 0 }, "every async begin has its end")
            #expect(flowStarts == flowEnds && !flowStarts.isEmpty, "every flow starts and finishes")
        }
    }

    @Test("The SVG picture is a standalone SVG with a lane per recognizer")
    func svg() throws {
        let (m, _) = try model("flick-right", "pan-vs-swipe")
        let svg = TimelineSVG.render(m, title: "flick")
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains(">pan</text>") && svg.contains(">swipe</text>"))
        #expect(svg.contains("marker-end=\"url(#arrow)\""))
    }

    @Test("The HTML page is self-contained, and in a real headless browser its script draws the strokes and states")
    func htmlInChromium() throws {
        let r = try replayShipped("single-tap", "tap-requires-double-tap")
        let m = TimelineModel(log: r.log, recognizers: r.scene.recognizers.map(\.id), views: [])
        let fresh = try SceneBuilder.build(SceneLoader.load(path: scenePath("tap-requires-double-tap")))
        let strokes = [StrokePath(pointer: 1, points: [(20, 195, 422), (60, 196, 423), (100, 195, 422)])]
        let html = TimelineHTML.render(m, title: "t", scene: SceneSnapshot(fresh.window), strokes: strokes, log: r.log)
        #expect(!html.contains("src=\"http") && !html.contains("href=\"http"), "no network resources")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gl-timeline-\(getpid()).html").path
        try html.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let browser = try #require(chromium, "chromium is needed (scripts/test.sh installs it)")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: browser)
        p.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", "file://" + path]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let dom = String(decoding: data, as: UTF8.self)
        // The script ran: the drawn stroke has points, and the state table shows the state at the end.
        #expect(dom.contains("class=\"stroke-done\" data-i=\"0\" points=\"195,422 196,423 195,422\""))
        #expect(dom.contains("data-r=\"singleTap\">possible</td>"), "reset to possible by the end")
        #expect(dom.contains("recognized at 450 ms"))
    }
}

@Suite("lint, diff, sensitivity, minimize")
struct AnalysisToolTests {
    @Test("lint finds a require-to-fail cycle, a swipe that can never win and a relationship across subtrees")
    func lint() throws {
        let doc = try SceneLoader.parse("""
        views:
          - id: card
            frame: [0, 0, 300, 300]
            recognizers:
              - {id: a, type: tap}
              - {id: b, type: tap, numberOfTapsRequired: 2}
              - {id: pan, type: pan}
              - {id: swipe, type: swipe}
          - id: other
            frame: [0, 400, 300, 300]
            recognizers:
              - {id: c, type: tap}
        relationships:
          - require: a
            toFail: b
          - require: b
            toFail: a
          - simultaneous: [a, c]
        """, file: "s.yaml")
        let findings = SceneLint.check(doc, built: try SceneBuilder.build(doc))
        #expect(findings.filter { $0.severity == .error }.map(\.message).contains { $0.contains("cycle a -> b -> a") })
        #expect(findings.contains { $0.message.hasPrefix("swipe can never win against pan") && $0.line == 8 })
        #expect(findings.contains { $0.message.contains("never share a touch") && $0.line == 18 })
        // The shipped scenes: only pan-vs-swipe has a finding, and it is the point of that scene.
        for name in try FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/recordings/scenes") where name.hasSuffix(".yaml") {
            let d = try SceneLoader.load(path: repositoryRoot + "/recordings/scenes/" + name)
            let f = SceneLint.check(d, built: try SceneBuilder.build(d))
            #expect(f.isEmpty == (name != "pan-vs-swipe.yaml"), "\(name): \(f)")
        }
    }

    @Test("diff: the first divergence and the changed outcomes of one trace in two scenes")
    func diff() throws {
        let a = try replayShipped("flick-right", "pan-vs-swipe"), b = try replayShipped("flick-right", "swipe-before-pan")
        let d = ReplayDiff(left: a.log, right: b.log, recognizers: ["pan", "swipe"])
        #expect(d.divergence?.time.milliseconds == 44)
        #expect(d.divergence?.left?.recognizer == "pan" && d.divergence?.left?.to == "began")
        #expect(d.changes.contains(.init(sequence: 1, recognizer: "swipe", left: "failed", right: "recognized")))
        #expect(d.winnersLeft == [["pan"]] && d.winnersRight == [["swipe"]])
        let same = ReplayDiff(left: a.log, right: a.log, recognizers: ["pan", "swipe"])
        #expect(same.identical)
    }

    @Test("sensitivity: the pan's threshold decided the flick; raising it far enough lets the swipe win")
    func sensitivity() throws {
        let doc = try SceneLoader.load(path: scenePath("pan-vs-swipe"))
        let r = try Replay.run(tracePath: tracePath("flick-right"), scene: doc)
        let items = ThresholdSensitivity.analyze(log: r.log, scene: doc, recognizers: ["pan", "swipe"]) { variant in
            try? Replay.run(tracePath: tracePath("flick-right"), scene: variant).log
        }
        let pan = try #require(items.first { $0.recognizer == "pan" && $0.evidence.parameter == "minimumDistance" })
        #expect(pan.margin > 0)
        let flip = try #require(pan.flipValue)
        #expect(flip > 16 && flip < 50, "between the translation the pan began at and the swipe's 50 pt")
        #expect(pan.flipped == "swipe")
        // Just below the flip value the pan still wins; at it, the swipe does.
        var below = doc
        _ = below.override(recognizer: "pan", parameter: "minimumDistance", value: .number(flip - 0.5))
        let stillPan = try Replay.run(tracePath: tracePath("flick-right"), scene: below)
        #expect(Explanation(log: stillPan.log).sequences(recognizers: ["pan", "swipe"])[0].winners == ["pan"])
    }

    @Test("minimize: a double tap shrinks to two bare taps that still make the double tap recognize")
    func minimize() throws {
        let doc = try SceneLoader.load(path: scenePath("tap-vs-double-tap"))
        let (_, events, _) = try TraceReader.readAll(path: tracePath("double-tap"))
        var m = TraceMinimizer(events: events) { candidate in
            guard let s = try? Replay.run(events: candidate, scene: doc) else { return false }
            return s.environment.log.entries.contains { $0.kind == .transition && $0.recognizer == "doubleTap" && $0.to == "recognized" }
        }
        let result = m.minimize()
        let small = try #require(result)
        #expect(small.map(\.type) == [.down, .up, .down, .up])
        #expect(events.count > small.count)
        // A condition that never holds is reported, not "minimized".
        var never = TraceMinimizer(events: events) { _ in false }
        let nothing = never.minimize()
        #expect(nothing == nil)
    }
}
