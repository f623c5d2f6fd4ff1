#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything a file descriptor holds, up to a limit, so that a device or a pipe that never
/// ends (/dev/zero as a scene, `yes |` as a trace) is refused instead of filling memory. Used for
/// scene files and for a trace on standard input.
public enum BoundedRead {
    public enum Failure: Error, Equatable {
        /// More than the limit: the bytes read so far are dropped.
        case tooLarge(limit: Int)
        case readFailed(errno: Int32)
        /// `refuse` said no to a chunk (a scene with NUL bytes is binary, not text).
        case refused
    }

    /// Reads `fd` to its end in 64 KiB chunks; `refuse` sees each chunk as it arrives.
    public static func all(_ fd: Int32, limit: Int, refuse: (ArraySlice<UInt8>) -> Bool = { _ in false }) -> Result<[UInt8], Failure> {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(.readFailed(errno: errno))
            }
            if n == 0 { return .success(bytes) }
            if refuse(chunk[0..<n]) { return .failure(.refused) }
            guard bytes.count + n <= limit else { return .failure(.tooLarge(limit: limit)) }
            bytes.append(contentsOf: chunk[0..<n])
        }
    }
}
