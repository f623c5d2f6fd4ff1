import Foundation
import GestureEngine
import GestureRecognizers
import GestureScenes
import GestureTrace

/// The importers' sample logs (Fixtures/, written from the formats' documentation) and what a
/// replay of their traces shows.
enum ImportFixtures {
    static let folder: String = {
        var url = URL(fileURLWithPath: #filePath)
        url.deleteLastPathComponent()
        return url.appendingPathComponent("Fixtures").path
    }()
    static func path(_ name: String) -> String { folder + "/" + name }

    static let sceneFolder: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("recordings/scenes").path
    }()

    /// Whether `events`, written as a trace and read back by the trace reader (what `validate` and
    /// `replay` do), are the same events to the precision a trace keeps (3 decimals).
    static func roundTrips(_ header: TraceHeader, _ events: [TraceEvent]) throws -> Bool {
        let back = try readBack(header, events)
        let close = { (a: Double, b: Double) in abs(a - b) <= 0.0005 + 1e-9 }
        return back.count == events.count && zip(back, events).allSatisfy { b, e in
            b.type == e.type && b.pointer == e.pointer && b.device == e.device && abs(b.time.microseconds - e.time.microseconds) <= 1
                && close(b.x, e.x) && close(b.y, e.y) && (b.pressure == nil) == (e.pressure == nil)
                && (b.contact == nil) == (e.contact == nil)
        }
    }

    static func readBack(_ header: TraceHeader, _ events: [TraceEvent]) throws -> [TraceEvent] {
        let text = TraceWriter.text(header: header, events: events)
        let reader = try TraceReader(bytes: Array(text.utf8), name: "imported.jsonl")
        var back: [TraceEvent] = []
        while let e = try reader.nextEvent() { back.append(e) }
        return back
    }

    /// The states the pinch of pinch-and-rotate went through when `events` were replayed, and its
    /// scale just before the fingers lifted.
    @MainActor
    static func pinchStates(_ events: [TraceEvent]) throws -> (states: [String], scale: Double) {
        let doc = try SceneLoader.load(path: sceneFolder + "/pinch-and-rotate.yaml")
        let scene = try Replay.run(events: events, scene: doc)
        let states = scene.environment.log.entries.filter { $0.kind == .transition && $0.recognizer == "pinch" }.compactMap(\.to)
        let held = try Replay.run(events: events.filter { $0.type != .up }, scene: doc)
        return (states, (held.recognizer("pinch") as! PinchGestureRecognizer).scale)
    }
}
