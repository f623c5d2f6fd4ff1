import Foundation
#if canImport(UIKit)
import UIKit
#else
import GestureLabUIKit
#endif

/// A drop-in `UIWindow` for an iOS app (device or Simulator) that writes every touch the app
/// receives into a GestureLab trace, to replay, explain and keep as a regression test.
///
/// Use it as the app's window (in the scene delegate: `window = GestureLabTraceWindow(windowScene: scene)`
/// on iOS, or `GestureLabTraceWindow(frame: UIScreen.main.bounds)`), then take the file from the
/// app's Documents folder (Xcode: Devices and Simulators > the app > Download Container, or
/// `xcrun simctl get_app_container booted BUNDLE data`). Nothing here changes what the app does:
/// every event goes on to `super.sendEvent`.
///
/// The trace (docs/trace-format.md): window points; milliseconds since the first touch, from the
/// events' own time stamps; one pointer per `UITouch` for its whole life; each coalesced sample a
/// move; force as pressure when the device reports it; the contact's major radius as its size.
/// Each line is written when its event arrives (one `write` each), so a crash of the app loses at
/// most the event being written.
open class GestureLabTraceWindow: UIWindow {
    /// Where the trace goes: Documents/gesturelab-DATE.jsonl unless set before the first touch.
    public var traceURL: URL?
    /// Free labels for the header (a gesture name, a tester's id...).
    public var traceLabels: [String: String] = [:]
    /// The scene the trace replays against, when there is one.
    public var traceScene: String?

    private var file: FileHandle?
    private var firstTimestamp: TimeInterval?
    private var pointerIDs: [ObjectIdentifier: Int] = [:]
    private var nextPointerID = 1

    open override func sendEvent(_ event: UIEvent) {
        if event.type == .touches, let touches = event.allTouches {
            record(touches, of: event)
        }
        super.sendEvent(event)
    }

    /// Closes the trace; the next touch starts a new file.
    public func finishTrace() {
        try? file?.synchronize()
        try? file?.close()
        file = nil
        traceURL = nil
        firstTimestamp = nil
        pointerIDs.removeAll()
        nextPointerID = 1
    }

    private func record(_ touches: Set<UITouch>, of event: UIEvent) {
        // One order for the touches of one event, so a trace written twice is the same file.
        let ordered = touches.sorted { pointerID(for: $0) < pointerID(for: $1) }
        for touch in ordered {
            let type: String
            switch touch.phase {
            case .began: type = "down"
            case .moved: type = "move"
            case .ended: type = "up"
            case .cancelled: type = "cancel"
            default: continue
            }
            let id = pointerID(for: touch)
            let samples = type == "move" ? (event.coalescedTouches(for: touch) ?? [touch]) : [touch]
            for sample in samples { write(type: type, id: id, sample) }
            if type == "up" || type == "cancel" { pointerIDs[ObjectIdentifier(touch)] = nil }
        }
    }

    private func pointerID(for touch: UITouch) -> Int {
        if let id = pointerIDs[ObjectIdentifier(touch)] { return id }
        let id = nextPointerID
        nextPointerID += 1
        pointerIDs[ObjectIdentifier(touch)] = id
        return id
    }

    private func write(type: String, id: Int, _ touch: UITouch) {
        guard let file = openIfNeeded(at: touch.timestamp) else { return }
        let t = (touch.timestamp - (firstTimestamp ?? touch.timestamp)) * 1000
        let p = touch.location(in: nil)
        var line = "{\"t\":\(Self.number(max(0, t))),\"type\":\"\(type)\",\"id\":\(id),\"x\":\(Self.number(Double(p.x))),\"y\":\(Self.number(Double(p.y)))"
        if touch.maximumPossibleForce > 0 { line += ",\"pressure\":\(Self.number(Double(touch.force)))" }
        let device: String
        switch touch.type {
        case .pencil: device = "pen"
        case .indirectPointer: device = "mouse"
        default: device = "touch"
        }
        line += ",\"device\":\"\(device)\""
        if touch.type == .direct {
            let size = Double(touch.majorRadius) * 2
            line += ",\"width\":\(Self.number(size)),\"height\":\(Self.number(size))"
        }
        file.write(Data((line + "}\n").utf8))
    }

    private func openIfNeeded(at timestamp: TimeInterval) -> FileHandle? {
        if let file { return file }
        let url = traceURL ?? Self.defaultURL()
        guard FileManager.default.createFile(atPath: url.path, contents: nil), let handle = try? FileHandle(forWritingTo: url) else { return nil }
        traceURL = url
        firstTimestamp = timestamp
        var header = "{\"format\":\"gesturelab-trace\",\"version\":1"
        header += ",\"viewport\":{\"width\":\(Self.number(Double(bounds.width))),\"height\":\(Self.number(Double(bounds.height)))}"
        header += ",\"scale\":\(Self.number(Double(contentScaleFactor)))"
        header += ",\"clock\":{\"source\":\"uikit-event\",\"description\":\"UITouch.timestamp (seconds since boot), as ms since the first touch\"}"
        header += ",\"devices\":[\"touch\"]"
        header += ",\"labels\":{" + traceLabels.keys.sorted().map { "\(Self.quoted($0)):\(Self.quoted(traceLabels[$0]!))" }.joined(separator: ",") + "}"
        if let traceScene { header += ",\"scene\":\(Self.quoted(traceScene))" }
        header += ",\"origin\":\"recorded by GestureLabTraceWindow in an iOS app\"}\n"
        handle.write(Data(header.utf8))
        file = handle
        return handle
    }

    private static func defaultURL() -> URL {
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first ?? URL(fileURLWithPath: NSTemporaryDirectory())
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "-")
        return documents.appendingPathComponent("gesturelab-\(stamp).jsonl")
    }

    /// Up to 3 decimals, no exponent: what the trace format reads.
    private static func number(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        let rounded = (v * 1000).rounded() / 1000
        if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return String(format: "%.3f", rounded).replacingOccurrences(of: "0+$", with: "", options: .regularExpression)
    }

    private static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out += scalar.value < 0x20 ? String(format: "\\u%04x", scalar.value) : String(scalar)
            }
        }
        return out + "\""
    }
}
