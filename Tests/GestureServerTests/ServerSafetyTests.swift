import Foundation
import GestureTrace
import Testing

/// What `gesturelab serve` refuses: requests without the token when it listens beyond loopback,
/// other hosts' names and pages, names that climb out of the recordings folder, uploads that are
/// too large or not traces. Every request here goes to 127.0.0.1.
@Suite("gesturelab serve: safe by default", .serialized)
struct ServerSafetyTests {
    static let goodTrace = """
        {"format":"gesturelab-trace","version":1,"scene":"pinch-and-rotate"}
        {"t":0,"type":"down","id":1,"x":100,"y":400}
        {"t":50,"type":"up","id":1,"x":100,"y":400}

        """

    @Test("beyond loopback, every request needs the printed token; the URL's token sets a cookie for the rest of the visit")
    func token() throws {
        let folder = try temporaryFolder("token")
        // Listening on every interface; the test still talks to 127.0.0.1 only.
        let server = try ServerProcess(recordings: folder, arguments: ["--host", "0.0.0.0"])
        let printed = server.firstLine
        let token = try #require(printed.range(of: "?token=").map { String(printed[$0.upperBound...].prefix { $0.isHexDigit }) })
        #expect(token.count == 32)
        #expect(try http("GET", server.url + "/").status == 401)
        #expect(try http("GET", server.url + "/?token=0123").status == 401)
        let first = try http("GET", server.url + "/?token=" + token)
        #expect(first.status == 200)
        #expect(first.headers.lowercased().contains("set-cookie: gesturelab_token=\(token)"))
        #expect(try http("GET", server.url + "/api/recordings", headers: ["Cookie": "gesturelab_token=\(token)"]).status == 200)
        #expect(try http("GET", server.url + "/api/recordings", headers: ["X-GestureLab-Token": token]).status == 200)
        #expect(try http("PUT", server.url + "/recordings/a.jsonl", body: Self.goodTrace).status == 401)
        #expect(!FileManager.default.fileExists(atPath: folder + "/a.jsonl"))
    }

    @Test("on loopback: other host names (DNS rebinding) and other sites' pages are refused")
    func hostAndOrigin() throws {
        let server = try ServerProcess(recordings: try temporaryFolder("origin"))
        #expect(try http("GET", server.url + "/").status == 200)
        #expect(try http("GET", server.url + "/", headers: ["Host": "localhost:\(server.port)"]).status == 200)
        #expect(try http("GET", server.url + "/", headers: ["Host": "attacker.example:\(server.port)"]).status == 403)
        #expect(try http("GET", server.url + "/api/recordings", headers: ["Origin": "http://attacker.example"]).status == 403)
        #expect(try http("GET", server.url + "/api/recordings", headers: ["Origin": "http://127.0.0.1:\(server.port)"]).status == 200)
        // A WebSocket upgrade from another site's page.
        let upgrade = ["Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13", "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="]
        var evil = upgrade
        evil["Origin"] = "http://attacker.example"
        // (The refusal of an upgrade comes back as the WebSocket handshake's failure, 400.)
        #expect([400, 403].contains(try http("GET", server.url + "/ws/record?scene=pinch-and-rotate", headers: evil, maxTime: 2).status))
        var own = upgrade
        own["Origin"] = "http://127.0.0.1:\(server.port)"
        #expect(try http("GET", server.url + "/ws/record?scene=pinch-and-rotate", headers: own, maxTime: 2).status == 101)
    }

    @Test("names cannot leave the recordings folder; uploads are limited in size and checked like any trace")
    func namesAndUploads() throws {
        let folder = try temporaryFolder("upload")
        let server = try ServerProcess(recordings: folder, arguments: ["--max-upload-bytes", "4096"])
        for name in ["..%2F..%2Fetc%2Fpasswd", "..", ".hidden.jsonl", "x.jsonl.recording", "a%2Fb.jsonl", "%2Fetc%2Fpasswd"] {
            #expect(try http("GET", server.url + "/recordings/" + name).status == 404, "\(name)")
            #expect(try http("PUT", server.url + "/recordings/" + name, body: Self.goodTrace).status != 201, "\(name)")
        }
        #expect(try http("GET", server.url + "/record?scene=..%2F..%2Fetc%2Fpasswd").status == 404)

        let put = try http("PUT", server.url + "/recordings/up.jsonl", body: Self.goodTrace)
        #expect(put.status == 201)
        #expect(try String(contentsOfFile: folder + "/up.jsonl", encoding: .utf8) == Self.goodTrace)
        #expect(try http("GET", server.url + "/recordings/up.jsonl").body == Self.goodTrace)
        // Never over an existing recording.
        #expect(try http("PUT", server.url + "/recordings/up.jsonl", body: Self.goodTrace).status == 409)
        // A trace that is not one is refused with its line, and nothing is written.
        let bad = try http("PUT", server.url + "/recordings/bad.jsonl", body: Self.goodTrace + "{\"t\":40,\"type\":\"move\",\"id\":1,\"x\":1,\"y\":1}\n")
        #expect(bad.status == 400 && bad.body.contains("bad.jsonl:4:"), "\(bad.body)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/bad.jsonl"))
        let big = try http("PUT", server.url + "/recordings/big.jsonl", body: Self.goodTrace + String(repeating: " ", count: 8000) + "\n")
        #expect(big.status == 413)
        #expect(!FileManager.default.fileExists(atPath: folder + "/big.jsonl"))
        // The uploaded trace has a timeline and an explanation.
        let timeline = try http("GET", server.url + "/recordings/up.jsonl/timeline")
        #expect(timeline.status == 200 && timeline.body.contains("<html"))
        let explain = try http("GET", server.url + "/recordings/up.jsonl/explain")
        #expect(explain.status == 200 && explain.body.contains("pinch"), "\(explain.body)")
        let index = try http("GET", server.url + "/")
        #expect(index.body.contains("up.jsonl") && index.body.contains("/record?scene=pinch-and-rotate"))
    }
}
