import Foundation
import GestureTrace
import Testing

let root: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()
let binary = ProcessInfo.processInfo.environment["GESTURELAB_BIN"] ?? root + "/.build/debug/gesturelab"

/// An Xvfb server for one test, on a free display it picks itself.
final class VirtualDisplay {
    let process = Process()
    let display: String

    init() throws {
        let out = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        // -displayfd 1: Xvfb picks a free display and writes its number to stdout once it
        // accepts clients.
        process.arguments = ["-displayfd", "1", "-noreset", "-screen", "0", "1280x1024x24"]
        process.standardError = FileHandle.nullDevice
        process.standardOutput = out
        try process.run()
        var number = Data()
        while !number.contains(0x0A) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            number.append(chunk)
        }
        let n = String(decoding: number, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !n.isEmpty else { throw CocoaError(.fileReadUnknown) }
        display = ":" + n
    }

    deinit {
        // SIGKILL: this process may block SIGTERM, and Xvfb inherits the mask.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

func run(_ path: String, _ args: [String], env: [String: String] = [:], unset: [String] = []) throws -> (Int32, String) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: path)
    p.arguments = args
    var e = ProcessInfo.processInfo.environment
    for (k, v) in env { e[k] = v }
    for k in unset { e[k] = nil }
    p.environment = e
    let out = Pipe()
    p.standardOutput = out
    p.standardError = out
    try p.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return (p.terminationStatus, String(decoding: data, as: UTF8.self))
}

func waitFor(_ path: String, seconds: Double = 15) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if FileManager.default.fileExists(atPath: path) { return true }
        usleep(50_000)
    }
    return false
}

/// A small tmpfs of its own, so a test can fill a disk or make a place read-only without
/// touching the machine's. Needs root (CI runs as root); unmounted on deinit.
final class SmallFilesystem {
    let path: String
    init(kilobytes: Int) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("gl-smallfs-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let (status, text) = try run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", path])
        guard status == 0 else { throw SmallFilesystemError(text: "mount failed (the disk tests need root): \(text)") }
    }
    func remountReadOnly() throws {
        let (status, text) = try run("/bin/mount", ["-o", "remount,ro", path])
        guard status == 0 else { throw SmallFilesystemError(text: "remount failed: \(text)") }
    }
    deinit {
        _ = try? run("/bin/umount", ["-l", path])
        try? FileManager.default.removeItem(atPath: path)
    }
}
struct SmallFilesystemError: Error, CustomStringConvertible { var text: String; var description: String { text } }

/// A `gesturelab record` window under its own Xvfb, with stderr collected.
final class RecordSession {
    let xvfb: VirtualDisplay
    let process = Process()
    let err = Pipe()
    let env: [String: String]
    var window = ""

    /// `scene` nil records on the blank canvas.
    init(scene: String?, output: String, ready: String, display: VirtualDisplay? = nil, arguments: [String] = []) throws {
        xvfb = try display ?? VirtualDisplay()
        env = ["DISPLAY": xvfb.display, "SDL_VIDEODRIVER": "x11"]
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["record", "-o", output, "--ready-file", ready] + (scene.map { ["--scene", $0] } ?? []) + arguments
        var e = ProcessInfo.processInfo.environment
        for (k, v) in env { e[k] = v }
        process.environment = e
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        guard waitFor(ready) else { throw SmallFilesystemError(text: "the record window did not start") }
        let (_, wid) = try run("/usr/bin/timeout", ["10", "xdotool", "search", "--sync", "--onlyvisible", "--name", "GestureLab record"], env: env)
        window = wid.split(separator: "\n").first.map(String.init) ?? ""
    }

    /// A horizontal drag of `moves` steps of `step` points, sent in one xdotool run; without
    /// `lift` the button stays down (a stroke cut off mid-way).
    func drag(moves: Int, from start: (x: Int, y: Int) = (20, 250), step: Int = 1, lift: Bool = true) throws {
        var script = ["mousemove", "--window", window, String(start.x), String(start.y), "mousedown", "1"]
        for i in 1...moves {
            script += ["mousemove", "--window", window, String(start.x + (i * step) % 360), String(start.y + (i * step / 360) * 3)]
        }
        if lift { script += ["mouseup", "1"] }
        script += ["sleep", "0.3"]
        _ = try run("/usr/bin/xdotool", script, env: env)
    }

