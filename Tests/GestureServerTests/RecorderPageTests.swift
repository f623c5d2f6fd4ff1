import Foundation
import GestureEngine
import GestureRecognizers
import GestureScenes
import GestureTrace
import Testing

/// The recorder page in a real browser: headless Chromium, real touches dispatched through the
/// DevTools protocol, the server started as `gesturelab serve`. All traffic is on loopback.
@Suite("gesturelab serve: the recorder page", .serialized)
struct RecorderPageTests {
    @Test("a pinch dispatched by Chromium is on disk as it was sent, and replays as a pinch")
    @MainActor
    func pinchRoundTrip() throws {
        let folder = try temporaryFolder("pinch")
        let server = try ServerProcess(recordings: folder)
        let browser = try Browser()
        let result = try browser.drive(server.url + "/record?scene=pinch-and-rotate&name=pinch", pinchSteps() + [["acked": true], ["save": true]])
        let state = try #require(result["state"] as? [String: Any])
        #expect(state["file"] as? String == "pinch.jsonl")
        #expect((state["errors"] as? [Any])?.isEmpty == true, "\(state["errors"] ?? "")")

        let (header, events, warnings) = try traceEvents(folder + "/pinch.jsonl")
        #expect(warnings.isEmpty)
        #expect(header.scene == "pinch-and-rotate" && header.clockSource == "pointer-events" && header.devices.contains(.touch))
        // Every place dispatched, in CSS pixels, is in the trace as scene points through the page's mapping.
        let mapping = try #require(result["mapping"] as? [String: Double])
        let k = mapping["cssPixelsPerPoint"]!, ox = mapping["originX"]!, oy = mapping["originY"]!
        let dispatched = try #require(result["dispatched"] as? [[String: Any]])
        let pointers = Array(Set(events.map(\.pointer))).sorted()
        #expect(pointers.count == 2)
        #expect(events.filter { $0.type == .down }.count == 2 && events.filter { $0.type == .up }.count == 2)
        for (finger, pointer) in zip([1, 2], pointers) {
            let sent = dispatched.filter { $0["id"] as? Int == finger && $0["type"] as? String != "touchEnd" }
                .map { (( $0["x"] as! Double - ox) / k, ($0["y"] as! Double - oy) / k) }
            let recorded = events.filter { $0.pointer == pointer && $0.type != .up }.map { ($0.x, $0.y) }
            #expect(recorded.count == sent.count, "finger \(finger): \(recorded.count) events for \(sent.count) touches sent")
            for (r, s) in zip(recorded, sent) {
                #expect(abs(r.0 - s.0) < 0.01 && abs(r.1 - s.1) < 0.01, "finger \(finger): recorded \(r), sent \(s)")
            }
        }
        // Times are the browser's own, in order, starting at the first touch.
        #expect(events.first?.time == .zero)
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time })

        let doc = try SceneLoader.load(path: repositoryRoot + "/recordings/scenes/pinch-and-rotate.yaml")
        let scene = try Replay.run(events: events, scene: doc)
        let states = scene.environment.log.entries.filter { $0.kind == .transition && $0.recognizer == "pinch" }.compactMap(\.to)
        #expect(states.first == "began" && states.last == "ended", "\(states)")
        let held = try Replay.run(events: events.filter { $0.type != .up }, scene: doc)
        let scale = (held.recognizer("pinch") as! PinchGestureRecognizer).scale
        #expect(abs(scale - 190.0 / 70) < 0.05)
        // The page showed the lanes as the server ran the recognizers live.
        let lanes = try #require(state["lanes"] as? [String: String])
        #expect(lanes["pinch"] != nil && lanes["rotation"] != nil)
    }

    @Test("kill -9 of the server mid-stroke loses nothing it acknowledged; the next start saves the take")
    func killMidStroke() throws {
        let folder = try temporaryFolder("kill")
        let server = try ServerProcess(recordings: folder)
        let browser = try Browser()
        let result = try browser.drive(server.url + "/record?scene=pinch-and-rotate&name=cut", pinchSteps(moves: 12, lift: false) + [["acked": true]])
        let state = try #require(result["state"] as? [String: Any])
        let acknowledged = try #require(state["events"] as? Int)
        #expect(acknowledged == 2 + 2 * 12)
        server.kill9()

        let partial = folder + "/cut.jsonl.recording"
        let reader = try TraceReader(path: partial)
        var events: [TraceEvent] = []
        while let e = try reader.nextEvent() { events.append(e) }
        #expect(events.count == acknowledged)
        #expect(reader.pointersStillDown.count == 2)
        #expect(!FileManager.default.fileExists(atPath: folder + "/cut.jsonl"))

        // Started again, the server saves the interrupted take, ending its strokes with a cancel.
        let again = try ServerProcess(recordings: folder)
        defer { again.stop() }
        let (_, saved, savedWarnings) = try traceEvents(folder + "/cut.jsonl")
        #expect(savedWarnings.isEmpty)
        #expect(saved.count == acknowledged + 2)
        #expect(saved.suffix(2).allSatisfy { $0.type == .cancel })
        #expect(!FileManager.default.fileExists(atPath: partial))
        let list = try http("GET", again.url + "/api/recordings")
        #expect(list.status == 200 && list.body.contains("\"name\":\"cut.jsonl\""))
    }

    @Test("stopping the server (SIGTERM) mid-stroke saves the take and ends the process")
    func terminateMidStroke() throws {
        let folder = try temporaryFolder("term")
        let server = try ServerProcess(recordings: folder)
        let browser = try Browser()
        _ = try browser.drive(server.url + "/record?scene=pinch-and-rotate&name=stopped", pinchSteps(moves: 4, lift: false) + [["acked": true]])
        let started = Date()
        server.stop()
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(server.process.terminationStatus == 0)
        let (_, events, warnings) = try traceEvents(folder + "/stopped.jsonl")
        #expect(warnings.isEmpty)
        #expect(events.count == 2 + 2 * 4 + 2)
        #expect(events.suffix(2).allSatisfy { $0.type == .cancel })
        #expect(!FileManager.default.fileExists(atPath: folder + "/stopped.jsonl.recording"))
    }

    @Test("closing the tab mid-stroke saves the take with its open strokes cancelled")
    func closeTab() throws {
        let folder = try temporaryFolder("close")
        let server = try ServerProcess(recordings: folder)
        let browser = try Browser()
        _ = try browser.drive(server.url + "/record?scene=pinch-and-rotate&name=closed", pinchSteps(moves: 5, lift: false) + [["acked": true], ["close": true]])
        let file = folder + "/closed.jsonl"
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: file) && Date() < deadline { usleep(50_000) }
        let (_, events, warnings) = try traceEvents(file)
        #expect(warnings.isEmpty)
        #expect(events.count == 2 + 2 * 5 + 2)
        #expect(events.suffix(2).allSatisfy { $0.type == .cancel })
    }

    @Test("a second take never overwrites the first")
    func takesGetFreshNames() throws {
        let folder = try temporaryFolder("names")
        let server = try ServerProcess(recordings: folder)
        let browser = try Browser()
        for _ in 0..<2 {
            _ = try browser.drive(server.url + "/record?scene=pinch-and-rotate&name=same", pinchSteps(moves: 3) + [["acked": true], ["save": true]])
        }
        // The page opens the next take as soon as one is saved; one that ends with no event leaves nothing.
        let deadline = Date().addingTimeInterval(5)
        var saved: [String] = []
        repeat {
            saved = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".jsonl") }.sorted()
            if saved.count == 2 { break }
            usleep(50_000)
        } while Date() < deadline
        #expect(saved.count == 2 && saved.contains("same.jsonl") && saved.contains { $0.hasPrefix("same-") }, "\(saved)")
        for name in saved { #expect(try traceEvents(folder + "/" + name).1.count == 2 + 2 * 3 + 2) }
    }

    @Test("two pages opening takes of one name at the same moment get two files")
    func concurrentTakesGetTwoNames() throws {
        let folder = try temporaryFolder("concurrent")
        let server = try ServerProcess(recordings: folder)
        // Two WebSocket clients connect before either starts, then both start.
        let script = """
            const url = "ws://127.0.0.1:\(server.port)/ws/record?scene=pinch-and-rotate&name=dup";
            const a = new WebSocket(url), b = new WebSocket(url);
            await Promise.all([a, b].map(w => new Promise(r => w.onopen = r)));
            const files = await Promise.all([a, b].map(w => new Promise(r => {
              w.onmessage = m => { const j = JSON.parse(m.data); if (j.kind === "started") r(j.file); };
              w.send(JSON.stringify({kind: "start", devices: ["touch"]}));
            })));
            console.log(JSON.stringify(files.sort()));
            process.exit(0);
            """
        let node = Process()
        node.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        node.arguments = ["node", "--experimental-websocket", "--no-warnings", "--input-type=module", "-e", script]
        let out = Pipe()
        node.standardOutput = out
        try node.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        node.waitUntilExit()
        let files = try JSONSerialization.jsonObject(with: data) as? [String]
        #expect(files == ["dup-2.jsonl", "dup.jsonl"], "\(String(decoding: data, as: UTF8.self))")
    }
}
