#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file or a byte array one line at a time in constant memory.
///
/// Lines are handed out as buffers into an internal block; they are valid until the next call.
/// A line longer than `maximumLineLength` is an error, so a file with no newlines cannot make
/// the reader grow without bound. The byte after every line is readable and is not a digit:
/// the line's newline (or carriage return), or `stopByte` after a last line without one, so a
/// parser's digit loop stops there without checking where the line ends (`TraceEventFastPath`).
/// A parser that finds a line's newline itself reads `unread` (followed by `stopByte` too) and
/// hands the line out with `skipLine`, with no search for the newline.
public final class LineReader {
    public static let maximumLineLength = 1 << 20
    /// What follows a last line that has no newline (a byte kept free after the buffer for it).
    public static let stopByte: UInt8 = 0
    /// The first buffer; it doubles when a line does not fit (up to `maximumLineLength`), so
    /// small files cost little and large ones are still read in big blocks.
    static let blockSize = 1 << 16
    /// Long files grow the buffer to this, so reads stay large.
    static let largeBlock = 1 << 20

    public struct TooLong: Error {}
    public struct ReadFailed: Error { public var errno: Int32 }

    private var fd: Int32 = -1
    private var memory: [UInt8]?
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var start = 0
    private var end = 0
    private var eof = false
    public private(set) var lineNumber = 0
    /// Whether the last line returned was ended by a newline (false for a truncated final line).
    public private(set) var lastLineTerminated = true
    public private(set) var bytesRead = 0

    /// Takes ownership of `fd` and closes it on deinit.
    public init(fileDescriptor: Int32) {
        fd = fileDescriptor
        capacity = LineReader.blockSize
        buffer = LineReader.allocate(capacity)
    }

    public init(bytes: [UInt8]) {
        memory = bytes
        capacity = max(bytes.count, 1)
        buffer = LineReader.allocate(capacity)
        bytes.withUnsafeBufferPointer { src in
            if let base = src.baseAddress { buffer.update(from: base, count: bytes.count) }
        }
        end = bytes.count
        bytesRead = bytes.count
        eof = true
        buffer[end] = LineReader.stopByte
    }

    /// `capacity` bytes for lines and one more for the stop byte.
    private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        .allocate(capacity: capacity + 1)
    }

    deinit {
        buffer.deallocate()
        if fd >= 0 { close(fd) }
    }

    /// The bytes read and not yet handed out: the next lines, the last of them perhaps cut by the
    /// end of the block. Empty until `nextLine` has read a block.
    @inline(__always) public var unread: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: buffer + start, count: end - start)
    }

    /// Hands out the line `unread` starts with, whose newline is at `newline` in `unread`, as
    /// `nextLine` would have.
    @inline(__always) public func skipLine(newlineAt newline: Int) {
        start &+= newline &+ 1
        lineNumber &+= 1
        lastLineTerminated = true
    }

    /// The next line without its newline (and without a trailing carriage return), or nil at the end.
    public func nextLine() throws -> UnsafeBufferPointer<UInt8>? {
        var scanFrom = start
        while true {
            if let nl = findNewline(from: scanFrom) {
                var lineEnd = nl
                if lineEnd > start && buffer[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                let line = UnsafeBufferPointer(start: buffer + start, count: lineEnd - start)
                start = nl + 1
                lineNumber += 1
                lastLineTerminated = true
                if line.count > LineReader.maximumLineLength { throw TooLong() }
                return line
            }
            scanFrom = end
            if eof {
                guard start < end else { return nil }
                let line = UnsafeBufferPointer(start: buffer + start, count: end - start)
                start = end
                lineNumber += 1
                lastLineTerminated = false
                if line.count > LineReader.maximumLineLength { throw TooLong() }
                return line
            }
            if end - start > LineReader.maximumLineLength { lineNumber += 1; throw TooLong() }
            let scanned = end - start
            try refill()
            scanFrom = start + scanned
        }
    }

    private func findNewline(from: Int) -> Int? {
        guard from < end else { return nil }
        if let p = memchr(buffer + from, 0x0A, end - from) {
            return buffer.distance(to: p.assumingMemoryBound(to: UInt8.self))
        }
        return nil
    }

    private func refill() throws {
        // Move the unread tail to the front, grow only if one line fills the whole block.
        let pending = end - start
        if start > 0 {
            if pending > 0 { memmove(buffer, buffer + start, pending) }
            start = 0
            end = pending
        }
        if end == capacity || (start == 0 && capacity < LineReader.largeBlock && bytesRead >= capacity * 4) {
            let newCapacity = capacity * 2
            let grown = LineReader.allocate(newCapacity)
            grown.update(from: buffer, count: end)
            buffer.deallocate()
            buffer = grown
            capacity = newCapacity
        }
        while true {
            let n = read(fd, buffer + end, capacity - end)
            if n < 0 {
                if errno == EINTR { continue }
                throw ReadFailed(errno: errno)
            }
            if n == 0 { eof = true } else { end += n; bytesRead += n }
            buffer[end] = LineReader.stopByte
            return
        }
    }
}
