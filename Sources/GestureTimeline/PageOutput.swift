/// Where a drawing is written: bytes collected and handed on a megabyte at a time (to a file as
/// `gesturelab timeline` writes it, or into one array), so a long trace's 100 MB picture is
/// never held whole.
public final class PageOutput {
    private var buffer: [UInt8] = []
    private let sink: ([UInt8]) throws -> Void
    private let chunk: Int
    private var heldLessThan = false

    public init(chunk: Int = 1 << 20, sink: @escaping ([UInt8]) throws -> Void) {
        self.sink = sink
        self.chunk = chunk
        buffer.reserveCapacity(chunk + 4096)
    }

    /// Collects everything into one array (`bytes` after `finish`).
    public static func collecting() -> (PageOutput, () -> [UInt8]) {
        let box = Collected()
        return (PageOutput { box.bytes += $0 }, { box.bytes })
    }

    private final class Collected { var bytes: [UInt8] = [] }

    public func write(_ s: String) throws {
        var s = s
        s.withUTF8 { buffer.append(contentsOf: $0) }
        if buffer.count >= chunk { try flush() }
    }

    public func write<C: Collection>(bytes: C) throws where C.Element == UInt8 {
        buffer.append(contentsOf: bytes)
        if buffer.count >= chunk { try flush() }
    }

    /// Everything written so far goes to the sink.
    public func flush() throws {
        guard !buffer.isEmpty else { return }
        try sink(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Bytes of the page's data: written with `</` escaped, even across two calls.
    func writeData(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        // Copied in runs, not byte by byte (each append to the stored array was checked for
        // exclusive access): only a "/" right after a "<" gets a backslash before it.
        var run = 0
        for i in bytes.indices where bytes[i] == 0x2F && (i == 0 ? heldLessThan : bytes[i - 1] == 0x3C) {
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i]))
            buffer.append(0x5C)
            run = i
        }
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
        if let last = bytes.last { heldLessThan = last == 0x3C }
        if buffer.count >= chunk { try flush() }
    }

    func endData() { heldLessThan = false }
}
