import GestureTrace

/// The last number a log column was written with, and its text: a log's rows number themselves
/// one by one and most share their event's time, so the next value is usually the same (its
/// text is copied) or one more (its last digit is counted up), and only the rest is formatted.
final class NumberTextMemo {
    private let text = UnsafeMutablePointer<UInt8>.allocate(capacity: 48)
    private var count = 0
    private var value = Int64.min
    /// How a value is written (at most 48 bytes); one more is counted up in place only when
    /// the text is the plain digits of the value.
    private let write: (Int64, UnsafeMutablePointer<UInt8>) -> Int
    private let countsUp: Bool

    /// Digits of an integer (`NumberText.writeInteger`), counted up in place.
    static func integers() -> NumberTextMemo { NumberTextMemo(countsUp: true) { NumberText.writeInteger($0, to: $1) } }

    /// Thousandths, as `NumberText.writeFixed(_, scale: 1000)` writes them (a row's time).
    static func thousandths() -> NumberTextMemo { NumberTextMemo(countsUp: false) { NumberText.writeFixed($0, scale: 1000, to: $1) } }

    private init(countsUp: Bool, write: @escaping (Int64, UnsafeMutablePointer<UInt8>) -> Int) {
        self.countsUp = countsUp
        self.write = write
    }

    deinit { text.deallocate() }

    /// Puts the text of `v` at the cursor (room for 48).
    @inline(__always)
    func put(_ v: Int64, _ c: inout ByteCursor) {
        if v != value && !(countsUp && value >= 0 && v == value &+ 1 && countUp()) {
            count = write(v, text)
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
