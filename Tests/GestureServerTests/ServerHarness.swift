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

    /// `fileLimit` runs the server under `ulimit -n` of that many files (soft and hard), as on
    /// machines whose limit is the usual 1,024.
    init(recordings: String, scenes: String = repositoryRoot + "/recordings/scenes", arguments: [String] = [], fileLimit: Int? = nil) throws {
        self.recordings = recordings
        let binary = ProcessInfo.processInfo.environment["GESTURELAB_BIN"] ?? repositoryRoot + "/.build/debug/gesturelab"
        let serve = ["serve", "--port", "0", "--recordings", recordings, "--scenes", scenes] + arguments
        if let fileLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -n \(fileLimit) && exec \"$0\" \"$@\"", binary] + serve
        } else {
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = serve
        }
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

/// A plain TCP connection to the server on loopback, for what curl cannot do: a WebSocket take
/// driven message by message, connections held open, requests sent in part.
final class RawConnection {
    let fd: Int32

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw HarnessError("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        // Without waiting long: a server that no longer accepts leaves connect() waiting minutes.
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        var failure: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard connected == 0 || (errno == EINPROGRESS && poll(&ready, 1, 3000) == 1
                                 && getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &length) == 0 && failure == 0) else {
            close(fd)
            throw HarnessError("connect: not connected within 3 s")
        }
        _ = fcntl(fd, F_SETFL, flags)
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    func send(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    func send(_ text: String) { send(Array(text.utf8)) }

    /// Exactly `count` bytes, or fewer when the server closed the connection or went quiet.
    func receive(_ count: Int) -> [UInt8] {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: count)
        while out.count < count {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, count - out.count, 0) }
            if n <= 0 { break }
            out += buffer[0..<n]
        }
        return out
    }

    /// Whether the server has closed the connection: whatever it sent first (a response) is read
    /// and the end of the stream follows within a second.
    func closedByServer() -> Bool {
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n == 0 { return true }
            if n < 0 { return errno == ECONNRESET }
        }
    }

    /// The response head (status line and headers), read byte by byte up to the blank line.
    func responseHead() -> String {
        var head: [UInt8] = []
        while !head.suffix(4).elementsEqual([13, 10, 13, 10]) {
            let b = receive(1)
            if b.isEmpty { break }
            head += b
        }
        return String(decoding: head, as: UTF8.self)
    }

    /// Opens the recorder's WebSocket for `scene`; returns the handshake's status line.
    func openTake(scene: String, port: Int, host: String? = nil, origin: String? = nil) -> String {
        var request = "GET /ws/record?scene=\(scene) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
            + "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        if let origin { request += "Origin: \(origin)\r\n" }
        send(request + "\r\n")
        return String(responseHead().prefix { $0 != "\r" })
    }

    /// Sends one text message (masked, as a client must) and returns the server's reply, or nil
    /// when none came.
    func message(_ text: String) -> String? {
        let payload = Array(text.utf8)
        var frame: [UInt8] = [0x81]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else {
            frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        }
        let mask: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        send(frame)
        let head = receive(2)
        guard head.count == 2 else { return nil }
        var length = Int(head[1] & 0x7F)
        if length == 126 {
            let ext = receive(2)
            guard ext.count == 2 else { return nil }
            length = Int(ext[0]) << 8 | Int(ext[1])
        } else if length == 127 {
            let ext = receive(8)
            guard ext.count == 8 else { return nil }
            length = ext.reduce(0) { $0 << 8 | Int($1) }
        }
        let body = receive(length)
        return body.count == length ? String(decoding: body, as: UTF8.self) : nil
    }
}
