import GestureTrace

/// Each name's bytes, looked up once: a log writer names the same few recognizers on every
/// row, and the shared table of names is behind a lock. One per writing thread.
package final class LogNameBytes {
    private let encode: (String) -> [UInt8]
    /// Every name's bytes, one after another (appended when a name is first seen).
    @usableFromInline let storage = OutputBytes(capacity: 256)
    /// Per name number: where its bytes start in `storage` (high 32 bits) and how many, or -1
    /// before its first use. Read for every name of every row (see `UncheckedState`).
    @usableFromInline let spans = UncheckedState<[Int]>([])

    /// `encode` makes a name's bytes (its UTF-8 by default; a writer may keep them quoted).
    package init(encode: @escaping (String) -> [UInt8] = { Array($0.utf8) }) {
        self.encode = encode
    }

    deinit { spans.free() }

    /// The name's bytes, valid until a name not seen before is asked for.
    @inlinable @inline(__always)
    package func bytes(of name: LogName) -> UnsafeBufferPointer<UInt8> {
        let i = Int(name.number)
        if i < spans.value.count {
            let span = spans.value[i]
            if span >= 0 { return UnsafeBufferPointer(start: storage.start + (span >> 32), count: span & 0xFFFF_FFFF) }
        }
        return add(name)
    }

    @usableFromInline func add(_ name: LogName) -> UnsafeBufferPointer<UInt8> {
        let i = Int(name.number)
        if i >= spans.value.count { spans.value.append(contentsOf: repeatElement(-1, count: i + 1 - spans.value.count)) }
        let bytes = encode(name.string)
        let at = storage.count
        bytes.withUnsafeBufferPointer { storage.append($0) }
        spans.value[i] = at << 32 | bytes.count
        return UnsafeBufferPointer(start: storage.start + at, count: bytes.count)
    }
}
