import GestureEngine
import GesturePlatforms
import GestureScenes
import GestureTrace

/// Strokes written as the tests need them, and a replay's log read as (time, name) pairs.
enum Strokes {
    static func at(_ ms: Double, _ type: TouchEventType, _ id: Int, _ x: Double, _ y: Double) -> TraceEvent {
        TraceEvent(time: .milliseconds(ms), type: type, pointer: id, x: x, y: y, device: .touch)
    }

    /// A finger down at `from` at `start`, moved in `steps` equal steps to `to` by `end`, lifted there
    /// (or left down when `lift` is false).
    static func stroke(id: Int = 1, from: (Double, Double), to: (Double, Double), start: Double, end: Double, steps: Int = 10, lift: Bool = true) -> [TraceEvent] {
        var out = [at(start, .down, id, from.0, from.1)]
        for i in 1...max(1, steps) {
            let k = Double(i) / Double(max(1, steps))
            out.append(at(start + (end - start) * k, .move, id, from.0 + (to.0 - from.0) * k, from.1 + (to.1 - from.1) * k))
        }
        if lift { out.append(at(end, .up, id, to.0, to.1)) }
        return out
    }

    /// A still finger: down at `down`, up at `up`.
    static func tap(_ x: Double, _ y: Double, id: Int = 1, down: Double, up: Double) -> [TraceEvent] {
        [at(down, .down, id, x, y), at(up, .up, id, x, y)]
    }

    /// Events of several strokes in time order (stable for equal times).
    static func merge(_ parts: [TraceEvent]...) -> [TraceEvent] {
        parts.flatMap { $0 }.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }
}

/// A replay's log under one platform, asked the questions the tests ask.
struct PlatformRun {
    let log: DecisionLog

    init(_ platform: Platform, scene yaml: String, _ events: [TraceEvent]) throws {
        let doc = try SceneLoader.parse(yaml, file: "test.yaml")
        log = try PlatformReplay.run(platform: platform, events: events, scene: doc)
    }

    /// The callbacks (action rows) of `recognizer`, as "name@ms".
    func callbacks(_ recognizer: String) -> [String] {
        log.entries.filter { $0.kind == .action && $0.recognizer == recognizer && !($0.toName?.isUpdate ?? false) }
            .map { "\($0.to ?? "?")@\(Self.ms($0.time))" }
    }

    /// The transitions of `recognizer` other than updates, as "state@ms".
    func transitions(_ recognizer: String) -> [String] {
        log.entries.filter { $0.kind == .transition && $0.recognizer == recognizer && $0.toName != .changed }
            .map { "\($0.to ?? "?")@\(Self.ms($0.time))" }
    }

    /// The recognizers that recognized or began, in order, once each.
    var winners: [String] {
        var out: [String] = []
        for e in log.entries where e.kind == .transition && (e.toName == .recognized || e.toName == .began) {
            if let r = e.recognizer, !out.contains(r) { out.append(r) }
        }
        return out
    }

    /// The app rows (a scroll view's offsets) of `view`.
    func scrolled(_ view: String) -> Bool {
        log.entries.contains { $0.kind == .app && $0.view == view && $0.cause.text.contains("contentOffset") }
    }

    static func ms(_ t: Timestamp) -> String { NumberText.decimal(t.milliseconds, decimals: 1) }
}
