#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive claim on an output file for as long as a process writes it, so that a second
/// recorder started on the same output refuses instead of truncating the first one's data.
///
/// The claim is an advisory `flock` on `OUTPUT.lock`: the kernel drops it when the process ends,
/// however it ends (`kill -9` included), so a crash never leaves a stale lock behind. The file
/// holds the owner's process id, for the message the second process prints.
public final class OutputLock {
    public let path: String
    private var fd: Int32

    public struct Refused: Error, CustomStringConvertible {
        public var description: String
    }

    /// Takes the lock for `output` or throws why it cannot: another process holds it (named by
    /// its process id), or the lock file cannot be created (a missing or read-only folder).
    public init(for output: String) throws(Refused) {
        path = output + ".lock"
        while true {
            let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                throw Refused(description: "cannot create \(path): \(String(cString: strerror(errno)))")
            }
            if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                let owner = OutputLock.readOwner(fd)
                close(fd)
                throw Refused(description: "\(output) is being recorded by another process\(owner.map { " (pid \($0))" } ?? ""); "
                              + "two recorders on one output would destroy each other's data")
            }
            // The holder before us may have removed the file between our open and our flock;
            // then we locked a file nobody else will see, so start again on the new one.
            var held = stat(), named = stat()
            if fstat(fd, &held) == 0, stat(path, &named) == 0, held.st_ino == named.st_ino, held.st_dev == named.st_dev {
                self.fd = fd
                break
            }
            close(fd)
        }
        var pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(fd, 0)
        _ = pid.withUnsafeMutableBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    }

    /// Removes the lock file and drops the lock (also done when the process ends).
    public func release() {
        guard fd >= 0 else { return }
        unlink(path)
        close(fd)
        fd = -1
    }

    deinit { release() }

    private static func readOwner(_ fd: Int32) -> Int? {
        var bytes = [UInt8](repeating: 0, count: 32)
        let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { return nil }
        return Int(String(decoding: bytes[..<n].prefix { $0 >= 0x30 && $0 <= 0x39 }, as: UTF8.self))
    }
}
