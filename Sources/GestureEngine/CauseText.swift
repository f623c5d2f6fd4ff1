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
/// three (`NumberFormat.precise`), `%n` the next name (a `LogName`: a recognizer's id, a state),
/// `%%` a percent sign. At most two strings, four names and three numbers.
public struct CauseText: Sendable, Equatable, CustomStringConvertible {
    @usableFromInline let template: StaticString
    /// Whether a string is kept (see `kept`): known where the text is made, so that a log row
    /// can tell whether it holds storage without looking at its strings.
    @usableFromInline let hasStrings: Bool
    @usableFromInline let first: String
    @usableFromInline let second: String
    @usableFromInline let a: Double, b: Double, c: Double
    @usableFromInline let name1: Int32, name2: Int32, name3: Int32, name4: Int32

    /// A finished text.
    public init(_ text: String) {
        template = "%s"
        first = CauseText.kept(text)
        second = ""
        hasStrings = !text.isEmpty
        a = 0; b = 0; c = 0
        name1 = -1; name2 = -1; name3 = -1; name4 = -1
    }

    /// A template filled with names, then a string and numbers: the names cost no String to
    /// build or copy, for the rows logged on every update or stroke (an action names its
    /// recognizer and state, an exclusion the winner).
    public init(_ template: StaticString, names n1: LogName, _ n2: LogName? = nil, _ n3: LogName? = nil, _ n4: LogName? = nil,
                string: String = "", numbers a: Double = 0, _ b: Double = 0, _ c: Double = 0) {
        self.template = template
        first = CauseText.kept(string); second = ""
        hasStrings = !string.isEmpty
        self.a = a; self.b = b; self.c = c
        name1 = n1.number; name2 = n2?.number ?? -1; name3 = n3?.number ?? -1; name4 = n4?.number ?? -1
    }

    /// A template filled with numbers.
    public init(_ template: StaticString, _ a: Double, _ b: Double = 0, _ c: Double = 0) {
        self.template = template
        first = ""; second = ""
        hasStrings = false
        self.a = a; self.b = b; self.c = c
        name1 = -1; name2 = -1; name3 = -1; name4 = -1
    }

    /// A template filled with strings, then numbers.
    public init(_ template: StaticString, _ first: String, _ second: String = "", numbers a: Double = 0, _ b: Double = 0, _ c: Double = 0) {
        self.template = template
        self.first = CauseText.kept(first)
        self.second = CauseText.kept(second)
        hasStrings = !(first.isEmpty && second.isEmpty)
        self.a = a; self.b = b; self.c = c
        name1 = -1; name2 = -1; name3 = -1; name4 = -1
    }

    // The parts of the text, for a log writer that compiles the rows it writes (GestureTimeline's
    // JSON Lines writer): the template by its address, and the values filled in.

    /// Where the template's text is kept, if the program keeps it (not a temporary).
    @inlinable package var templateAddress: UInt? { template.hasPointerRepresentation ? UInt(bitPattern: template.utf8Start) : nil }
    @inlinable package var nameNumbers: (Int32, Int32, Int32, Int32) { (name1, name2, name3, name4) }
    @inlinable package var firstString: String { first }
    @inlinable package var secondString: String { second }
    @inlinable package var numbers: (Double, Double, Double) { (a, b, c) }

    /// The same template and names with other values.
    package func with(strings: (String, String), numbers: (Double, Double, Double)) -> CauseText {
        CauseText(template: template, first: strings.0, second: strings.1, a: numbers.0, b: numbers.1, c: numbers.2,
                  names: (name1, name2, name3, name4))
    }

    private init(template: StaticString, first: String, second: String, a: Double, b: Double, c: Double, names: (Int32, Int32, Int32, Int32)) {
        self.template = template
        self.first = CauseText.kept(first)
        self.second = CauseText.kept(second)
        hasStrings = !(first.isEmpty && second.isEmpty)
        self.a = a; self.b = b; self.c = c
        (name1, name2, name3, name4) = names
    }

    /// An empty string as the empty literal, which holds no storage (an emptied string may keep
    /// its buffer): so `holdsStorage` can tell from the text alone whether freeing it releases
    /// anything.
    @inline(__always)
    private static func kept(_ s: String) -> String { s.isEmpty ? "" : s }

    /// Whether freeing this releases storage: a string is kept (see `kept`).
    @inlinable package var holdsStorage: Bool { hasStrings }

    /// The letters of the template's number slots, in order (`d`, `1` or `3`).
    package var numberSlots: [UInt8] {
        template.withUTF8Buffer { t in
            var slots: [UInt8] = []
            var i = 0
            while i < t.count {
                if t[i] == 0x25, i + 1 < t.count {
                    if t[i + 1] == 0x64 || t[i + 1] == 0x31 || t[i + 1] == 0x33 { slots.append(t[i + 1]) }
                    i += 2
                } else {
                    i += 1
                }
            }
            return slots
        }
    }

    /// What a `%d` slot writes for `v`.
    @inlinable @inline(__always)
    package static func integer(_ v: Double) -> Int64 { NumberText.rounded(v) ?? Int64(exactly: v.rounded()) ?? 0 }

