import GestureTrace

/// What a log writer keeps from row to row, so that each row is written from bytes it already
/// has: every name's bytes (a scene has a handful, named on every row, and the shared table
/// is behind a lock) and every cause template taken apart into its literal runs and slots (a
/// template was scanned byte by byte for each row). One per writing thread.
public final class LogWriterCache {
    private let encode: (String) -> [UInt8]
    /// Every name's bytes, one after another; grown (and moved) when a name is first seen.
    @usableFromInline var storage: UnsafeMutablePointer<UInt8>
    private var capacity = 256
    private var used = 0
    /// Per name number: where its bytes start in `storage` (high 32 bits) and how many, or -1
    /// before its first use. Read for every name of every row, so not checked for exclusivity.
    @usableFromInline @exclusivity(unchecked) var spans: [Int] = []

    /// `encode` makes a name's bytes (its UTF-8 by default; a writer may keep them quoted).
    public init(encode: @escaping (String) -> [UInt8] = { Array($0.utf8) }) {
        self.encode = encode
        storage = .allocate(capacity: capacity)
    }

    deinit {
        storage.deallocate()
        parts.deallocate()
    }

    /// The name's bytes, valid until a name not seen before is asked for.
    @inlinable @inline(__always)
    public func bytes(of name: LogName) -> UnsafeBufferPointer<UInt8> {
        let i = Int(name.number)
        if i < spans.count {
            let span = spans[i]
            if span >= 0 { return UnsafeBufferPointer(start: storage + (span >> 32), count: span & 0xFFFF_FFFF) }
        }
        return add(name)
    }

    @usableFromInline func add(_ name: LogName) -> UnsafeBufferPointer<UInt8> {
        let i = Int(name.number)
        if i >= spans.count { spans.append(contentsOf: repeatElement(-1, count: i + 1 - spans.count)) }
        let bytes = encode(name.string)
        if used + bytes.count > capacity {
            while used + bytes.count > capacity { capacity *= 2 }
            let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            bigger.update(from: storage, count: used)
            storage.deallocate()
            storage = bigger
        }
        bytes.withUnsafeBufferPointer { (storage + used).update(from: $0.baseAddress!, count: $0.count) }
        spans[i] = used << 32 | bytes.count
        used += bytes.count
        return UnsafeBufferPointer(start: storage + (used - bytes.count), count: bytes.count)
    }

    // MARK: Templates

    /// A template's parts, in order: a literal run of the template (start, count) and the
    /// slot after it (its letter; 0 at the end).
    struct Part {
        var start: Int32
        var count: Int32
        var slot: UInt8
    }

    /// Recently used templates, by the address of their text (a direct-mapped table: a few
    /// dozen templates exist, and a miss only costs taking one apart again).
    private struct Entry {
        var address: UInt = 0
        var first = 0
        var count = 0
        /// Whether a literal run has a character JSON must escape.
        var escapes = false
    }
    @exclusivity(unchecked) private var entries = [Entry](repeating: Entry(), count: 64)
    /// Every template's parts, one after another.
    private var parts: UnsafeMutablePointer<Part> = .allocate(capacity: 256)
    private var partCapacity = 256
    private var partCount = 0

    /// The parts of a template's text `t`, and whether its literal runs need JSON escaping;
    /// valid until the next template not seen recently. `stable`: the text is where the program
    /// keeps it (a template of one character is handed over in a temporary, whose address says
    /// nothing).
    func parts(of t: UnsafeBufferPointer<UInt8>, stable: Bool) -> (parts: UnsafeBufferPointer<Part>, escapes: Bool) {
        let address = stable ? UInt(bitPattern: t.baseAddress) : 0
        let slot = Int((address >> 3) & 63)
        if entries[slot].address != address || address == 0 {
            entries[slot] = parse(t, address: address)
        }
        let e = entries[slot]
        return (UnsafeBufferPointer(start: parts + e.first, count: e.count), e.escapes)
    }

    private func append(_ part: Part) {
        if partCount == partCapacity {
            partCapacity *= 2
            let bigger = UnsafeMutablePointer<Part>.allocate(capacity: partCapacity)
            bigger.moveInitialize(from: parts, count: partCount)
            parts.deallocate()
            parts = bigger
        }
        (parts + partCount).initialize(to: part)
        partCount += 1
    }

    private func parse(_ t: UnsafeBufferPointer<UInt8>, address: UInt) -> Entry {
        // The table of parts only grows; when it is large, stale templates are dropped.
        if partCount > 4096 {
            partCount = 0
            for i in entries.indices { entries[i] = Entry() }
        }
        var e = Entry(address: address, first: partCount)
        var i = 0
        while i < t.count {
            var end = i
            while end < t.count && t[end] != 0x25 {
                if CauseText.escapes(t[end]) { e.escapes = true }
                end += 1
            }
            // A `%` at the very end stands for itself.
            let slot: UInt8 = end + 1 < t.count ? t[end + 1] : end < t.count ? 0x25 : 0
            append(Part(start: Int32(i), count: Int32(end - i), slot: slot))
            i = end + 2
        }
        e.count = partCount - e.first
        return e
    }
}
