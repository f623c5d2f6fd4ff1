import Foundation
import GestureTrace

#if canImport(Glibc)
import Glibc
#endif

/// Writes a recording so that nothing is lost: every event is appended to `OUT.recording` as it
/// arrives (one `write` per line, so it is on disk at once); saving renames that file over `OUT`
/// in one step, so `OUT` is always either the old recording or the new one, never half of each.
/// After a crash or `kill -9`, `OUT.recording` replays up to its last line.
final class Recorder {
    let output: String
    var partial: String { output + ".recording" }
    private var writer: TraceWriter?
    private(set) var events = 0
    private(set) var lastError: String?
    private var down = Set<Int>()
    private var lastEvent: TraceEvent?

    init(output: String) { self.output = output }

    var isRecording: Bool { writer != nil }

    func start(header: TraceHeader) {
        lastError = nil
        events = 0
        down.removeAll()
        var info = stat()
        if stat(output, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG {
            // Saving renames the finished file into place, which would replace a device node
            // (as root, /dev/full would become a regular file) or a folder's entry.
            fail("cannot start recording: \(output) is not a regular file (a device or a folder?); give a file name")
            return
        }
        do {
            writer = try TraceWriter(path: partial, header: header)
        } catch {
            fail("cannot start recording: \(error.description)")
        }
    }

    func append(_ e: TraceEvent) {
        guard let w = writer else { return }
        // A stroke that began before the recording started is not recorded.
        if e.type != .down && !down.contains(e.pointer) { return }
        do {
            try w.append(e)
            events += 1
            lastEvent = e
            if e.type == .down { down.insert(e.pointer) } else if e.type != .move { down.remove(e.pointer) }
        } catch {
            fail("recording stopped: \(error.description); \(output) was not touched")
        }
    }

    /// Cancels strokes still down, closes the file and moves it into place.
    @discardableResult
    func save() -> Bool {
        guard let w = writer else { return false }
        if let last = lastEvent {
            for p in down.sorted() { try? w.append(TraceEvent(time: last.time, type: .cancel, pointer: p, x: last.x, y: last.y, device: last.device)) }
        }
        down.removeAll()
        writer = nil
        do {
            try w.sync()
            try w.close()
        } catch {
            fail("could not finish \(partial): \(error.description); \(output) was not touched")
            return false
        }
        if rename(partial, output) != 0 {
            fail("could not move \(partial) to \(output): \(String(cString: strerror(errno))); the recording is kept in \(partial)")
            return false
        }
        return true
    }

    func discard() {
        if let w = writer { try? w.close() }
        writer = nil
        unlink(partial)
        down.removeAll()
    }

    private func fail(_ message: String) {
        lastError = message
        // write(2), not FileHandle.write: the latter traps when standard error cannot be written.
        let line = Array(("gesturelab record: " + message + "\n").utf8)
        _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        if let w = writer { try? w.close() }
        writer = nil
    }
}
