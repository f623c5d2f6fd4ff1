import Foundation
import GestureTrace
import Testing

/// The studio's frame as text boxes (`play --screenshot --describe-frame`): every text fits in
/// the window (wrapped or ending in "..."), no text is drawn over another, and the line under
/// the lanes names each recognizer's state as its lane does.
@Suite("What the studio's frame says, at every moment", .serialized)
struct FrameTextTests {
    struct Box {
        var text: String, role: String
        var x, y, width, height: Double
        func overlaps(_ o: Box) -> Bool { x < o.x + o.width && o.x < x + width && y < o.y + o.height && o.y < y + height }
    }

    func frame(trace: String, scene: String, at time: Double) throws -> (width: Double, height: Double, boxes: [Box]) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gl-frame-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let (status, output) = try run(binary, ["play", trace, "--scene", scene, "--screenshot", dir + "/f.png",
                                                "--at", String(time), "--describe-frame", "-"], env: ["SDL_VIDEODRIVER": "dummy"])
        #expect(status == 0, "\(output)")
        var lines = output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("{") }
        let head = try JSONParser.parse(lines.removeFirst())
        guard case let .number(w)? = head["frame"]?["width"], case let .number(h)? = head["frame"]?["height"] else {
            Issue.record("no frame size in \(output)")
            return (0, 0, [])
        }
        let boxes = try lines.map { line -> Box in
            let v = try JSONParser.parse(line)
            guard case let .string(text)? = v["text"], case let .string(role)? = v["role"], case let .number(x)? = v["x"],
                  case let .number(y)? = v["y"], case let .number(bw)? = v["width"], case let .number(bh)? = v["height"] else {
                throw SmallFilesystemError(text: "bad frame line \(line)")
            }
            return Box(text: text, role: role, x: x, y: y, width: bw, height: bh)
        }
        return (w, h, boxes)
    }

    func check(trace: String, scene: String) throws {
        let (_, events, _) = try TraceReader.readAll(path: trace)
        // Every event's time, a moment after it, and well after the end (timers fired).
        var times = Set(events.map(\.time.milliseconds))
        for e in events { times.insert(e.time.milliseconds + 7) }
        times.insert((events.last?.time.milliseconds ?? 0) + 2000)
        let chosen = times.sorted()
        let step = max(1, chosen.count / 12)
        for time in stride(from: 0, to: chosen.count, by: step).map({ chosen[$0] }) {
            let (width, height, boxes) = try frame(trace: trace, scene: scene, at: time)
            for b in boxes {
                #expect(b.x >= 0 && b.x + b.width <= width && b.y >= 0 && b.y + b.height <= height,
                        "at \(time) ms, \"\(b.text)\" (\(b.role)) runs outside the \(width) x \(height) window")
            }
            for (i, a) in boxes.enumerated() {
                for b in boxes[(i + 1)...] where a.overlaps(b) {
                    Issue.record("at \(time) ms, \"\(a.text)\" (\(a.role)) and \"\(b.text)\" (\(b.role)) overlap")
                }
            }
            // "T ms  ID: WORD[ (now STATE)] - cause": STATE, or WORD, is what ID's lane shows.
            let decision = boxes.filter { $0.role == "decision" }.map(\.text).joined(separator: " ")
            guard decision != "no decision yet", let colon = decision.range(of: ": ") else { continue }
            let id = String(decision[..<colon.lowerBound].split(separator: " ").last ?? "")
            let rest = decision[colon.upperBound...]
            let word = String(rest.prefix { $0 != " " })
            let now = rest.range(of: "(now ").map { String(rest[$0.upperBound...].prefix { $0 != ")" }) }
            guard let lane = boxes.first(where: { $0.role == "lane state \(id)" }) else {
                // A lane whose id was cut down to "...": the full id is not on screen to match.
                continue
            }
            #expect(lane.text == (now ?? word), "at \(time) ms the line says \(id) is \(now ?? word), its lane says \(lane.text)")
        }
    }

    @Test("Shipped conflicts: single vs double tap, a drag out of a scroll view, a pinch")
    func shipped() throws {
        try check(trace: root + "/recordings/traces/double-tap.jsonl", scene: root + "/recordings/scenes/tap-requires-double-tap.yaml")
        try check(trace: root + "/recordings/traces/strip-drag-down.jsonl", scene: root + "/recordings/scenes/drag-out-simultaneous.yaml")
        try check(trace: root + "/recordings/traces/pinch-and-twist.jsonl", scene: root + "/recordings/scenes/pinch-or-rotate.yaml")
    }

    @Test("Long names in a small window, nested views at one corner, and a tall scene scaled down")
    func crowded() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gl-crowded-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let long = String(repeating: "veryLongRecognizerName", count: 4)
        let small = dir + "/small.yaml"
        try """
        scene: a-scene-whose-name-is-much-longer-than-the-window-is-wide-so-that-its-title-must-be-shortened
        viewport: [120, 140]
        views:
          - id: outerViewWithAQuiteLongIdentifier
            frame: [0, 0, 120, 140]
            subviews:
              - id: innerViewAtTheSameCorner
                frame: [0, 0, 60, 40]
                subviews:
                  - id: tiny
                    frame: [0, 0, 12, 12]
                    recognizers:
                      - {id: \(long), type: tap}
                      - {id: doubleTapWithAnotherRatherLongName, type: tap, numberOfTapsRequired: 2}
        relationships:
          - {require: \(long), toFail: doubleTapWithAnotherRatherLongName}
        """.write(toFile: small, atomically: true, encoding: .utf8)
        let taps = dir + "/taps.jsonl"
        try """
        {"format":"gesturelab-trace","version":1,"viewport":{"width":120,"height":140}}
        {"t":0,"type":"down","id":1,"x":5,"y":5}
        {"t":60,"type":"up","id":1,"x":5,"y":5}
        {"t":500,"type":"down","id":1,"x":30,"y":20}
        {"t":560,"type":"move","id":1,"x":31,"y":21}
        {"t":600,"type":"up","id":1,"x":31,"y":21}
        """.write(toFile: taps, atomically: true, encoding: .utf8)
        try check(trace: taps, scene: small)

        let tall = dir + "/tall.yaml"
        try """
        scene: tall
        viewport: [390, 1400]
        views:
          - id: list
            frame: [0, 0, 390, 1400]
            recognizers:
              - {id: pan, type: pan}
              - {id: hold, type: longPress}
        """.write(toFile: tall, atomically: true, encoding: .utf8)
        try check(trace: root + "/recordings/traces/hold-then-drag.jsonl", scene: tall)
    }
}
