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

    /// The most a trace on standard input may hold: it is kept in memory, so endless input
    /// (`yes |`, /dev/zero) is refused instead of filling it.
    public static let limit = 256 << 20

    /// Everything on standard input, or why it could not be had.
    public static let contents: Result<[UInt8], BoundedRead.Failure> = BoundedRead.all(STDIN_FILENO, limit: limit)
}
