import Foundation
import GestureTrace
import Testing

let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// `gesturelab serve` as a process of its own (so a test can `kill -9` it), on a free loopback port.
final class ServerProcess {
    let process = Process()
    let recordings: String
    private(set) var port = 0
    private(set) var url = ""
    private let output = Pipe()
    private(set) var firstLine = ""

    init(recordings: String, arguments: [String] = []) throws {
        self.recordings = recordings
        process.executableURL = URL(fileURLWithPath: ProcessInfo.processInfo.environment["GESTURELAB_BIN"] ?? repositoryRoot + "/.build/debug/gesturelab")
        process.arguments = ["serve", "--port", "0", "--recordings", recordings, "--scenes", repositoryRoot + "/recordings/scenes"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: repositoryRoot)
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        // The first line says where it listens: "... open http://HOST:PORT/[?token=...]".
        var text = ""
        let handle = output.fileHandleForReading
        let deadline = Date().addingTimeInterval(30)
        while !text.contains("\n") && Date() < deadline {
            let data = handle.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        firstLine = String(text.prefix { $0 != "\n" })
        guard let r = firstLine.range(of: "http://"), let colon = firstLine[r.upperBound...].lastIndex(of: ":") else {
            process.terminate()
            throw HarnessError("the server did not say where it listens: \(text)")
        }
        let after = firstLine[firstLine.index(after: colon)...]
        port = Int(after.prefix { $0.isNumber }) ?? 0
        url = "http://127.0.0.1:\(port)"
    }

    func kill9() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    deinit { stop() }
}

/// Headless Chromium with its DevTools port on loopback, in a profile of its own.
final class Browser {
    let process = Process()
    let profile: String
    private(set) var devToolsPort = 0

    init() throws {
        let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let chromium else { throw HarnessError("chromium is needed (scripts/test.sh installs it)") }
        profile = NSTemporaryDirectory() + "gesturelab-chromium-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: profile, withIntermediateDirectories: true)
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0",
                             "--user-data-dir=" + profile, "--window-size=390,950", "--no-first-run", "about:blank"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let file = profile + "/DevToolsActivePort"
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: file, encoding: .utf8), let first = text.split(separator: "\n").first, let p = Int(first) {
                devToolsPort = p
                return
            }
            usleep(50_000)
        }
        process.terminate()
        throw HarnessError("chromium did not open its DevTools port")
    }

    /// Runs `cdp-touch.mjs` on `url` with `steps`; returns what it printed, parsed.
    func drive(_ url: String, _ steps: [[String: Any]]) throws -> [String: Any] {
        let node = Process()
        node.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let script = repositoryRoot + "/Tests/GestureServerTests/cdp-touch.mjs"
        let stepsText = String(decoding: try JSONSerialization.data(withJSONObject: steps), as: UTF8.self)
        node.arguments = ["node", "--experimental-websocket", "--no-warnings", script, String(devToolsPort), url, stepsText]
        let out = Pipe(), err = Pipe()
        node.standardOutput = out
        node.standardError = err
        try node.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        node.waitUntilExit()
        guard node.terminationStatus == 0, let result = try JSONSerialization.jsonObject(with: o) as? [String: Any] else {
            throw HarnessError("the DevTools driver failed (node 20 with --experimental-websocket is needed): \(String(decoding: e, as: UTF8.self))")
        }
        return result
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: profile)
    }
}

struct HarnessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A two-finger pinch on the photo of pinch-and-rotate: fingers 70 pt apart spreading to 190 pt.
func pinchSteps(moves: Int = 20, lift: Bool = true) -> [[String: Any]] {
    var steps: [[String: Any]] = [["touch": "touchStart", "points": [["id": 1, "x": 160, "y": 422], ["id": 2, "x": 230, "y": 422]]]]
    for k in 1...moves {
        let d = 60.0 * Double(k) / Double(moves)
        steps.append(["touch": "touchMove", "points": [["id": 1, "x": 160 - d, "y": 422], ["id": 2, "x": 230 + d, "y": 422]]])
    }
    if lift { steps.append(["touch": "touchEnd", "points": [[String: Any]]()]) }
    return steps
}

func temporaryFolder(_ name: String) throws -> String {
    let dir = NSTemporaryDirectory() + "gesturelab-serve-\(name)-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
}

/// The events of a trace on disk, through the trace reader.
func traceEvents(_ path: String) throws -> (TraceHeader, [TraceEvent], [TraceDiagnostic]) {
    try TraceReader.readAll(path: path)
}

/// One HTTP request with curl (on loopback), returning the status and the body.
func http(_ method: String, _ url: String, headers: [String: String] = [:], body: String? = nil, maxTime: Int = 20) throws -> (status: Int, body: String, headers: String) {
    let curl = Process()
    curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
    var args = ["-s", "-X", method, "-D", "-", "--max-time", String(maxTime), "--path-as-is"]
    for (k, v) in headers { args += ["-H", "\(k): \(v)"] }
    if let body {
        let file = NSTemporaryDirectory() + "gesturelab-body-\(UUID().uuidString)"
        try body.write(toFile: file, atomically: true, encoding: .utf8)
        args += ["--data-binary", "@" + file]
    }
    curl.arguments = args + [url]
    let out = Pipe()
    curl.standardOutput = out
    try curl.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    curl.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    let parts = text.components(separatedBy: "\r\n\r\n")
    let head = parts.first ?? ""
    let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
    return (status, parts.dropFirst().joined(separator: "\r\n\r\n"), head)
}
