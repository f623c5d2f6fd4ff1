import GestureEngine
import GestureTrace

/// Writes decision-log entries as JSON Lines into a reused byte buffer: the same bytes as
/// `JSONLinesTimeline.line` (a test compares them on every shipped recording), without a String
/// per line. Recognizer and view names are quoted once and kept; numbers are written digit by
/// digit. A replay's log is most of its output, so this is what `replay --format jsonl` costs.
public struct JSONLinesWriter {
    public private(set) var bytes: [UInt8] = []
    private var quotedNames: [String: [UInt8]] = [:]

    public init() { bytes.reserveCapacity(1 << 16) }

    /// Empties the buffer (after the caller has written it out), keeping its storage.
    public mutating func clear() { bytes.removeAll(keepingCapacity: true) }

    public mutating func append(_ e: LogEntry) {
        ascii("{\"seq\":")
        integer(Int64(e.seq))
        ascii(",\"t\":")
        fixed(e.time.microseconds, scale: 1000)
        ascii(",\"event\":\"")
        ascii(e.kind.rawValue)
        byte(0x22)
        if let r = e.recognizer { ascii(",\"recognizer\":"); name(r) }
        if let v = e.view { ascii(",\"view\":"); name(v) }
        if let f = e.from { ascii(",\"from\":\""); raw(f); byte(0x22) }
        if let t = e.to { ascii(",\"to\":\""); raw(t); byte(0x22) }
        if let p = e.phase { ascii(",\"phase\":\""); raw(p); byte(0x22) }
        if !e.touches.isEmpty {
            ascii(",\"touches\":[")
            for (i, t) in e.touches.enumerated() {
                if i > 0 { byte(0x2C) }
                integer(Int64(t))
            }
            byte(0x5D)
        }
        if let d = e.delivered {
            ascii(",\"at\":[")
            decimal(d.inWindow.x)
            byte(0x2C)
            decimal(d.inWindow.y)
            ascii("],\"inView\":[")
            decimal(d.inView.x)
            byte(0x2C)
            decimal(d.inView.y)
            ascii("],\"touchT\":")
            fixed(d.timestamp.microseconds, scale: 1000)
        }
        ascii(",\"cause\":")
        quoted(e.cause.text)
        ascii(",\"causeKind\":\"")
        ascii(e.cause.kind.rawValue)
        byte(0x22)
        if let c = e.cause.causedBy { ascii(",\"causedBy\":"); integer(Int64(c)) }
        if let o = e.cause.other { ascii(",\"other\":"); quoted(o) }
        if !e.cause.evidence.isEmpty {
            // Rare (threshold decisions): the String path, as `JSONLinesTimeline.line` has it.
            raw(",\"evidence\":[" + e.cause.evidence.map { ev in
                "{\"parameter\":\(jsonQuoted(ev.parameter)),\"value\":\(NumberText.decimal(ev.value, decimals: 4)),\"threshold\":\(NumberText.decimal(ev.threshold, decimals: 4)),\"unit\":\(jsonQuoted(ev.unit)),\"comparison\":\(jsonQuoted(ev.comparison))}"
            }.joined(separator: ",") + "]")
        }
        ascii("}\n")
    }

    @inline(__always) private mutating func byte(_ b: UInt8) { bytes.append(b) }

    private mutating func ascii(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func ascii(_ s: String) { raw(s) }

    private mutating func raw(_ s: String) {
        var s = s
        s.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// A recognizer's or view's name, quoted once per replay.
    private mutating func name(_ s: String) {
        if let q = quotedNames[s] { return bytes.append(contentsOf: q) }
        let q = Array(jsonQuoted(s).utf8)
        quotedNames[s] = q
        bytes.append(contentsOf: q)
    }

    /// `jsonQuoted`, on bytes: text without quotes, backslashes or control characters is copied.
    private mutating func quoted(_ s: String) {
        var s = s
        let plain = s.withUTF8 { buf -> Bool in
            for b in buf where b < 0x20 || b == 0x22 || b == 0x5C { return false }
            bytes.append(0x22)
            bytes.append(contentsOf: buf)
            bytes.append(0x22)
            return true
        }
        if !plain { raw(jsonQuoted(s)) }
    }

    private mutating func integer(_ value: Int64) {
        if value < 0 { byte(0x2D) }
        var m = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var n = 0
        withUnsafeMutableBytes(of: &digits) { d in
            repeat {
                d[n] = 0x30 + UInt8(m % 10)
                m /= 10
                n += 1
            } while m > 0
            for i in stride(from: n - 1, through: 0, by: -1) { bytes.append(d[i]) }
        }
    }

    /// `NumberText.fixed`: whole part, then the fraction without trailing zeros.
    /// `NumberText.decimal(value)`: 3 decimals, trailing zeros trimmed.
    private mutating func decimal(_ value: Double) {
        let scaled = (value * 1000).rounded()
        guard value.isFinite, abs(scaled) < 9.0e18 else { return raw(NumberText.decimal(value)) }
        fixed(Int64(scaled), scale: 1000)
    }

    private mutating func fixed(_ value: Int64, scale: Int64) {
        if value < 0 { byte(0x2D) }
        let magnitude = value.magnitude, s = UInt64(scale)
        integer(Int64(magnitude / s))
        var frac = magnitude % s
        guard frac != 0 else { return }
        var digits = 0
        var t = s
        while t > 1 { t /= 10; digits += 1 }
        var trimmed = digits
        while frac % 10 == 0 { frac /= 10; trimmed -= 1 }
        byte(0x2E)
        // Leading zeros of the fraction, then its significant digits.
        var width = 1
        var x = frac
        while x >= 10 { x /= 10; width += 1 }
        for _ in 0..<(trimmed - width) { byte(0x30) }
        integer(Int64(frac))
    }
}
