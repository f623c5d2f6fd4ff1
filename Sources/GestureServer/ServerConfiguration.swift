// Built with the Server trait only (Package.swift): without it Hummingbird is not in the graph.
#if Server
/// How `gesturelab serve` runs: where it listens, which folders it serves, and its limits.
public struct ServerConfiguration: Sendable {
    /// 127.0.0.1 by default: only this machine reaches the server. Any other address (0.0.0.0 for a
    /// phone on the same network) turns the access token on.
    public var host: String
    /// 0 picks a free port (the tests do); `onRunning` is told which.
    public var port: Int
    /// Where recordings are written and browsed. Nothing outside it is ever read or written.
    public var recordings: String
    /// The scenes the recorder page offers.
    public var scenes: String
    /// The one secret every request must carry when the server is reachable from other machines
    /// (nil on loopback).
    public var token: String?
    /// The largest trace an upload may be, and the largest WebSocket message.
    public var maximumUploadBytes: Int
    public var maximumMessageBytes: Int
    /// Connections served at once (each holds a file descriptor); more wait to be accepted. nil:
    /// the open-file limit (raised to its hard limit at start) less 256 for files.
    public var maximumConnections: Int?

    public init(host: String = "127.0.0.1", port: Int = 8390, recordings: String = "recordings/traces", scenes: String = "recordings/scenes",
                token: String? = nil, maximumUploadBytes: Int = 16 << 20, maximumMessageBytes: Int = 1 << 20, maximumConnections: Int? = nil) {
        self.maximumConnections = maximumConnections
        self.host = host
        self.port = port
        self.recordings = recordings
        self.scenes = scenes
        self.token = token
        self.maximumUploadBytes = maximumUploadBytes
        self.maximumMessageBytes = maximumMessageBytes
    }

    /// Whether `host` is a loopback address, which needs no token.
    public static func isLoopback(_ host: String) -> Bool {
        host.contains(":") && !host.hasPrefix("[")
            ? LoopbackName.isLoopbackIPv6(host)
            : LoopbackName.isLoopbackAuthority(host)
    }
}
#endif
