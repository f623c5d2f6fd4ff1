#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A trace given as `-`: standard input, read once and kept, because several commands read
/// their trace more than once (a diff replays it twice, `timeline` replays it and then draws
/// its strokes). So a trace piped in is held in memory; one of gigabytes is better given as a
/// file, which is streamed.
public enum StandardInput {
    /// The path that means standard input, as Unix tools spell it.
    public static let path = "-"
    /// How messages name it, in place of a file name.
    public static let name = "<stdin>"

    /// Everything on standard input, or the errno of a failed read.
    public static let contents: Result<[UInt8], ReadFailed> = {
        var all: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(ReadFailed(errno: errno))
            }
            if n == 0 { return .success(all) }
            all.append(contentsOf: chunk[..<n])
        }
    }()

    public struct ReadFailed: Error {
        public var errno: Int32
    }
}
