import Foundation
import GestureTestSupport
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

typealias Browser = HeadlessChromium

extension HeadlessChromium {
    /// Runs `cdp-touch.mjs` on `url` with `steps`; returns what it printed, parsed.
    func drive(_ url: String, _ steps: [[String: Any]]) throws -> [String: Any] {
        try drive(script: repositoryRoot + "/Tests/GestureServerTests/cdp-touch.mjs", url: url, steps: steps)
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
