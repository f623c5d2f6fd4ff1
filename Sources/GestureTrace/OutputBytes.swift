/// A growable run of bytes for output written a few bytes at a time: the replay log, the
/// timeline page's data. Room is made once per value (`reserve`), then digits and text are
/// stored straight through a pointer; an array checked its uniqueness and capacity on every
/// byte, and that was a third of what writing the log cost.
///
/// A class, so that a buffer passed around is the same buffer (it has one owner, a writer).
public final class OutputBytes {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    @usableFromInline var written = 0
    /// Bytes written.
    public var count: Int { written }

    public init(capacity: Int = 1 << 16) {
        self.capacity = Swift.max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Makes room for `n` more bytes; returns where they go. Write them, then `commit(n)`.
    @inlinable @inline(__always)
    public func reserve(_ n: Int) -> UnsafeMutablePointer<UInt8> {
        if written + n > capacity { grow(written + n) }
        return base + written
    }

    /// Counts `n` bytes written after `reserve`.
    @inlinable @inline(__always)
    public func commit(_ n: Int) { written += n }

    @usableFromInline func grow(_ needed: Int) {
        var c = capacity
        while c < needed { c *= 2 }
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: c)
        bigger.update(from: base, count: written)
        base.deallocate()
        base = bigger
        capacity = c
    }

    @inlinable @inline(__always)
    public func append(_ byte: UInt8) {
        reserve(1).pointee = byte
        written += 1
    }

    @inlinable
    public func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !bytes.isEmpty else { return }
        var cursor = ByteCursor(reserve(bytes.count))
        cursor.put(bytes)
        written += bytes.count
    }

    @inlinable
    public func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// A String's UTF-8 bytes.
    @inlinable
    public func append(utf8 text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Forgets what was written after the first `n` bytes.
    public func truncate(to n: Int) {
        precondition(n >= 0 && n <= written, "OutputBytes.truncate beyond what was written")
        written = n
    }

    /// Forgets what was written, keeping the storage.
    public func removeAll() { written = 0 }

    /// Where the bytes begin: valid until the buffer next grows (a write past its capacity).
    /// For readers that keep spans of a buffer that is only appended to.
    @inlinable public var start: UnsafePointer<UInt8> { UnsafePointer(base) }

    public func withUnsafeBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: written))
    }

    /// A copy of what was written.
    public var array: [UInt8] { withUnsafeBytes { Array($0) } }
}

extension OutputBytes {
    /// Makes room for `n` bytes and lets `body` write up to that many through a cursor, with no
    /// check per byte; what it wrote is committed.
    @inlinable @inline(__always)
    public func write(atMost n: Int, _ body: (inout ByteCursor) -> Void) {
        var cursor = ByteCursor(reserve(n))
        body(&cursor)
        let written = cursor.p - (base + self.written)
        precondition(written <= n, "OutputBytes.write wrote more than it reserved")
        commit(written)
    }
}

/// Writes into room a `OutputBytes` made (`write(atMost:)`): the caller has reserved enough.
public struct ByteCursor {
    public var p: UnsafeMutablePointer<UInt8>

    @inlinable init(_ p: UnsafeMutablePointer<UInt8>) { self.p = p }

    @inlinable @inline(__always)
    public mutating func put(_ text: StaticString) {
        // Through the buffer: a one-character literal is stored as a scalar, not a pointer.
        text.withUTF8Buffer { put($0) }
    }

    @inlinable @inline(__always)
    public mutating func put(_ byte: UInt8) {
        p.pointee = byte
        p += 1
    }

    @inlinable @inline(__always)
    public mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        let n = bytes.count
        if n <= 16 {
            // Short runs (names, the parts of a template, a number's text) in at most two
            // overlapping word copies or a few bytes: a call to memcpy cost more than the copy.
            let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(p)
            if n >= 8 {
                let head = from.loadUnaligned(as: UInt64.self), tail = from.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
                to.storeBytes(of: head, as: UInt64.self)
                to.storeBytes(of: tail, toByteOffset: n - 8, as: UInt64.self)
            } else if n >= 4 {
                let head = from.loadUnaligned(as: UInt32.self), tail = from.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
                to.storeBytes(of: head, as: UInt32.self)
                to.storeBytes(of: tail, toByteOffset: n - 4, as: UInt32.self)
            } else {
                for i in 0..<n { p[i] = source[i] }
            }
        } else {
            p.update(from: source, count: n)
        }
        p += n
    }

    /// At most 20 bytes. A digit alone (a touch's number) is written here, without the call.
    @inlinable @inline(__always)
    public mutating func integer(_ value: Int64) {
        if UInt64(bitPattern: value) < 10 {
            p.pointee = 0x30 &+ UInt8(truncatingIfNeeded: value)
            p += 1
        } else {
            p += NumberText.writeInteger(value, to: p)
        }
    }

    /// `NumberText.fixed`; at most 48 bytes.
    @inlinable @inline(__always)
    public mutating func fixed(_ value: Int64, scale: Int64) { p += NumberText.writeFixed(value, scale: scale, to: p) }

    /// `NumberText.decimal`; at most 48 bytes.
    @inlinable @inline(__always)
    public mutating func decimal(_ value: Double, decimals: Int = 3) { p += NumberText.writeDecimal(value, decimals: decimals, to: p) }
}
