import ArgumentParser
import Foundation
#if Server
import GestureServer
#endif

#if canImport(Glibc)
import Glibc
#endif

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the recorder page (any browser, a phone's included) and pages to browse recordings.",
        discussion: """
        Open the printed URL, pick a scene and draw on it: every pointer (fingers, pen, mouse) is written to the recordings \
        folder as it arrives, and the scene's recognizers run live. Listens on 127.0.0.1 unless --host says otherwise; any \
        other host (0.0.0.0 for a phone on the same network) prints a URL with a token that every request must carry. \
        Takes a killed server left behind are saved when it starts again. See docs/serve.md.
        """
    )

    @Option(help: "The address to listen on: 127.0.0.1 (this machine only) or 0.0.0.0 (every network, with a token).")
    var host: String = "127.0.0.1"

    @Option(help: "The port (0: any free one; the URL printed says which).")
    var port: Int = 8390

    @Option(help: "The folder recordings are written to and browsed in.")
    var recordings: String = "recordings/traces"

    @Option(help: "The folder of scenes the recorder offers.")
    var scenes: String = "recordings/scenes"

    @Option(help: "The largest trace an upload (PUT /recordings/NAME.jsonl) may be, in bytes.")
    var maxUploadBytes: Int = 16 << 20

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port \(port): expected 0 to 65535") }
        guard maxUploadBytes > 0 else { throw ValidationError("--max-upload-bytes must be more than 0") }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: scenes, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("--scenes \(scenes): no such folder")
        }
    }

    #if !Server
    func run() throws {
        throw Exit.fail(missingTraitMessage("serve", trait: "Server"))
    }
    #else
    func run() throws {
        let loopback = ServerConfiguration.isLoopback(host)
        let token = loopback ? nil : GestureLabServer.newToken()
        let server = GestureLabServer(configuration: ServerConfiguration(host: host, port: port, recordings: recordings, scenes: scenes,
                                                                         token: token, maximumUploadBytes: maxUploadBytes))
        let host = self.host
        Task {
            do {
                try await server.run { bound in
                    let shown = loopback ? (host.contains(":") ? "[\(host)]" : host) : (ServeCommand.networkAddress() ?? host)
                    var line = "gesturelab serve: recording into \(server.configuration.recordings); open http://\(shown):\(bound)/"
                    if let token { line += "?token=\(token)  (every request needs this token)" }
                    emit(line)
                }
                Glibc.exit(0)
            } catch {
                Exit.warn("gesturelab serve: \(error)")
                Glibc.exit(Exit.badInput)
            }
        }
        // SIGINT and SIGTERM start a graceful shutdown (the server closes the open takes, which saves
        // them); a browser may hold an idle connection open past it, so the process ends 3 s later
        // at the latest. Nothing is lost either way: every event is on disk as it arrives, and a
        // take left unsaved is saved at the next start.
        var sources: [DispatchSourceSignal] = []
        for sig in [SIGINT, SIGTERM] {
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .main)
            source.setEventHandler { DispatchQueue.main.asyncAfter(deadline: .now() + 3) { Glibc.exit(0) } }
            source.resume()
            sources.append(source)
        }
        withExtendedLifetime(sources) {
            // The engine and recognizers written for UIKit run on the main actor: the main queue serves it.
            dispatchMain()
        }
    }
    #endif

    /// This machine's first IPv4 address that is not loopback: what a phone on the same network opens.
    static func networkAddress() -> String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return nil }
        defer { freeifaddrs(list) }
        var p: UnsafeMutablePointer<ifaddrs>? = first
        while let a = p {
            defer { p = a.pointee.ifa_next }
            guard let addr = a.pointee.ifa_addr, addr.pointee.sa_family == sa_family_t(AF_INET) else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard getnameinfo(addr, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            let text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !text.hasPrefix("127.") { return text }
        }
        return nil
    }
}
