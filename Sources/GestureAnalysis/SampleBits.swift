/// A set of sample indices as bits: a threshold grid decides tens of thousands of candidates on
/// thousands of strokes, and counting a fold's errors for one candidate is then a handful of
/// popcounts instead of a loop over the strokes (the circle's grid went from two minutes to a
/// few seconds in a debug build).
public struct SampleBits: Equatable, Sendable {
    public private(set) var words: [UInt64]
    public let count: Int

    public init(count: Int, _ member: (Int) -> Bool) {
        self.count = count
        var words = [UInt64](repeating: 0, count: (count + 63) / 64)
        for i in 0..<count where member(i) { words[i >> 6] |= 1 << UInt64(i & 63) }
        self.words = words
    }

    public func contains(_ i: Int) -> Bool { words[i >> 6] & (1 << UInt64(i & 63)) != 0 }

    public static func & (a: SampleBits, b: SampleBits) -> SampleBits {
        var out = a
        for k in out.words.indices { out.words[k] &= b.words[k] }
        return out
    }

    /// How many indices are in both sets.
    public func countShared(with other: SampleBits) -> Int {
        // Through buffers: indexing the two arrays retained and released each of them per word in
        // a debug build, where the nested validations spent most of their time doing it.
        words.withUnsafeBufferPointer { a in
            other.words.withUnsafeBufferPointer { b in
                var n = 0
                for k in 0..<min(a.count, b.count) { n &+= (a[k] & b[k]).nonzeroBitCount }
                return n
            }
        }
    }
}