    /// The text, formatted.
    public var description: String {
        if isPlain { return first }
        let bytes = OutputBytes(capacity: 128)
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
    package func appendUTF8(to bytes: OutputBytes) { appendUTF8(to: bytes, names: nil) }

    /// Appends the text as a quoted JSON string; when it has a character JSON must escape (a
    /// quote, a backslash, a control character: never in a number or a template of ours),
    /// appends nothing and returns false.
    package func appendJSONString(to bytes: OutputBytes) -> Bool { appendJSONString(to: bytes, names: nil) }

    /// `appendUTF8(to:)` for a log writer, which keeps the names' bytes for the next rows in `names`.
    package func appendUTF8(to bytes: OutputBytes, names: LogNameBytes?) {
        _ = template.withUTF8Buffer { fill($0, into: bytes, json: false, names: names) }
    }

    /// The words an input row's cause starts with to name its touch or pointer: "touch 3 moves to
    /// ...", "pointer 2 hovers at ...". A timeline that shows the touch in a column of its own
    /// writes the rest (`appendUTF8(to:names:omitting:)`).
    package enum Subject {
        case touch(Int), pointer(Int)

        @usableFromInline var word: StaticString {
            switch self {
            case .touch: "touch "
            case .pointer: "pointer "
            }
        }

        @usableFromInline var number: Int {
            switch self {
            case let .touch(n), let .pointer(n): n
            }
        }
    }

    /// `appendUTF8(to:names:)` without a leading `subject` (its word, its number and a space),
    /// when the text starts with it: a template whose first slot is that number ("touch %d ..."),
    /// or a finished text that says it. Any other text is appended whole.
    package func appendUTF8(to bytes: OutputBytes, names: LogNameBytes?, omitting subject: Subject) {
        let word = subject.word
        if isPlain {
            var text = first
            text.withUTF8 { t in
                let skip = CauseText.subjectLength(in: t, word: word, number: subject.number)
                bytes.append(UnsafeBufferPointer(rebasing: t[skip...]))
            }
            return
        }
        template.withUTF8Buffer { t in
            // The template's own prefix: the word, then the first number's slot and a space.
            let n = word.utf8CodeUnitCount
            let startsWithSubject = t.count >= n + 3 && CauseText.starts(t, with: word)
                && t[n] == 0x25 && t[n + 1] == 0x64 && t[n + 2] == 0x20 && CauseText.integer(a) == Int64(subject.number)
            _ = fill(t, from: startsWithSubject ? n + 3 : 0, numbersFilled: startsWithSubject ? 1 : 0, into: bytes, json: false, names: names)
        }
    }

    /// How many bytes of `t` are "WORD NUMBER " for this word and number (0 when it does not
    /// start so).
    private static func subjectLength(in t: UnsafeBufferPointer<UInt8>, word: StaticString, number: Int) -> Int {
        let n = word.utf8CodeUnitCount
        guard t.count > n, starts(t, with: word) else { return 0 }
        let digits = String(number).utf8
        let d = digits.count
        guard t.count > n + d, t[n..<n + d].elementsEqual(digits), t[n + d] == 0x20 else { return 0 }
        return n + d + 1
    }

    private static func starts(_ t: UnsafeBufferPointer<UInt8>, with word: StaticString) -> Bool {
        t.count >= word.utf8CodeUnitCount && t.prefix(word.utf8CodeUnitCount).elementsEqual(UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
    }

    /// `appendJSONString(to:)` for a log writer (see `appendUTF8(to:names:)`).
    package func appendJSONString(to bytes: OutputBytes, names: LogNameBytes?) -> Bool {
        let start = bytes.count
        bytes.append(0x22)
        guard template.withUTF8Buffer({ fill($0, into: bytes, json: true, names: names) }) else {
            bytes.truncate(to: start)
            return false
        }
        bytes.append(0x22)
        return true
    }

    @inline(__always)
    static func escapes(_ b: UInt8) -> Bool { b < 0x20 || b == 0x22 || b == 0x5C }

    /// Fills the template from byte `start`, the slots before it having taken `numbersFilled`
    /// numbers; with `json`, stops and returns false at a byte JSON must escape.
    private func fill(_ t: UnsafeBufferPointer<UInt8>, from start: Int = 0, numbersFilled: Int = 0, into bytes: OutputBytes, json: Bool,
                      names: LogNameBytes?) -> Bool {
        var strings = 0, numbers = numbersFilled, nameCount = 0
        var i = start
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
                guard CauseText.append(&s, to: bytes, json: json) else { return false }
            case 0x6E: // n
                let n = nameCount == 0 ? name1 : nameCount == 1 ? name2 : nameCount == 2 ? name3 : name4
                nameCount += 1
                guard n >= 0 else { continue }
                if let names {
                    let buf = names.bytes(of: LogName(number: n))
                    if json { for b in buf where CauseText.escapes(b) { return false } }
                    bytes.append(buf)
                } else {
                    var s = LogName(number: n).string
                    guard CauseText.append(&s, to: bytes, json: json) else { return false }
                }
            case 0x64, 0x31, 0x33: // d, 1, 3
                let v = numbers == 0 ? a : numbers == 1 ? b : c
                numbers += 1
                if slot == 0x64 {
                    NumberText.appendInteger(CauseText.integer(v), to: bytes)
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

    /// Appends a string's bytes; with `json`, nothing and false when one must be escaped.
    private static func append(_ s: inout String, to bytes: OutputBytes, json: Bool) -> Bool {
        s.withUTF8 { buf -> Bool in
            if json { for b in buf where CauseText.escapes(b) { return false } }
            bytes.append(buf)
            return true
        }
    }

    public static func == (l: CauseText, r: CauseText) -> Bool { l.description == r.description }
}
