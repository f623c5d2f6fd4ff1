import Foundation
import GestureTrace
import Testing

/// What a page on another site, a hostile client or a busy day can send `gesturelab serve`, and
/// what must hold: loopback answers to loopback names only, no message stops the server, no
/// upload is lost or lost under another, and a flood of connections leaves it answering.
@Suite("gesturelab serve: hostile input", .serialized)
struct ServerHostileInputTests {
    static let goodTrace = ServerSafetyTests.goodTrace

    @Test("on loopback only loopback names are answered: rebinding names, trailing dots and look-alikes are refused; every spelling of ::1 and any case of localhost pass")
    func rebindingNames() throws {
        let server = try ServerProcess(recordings: try temporaryFolder("rebinding"))
        let p = server.port
        let refused = ["127.0.0.1.evil.example:\(p)", "127.0.0.1.evil.example", "localhost.evil.example:\(p)", "127.attacker.example:\(p)",
                       "localhost.:\(p)", "127.0.0.1.:\(p)", "127.1:\(p)", "0177.0.0.1:\(p)", "127.0.0.256:\(p)", "127.0.0.1:\(p):1",
                       "[::2]:\(p)", "[::1", "[fe80::1%lo]:\(p)", "user@127.0.0.1:\(p)", "127.0.0.1:99999", "evil.example"]
        for host in refused {
            #expect(try http("GET", server.url + "/api/recordings", headers: ["Host": host]).status == 403, "Host: \(host)")
            #expect(try http("GET", server.url + "/recordings/x.jsonl", headers: ["Host": host]).status == 403, "Host: \(host)")
        }
        let accepted = ["127.0.0.1:\(p)", "127.0.0.1", "127.5.6.7:\(p)", "localhost:\(p)", "LocalHost:\(p)", "LOCALHOST",
                        "[::1]:\(p)", "[::1]", "[0:0:0:0:0:0:0:1]:\(p)", "[::ffff:127.0.0.1]:\(p)"]
        for host in accepted {
            #expect(try http("GET", server.url + "/api/recordings", headers: ["Host": host]).status == 200, "Host: \(host)")
        }
        // Origins: a loopback page of this server, or none; never a rebinding name.
        for origin in ["http://127.0.0.1.evil.example:\(p)", "http://localhost.evil.example:\(p)", "null", "file://", "http://127.0.0.1:\(p)/x"] {
            #expect(try http("GET", server.url + "/api/recordings", headers: ["Origin": origin]).status == 403, "Origin: \(origin)")
        }
        #expect(try http("GET", server.url + "/api/recordings", headers: ["Origin": "http://127.0.0.1:\(p)"]).status == 200)
        #expect(try http("GET", server.url + "/api/recordings", headers: ["Host": "localhost:\(p)", "Origin": "http://localhost:\(p)"]).status == 200)
        // WebSocket upgrades: the rebinding name as Host, then as Origin, are refused; our own opens.
        for (host, origin) in [("127.0.0.1.evil.example:\(p)", "http://127.0.0.1.evil.example:\(p)"), ("127.0.0.1:\(p)", "http://127.0.0.1.evil.example:\(p)"),
                               ("LOCALHOST.:\(p)", nil)] {
            let status = try RawConnection(port: p).openTake(scene: "pinch-and-rotate", port: p, host: host, origin: origin)
            #expect(!status.contains("101"), "Host \(host), Origin \(origin ?? "none"): \(status)")
        }
        #expect(try RawConnection(port: p).openTake(scene: "pinch-and-rotate", port: p, origin: "http://127.0.0.1:\(p)").contains("101"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: server.recordings).isEmpty)
    }