    /// Ends the session (SIGTERM saves, as closing the window does) and returns what it said.
    func finish() -> (status: Int32, stderr: String) {
        process.terminate()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}

@Suite("The studio's real window under Xvfb", .serialized)
struct StudioWindowTests {
    let scene = """
    scene: studio-test
    viewport: [400, 500]
    views:
      - id: pad
        frame: [0, 0, 400, 500]
        recognizers:
          - {id: check, type: checkmark}
          - {id: pan, type: pan}
    policies:
      - {recognizer: check, simultaneousWithAny: true}
    """

    func tempDir() throws -> String {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("gl-studio-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }

    @Test("F.5: record --pointer saves the mouse as an iPad sees it: hover moves, a right click with its button mask, wheel notches as one discrete scroll with its end")
    func recordPointerInput() throws {
        let dir = try tempDir()
        let out = dir + "/pointer.jsonl"
        let session = try RecordSession(scene: nil, output: out, ready: dir + "/ready.json", arguments: ["--pointer"])
        let w = session.window
        let script = ["mousemove", "--window", w, "40", "200", "sleep", "0.05", "mousemove", "--window", w, "80", "220", "sleep", "0.05",
                      "mousemove", "--window", w, "120", "240", "sleep", "0.05",
                      "click", "3", "sleep", "0.1",
                      "click", "4", "sleep", "0.03", "click", "4", "sleep", "0.03", "click", "4", "sleep", "0.6"]
        _ = try run("/usr/bin/xdotool", script, env: session.env)
        let (status, stderr) = session.finish()
        #expect(status == 0, "\(stderr)")
        let (_, events, warnings) = try TraceReader.readAll(path: out)
        #expect(warnings.isEmpty)
        let hovers = events.filter { $0.type == .hover }
        #expect(hovers.count >= 2, "\(events.map(\.jsonLine))")
        #expect(hovers.allSatisfy { $0.device == .mouse && $0.buttons == 0 })
        let down = try #require(events.first { $0.type == .down })
        #expect(down.buttons == 2)
        #expect(events.first { $0.type == .up }?.buttons == 0)
        let scrolls = events.compactMap(\.scroll)
        #expect(scrolls.map(\.phase) == [.began, .changed, .changed, .ended], "\(scrolls)")
        #expect(scrolls.allSatisfy { $0.kind == .discrete })
        // Three notches of the wheel turned away from the user: content pulled down, 10 pt each.
        #expect(scrolls.map(\.dy).reduce(0, +) == 30)
    }

    @Test("xdotool draws a checkmark and a horizontal drag in a record window: every move is saved at its position, in order, and replays as expected")
    func recordReplayScreenshot() throws {
        let xvfb = try VirtualDisplay()
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scenePath = dir + "/scene.yaml", out = dir + "/rec.jsonl", ready = dir + "/ready.json"
        try scene.write(toFile: scenePath, atomically: true, encoding: .utf8)
        let env = ["DISPLAY": xvfb.display, "SDL_VIDEODRIVER": "x11"]
        let recorder = Process()
        recorder.executableURL = URL(fileURLWithPath: binary)
        recorder.arguments = ["record", "--scene", scenePath, "-o", out, "--ready-file", ready, "--label", "gesture=check"]
        var e = ProcessInfo.processInfo.environment
        for (k, v) in env { e[k] = v }
        recorder.environment = e
        recorder.standardOutput = FileHandle.nullDevice
        recorder.standardError = FileHandle.nullDevice
        try recorder.run()
        #expect(waitFor(ready), "the window came up")
        let layout = try JSONParser.parse(String(contentsOfFile: ready, encoding: .utf8))
        guard case let .number(ox)? = layout["sceneX"], case let .number(oy)? = layout["sceneY"], case .number(1)? = layout["scale"] else {
            Issue.record("unexpected layout \(layout)"); return
        }
        let (_, wid) = try run("/usr/bin/timeout", ["10", "xdotool", "search", "--sync", "--onlyvisible", "--name", "GestureLab record"], env: env)
        let window = wid.split(separator: "\n").first.map(String.init) ?? ""
        #expect(!window.isEmpty)
        // A checkmark: down-right 10 steps, up-right 20 steps; then a horizontal drag.
        var sent: [(Int, Int)] = []
        var script: [String] = []
        func move(_ x: Int, _ y: Int) { script += ["mousemove", "--window", window, String(x), String(y)]; sent.append((x, y)) }
        move(180, 220); script += ["mousedown", "1"]
        for i in 1...10 { move(180 + i * 3, 220 + i * 4) }
        for i in 1...20 { move(210 + i * 5, 260 - i * 7) }
        script += ["mouseup", "1", "sleep", "0.3"]
        move(120, 420); script += ["mousedown", "1"]
        for i in 1...25 { move(120 + i * 8, 420) }
        script += ["mouseup", "1", "sleep", "0.3"]
        let (status, output) = try run("/usr/bin/xdotool", script, env: env)
        #expect(status == 0, "\(output)")
        recorder.terminate()  // SIGTERM: SDL turns it into quit, which saves
        recorder.waitUntilExit()
        #expect(recorder.terminationStatus == 0)
        #expect(!FileManager.default.fileExists(atPath: out + ".recording"), "moved into place")
        let (header, events, warnings) = try TraceReader.readAll(path: out)
        #expect(warnings.isEmpty)
        #expect(header.labels["gesture"] == "check" && header.scene == "studio-test")
        #expect(header.clockSource == "x11-server")
        // Every position sent (after each mousedown), exactly, in order.
        let expected = sent.enumerated().filter { $0.offset != 0 && $0.offset != 31 }.map { (Double($0.element.0) - ox, Double($0.element.1) - oy) }
        let recorded = events.map { ($0.x, $0.y) }
        let downs = events.enumerated().filter { $0.element.type == .down }.map(\.offset)
        #expect(downs.count == 2 && events.filter { $0.type == .up }.count == 2)
        // The down lands where the pointer was; then every move.
        let moves = events.filter { $0.type == .move }.map { ($0.x, $0.y) }
        #expect(moves.count == 55, "all 55 moves recorded")
        #expect(moves.map { "\($0.0),\($0.1)" } == expected.map { "\($0.0),\($0.1)" })
        #expect(recorded.first.map { "\($0.0),\($0.1)" } == "\(180 - ox),\(220 - oy)", "the first down lands where the pointer was")
        #expect(events[downs[1]].x == 120 - ox && events[downs[1]].y == 420 - oy)
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time }, "in time order")
        // Replaying it: the checkmark is recognized, the horizontal drag pans.
        let (rs, replay) = try run(binary, ["replay", out, "--scene", scenePath, "--format", "jsonl"])
        #expect(rs == 0)
        #expect(replay.contains(#""recognizer":"check","from":"possible","to":"recognized""#))
        #expect(replay.components(separatedBy: #""recognizer":"pan","from":"changed","to":"ended""#).count - 1 == 2, "both strokes pan")
        // A headless screenshot of it.
        let png = dir + "/shot.png"
        let (ss, _) = try run(binary, ["play", out, "--scene", scenePath, "--screenshot", png, "--at", "100"], env: ["SDL_VIDEODRIVER": "dummy"])
        #expect(ss == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: png))
        #expect(bytes.count > 1_000 && bytes.count < 100_000 && bytes.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    }

    @Test("kill -9 mid-stroke: the partial recording replays up to its last line")
    func killNine() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scenePath = dir + "/scene.yaml", out = dir + "/rec.jsonl", ready = dir + "/ready.json"
        try scene.write(toFile: scenePath, atomically: true, encoding: .utf8)
        try "old recording\n".write(toFile: out, atomically: true, encoding: .utf8)
        let session = try RecordSession(scene: scenePath, output: out, ready: ready)
        try session.drag(moves: 15, from: (150, 200), step: 4, lift: false)
        kill(session.process.processIdentifier, SIGKILL)
        session.process.waitUntilExit()
        _ = try run("/usr/bin/xdotool", ["mouseup", "1"], env: session.env)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "old recording\n", "the old file is untouched")
        let (_, events, _) = try TraceReader.readAll(path: out + ".recording")
        #expect(events.first?.type == .down)
        #expect(events.filter { $0.type == .move }.count == 15, "every move before the kill is on disk")
        let (status, text) = try run(binary, ["validate", out + ".recording"])
        #expect(status == 0 && text.contains("still down at the end"))

