import Foundation

/// Headless Chromium with its DevTools port on loopback, in a profile of its own: the real
/// browser the page tests (recorder, timeline) drive through a DevTools script run by node.
public final class HeadlessChromium {
    let process = Process()
    let profile: String
    public private(set) var devToolsPort = 0

    public init(windowSize: String = "390,950") throws {
        let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let chromium else { throw BrowserError("chromium is needed (scripts/test.sh installs it)") }
        profile = NSTemporaryDirectory() + "gesturelab-chromium-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: profile, withIntermediateDirectories: true)
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0",
                             "--user-data-dir=" + profile, "--window-size=" + windowSize, "--no-first-run", "--allow-file-access-from-files", "about:blank"]
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
        throw BrowserError("chromium did not open its DevTools port")
    }

    /// Runs a DevTools driver (`node --experimental-websocket SCRIPT PORT URL STEPS`) and
    /// returns the JSON object it printed.
    public func drive(script: String, url: String, steps: [[String: Any]]) throws -> [String: Any] {
        let node = Process()
        node.executableURL = URL(fileURLWithPath: "/usr/bin/env")
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
            throw BrowserError("the DevTools driver failed (node 20 with --experimental-websocket is needed): \(String(decoding: e, as: UTF8.self))")
        }
        return result
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: profile)
    }
}

public struct BrowserError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
