#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a trace line by line, each line with a single `write` call, so that a crash loses at
/// most the line being written and whatever was written before stays readable.
///
/// A generator that can simply be run again (not a recording) may pass `bufferBytes` to write in
/// blocks instead: a million lines are then a hundred writes instead of a million.
public final class TraceWriter {
    public let path: String
    private var fd: Int32
    private let bufferBytes: Int
    private var pending: [UInt8] = []
    public private(set) var eventsWritten = 0
    private var validator = TraceValidator()

    public struct WriteFailed: Error, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// Creates (or truncates) `path` and writes the header.
    public init(path: String, header: TraceHeader, bufferBytes: Int = 0) throws(WriteFailed) {
        self.path = path
        self.bufferBytes = bufferBytes
        fd = -1
        if let problem = TraceWriter.problem(header: header) { throw WriteFailed(path: path, reason: "refused header: \(problem)") }
        fd = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if fd < 0 { throw WriteFailed(path: path, reason: "cannot create: " + String(cString: strerror(errno))) }
        try writeLine(header.jsonLine)
    }

    /// Continues an existing trace: its events are read (and checked) first so that appended
    /// events must follow on from them. A last line cut short by a crash (already lost) is cut
    /// off, so the appended lines do not turn it into an error in the middle of the file.
    public init(appendingTo path: String) throws(WriteFailed) {
        self.path = path
        bufferBytes = 0
        let reader: TraceReader
        do { reader = try TraceReader(path: path) } catch { throw WriteFailed(path: path, reason: "cannot continue: \(error.description)") }
        do {
            while let e = try reader.nextEvent() { _ = validator.check(e) }
        } catch {
            throw WriteFailed(path: path, reason: "cannot continue: \(error.description)")
        }
        eventsWritten = reader.eventCount
        fd = Glibc.open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        if fd < 0 { throw WriteFailed(path: path, reason: "cannot open for appending: " + String(cString: strerror(errno))) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_size > 0 else { return }
        let rfd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard rfd >= 0 else { return }
        defer { _ = Glibc.close(rfd) }
        // Find the end of the last complete line, scanning back in small blocks.
        var end = Int(st.st_size)
        var block = [UInt8](repeating: 0, count: 4096)
        var lastNewline = -1
        while end > 0 && lastNewline < 0 {
            let start = max(0, end - block.count)
            let n = block.withUnsafeMutableBytes { pread(rfd, $0.baseAddress, end - start, off_t(start)) }
            guard n == end - start else { return }
            if let i = block[0..<n].lastIndex(of: 0x0A) { lastNewline = start + i }
            end = start
        }
        let keep = lastNewline + 1
        if keep < Int(st.st_size) && keep > 0 {
            if ftruncate(fd, off_t(keep)) != 0 { throw WriteFailed(path: path, reason: "cannot cut the torn last line: " + String(cString: strerror(errno))) }
        }
    }

    deinit { if fd >= 0 { _ = Glibc.close(fd) } }

    /// Appends one event. Its line is read back as the reader reads it, and checked against the
    /// events before it, so a writer never produces a file its own reader rejects (a position
    /// rounded onto the screen's bound, a pressure that overflows, a time out of order).
    public func append(_ event: TraceEvent) throws(WriteFailed) {
        let line = event.jsonLine
        if let problem = TraceWriter.readBack(line, validator: &validator) { throw WriteFailed(path: path, reason: "refused event: \(problem)") }
        try writeLine(line)
        eventsWritten += 1
    }

    /// What the reader would say of `line` after the events `validator` has seen, or nil (and
    /// the validator then knows the event).
    static func readBack(_ line: String, validator: inout TraceValidator) -> String? {
        var line = line
        let read = line.withUTF8 { bytes -> Result<TraceEvent, TraceEventDecoder.Problem> in
            if let usual = TraceEventFastPath.decodeCopy(bytes) { return .success(usual) }
            return Result { () throws(TraceEventDecoder.Problem) -> TraceEvent in try TraceEventDecoder.decode(bytes) }
        }
        switch read {
        case let .success(event): return validator.check(event)
        case let .failure(problem): return problem.message
        }
    }

    /// What the reader would say of `header`'s line, or nil.
    static func problem(header: TraceHeader) -> String? {
        do {
            _ = try TraceHeader.decode(try JSONParser.parse(header.jsonLine))
            return nil
        } catch let p as HeaderProblem {
            return p.message
        } catch let f as JSONParser.Failure {
            return f.message
        } catch {
            return "\(error)"
        }
    }

    /// A refusal of `checkedText`: which event (0-based, in the order given) and why.
    public struct Refused: Error, CustomStringConvertible {
        /// nil for the header.
        public var event: Int?
        /// What the event was, in words ("down of pointer 3 at 120 ms").
        public var what: String
        public var message: String
        public var description: String { (event.map { "event \($0 + 1) (\(what))" } ?? "the header") + ": " + message }
    }

    /// The whole trace as text, each line read back as the reader will read it: importers write
    /// this, so what they write always passes `gesturelab validate`.
    public static func checkedText(header: TraceHeader, events: [TraceEvent]) throws(Refused) -> String {
        if let problem = problem(header: header) { throw Refused(event: nil, what: "", message: problem) }
        var validator = TraceValidator()
        var s = header.jsonLine + "\n"
        for (k, e) in events.enumerated() {
            let line = e.jsonLine
            if let problem = readBack(line, validator: &validator) {
                throw Refused(event: k, what: "\(e.type.rawValue) of pointer \(e.pointer) at \(e.time.millisecondsText) ms", message: problem)
            }
            s += line + "\n"
        }
        return s
    }

    /// Forces written lines to stable storage.
    public func sync() throws(WriteFailed) {
        try flush()
        if fsync(fd) != 0 && errno != EINVAL { throw WriteFailed(path: path, reason: "sync failed: " + String(cString: strerror(errno))) }
    }

    public func close() throws(WriteFailed) {
        guard fd >= 0 else { return }
        try flush()
        let r = Glibc.close(fd)
        fd = -1
        if r != 0 { throw WriteFailed(path: path, reason: "close failed: " + String(cString: strerror(errno))) }
    }

    private func writeLine(_ text: String) throws(WriteFailed) {
        if bufferBytes > 0 {
            pending.append(contentsOf: text.utf8)
            pending.append(0x0A)
            if pending.count >= bufferBytes { try flush() }
            return
        }
        var bytes = Array(text.utf8)
        bytes.append(0x0A)
        try writeRaw(bytes)
    }

    private func flush() throws(WriteFailed) {
        guard !pending.isEmpty else { return }
        try writeRaw(pending)
        pending.removeAll(keepingCapacity: true)
    }

    private func writeRaw(_ bytes: [UInt8]) throws(WriteFailed) {
        if let e = bytes.withUnsafeBytes({ writeFully(fd, $0) }) {
            throw WriteFailed(path: path, reason: "write failed: " + String(cString: strerror(e)))
        }
    }

    /// The whole trace as text, for tests and generators that build traces in memory.
    public static func text(header: TraceHeader, events: [TraceEvent]) -> String {
        var s = header.jsonLine + "\n"
        for e in events { s += e.jsonLine + "\n" }
        return s
    }
}
