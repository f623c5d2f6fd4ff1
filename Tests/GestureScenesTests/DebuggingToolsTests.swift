import Foundation
import GestureAnalysis
import GestureEngine
import GestureScenes
import GestureSynth
import GestureTimeline
import GestureTrace
import GestureTestSupport
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
        return (TimelineModel(log: r.log, recognizers: r.recognizerIDs, views: []), r)
    }

    @Test("The model has a waiting span for the single tap and causal links from the double tap's failure to its release")
    func modelContents() throws {
        let (m, _) = try model("single-tap", "tap-requires-double-tap")
        let single = try #require(m.lanes.first { $0.id == "singleTap" })
        #expect(single.spans.map(\.state) == ["waiting"])
        #expect(single.spans[0].start.milliseconds == 100 && single.spans[0].end.milliseconds == 450)
        #expect(m.lanes.contains { $0.id == "card" && $0.kind == "view" })
        #expect(m.linkCount > 0)
    }

    /// The Chrome trace event format's rules, checked directly (Perfetto's own trace processor
    /// cannot be installed here).
    @Test("Perfetto export follows the trace event format: phases, fields, matched async spans and flows, metadata")
    func perfetto() throws {
        for (trace, scene) in [("single-tap", "tap-requires-double-tap"), ("strip-drag-down", "drag-out-simultaneous"), ("pinch-and-twist", "pinch-and-rotate")] {
            let (m, _) = try model(trace, scene)
            let text = try PerfettoTrace.render(m, title: trace)
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
        let svg = try TimelineSVG.render(m, title: "flick")
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains(">pan</text>") && svg.contains(">swipe</text>"))
        #expect(svg.contains("marker-end=\"url(#arrow)\""))
    }

    /// Writes a timeline page to a temporary file, opens it in headless Chromium and runs the
    /// DevTools steps (places relative to the lanes' canvas); returns what the driver printed.
    func openTimeline(_ html: [UInt8], _ steps: [[String: Any]], window: String = "1300,900") throws -> [String: Any] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gl-timeline-\(getpid())-\(UUID().uuidString).html").path
        try Data(html).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let browser = try HeadlessChromium(windowSize: window)
        return try browser.drive(script: repositoryRoot + "/Tests/GestureTestSupport/cdp-page.mjs", url: "file://" + path, steps: [["element": "#lanes"]] + steps)
    }

    @Test("The HTML page is self-contained, and in a real headless browser its script draws the strokes and states")
    func htmlInChromium() throws {
        let r = try replayShipped("single-tap", "tap-requires-double-tap")
        let m = TimelineModel(log: r.log, recognizers: r.recognizerIDs, views: [])
        let fresh = try SceneBuilder.build(SceneLoader.load(path: scenePath("tap-requires-double-tap")))
        let strokes = [StrokePath(pointer: 1, points: [(20, 195, 422), (60, 196, 423), (100, 195, 422)])]
        let html = try TimelineHTML.page(m, title: "t", scene: SceneSnapshot(fresh.window), strokes: strokes, log: r.log)
        let text = String(decoding: html, as: UTF8.self)
        #expect(!text.contains("src=\"http") && !text.contains("href=\"http"), "no network resources")
        #expect(text.contains("recognized at 450 ms"))
        let out = try openTimeline(html, [
            ["eval": "document.querySelector('.stroke-done[data-i=\"0\"]').getAttribute('points')"],
            ["eval": "document.querySelector('.st[data-r=\"singleTap\"]').textContent"],
            ["eval": "window.timeline.stats.ticks[0]"],
            ["eval": "window.timeline.stats.arrows"],
            // At 60 ms the finger is down: two points drawn, the double tap still possible.
            ["eval": "(window.timeline.setNow(60), window.timeline.draw(), document.querySelector('.stroke-done[data-i=\"0\"]').getAttribute('points'))"],
            // One clock: the single tap is recognized at 450 ms of trace time in the terminal, and
            // the page's clock, tooltip and axis say 450 too (the page counts internally from the
            // first event, 20 ms).
            ["eval": "(window.timeline.setNow(430), window.timeline.draw(), document.getElementById('now').textContent)"],
            ["eval": "window.timeline.shownTime(430)"],
            ["eval": "JSON.stringify(window.timeline.stats.ticks)"],
            // The relative axis, offered and labelled as such.
            ["eval": "(window.timeline.setRelative(true), window.timeline.draw(), [document.getElementById('now').textContent, JSON.stringify(window.timeline.stats.ticks)])"],
        ])
        let values = try #require(out["values"] as? [Any])
        #expect(values[0] as? String == "195,422 196,423 195,422", "the whole stroke by the end")
        #expect(values[1] as? String == "possible", "reset to possible by the end")
        #expect((values[2] as? String).map { !$0.hasPrefix("+") } == true, "ticks in trace time: \(values[2])")
        #expect((values[3] as? Int ?? 0) > 0, "arrows from the double tap's failure to the single tap's release")
        #expect(values[4] as? String == "195,422 196,423")
        #expect(values[5] as? String == "450.0 ms", "the page's clock at the recognition: \(values[5])")
        #expect((values[6] as? NSNumber)?.doubleValue == 450)
        let traceTicks = try JSONSerialization.jsonObject(with: Data((values[7] as? String ?? "[]").utf8)) as? [String] ?? []
        #expect(traceTicks.contains { $0.hasPrefix("450") || $0.hasPrefix("400") } && !traceTicks.contains { $0.hasPrefix("+") }, "\(traceTicks)")
        let relative = values[8] as? [Any] ?? []
        #expect(relative.first as? String == "+430.0 ms", "\(relative)")
        #expect((relative.last as? String)?.contains("\"+") == true, "relative ticks are marked: \(relative)")
    }

    @Test("A long trace's page: compact, ready quickly, and it zooms, pans, filters and steps through touch sequences in a real browser")
    func longTimelineInChromium() throws {
        // The first 40,000 events of the Hammer-like workload (seven recognizers).
        let events = HammerWorkload.events(limit: 40_000)
        let doc = try SceneLoader.load(path: repositoryRoot + "/recordings/bench/hammer-seven.yaml")
        let built = try Replay.run(events: events, scene: doc)
        let log = built.environment.log
        let m = TimelineModel(log: log, recognizers: built.recognizers.map(\.id), views: built.window.subtree.map(\.id))
        let strokes = StrokePath.strokes(of: events)
        let html = try TimelineHTML.page(m, title: "hammer", scene: SceneSnapshot(try SceneBuilder.build(doc).window), strokes: strokes, log: log)
        #expect(html.count < 40 * events.count, "\(html.count) bytes for \(events.count) events")
        let marks = m.lanes.map(\.markCount).reduce(0, +)
        let out = try openTimeline(html, [
            ["eval": "JSON.stringify({view: timeline.view, stats: timeline.stats, marks: timeline.marks, sequences: timeline.sequences})"],
            // Wheel up over x = 600 zooms in about the time under the pointer.
            ["eval": "[timeline.tOf(600)]"],
            ["wheel": [600, 40, -600]],
            ["eval": "JSON.stringify({view: timeline.view, at: timeline.tOf(600), shift: timeline.tOf(700) - timeline.tOf(500)})"],
            // Dragging 200 px to the left shows what was 200 px further right.
            ["drag": [700, 40, 500, 40]],
            ["eval": "timeline.view"],
            ["key": "+"], ["eval": "timeline.view"],
            ["key": "-"], ["eval": "timeline.view"],
            ["key": "0"], ["key": "+"], ["key": "+"], ["eval": "timeline.view"],
            ["key": "ArrowRight"], ["eval": "timeline.view"],
            ["key": "0"], ["eval": "timeline.view"],
            // The third touch sequence, on its own: the view fits it, the rest is dimmed.
            ["key": "n"], ["key": "n"], ["key": "n"],
            ["eval": "JSON.stringify({view: timeline.view, sequence: timeline.sequence, stats: timeline.stats, label: document.getElementById('seqlabel').textContent, strokes: document.querySelectorAll('#strokes .stroke').length})"],
            // A mark under the pointer shows its cause.
            ["eval": "(() => { const l = timeline.stats.firstMark; return l ? [timeline.xOf(l.t), l.y] : null; })()"],
            // Hiding two lanes.
            ["eval": "(() => { for (const id of ['pinch', 'rotate']) document.querySelector('input[data-lane=\"' + id + '\"]').click(); return null; })()"],
            ["eval": "timeline.stats.lanes"],
        ])
        let values = try #require(out["values"] as? [Any])
        let pageReady = try #require(out["pageReadyMs"] as? Double)
        #expect(pageReady < 2000, "ready after \(pageReady) ms")
        func decode(_ v: Any) throws -> [String: Any] { try #require(JSONSerialization.jsonObject(with: Data((v as? String ?? "").utf8)) as? [String: Any]) }
        func numbers(_ v: Any?) -> [Double] { (v as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue } ?? [] }
        let first = try decode(values[0])
        let stats = try #require(first["stats"] as? [String: Any])
        #expect(first["marks"] as? Int == marks)
        #expect(stats["dense"] as? Bool == true, "the whole trace is drawn at a mark per pixel column")
        // Round ticks from the trace's start: 0, then steps of 1, 2 or 5 times a power of ten.
        let ticks = try #require(stats["ticks"] as? [String])
        #expect(ticks.first == "0", "\(ticks)")
        let tickMs = ticks.compactMap { t -> Double? in
            let parts = t.split(separator: " ")
            guard let v = Double(parts[0]) else { return nil }
            return parts.count > 1 && parts[1] == "s" ? v * 1000 : v
        }
        #expect(tickMs.count == ticks.count && ticks.count >= 4)
        let step = tickMs[1] - tickMs[0], mantissa = step / pow(10, floor(log10(step)))
        #expect([1.0, 2, 5].contains { abs(mantissa - $0) < 1e-9 }, "step \(step) ms")
        #expect(zip(tickMs, tickMs.dropFirst()).allSatisfy { abs(($1 - $0) - step) < 1e-6 })
        let whole = numbers(first["view"])
        let before = numbers(values[1])[0]
        let zoomed = try decode(values[2])
        let z = numbers(zoomed["view"])
        #expect(z[1] - z[0] < (whole[1] - whole[0]) / 2, "zoomed in: \(z) from \(whole)")
        #expect(abs((zoomed["at"] as? Double ?? 0) - before) < 1e-6 * (whole[1] - whole[0]), "the time under the pointer stays under it")
        let dragged = numbers(values[3])
        let shift = zoomed["shift"] as? Double ?? 0
        #expect(abs((dragged[0] - z[0]) - shift) < 1e-6 * (whole[1] - whole[0]) && abs((dragged[1] - dragged[0]) - (z[1] - z[0])) < 1e-6,
                "a drag pans by what it moved over, without zooming: \(dragged) from \(z)")
        let plus = numbers(values[4]), minus = numbers(values[5]), quarter = numbers(values[6]), right = numbers(values[7]), reset = numbers(values[8])
        #expect(abs((plus[1] - plus[0]) * 2 - (dragged[1] - dragged[0])) < 1e-6)
        #expect(abs((minus[1] - minus[0]) - (dragged[1] - dragged[0])) < 1e-6)
        #expect(abs((quarter[1] - quarter[0]) * 4 - (whole[1] - whole[0])) < 1e-6, "two zooms in from the whole trace")
        #expect(abs((right[0] - quarter[0]) - 0.2 * (quarter[1] - quarter[0])) < 1e-6 && abs((right[1] - right[0]) - (quarter[1] - quarter[0])) < 1e-6)
        #expect(abs(reset[0] - whole[0]) < 1e-6 && abs(reset[1] - whole[1]) < 1e-6)
        let third = try decode(values[9])
        #expect(third["sequence"] as? Int == 2)
        #expect((third["label"] as? String)?.hasPrefix("3 of ") == true)
        #expect((third["strokes"] as? Int ?? 0) >= 1)
        let sv = numbers(third["view"])
        #expect(sv[1] - sv[0] < (whole[1] - whole[0]) / 20, "the view fits one sequence: \(sv)")
        #expect((third["stats"] as? [String: Any])?["dense"] as? Bool == false, "zoomed in, marks have their shapes")
        #expect(values[12] as? Int == m.lanes.count - 2)
        // Hovering the first mark in view shows a tooltip with its cause.
        let place = numbers(values[10])
        #expect(place.count == 2)
        if place.count == 2 {
            let hover = try openTimeline(html, [["key": "n"], ["key": "n"], ["key": "n"], ["move": [place[0], place[1]]],
                                                ["eval": "[document.getElementById('tip').style.display, document.getElementById('tip').textContent]"]])
            let tip = (hover["values"] as? [Any])?.first as? [Any]
            #expect(tip?.first as? String == "block")
            #expect((tip?.last as? String)?.contains(": ") == true, "\(String(describing: tip))")
        }
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

    @Test("sensitivity searches on several threads, or only on the calling one when users' main-actor code may run, with the same answers")
    func sensitivityThreads() throws {
        let doc = try SceneLoader.load(path: scenePath("pan-vs-swipe"))
        let r = try Replay.run(tracePath: tracePath("flick-right"), scene: doc)
        final class Threads: @unchecked Sendable {
            let lock = NSLock()
            var others = 0, all = 0
            let caller = pthread_self()
            func note() { lock.lock(); all += 1; if pthread_equal(caller, pthread_self()) == 0 { others += 1 }; lock.unlock() }
        }
        func run(oneThread: Bool) -> ([String], Int, Int) {
            let threads = Threads()
            let items = ThresholdSensitivity.analyze(log: r.log, scene: doc, recognizers: ["pan", "swipe"], oneThread: oneThread) { variant in
                threads.note()
                return try? Replay.run(tracePath: tracePath("flick-right"), scene: variant).log
            }
            return (items.map { "\($0.recognizer).\($0.evidence.parameter) \($0.flipValue.map { "\($0)" } ?? "-") \($0.flipped ?? "-")" }, threads.all, threads.others)
        }
        let (alone, replays, elsewhere) = run(oneThread: true)
        #expect(replays > 3 && elsewhere == 0, "every one of \(replays) replays ran on the calling thread")
        let (parallel, _, _) = run(oneThread: false)
        #expect(parallel == alone)
        #expect(alone.contains { $0.hasPrefix("pan.minimumDistance") && $0.hasSuffix(" swipe") }, "\(alone)")
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