        // Restarting on the same output must not empty the leftover: it refuses and says how to keep it.
        let (again, refusal) = try run(binary, ["record", "--scene", scenePath, "-o", out], env: session.env)
        #expect(again == 2, "\(refusal)")
        #expect(refusal.contains("\(out).recording holds 16 events") && refusal.contains("gesturelab record --recover -o \(out)"), "\(refusal)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "old recording\n")
        // --recover saves every event before the kill into the output, the cut stroke ended by a cancel.
        let (recovered, said) = try run(binary, ["record", "--recover", "-o", out])
        #expect(recovered == 0 && said.contains("recovered 16 events") && said.contains("into \(out)"), "\(said)")
        #expect(!FileManager.default.fileExists(atPath: out + ".recording"))
        let (_, saved, warnings) = try TraceReader.readAll(path: out)
        #expect(warnings.isEmpty)
        #expect(saved.count == 17 && saved.filter { $0.type == .move }.count == 15 && saved.last?.type == .cancel)
        #expect(Array(saved.prefix(16)).map(\.jsonLine) == events.map(\.jsonLine), "the same events, in order")
        let (rs, replay) = try run(binary, ["replay", out, "--scene", scenePath, "--format", "jsonl"])
        #expect(rs == 0 && replay.contains(#""recognizer":"pan""#))
        // With nothing left over, recording starts again.
        let (nothing, none) = try run(binary, ["record", "--recover", "-o", out])
        #expect(nothing == 2 && none.contains("nothing to recover"))
    }

