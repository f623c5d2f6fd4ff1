#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a trace one event at a time, validating as it goes, in constant memory.
///
/// Every problem is a `TraceDiagnostic` naming the file and line. A last line cut short by a
/// crash while recording is a warning, not an error: everything before it still replays.
public final class TraceReader: IteratorProtocol, Sequence {
    public let path: String
    public let header: TraceHeader
    public private(set) var warnings: [TraceDiagnostic] = []
    private let lines: LineReader
    private var validator = TraceValidator()
    private var finished = false
    public private(set) var eventCount = 0

    /// Opens `path` and reads its header; `-` reads standard input (see `StandardInput`).
    public convenience init(path: String) throws(TraceDiagnostic) {
        if path == StandardInput.path {
            switch StandardInput.contents {
            case let .success(bytes): try self.init(lines: LineReader(bytes: bytes), name: StandardInput.name)
            case .failure(.tooLarge), .failure(.refused):
                throw TraceDiagnostic(file: StandardInput.name, line: 0,
                                      message: "more than \(StandardInput.limit >> 20) MiB on standard input; give a trace that large as a file, which is read as it goes")
            case let .failure(.readFailed(e)): throw TraceDiagnostic(file: StandardInput.name, line: 0, message: "read failed: \(String(cString: strerror(e)))")
            }
            return
        }
        let fd = try TraceReader.open(path)
        try self.init(lines: LineReader(fileDescriptor: fd), name: path)
    }

    /// Reads a trace held in memory; `name` is used in messages.
    public convenience init(bytes: [UInt8], name: String = "<memory>") throws(TraceDiagnostic) {
        try self.init(lines: LineReader(bytes: bytes), name: name)
    }

    private init(lines: LineReader, name: String) throws(TraceDiagnostic) {
        self.lines = lines
        self.path = name
        var headerLine: UnsafeBufferPointer<UInt8>?
        do {
            while let line = try lines.nextLine() {
                if TraceReader.isBlank(line) { continue }
                headerLine = line
                break
            }
        } catch {
            throw TraceReader.diagnostic(for: error, file: name, line: lines.lineNumber)
        }
        guard var line = headerLine else {
            throw TraceDiagnostic(file: name, line: 0, message: "empty file: a trace starts with a header line")
        }
        // A UTF-8 byte-order mark is harmless; editors on some systems add one.
        if line.count >= 3, line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF {
            line = UnsafeBufferPointer(rebasing: line[3...])
        }
        if let first = line.first, first != UInt8(ascii: "{") && first != UInt8(ascii: " ") && first != UInt8(ascii: "\t") {
            throw TraceDiagnostic(file: name, line: lines.lineNumber, message: "not a trace: the first line is not a JSON object (binary or other text?)")
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(line)
        } catch {
            // A first line that starts like JSON but holds control bytes is binary data that
            // happened to begin with "{" (1 in 256 random files), not a header with a typo.
            if line.contains(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0D }) {
                throw TraceDiagnostic(file: name, line: lines.lineNumber, message: "not a trace: the first line is not a JSON object (binary or other text?)")
            }
            let truncated = !lines.lastLineTerminated
            throw TraceDiagnostic(file: name, line: lines.lineNumber,
                                  message: "header is not valid JSON: \(error.message) (column \(error.column))" + (truncated ? "; the file ends inside its first line" : ""))
        }
        do {
            header = try TraceHeader.decode(value)
        } catch {
            throw TraceDiagnostic(file: name, line: lines.lineNumber, message: error.message)
        }
    }

    static func open(_ path: String) throws(TraceDiagnostic) -> Int32 {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            let e = errno
            let reason: String
            switch e {
            case ENOENT: reason = "no such file"
            case EACCES, EPERM: reason = "permission denied"
            case EISDIR: reason = "is a directory, not a trace file"
            default: reason = String(cString: strerror(e))
            }
            throw TraceDiagnostic(file: path, line: 0, message: reason)
        }
        var st = stat()
        if fstat(fd, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw TraceDiagnostic(file: path, line: 0, message: "is a directory, not a trace file")
        }
        return fd
    }

    static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    static func diagnostic(for error: Error, file: String, line: Int) -> TraceDiagnostic {
        switch error {
        case is LineReader.TooLong:
            return TraceDiagnostic(file: file, line: line, message: "line longer than \(LineReader.maximumLineLength) bytes (not a trace, or a missing newline)")
        case let e as LineReader.ReadFailed:
            return TraceDiagnostic(file: file, line: line, message: "read failed: \(String(cString: strerror(e.errno)))")
        default:
            return TraceDiagnostic(file: file, line: line, message: "\(error)")
        }
    }

    /// The next valid event; throws at the first error. Returns nil at the end of the file.
    public func nextEvent() throws(TraceDiagnostic) -> TraceEvent? {
        guard !finished else { return nil }
        while true {
            // The usual line straight from the reader's block, its newline found by the parse.
            if let (usual, newline) = TraceEventFastPath.decodeLine(at: lines.unread) {
                lines.skipLine(newlineAt: newline)
                // A move of a finger that is down, in time (most lines): checked on its fields,
                // and the event made where it is returned.
                if !validator.acceptsMove(usual.type, of: usual.pointer, at: usual.time), let problem = validator.check(usual.event) {
                    finished = true
                    throw TraceDiagnostic(file: path, line: lines.lineNumber, message: problem)
                }
                eventCount &+= 1
                return usual.event
            }
            let line: UnsafeBufferPointer<UInt8>
            do {
                guard let l = try lines.nextLine() else { finished = true; return nil }
                line = l
            } catch {
                finished = true
                throw TraceReader.diagnostic(for: error, file: path, line: lines.lineNumber)
            }
            if TraceReader.isBlank(line) { continue }
            // The usual line, returned from here: one copy of the event fewer than below.
            if let usual = TraceEventFastPath.decode(line, stopByteAfter: true) {
                if let problem = validator.check(usual) {
                    finished = true
                    throw TraceDiagnostic(file: path, line: lines.lineNumber, message: problem)
                }
                eventCount &+= 1
                return usual
            }
            let event: TraceEvent
            do {
                event = try TraceEventDecoder.decode(line)
            } catch {
                if !lines.lastLineTerminated {
                    // A crash while recording cuts the last line short; keep everything before it.
                    warnings.append(TraceDiagnostic(file: path, line: lines.lineNumber,
                                                    message: "last line is incomplete (recording interrupted?); ignored: \(error.message)",
                                                    severity: .warning))
                    finished = true
                    return nil
                }
                finished = true
                throw TraceDiagnostic(file: path, line: lines.lineNumber, message: error.message)
            }
            if let problem = validator.check(event) {
                finished = true
                throw TraceDiagnostic(file: path, line: lines.lineNumber, message: problem)
            }
            eventCount += 1
            return event
        }
    }

    /// Pointers that were still down when the file ended (a stroke cut off by the end of the recording).
    public var pointersStillDown: Set<Int> { validator.pointersDown }
    public var bytesRead: Int { lines.bytesRead }
    public var currentLine: Int { lines.lineNumber }

    /// Iterating stops at the first error; use `nextEvent()` to see it.
    public func next() -> TraceEvent? { try? nextEvent() }

    /// Reads the whole trace into memory (for tests and small files).
    public static func readAll(path: String) throws(TraceDiagnostic) -> (TraceHeader, [TraceEvent], [TraceDiagnostic]) {
        let reader = try TraceReader(path: path)
        var events: [TraceEvent] = []
        while let e = try reader.nextEvent() { events.append(e) }
        return (reader.header, events, reader.warnings)
    }
}
