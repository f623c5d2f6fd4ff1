#if canImport(Glibc)
import Glibc
#endif

/// Writes a recording so that nothing is lost: every event is appended to `OUT.recording` as it
/// arrives (one `write` per line, so it is on disk at once); saving renames that file over `OUT`
/// in one step, so `OUT` is always either the old recording or the new one, never half of each.
/// After a crash or `kill -9`, `OUT.recording` replays up to its last line (`PartialRecording`
/// saves it). The studio's window and the web recorder both record through this.
public final class Recorder {
    public let output: String
    public var partial: String { output + ".recording" }
    private var writer: TraceWriter?
    public private(set) var events = 0
    public private(set) var strokes = 0
    public private(set) var lastError: String?
    /// Where messages go (standard error by default, as `gesturelab record: ...`).
    private let report: (String) -> Void
    /// The pointers down now, each with its latest event (where a cancel ends it on saving).
    private var down: [Int: TraceEvent] = [:]
    private var lastTime = Timestamp.zero

    public init(output: String, report: ((String) -> Void)? = nil) {
        self.output = output
        self.report = report ?? Recorder.toStandardError
    }

    public var isRecording: Bool { writer != nil }

    /// The pointers down now.
    public var pointersDown: Set<Int> { Set(down.keys) }

    public func start(header: TraceHeader) {
        lastError = nil
        events = 0
        strokes = 0
        down.removeAll()
        do {
            writer = try TraceWriter(path: partial, header: header)
        } catch {
            fail("cannot start recording: \(error.description)")
        }
    }

    public func append(_ e: TraceEvent) {
        guard let w = writer else { return }
        // A stroke that began before the recording started is not recorded.
        if e.type.isTouch && e.type != .down && down[e.pointer] == nil { return }
        do {
            try w.append(e)
            events += 1
            lastTime = e.time
            if e.type == .down { strokes += 1 }
            if e.type.isTouch { down[e.pointer] = e.type == .down || e.type == .move ? e : nil }
        } catch {
            fail("recording stopped: \(error.description); \(output) was not touched")
        }
    }

    /// Cancels strokes still down, closes the file and moves it into place. Returns what was
    /// saved where (also printed on standard error, so a script or a terminal sees it), or nil
    /// when saving failed (`lastError` says why). A take with no event leaves the output as it
    /// was: an empty trace over an earlier recording would lose it for nothing.
    @discardableResult
    public func save() -> String? {
        guard let w = writer else { return nil }
        if events == 0 {
            discard()
            let kept = "nothing was recorded; \(output) is left as it was"
            say(kept)
            return kept
        }
        var cut = 0
        for (p, e) in down.sorted(by: { $0.key < $1.key })
        where (try? w.append(TraceEvent(time: lastTime, type: .cancel, pointer: p, x: e.x, y: e.y, device: e.device))) != nil {
            cut += 1
        }
        down.removeAll()
        writer = nil
        do {
            try w.sync()
            try w.close()
        } catch {
            fail("could not finish \(partial): \(error.description); \(output) was not touched")
            return nil
        }
        if rename(partial, output) != 0 {
            fail("could not move \(partial) to \(output): \(String(cString: strerror(errno))); the recording is kept in \(partial)")
            return nil
        }
        let saved = "saved \(events + cut) events (\(strokes) stroke\(strokes == 1 ? "" : "s")) to \(output)"
            + (cut > 0 ? "; \(cut) stroke(s) still down were ended with a cancel" : "")
        say(saved)
        return saved
    }

    public func discard() {
        if let w = writer { try? w.close() }
        writer = nil
        unlink(partial)
        down.removeAll()
    }

    private func fail(_ message: String) {
        lastError = message
        say(message)
        if let w = writer { try? w.close() }
        writer = nil
    }

    private func say(_ message: String) { report(message) }

    private static func toStandardError(_ message: String) {
        // write(2), not FileHandle.write: the latter traps when standard error cannot be written.
        let line = Array(("gesturelab record: " + message + "\n").utf8)
        _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
