// Built with the Server trait only (Package.swift): without it Hummingbird is not in the graph.
#if Server
import Foundation
import HTTPTypes
import Hummingbird

/// Who may talk to the server.
///
/// - On loopback, every request's `Host` must be a loopback name, so a web page elsewhere cannot
///   reach the server through a DNS name it points at 127.0.0.1 (DNS rebinding); and a WebSocket's
///   `Origin`, when sent, must be the server itself, so another site open in the same browser
///   cannot record into it.
/// - Reachable from other machines, every request must carry the token printed at start: in the
///   URL (`?token=`) the first time, which sets a cookie for the rest of the visit, or in an
///   `X-GestureLab-Token` header (scripts).
struct AccessGate<Context: RequestContext>: RouterMiddleware {
    let token: String?
    let loopback: Bool

    static var cookieName: String { "gesturelab_token" }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let host = request.head.authority ?? ""
        if loopback && !LoopbackName.isLoopbackAuthority(host) {
            return Self.refusal(.forbidden, "this server answers to localhost, 127.0.0.1 and [::1] only (the request named \(host.isEmpty ? "no host" : host))")
        }
        if let origin = request.headers[.origin] {
            // A page's origin is scheme://host[:port]. On loopback it must be a loopback name as
            // well as this server's own: an attacker's name that resolves to 127.0.0.1 is neither.
            let originAuthority = LoopbackName.authority(ofOrigin: origin)
            if origin == "null" || originAuthority == nil {
                return Self.refusal(.forbidden, "a page with no origin may not use this server")
            }
            if originAuthority!.lowercased() != host.lowercased() || (loopback && !LoopbackName.isLoopbackAuthority(originAuthority!)) {
                return Self.refusal(.forbidden, "a page from \(origin) may not use this server")
            }
        }
        guard let token else { return try await next(request, context) }
        if let given = request.uri.queryParameters.get("token"), Self.same(given, token) {
            var response = try await next(request, context)
            response.headers.append(HTTPField(name: .setCookie, value: "\(Self.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict"))
            return response
        }
        let header = request.headers[HTTPField.Name("X-GestureLab-Token")!]
        let cookie = Self.cookie(Self.cookieName, in: request.headers[values: .cookie])
        if let given = header ?? cookie, Self.same(given, token) {
            return try await next(request, context)
        }
        return Self.refusal(.unauthorized, "this server needs the token it printed when it started: open the URL it printed, with ?token=...")
    }

    static func cookie(_ name: String, in values: [String]) -> String? {
        for value in values {
            for part in value.split(separator: ";") {
                let kv = part.split(separator: "=", maxSplits: 1)
                if kv.count == 2, kv[0].trimmingCharacters(in: .whitespaces) == name { return String(kv[1]).trimmingCharacters(in: .whitespaces) }
            }
        }
        return nil
    }

    /// Compares in time that does not depend on where the strings differ.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var diff: UInt8 = 0
        for k in 0..<x.count { diff |= x[k] ^ y[k] }
        return diff == 0
    }

    static func refusal(_ status: HTTPResponse.Status, _ message: String) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: message + "\n")))
    }

    /// A token for one run of the server: 128 random bits, as hex.
    static func newToken() -> String {
        var rng = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(format: "%08x", rng.next() as UInt32) }.joined()
    }
}
#endif
