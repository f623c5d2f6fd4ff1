// Built with the Server trait only (Package.swift): without it Hummingbird is not in the graph.
#if Server
import Foundation
import GestureAnalysis
import GestureScenes
import GestureTimeline
import GestureTrace
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

/// `gesturelab serve`: the recorder page for any browser (a phone's included), and pages to browse
/// the recordings with their timelines and explanations.
///
/// Hummingbird 2 on SwiftNIO, with its WebSocket module: a maintained server framework from the
/// package mirror whose requests, WebSocket upgrade and middleware are plain async Swift, so a take's
/// messages are handled in order, one `await` each, beside the engine on the main actor.
public struct GestureLabServer: Sendable {
    public let configuration: ServerConfiguration
    let folder: RecordingsFolder

    public init(configuration: ServerConfiguration) {
        self.configuration = configuration
        folder = RecordingsFolder(path: configuration.recordings)
    }

    /// A fresh access token (128 random bits) for a server reachable from other machines.
    public static func newToken() -> String { AccessGate<BasicWebSocketRequestContext>.newToken() }

    /// Recovers interrupted takes, then serves until the process is asked to stop (SIGINT or
    /// SIGTERM close the open takes, which saves them). `onRunning` is given the bound port.
    public func run(onRunning: @escaping @Sendable (Int) -> Void = { _ in }) async throws {
        try FileManager.default.createDirectory(atPath: configuration.recordings, withIntermediateDirectories: true)
        let files = Self.raiseFileLimit()
        // Room for the recordings, scenes and pages besides the connections.
        let limit = configuration.maximumConnections ?? max(64, files - 256)
        for line in folder.recoverLeftovers() { Self.say(line) }
        let router = makeRouter()
        var logger = Logger(label: "gesturelab-serve")
        // Hummingbird logs every connection that closes before its request as an error: under a
        // flood that is thousands of lines. What the server has to say, it says itself (`say`).
        logger.logLevel = .critical
        // A bounded number of connections at once; more wait in the kernel's queue until one
        // closes, so a flood cannot take every file descriptor (a take's recording needs one to
        // save). Those that have not sent a request head are shed first (`ConnectionGuard`).
        let connections = ConnectionGuard(limit: max(32, limit - 32))
        let webSocketResponder = router.buildResponder()
        let maximumMessage = configuration.maximumMessageBytes
        let app = Application(
            router: router,
            // Idle HTTP connections close after 5 s: a browser's unused preconnection would
            // otherwise hold a graceful shutdown (SIGINT, SIGTERM) open for as long as the browser runs.
            server: HTTPServerBuilder { responder in
                GuardedChildChannel(inner: HTTP1WebSocketUpgradeChannel(responder: responder, webSocketResponder: webSocketResponder,
                                                                       configuration: .init(http1: .init(idleTimeout: .seconds(5)), ws: .init(maxFrameSize: maximumMessage))),
                                    connections: connections)
            },
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "gesturelab",
                                 availableConnectionsDelegate: MaximumAvailableConnections(limit)),
            onServerRunning: { channel in onRunning(channel.localAddress?.port ?? configuration.port) },
            logger: logger
        )
        try await app.runService()
    }

    func makeRouter() -> Router<BasicWebSocketRequestContext> {
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.middlewares.add(AccessGate(token: configuration.token, loopback: ServerConfiguration.isLoopback(configuration.host)))
        let pages = BrowsePages(folder: folder, scenes: configuration.scenes)
        router.get("/") { _, _ in Self.html(await pages.index()) }
        router.get("/record") { request, _ in
            guard let scene = request.uri.queryParameters.get("scene") else { return Self.text(.badRequest, "which scene? /record?scene=NAME") }
            return try await pages.recorder(scene: scene, name: request.uri.queryParameters.get("name"))
        }
        router.get("/api/recordings") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: pages.listJSON())))
        }
        router.get("/recordings/:name") { _, context in
            let name = context.parameters.get("name") ?? ""
            guard let file = folder.existingFile(named: name), let data = FileManager.default.contents(atPath: file) else {
                return Self.text(.notFound, "no recording \(name)")
            }
            return Response(status: .ok, headers: [.contentType: "application/x-ndjson; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
        router.get("/recordings/:name/timeline") { request, context in
            try await pages.timeline(name: context.parameters.get("name") ?? "", scene: request.uri.queryParameters.get("scene"))
        }
        router.get("/recordings/:name/explain") { request, context in
            await pages.explain(name: context.parameters.get("name") ?? "", scene: request.uri.queryParameters.get("scene"))
        }
        let limit = configuration.maximumUploadBytes
        router.put("/recordings/:name") { request, context in
            try await Self.upload(request, name: context.parameters.get("name") ?? "", folder: folder, limit: limit)
        }
        router.ws("/ws/record", shouldUpgrade: { request, _ in
            guard let scene = request.uri.queryParameters.get("scene"), BrowsePages.sceneFile(scene, in: configuration.scenes) != nil else {
                return .dontUpgrade
            }
            return .upgrade([:])
        }, onUpgrade: { inbound, outbound, context in
            let query = context.request.uri.queryParameters
            let sceneName = query.get("scene") ?? ""
            let base = query.get("name").flatMap { $0.isEmpty ? nil : $0 } ?? "take-\(sceneName)"
            let take: RecordingTake
            do {
                take = try await MainActor.run { () throws -> RecordingTake in
                    let doc = try SceneLoader.load(path: BrowsePages.sceneFile(sceneName, in: configuration.scenes)!)
                    guard let name = folder.freshName(base: base, reserved: RecordingTake.namesInUse) else { throw ServeError("\"\(base)\" cannot name a recording: use letters, digits, . _ -") }
                    return try RecordingTake(document: doc, folder: folder, name: name)
                }
            } catch {
                try await outbound.write(.text(RecordingTake.reply("error", ["message": .string("\(error)")])))
                return
            }
            var stopped = false
            do {
                for try await message in inbound.messages(maxSize: configuration.maximumMessageBytes) {
                    guard case let .text(text) = message else { continue }
                    let reply = await take.handle(text)
                    try await outbound.write(.text(reply))
                    if reply.hasPrefix("{\"kind\":\"saved\"") { stopped = true; break }
                }
            } catch {
                // The page went away mid-message: what arrived before is on disk, and saved below.
            }
            if !stopped {
                let said = await take.finish()
                Self.say("\(take.name): the page closed the take; \(said)")
            }
        })
        return router
    }

    static func upload(_ request: Request, name: String, folder: RecordingsFolder, limit: Int) async throws -> Response {
        guard let file = folder.file(named: name) else {
            return text(.badRequest, "\"\(name)\" cannot name a recording: letters, digits, . _ - and the .jsonl suffix")
        }
        // The name is held from here to the end, as a take holds its name: two uploads of one
        // name, or an upload and a take, never both think they wrote it.
        let reserved = await MainActor.run { () -> Bool in
            guard !RecordingTake.namesInUse.contains(name), !FileManager.default.fileExists(atPath: file),
                  !FileManager.default.fileExists(atPath: file + ".recording") else { return false }
            RecordingTake.namesInUse.insert(name)
            return true
        }
        guard reserved else { return text(.conflict, "\(name) exists or is being written; uploads never replace a recording") }
        do {
            let response = try await store(request, name: name, file: file, limit: limit)
            await MainActor.run { _ = RecordingTake.namesInUse.remove(name) }
            return response
        } catch {
            await MainActor.run { _ = RecordingTake.namesInUse.remove(name) }
            throw error
        }
    }

    private static func store(_ request: Request, name: String, file: String, limit: Int) async throws -> Response {
        let body = request.body
        let buffer: ByteBuffer
        do {
            buffer = try await body.collect(upTo: limit)
        } catch {
            return text(.contentTooLarge, "an upload may be at most \(limit) bytes")
        }
        let bytes = Array(buffer.readableBytesView)
        // Checked as every command checks a trace, to the last line.
        do {
            let reader = try TraceReader(bytes: bytes, name: name)
            while try reader.nextEvent() != nil {}
        } catch {
            return text(.badRequest, "\(error)")
        }
        let temporary = file + ".upload-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else {
            return text(.internalServerError, "cannot write \(file)")
        }
        defer { unlink(temporary) }
        // link(2), unlike rename(2), fails when the name exists: whatever else made the file
        // (a command run by hand in the folder), it is never replaced.
        guard link(temporary, file) == 0 else {
            if errno == EEXIST { return text(.conflict, "\(name) exists; uploads never replace a recording") }
            return text(.internalServerError, "cannot move the upload into \(file): \(String(cString: strerror(errno)))")
        }
        return text(.created, "saved \(bytes.count) bytes to \(name)")
    }

    /// The usual soft limit of 1,024 open files is below what a flood of connections and the
    /// takes' files need together: raised to the hard limit. Returns the limit in force.
    static func raiseFileLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = min(limit.rlim_max, 1 << 20)
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return Int(min(limit.rlim_cur, 1 << 20))
    }

    static func html(_ page: String) -> Response {
        Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"], body: .init(byteBuffer: ByteBuffer(string: page)))
    }

    static func text(_ status: HTTPResponse.Status, _ message: String) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: message + "\n")))
    }

    static func say(_ message: String) {
        let line = Array(("gesturelab serve: " + message + "\n").utf8)
        _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}

struct ServeError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
#endif
