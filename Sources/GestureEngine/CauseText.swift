import GestureTrace

/// The words of a cause: a text, or a template and its values, formatted only when read.
///
/// A replay logs millions of routine rows (a touch moves, a pan's translation changes) whose
/// words most readers never look at: the text timeline hides them, corpus evaluation keeps
/// none. Formatting each into a String was most of what a logged replay cost; a template keeps
/// the values instead, and the JSON Lines writer formats them straight into its bytes.
///
/// A template is static text with slots, filled in order: `%s` the next string, `%d` the next
/// number as an integer, `%1` the next number to one decimal (`NumberFormat.short`), `%3` to
/// three (`NumberFormat.precise`), `%%` a percent sign. At most two strings and three numbers.
public struct CauseText: Sendable, Equatable, CustomStringConvertible {
    let template: StaticString
    let first: String
    let second: String
    let a: Double, b: Double, c: Double

    /// A finished text.
    public init(_ text: String) {
        template = "%s"
        first = text
        second = ""
        a = 0; b = 0; c = 0
    }

    /// A template filled with numbers.
    public init(_ template: StaticString, _ a: Double, _ b: Double = 0, _ c: Double = 0) {
        self.template = template
        first = ""; second = ""
        self.a = a; self.b = b; self.c = c
    }

    /// A template filled with strings, then numbers.
    public init(_ template: StaticString, _ first: String, _ second: String = "", numbers a: Double = 0, _ b: Double = 0, _ c: Double = 0) {
        self.template = template
        self.first = first
        self.second = second
        self.a = a; self.b = b; self.c = c
    }

    /// The text, formatted.
    public var description: String {
        if isPlain { return first }
        let bytes = ByteBuffer(capacity: 128)
        appendUTF8(to: bytes)
        return bytes.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether the text is empty (without formatting it).
    public var isEmpty: Bool {
        template.utf8CodeUnitCount == 0 || (isPlain && first.isEmpty)
    }

    /// A finished text rather than a template.
    private var isPlain: Bool {
        template.withUTF8Buffer { $0.count == 2 && $0[0] == 0x25 && $0[1] == 0x73 }
    }

    /// Appends the text's UTF-8 bytes.
    public func appendUTF8(to bytes: ByteBuffer) {
        _ = template.withUTF8Buffer { fill($0, into: bytes, json: false) }
    }

    /// Appends the text as a quoted JSON string; when it has a character JSON must escape (a
    /// quote, a backslash, a control character: never in a number or a template of ours),
    /// appends nothing and returns false.
    public func appendJSONString(to bytes: ByteBuffer) -> Bool {
        let start = bytes.count
        bytes.append(0x22)
        guard template.withUTF8Buffer({ fill($0, into: bytes, json: true) }) else {
            bytes.truncate(to: start)
            return false
        }
        bytes.append(0x22)
        return true
    }

    @inline(__always)
    private static func escapes(_ b: UInt8) -> Bool { b < 0x20 || b == 0x22 || b == 0x5C }

    /// Fills the template; with `json`, stops and returns false at a byte JSON must escape.
    private func fill(_ t: UnsafeBufferPointer<UInt8>, into bytes: ByteBuffer, json: Bool) -> Bool {
        var strings = 0, numbers = 0
        var i = 0
        while i < t.count {
            // The literal run up to the next slot, in one copy.
            var end = i
            while end < t.count && t[end] != 0x25 {
                if json && CauseText.escapes(t[end]) { return false }
                end += 1
            }
            if end > i { bytes.append(UnsafeBufferPointer(rebasing: t[i..<end])) }
            guard end + 1 < t.count else {
                if end < t.count { bytes.append(0x25) }
                return true
            }
            let slot = t[end + 1]
            i = end + 2
            switch slot {
            case 0x73: // s
                var s = strings == 0 ? first : second
                strings += 1
                let plain = s.withUTF8 { buf -> Bool in
                    if json { for b in buf where CauseText.escapes(b) { return false } }
                    bytes.append(buf)
                    return true
                }
                if !plain { return false }
            case 0x64, 0x31, 0x33: // d, 1, 3
                let v = numbers == 0 ? a : numbers == 1 ? b : c
                numbers += 1
                if slot == 0x64 {
                    NumberText.appendInteger(Int64(exactly: v.rounded()) ?? 0, to: bytes)
                } else {
                    NumberText.appendDecimal(v, decimals: slot == 0x31 ? 1 : 3, to: bytes)
                }
            default:
                if json && CauseText.escapes(slot) { return false }
                bytes.append(slot)
            }
        }
        return true
    }

    public static func == (l: CauseText, r: CauseText) -> Bool { l.description == r.description }
}
