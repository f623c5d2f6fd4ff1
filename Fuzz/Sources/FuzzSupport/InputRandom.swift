/// A random number generator that draws from the fuzzer's input, so libFuzzer's mutations steer
/// the choices (which scene, which strokes) and its coverage feedback works. After the input
/// runs out it continues as a fixed generator seeded by the input's length.
public struct InputRandom: RandomNumberGenerator {
    private let bytes: [UInt8]
    private var index = 0
    private var fallback: UInt64

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        fallback = UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15
    }

    public mutating func next() -> UInt64 {
        if index + 8 <= bytes.count {
            var v: UInt64 = 0
            for k in 0..<8 { v |= UInt64(bytes[index + k]) << (8 * UInt64(k)) }
            index += 8
            return v
        }
        fallback &+= 0x9E37_79B9_7F4A_7C15
        var z = fallback
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
