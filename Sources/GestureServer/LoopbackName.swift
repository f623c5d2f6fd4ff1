// Built with the Server trait only (Package.swift): without it Hummingbird is not in the graph.
#if Server
import Foundation

/// Which names mean this machine's loopback, and nothing else: what a server bound to loopback
/// answers to (`AccessGate`) and whether `--host` needs a token (`ServerConfiguration`).
enum LoopbackName {
    /// `host[:port]` of an origin `http://host[:port]` or `https://...`, or nil for anything else.
    static func authority(ofOrigin origin: String) -> String? {
        let lower = origin.lowercased()
        for scheme in ["http://", "https://"] where lower.hasPrefix(scheme) {
            let rest = origin.dropFirst(scheme.count)
            guard !rest.isEmpty, !rest.contains("/"), !rest.contains("@") else { return nil }
            return String(rest)
        }
        return nil
    }

    /// Whether a `Host` (or an origin's authority) names this machine's loopback and nothing
    /// else: `localhost` (any case), an all-numeric 127.x.y.z, or `[::1]` (in any of its spellings,
    /// and `[::ffff:127.x.y.z]`), each with an optional port. A name a DNS server answers for
    /// (`127.0.0.1.evil.example`, `localhost.evil.example`) or one with a trailing dot is not:
    /// its owner could point it at 127.0.0.1 (DNS rebinding).
    static func isLoopbackAuthority(_ authority: String) -> Bool {
        var host = Substring(authority)
        var port: Substring?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return false }
            let after = host[host.index(after: close)...]
            if !after.isEmpty {
                guard after.first == ":" else { return false }
                port = after.dropFirst()
            }
            host = host[host.index(after: host.startIndex)..<close]
            guard isLoopbackIPv6(String(host)) else { return false }
        } else {
            if let colon = host.firstIndex(of: ":") {
                port = host[host.index(after: colon)...]
                host = host[..<colon]
            }
            guard host.lowercased() == "localhost" || isLoopbackIPv4(host) else { return false }
        }
        if let port {
            guard !port.isEmpty, port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }), Int(port)! <= 65535 else { return false }
        }
        return true
    }

    /// 127.a.b.c with four decimal parts of 0...255 (no leading zeros, which some resolvers read
    /// as octal).
    static func isLoopbackIPv4(_ text: Substring) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "127" else { return false }
        return parts.allSatisfy { p in
            !p.isEmpty && p.count <= 3 && p.allSatisfy { $0.isASCII && $0.isNumber } && Int(p)! <= 255 && (p.count == 1 || p.first != "0")
        }
    }

    /// ::1, however written, or an IPv4-mapped 127.x.y.z.
    static func isLoopbackIPv6(_ text: String) -> Bool {
        var address = in6_addr()
        guard !text.contains("%"), inet_pton(AF_INET6, text, &address) == 1 else { return false }
        let bytes = withUnsafeBytes(of: address) { Array($0) }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }
        return bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127
    }
}
#endif
