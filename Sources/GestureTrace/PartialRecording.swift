#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `OUTPUT.recording`: where a recorder appends each event the moment it arrives, renamed over
/// `OUTPUT` when the recording is saved. One left behind means a recorder was killed (or the
/// machine stopped) before it saved: its events are the only copy of that recording, so a new
/// recorder must never truncate it, and `recover()` turns it into `OUTPUT`.
public struct PartialRecording {
    public let output: String
    public var path: String { output + ".recording" }

    public init(output: String) { self.output = output }

    /// What a leftover file holds.
    public struct Contents: Sendable {
        public var events: Int
        /// Strokes still down where the file ends (cut off by the crash).
        public var openStrokes: Int
        /// Time of the last event, in ms from the trace's start.
        public var lastTime: Timestamp
    }

    /// nil when there is no leftover file, or one with nothing worth keeping (no event, or not
    /// even a complete header: the recorder died as it started).
    public func leftover() -> Contents? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        guard let reader = try? TraceReader(path: path) else { return nil }
        var last = Timestamp.zero
        while let e = try? reader.nextEvent() { last = e.time }
        guard reader.eventCount > 0 else { return nil }
        return Contents(events: reader.eventCount, openStrokes: reader.pointersStillDown.count, lastTime: last)
    }

    /// Why a new recording will not start over a leftover, and how to keep it.
    public func refusal(_ c: Contents) -> String {
        "\(path) holds \(c.events) events (up to \(c.lastTime.millisecondsText) ms) of a recording that was never saved "
            + "(the recorder was killed or crashed). Starting again would overwrite them. "
            + "Save them into \(output) with `gesturelab record --recover -o \(output)`, or remove \(path) to start over."
    }

    /// Ends the strokes the crash cut off (a cancel at the last event's time and place, as the
    /// recorder does when it saves), drops a torn last line, syncs, and moves the file to
    /// `output`. Returns what was saved.
    public func recover() throws(TraceWriter.WriteFailed) -> Contents {
        guard let c = leftover() else {
            throw TraceWriter.WriteFailed(path: path, reason: "nothing to recover (no such file, or no complete event in it)")
        }
        // Where each cut-off pointer was last seen.
        var lastSeen: [Int: TraceEvent] = [:]
        if let reader = try? TraceReader(path: path) {
            while let e = try? reader.nextEvent() {
                guard e.type.isTouch else { continue }
                if e.type == .down || e.type == .move { lastSeen[e.pointer] = e } else { lastSeen[e.pointer] = nil }
            }
        }
        let writer = try TraceWriter(appendingTo: path)
        for (pointer, e) in lastSeen.sorted(by: { $0.key < $1.key }) {
            try writer.append(TraceEvent(time: c.lastTime, type: .cancel, pointer: pointer, x: e.x, y: e.y, device: e.device))
        }
        try writer.sync()
        try writer.close()
        if rename(path, output) != 0 {
            throw TraceWriter.WriteFailed(path: output, reason: "cannot move \(path) here: " + String(cString: strerror(errno)) + "; the events are still in \(path)")
        }
        return c
    }
}
