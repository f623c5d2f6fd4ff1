// Built with the Server trait only (Package.swift): without it Hummingbird is not in the graph.
#if Server
import GestureImport
import GestureScenes
import GestureTrace

/// One take on the recorder page: the pointer events its WebSocket brings, written to the trace on
/// disk as they arrive (`Recorder`: one write per event, so a `kill -9` of the server loses
/// nothing it has acknowledged) and fed to the scene's recognizers, whose lanes go back to the page
/// with each acknowledgement.
///
/// Main-actor isolated: the engine, and recognizers written for UIKit, run on the main thread.
@MainActor
final class RecordingTake {
    /// Names of the takes open now: two pages opening at once never get the same name, though
    /// neither has written its file yet.
    static var namesInUse: Set<String> = []

    let file: String
    let name: String
    private let document: SceneDocument
    private let session: LiveSession
    private let recorder: Recorder
    private var converter = PointerEventConverter()
    private var started = false
    private var warnings: [String] = []

    init(document: SceneDocument, folder: RecordingsFolder, name: String) throws {
        self.document = document
        self.name = name
        file = folder.path + "/" + name
        session = try LiveSession(document: document, lanesOnly: true)
        // Its messages go back to the page (the replies carry them), not to the terminal.
        recorder = Recorder(output: file) { _ in }
        Self.namesInUse.insert(name)
    }

    /// Answers one message from the page with the message to send back.
    func handle(_ text: String) -> String {
        let message: JSONValue
        do {
            message = try JSONParser.parse(text)
        } catch {
            return Self.reply("error", ["message": .string("a message that is not JSON: \(error.message)")])
        }
        guard case let .string(kind)? = message["kind"] else {
            return Self.reply("error", ["message": .string("a message without \"kind\"")])
        }
        switch kind {
        case "start": return start(message)
        case "events": return events(message)
        case "tick":
            if case let .number(stamp)? = message["timeStamp"], let origin = converter.origin, started {
                // A page's clock reading, checked as a pointer event's is: a number from outside
                // never reaches the engine's clock unchecked.
                guard let t = Timestamp(exactlyMilliseconds: stamp - origin), t.milliseconds < 1e12 else {
                    return Self.reply("error", ["message": .string("tick timeStamp \(stamp) is beyond any recording (\(stamp - origin) ms after the first event)")])
                }
                session.advance(to: max(converter.lastTime, t))
            }
            return lanes(kind: "tick", seq: nil)
        case "stop": return Self.reply("saved", ["file": .string(name), "message": .string(finish())])
        default: return Self.reply("error", ["message": .string("unknown message kind \"\(kind)\"")])
        }
    }

    private func start(_ m: JSONValue) -> String {
        guard !started else { return Self.reply("error", ["message": .string("the take has started already")]) }
        func number(_ key: String, _ fallback: Double) -> Double {
            if case let .number(n)? = m[key], n.isFinite { return n }
            return fallback
        }
        let k = number("cssPixelsPerPoint", 1)
        guard k > 0 else { return Self.reply("error", ["message": .string("cssPixelsPerPoint must be more than 0")]) }
        converter = PointerEventConverter(mapping: .init(originX: number("originX", 0), originY: number("originY", 0), cssPixelsPerPoint: k))
        var devices: [InputDevice] = []
        if case let .array(list)? = m["devices"] {
            for case let .string(s) in list { if let d = InputDevice(rawValue: s), !devices.contains(d) { devices.append(d) } }
        }
        var labels = ["recorder": "browser"]
        if case let .string(ua)? = m["userAgent"] { labels["userAgent"] = String(ua.prefix(300)) }
        let header = TraceHeader(viewportWidth: document.viewport.width, viewportHeight: document.viewport.height,
                                 scale: number("scale", number("devicePixelRatio", 1) * k),
                                 clockSource: "pointer-events", clockDescription: "the browser's event timeStamp, ms, relative to the first pointerdown",
                                 devices: devices.isEmpty ? [.touch] : devices, labels: labels, scene: document.name,
                                 origin: "recorded on the recorder page of gesturelab serve")
        recorder.start(header: header)
        if let problem = recorder.lastError { return Self.reply("error", ["message": .string(problem)]) }
        started = true
        return Self.reply("started", ["file": .string(name), "recognizers": .array(session.recognizerIDs.map(JSONValue.string))])
    }

    private func events(_ m: JSONValue) -> String {
        guard started else { return Self.reply("error", ["message": .string("events before start")]) }
        guard case let .array(items)? = m["events"] else { return Self.reply("error", ["message": .string("\"events\" must be an array")]) }
        var seq: Double?
        if case let .number(n)? = m["seq"] { seq = n }
        for item in items {
            do {
                guard let record = try PointerEventRecord.decode(item) else { continue }
                for e in try converter.convert(record) {
                    recorder.append(e)
                    session.feed(e)
                }
            } catch {
                warnings.append(error.message)
            }
        }
        session.flush()
        if let problem = recorder.lastError { return Self.reply("error", ["message": .string(problem)]) }
        return lanes(kind: "ack", seq: seq)
    }

    /// Each recognizer's state now, and the latest decision with its cause.
    private func lanes(kind: String, seq: Double?) -> String {
        let now = converter.lastTime
        let changes = session.stateChanges()
        var lanes: [(String, JSONValue)] = []
        for id in session.recognizerIDs { lanes.append((id, .string(LiveSession.state(in: changes[id] ?? [], at: now)))) }
        var fields: [String: JSONValue] = ["events": .number(Double(recorder.events)), "lanes": .object(lanes),
                                           "decision": .string(session.decisionLine(at: now, changes: changes, newest: true))]
        if let seq { fields["seq"] = .number(seq) }
        if !warnings.isEmpty {
            fields["warnings"] = .array(warnings.map(JSONValue.string))
            warnings.removeAll()
        }
        return Self.reply(kind, fields)
    }

    /// Saves the take (strokes still down end with a cancel) and says what was saved where. A take
    /// with no event leaves nothing behind.
    func finish() -> String {
        Self.namesInUse.remove(name)
        guard started, recorder.isRecording else { return "nothing to save" }
        return recorder.save() ?? (recorder.lastError ?? "could not save \(file)")
    }

    static func reply(_ kind: String, _ fields: [String: JSONValue]) -> String {
        JSONValue.object([("kind", .string(kind))] + fields.keys.sorted().map { ($0, fields[$0]!) }).jsonText
    }
}
#endif
