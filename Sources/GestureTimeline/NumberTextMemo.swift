import GestureTrace

/// The last number a log column was written with, and its text: a log's rows number themselves
/// one by one and most share their event's time, so the next value is usually the same (its
/// text is copied) or one more (its last digit is counted up), and only the rest is formatted.
final class NumberTextMemo {
    private let text = UnsafeMutablePointer<UInt8>.allocate(capacity: 48)
    private var count = 0
    private var value = Int64.min
    /// Integers are written as digits and counted up in place; thousandths (a row's time, in
    /// microseconds) as `NumberText.writeFixed(_, scale: 1000)`, never counted up.
    private let thousandths: Bool

    /// Digits of an integer (`NumberText.writeInteger`).
    static func integers() -> NumberTextMemo { NumberTextMemo(thousandths: false) }

    /// Thousandths, as `NumberText.writeFixed(_, scale: 1000)` writes them (a row's time).
    static func thousandths() -> NumberTextMemo { NumberTextMemo(thousandths: true) }

    private init(thousandths: Bool) { self.thousandths = thousandths }

    deinit { text.deallocate() }

    /// Puts the text of `v` at the cursor (room for 48).
    @inline(__always)
    func put(_ v: Int64, _ c: inout ByteCursor) {
        if v != value && !(!thousandths && value >= 0 && v == value &+ 1 && countUp()) {
            count = thousandths ? NumberText.writeFixed(v, scale: 1000, to: text) : NumberText.writeInteger(v, to: text)
        }
        value = v
        c.put(UnsafeBufferPointer(start: text, count: count))
    }

    /// Adds one to the digits; false when every digit is a 9 (the text grows: written anew).
    private func countUp() -> Bool {
        var i = count - 1
        while i >= 0 && text[i] == 0x39 {
            text[i] = 0x30
            i -= 1
        }
        guard i >= 0 else { return false }
        text[i] += 1
        return true
    }
}