    @Test("Two recorders on one output: the second refuses (a lock) and the first saves everything")
    func twoRecorders() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scenePath = dir + "/scene.yaml", out = dir + "/rec.jsonl"
        try scene.write(toFile: scenePath, atomically: true, encoding: .utf8)
        let first = try RecordSession(scene: scenePath, output: out, ready: dir + "/ready1.json")
        try first.drag(moves: 10, lift: false)
        let (status, text) = try run(binary, ["record", "--scene", scenePath, "-o", out], env: first.env)
        #expect(status == 2)
        #expect(text.contains("\(out) is being recorded by another process (pid \(first.process.processIdentifier))"), "\(text)")
        _ = try run("/usr/bin/xdotool", ["mousemove", "--window", first.window, "60", "260", "mouseup", "1", "sleep", "0.3"], env: first.env)
        let (_, said) = first.finish()
        #expect(said.contains("saved 13 events (1 stroke) to \(out)"), "\(said)")
        let (_, events, _) = try TraceReader.readAll(path: out)
        #expect(events.count == 13 && events.last?.type == .up)
        #expect(!FileManager.default.fileExists(atPath: out + ".lock"), "the lock file goes with its recorder")
    }

    @Test("Without --scene, record draws on a blank canvas; a take with nothing drawn leaves the old file alone")
    func blankCanvas() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/rec.jsonl"
        let session = try RecordSession(scene: nil, output: out, ready: dir + "/ready.json")
        try session.drag(moves: 5)
        let (status, said) = session.finish()
        #expect(status == 0 && said.contains("saved 7 events (1 stroke) to \(out)"), "\(said)")
        let (header, events, _) = try TraceReader.readAll(path: out)
        #expect(header.scene == "blank" && events.count == 7)

        let untouched = try String(contentsOfFile: out, encoding: .utf8)
        let idle = try RecordSession(scene: nil, output: out, ready: dir + "/ready2.json")
        let (_, idleSaid) = idle.finish()
        #expect(idleSaid.contains("nothing was recorded; \(out) is left as it was"), "\(idleSaid)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == untouched)
    }

    @Test("A tall scene is shown scaled down; the trace header's scale is device pixels per point, as the format says")
    func scaleInHeader() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scenePath = dir + "/tall.yaml", out = dir + "/rec.jsonl", ready = dir + "/ready.json"
        try "scene: tall\nviewport: [390, 1200]\nviews: []\n".write(toFile: scenePath, atomically: true, encoding: .utf8)
        let session = try RecordSession(scene: scenePath, output: out, ready: ready)
        let layout = try JSONParser.parse(String(contentsOfFile: ready, encoding: .utf8))
        guard case let .number(scale)? = layout["scale"], case let .number(ox)? = layout["sceneX"], case let .number(oy)? = layout["sceneY"] else {
            Issue.record("no layout"); return
        }
        #expect(scale < 1, "1200 points do not fit the window at 1:1")
        try session.drag(moves: 4, from: (100, 200), step: 10)
        _ = session.finish()
        let (header, events, _) = try TraceReader.readAll(path: out)
        #expect(abs(header.scale - scale) < 1e-3, "header scale \(header.scale), window pixels per point \(scale)")
        // A window pixel maps back to scene points through the same scale.
        let down = try #require(events.first)
        #expect(abs(down.x - (100 - ox) / scale) < 0.01 && abs(down.y - (200 - oy) / scale) < 0.01, "down at (\(down.x), \(down.y))")
    }

    @Test("With no display, record and play exit 2 with a message instead of running without a window")
    func noDisplay() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scenePath = dir + "/scene.yaml", out = dir + "/rec.jsonl"
        try scene.write(toFile: scenePath, atomically: true, encoding: .utf8)
        let headless = ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"]
        let (rs, rt) = try run("/usr/bin/timeout", ["20", binary, "record", "--scene", scenePath, "-o", out], unset: headless)
        #expect(rs == 2 && rt.contains("no display") && rt.contains("xvfb-run"), "\(rt)")
        #expect(!FileManager.default.fileExists(atPath: out) && !FileManager.default.fileExists(atPath: out + ".recording"))
        let trace = root + "/recordings/traces/single-tap.jsonl"
        let (ps, pt) = try run("/usr/bin/timeout", ["20", binary, "play", trace, "--scene", scenePath], unset: headless)
        #expect(ps == 2 && pt.contains("no display"), "\(pt)")
        // SDL's windowless drivers are refused too.
        let (ds, dt) = try run("/usr/bin/timeout", ["20", binary, "play", trace, "--scene", scenePath], env: ["SDL_VIDEODRIVER": "dummy"])
        #expect(ds == 2 && dt.contains("no display: SDL's dummy video driver"), "\(dt)")
    }

    @Test("A recording that cannot be written is refused before the window opens, with the reason, and nothing is created")
    func unwritable() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scenePath = dir + "/scene.yaml"
        try scene.write(toFile: scenePath, atomically: true, encoding: .utf8)
        let xvfb = try VirtualDisplay()
        let (status, text) = try run(binary, ["record", "--scene", scenePath, "-o", dir + "/no-such-folder/out.jsonl"], env: ["DISPLAY": xvfb.display])
        #expect(status == 2)
        #expect(text.contains("cannot start recording") && text.contains("no-such-folder/out.jsonl") && text.contains("No such file or directory"), "\(text)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/no-such-folder"))
    }
    @Test("A disk that fills up mid-recording: the error is reported, the old recording is untouched, and what was written replays")
    func diskFull() throws {
        let fs = try SmallFilesystem(kilobytes: 64)
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scenePath = dir + "/scene.yaml", ready = dir + "/ready.json", out = fs.path + "/rec.jsonl"
        try scene.write(toFile: scenePath, atomically: true, encoding: .utf8)
        let old = "old recording\n"
        try old.write(toFile: out, atomically: false, encoding: .utf8)
        // Leave about 8 KB free: room for the header and roughly a hundred moves.
        _ = FileManager.default.createFile(atPath: fs.path + "/filler", contents: Data(count: 52 * 1024))
        let session = try RecordSession(scene: scenePath, output: out, ready: ready)
        try session.drag(moves: 600)
        let (status, text) = session.finish()
        #expect(text.contains("recording stopped") && text.contains("No space left on device") && text.contains("was not touched"), "\(text)")
        #expect(status != 0 || text.contains("recording stopped"))
        #expect(try String(contentsOfFile: out, encoding: .utf8) == old, "the old recording is untouched")
        // Everything that reached the disk before it filled is a valid trace (a torn last line is a warning).
        let (_, events, _) = try TraceReader.readAll(path: out + ".recording")
        #expect(events.first?.type == .down && events.filter { $0.type == .move }.count > 20, "\(events.count) events kept")
    }

    @Test("A read-only place: recording does not start, the message says why, and the existing file is untouched")
    func readOnlyPlace() throws {
        let fs = try SmallFilesystem(kilobytes: 64)
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scenePath = dir + "/scene.yaml", out = fs.path + "/rec.jsonl"
        try scene.write(toFile: scenePath, atomically: true, encoding: .utf8)
        try "old recording\n".write(toFile: out, atomically: false, encoding: .utf8)
        try fs.remountReadOnly()
        let xvfb = try VirtualDisplay()
        let (status, text) = try run(binary, ["record", "--scene", scenePath, "-o", out], env: ["DISPLAY": xvfb.display])
        #expect(status == 2)
        #expect(text.contains("cannot start recording") && text.contains("Read-only file system"), "\(text)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "old recording\n")
        #expect(!FileManager.default.fileExists(atPath: out + ".recording"))
    }

    @Test("A device as the output (/dev/full) is refused: saving by rename would replace the device node")
    func deviceOutput() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scenePath = dir + "/scene.yaml"
        try scene.write(toFile: scenePath, atomically: true, encoding: .utf8)
        let xvfb = try VirtualDisplay()
        let (status, text) = try run(binary, ["record", "--scene", scenePath, "-o", "/dev/full"], env: ["DISPLAY": xvfb.display])
        #expect(status == 2)
        #expect(text.contains("/dev/full is not a regular file"), "\(text)")
        #expect(!FileManager.default.fileExists(atPath: "/dev/full.lock"))
        var info = stat()
        #expect(stat("/dev/full", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR, "/dev/full is still a device")
        #expect(!FileManager.default.fileExists(atPath: "/dev/full.recording"))
    }
}
