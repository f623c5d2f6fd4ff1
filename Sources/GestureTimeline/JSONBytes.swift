import GestureEngine
import GestureTrace

/// JSON written straight into bytes: numbers digit by digit, strings copied when they need no
/// escaping. For output that runs to millions of values (the replay log, the timeline page's
/// data), where a String per value is most of the cost.
public struct JSONBytes {
    public let buffer: OutputBytes

    public init() { buffer = OutputBytes(capacity: 1 << 16) }

    /// A copy of what was written.
    public var bytes: [UInt8] { buffer.array }

    /// Empties the buffer, keeping its storage.
    public func clear() { buffer.removeAll() }

    @inline(__always) public func byte(_ b: UInt8) { buffer.append(b) }

    public func ascii(_ s: StaticString) { buffer.append(s) }

    public func raw(_ s: String) { buffer.append(utf8: s) }

    /// Bytes already encoded (a name quoted once).
    public func raw(_ bytes: [UInt8]) { bytes.withUnsafeBufferPointer { buffer.append($0) } }

    /// `jsonQuoted`, on bytes: text without quotes, backslashes or control characters is copied.
    public func quoted(_ s: String) { appendJSONQuoted(s, to: buffer) }

    /// A cause's words, quoted, formatted straight into the buffer.
    package func quoted(_ text: CauseText, names: LogNameBytes? = nil) {
        if !text.appendJSONString(to: buffer, names: names) { quoted(text.description) }
    }

    public func integer(_ value: Int64) { NumberText.appendInteger(value, to: buffer) }

    /// `NumberText.decimal(value)`: 3 decimals, trailing zeros trimmed.
    public func decimal(_ value: Double) { NumberText.appendDecimal(value, to: buffer) }

    /// `NumberText.fixed`: whole part, then the fraction without trailing zeros.
    public func fixed(_ value: Int64, scale: Int64) { NumberText.appendFixed(value, scale: scale, to: buffer) }
}