    @Test("a tick or an event with a time beyond any recording is refused in a reply; the take and the server go on")
    func hostileTimes() throws {
        let server = try ServerProcess(recordings: try temporaryFolder("ticks"))
        let take = try RawConnection(port: server.port)
        #expect(take.openTake(scene: "pinch-and-rotate", port: server.port).contains("101"))
        #expect(take.message(#"{"kind":"start"}"#)?.contains(#""kind":"started""#) == true)
        let down = #"{"kind":"events","events":[{"type":"pointerdown","pointerId":1,"pointerType":"touch","clientX":-3.3333333333333335,"clientY":-12.000000000000001,"timeStamp":100}]}"#
        #expect(take.message(down)?.contains(#""kind":"ack""#) == true)
        for stamp in ["1e300", "1e16", "-1e300", "1.7976931348623157e308"] {
            let reply = take.message(#"{"kind":"tick","timeStamp":\#(stamp)}"#)
            #expect(reply?.contains(#""kind":"error""#) == true && reply?.contains("beyond any recording") == true, "tick \(stamp): \(reply ?? "no reply")")
        }
        let far = #"{"kind":"events","events":[{"type":"pointermove","pointerId":1,"pointerType":"touch","clientX":1,"clientY":1,"timeStamp":1e300}]}"#
        #expect(take.message(far)?.contains("beyond any recording") == true)
        #expect(take.message(#"{"kind":"start","cssPixelsPerPoint":1e-300,"scale":1e300}"#)?.contains(#""kind":"error""#) == true)
        #expect(take.message(#"{"kind":"tick","timeStamp":300}"#)?.contains(#""kind":"tick""#) == true)
        let saved = take.message(#"{"kind":"stop"}"#)
        #expect(saved?.contains(#""kind":"saved""#) == true, "\(saved ?? "no reply")")
        #expect(try http("GET", server.url + "/").status == 200)
        // What was saved reads back, minus signs and all: a finger left of and above the scene.
        let (_, events, _) = try traceEvents(server.recordings + "/take-pinch-and-rotate.jsonl")
        #expect(events.first?.x ?? 0 < 0 && events.first?.y ?? 0 < 0, "\(events)")
    }

    @Test("of eight uploads of one name at once exactly one is saved, whole; a name a take holds is refused, and the take keeps its file")
    func concurrentUploads() throws {
        let server = try ServerProcess(recordings: try temporaryFolder("races"))
        let bodies = (0..<8).map { k in Self.goodTrace.replacingOccurrences(of: #""x":100,"y":400}"#, with: #""x":\#(100 + k),"y":400}"#) }
        let statuses = Mutex8()
        let url = server.url
        DispatchQueue.concurrentPerform(iterations: 8) { k in
            statuses.set(k, (try? http("PUT", url + "/recordings/same.jsonl", body: bodies[k]).status) ?? 0)
        }
        let all = statuses.values
        #expect(all.filter { $0 == 201 }.count == 1 && all.filter { $0 == 409 }.count == 7, "\(all)")
        let kept = try String(contentsOfFile: server.recordings + "/same.jsonl", encoding: .utf8)
        #expect(kept == bodies[all.firstIndex(of: 201) ?? 0])
        #expect(try FileManager.default.contentsOfDirectory(atPath: server.recordings) == ["same.jsonl"])

        // A take reserves its name before it writes anything.
        let take = try RawConnection(port: server.port)
        #expect(take.openTake(scene: "pinch-and-rotate", port: server.port).contains("101"))
        let upload = try http("PUT", server.url + "/recordings/take-pinch-and-rotate.jsonl", body: Self.goodTrace)
        #expect(upload.status == 409, "\(upload)")
        #expect(take.message(#"{"kind":"start"}"#)?.contains("started") == true)
        #expect(take.message(#"{"kind":"events","events":[{"type":"pointerdown","pointerId":1,"pointerType":"touch","clientX":5,"clientY":5,"timeStamp":10},{"type":"pointerup","pointerId":1,"pointerType":"touch","clientX":5,"clientY":5,"timeStamp":60}]}"#)?.contains("ack") == true)
        #expect(take.message(#"{"kind":"stop"}"#)?.contains("saved") == true)
        let (header, events, _) = try traceEvents(server.recordings + "/take-pinch-and-rotate.jsonl")
        #expect(header.labels["recorder"] == "browser" && events.count == 2)
    }

    @Test("1,100 idle connections and 1,100 half-sent requests under a 1,024-file limit: the server keeps answering, and closes them")
    func connectionFlood() throws {
        let server = try ServerProcess(recordings: try temporaryFolder("flood"), fileLimit: 1024)
        for halfSent in [false, true] {
            var held: [RawConnection] = []
            for k in 0..<1100 {
                // Connections the server does not take within 3 s are not held (the flood waits in
                // the kernel's queue then, which is the point).
                guard let c = try? RawConnection(port: server.port) else { continue }
                if halfSent { c.send("PUT /recordings/x\(k).jsonl HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n{\"format\"") }
                held.append(c)
            }
            #expect(held.count >= 900, "only \(held.count) connections opened")
            let asked = Date()
            let answer = try http("GET", server.url + "/api/recordings", maxTime: 20)
            print("serve under \(held.count) \(halfSent ? "half-sent uploads" : "idle connections"): answered \(answer.status) in \(String(format: "%.2f", Date().timeIntervalSince(asked))) s")
            #expect(answer.status == 200, "with \(held.count) \(halfSent ? "half-sent requests" : "idle connections") open: \(answer.status) \(answer.headers) \(answer.body)")
            // Idle and slow connections are closed by the server (5 s without a request head, or
            // without a read while a request is being sent), or shed to make room.
            Thread.sleep(forTimeInterval: 6.5)
            let closed = held.prefix(50).filter { $0.closedByServer() }.count
            held.removeAll()
            #expect(closed == 50, "\(closed) of 50 held connections were closed")
        }
        #expect(server.process.isRunning)
        #expect(try FileManager.default.contentsOfDirectory(atPath: server.recordings).isEmpty)
    }

    @Test("a FIFO in the scenes or recordings folder is passed over, never read")
    func fifos() throws {
        let scenes = try temporaryFolder("fifo-scenes"), recordings = try temporaryFolder("fifo-recordings")
        try FileManager.default.copyItem(atPath: repositoryRoot + "/recordings/scenes/pinch-and-rotate.yaml", toPath: scenes + "/pinch-and-rotate.yaml")
        #expect(mkfifo(scenes + "/pipe.yaml", 0o644) == 0 && mkfifo(recordings + "/pipe.jsonl", 0o644) == 0)
        let server = try ServerProcess(recordings: recordings, scenes: scenes)
        for path in ["/", "/api/recordings", "/recordings/pipe.jsonl", "/recordings/pipe.jsonl/timeline", "/record?scene=pipe"] {
            let r = try http("GET", server.url + path, maxTime: 5)
            #expect([200, 404].contains(r.status), "\(path): \(r.status)")
        }
        #expect(try http("GET", server.url + "/recordings/pipe.jsonl", maxTime: 5).status == 404)
        #expect(try http("PUT", server.url + "/recordings/pipe.jsonl", body: Self.goodTrace, maxTime: 5).status == 409)
        #expect(try http("GET", server.url + "/", maxTime: 5).body.contains("pinch-and-rotate"))
    }
}

/// Eight results written from concurrent threads.
final class Mutex8: @unchecked Sendable {
    private let lock = NSLock()
    private var storage = [Int](repeating: 0, count: 8)
    func set(_ k: Int, _ v: Int) { lock.lock(); storage[k] = v; lock.unlock() }
    var values: [Int] { lock.lock(); defer { lock.unlock() }; return storage }
}
