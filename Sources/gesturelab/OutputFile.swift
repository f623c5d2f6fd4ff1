import Foundation
import GestureTrace

#if canImport(Glibc)
import Glibc
#endif

/// Writes a command's result to a file or to standard output, so that a failed write (a full disk,
/// a read-only folder, a closed pipe) is reported with the path and a non-zero exit instead of
/// being lost or crashing.
///
/// A regular file is written through a temporary file beside it, synced, then renamed over the
/// target, so an existing file is either kept or replaced whole. Anything else that already exists
/// (a device such as /dev/null or /dev/full, a FIFO) is opened and written in place: renaming over
/// it would replace the device with a regular file.
func write(_ text: String, to path: String?) throws {
    guard let path else {
        emit(text, terminator: "")
        return
    }
    var info = stat()
    let exists = stat(path, &info) == 0
    if exists && (info.st_mode & S_IFMT) != S_IFREG {
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw cannotWrite(path) }
        defer { close(fd) }
        try writeAll(text, fd: fd, path: path)
        return
    }
    let temporary = path + ".partial-\(getpid())"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, exists ? info.st_mode & 0o777 : 0o644)
    guard fd >= 0 else { throw cannotWrite(path) }
    do {
        try writeAll(text, fd: fd, path: path)
        // Without the sync a crash right after the rename could leave an empty file in its place.
        guard fsync(fd) == 0 else { throw cannotWrite(path) }
    } catch {
        close(fd)
        unlink(temporary)
        throw error
    }
    guard close(fd) == 0 else {
        let failure = cannotWrite(path)
        unlink(temporary)
        throw failure
    }
    guard rename(temporary, path) == 0 else {
        let failure = cannotWrite(path)
        unlink(temporary)
        throw failure
    }
}

func writeAll(_ text: String, fd: Int32, path: String) throws {
    if let failure = writeBytes(text, fd: fd) {
        errno = failure
        throw cannotWrite(path)
    }
}

/// Returns errno when the write fails (see `writeFully`).
private func writeBytes(_ text: String, fd: Int32) -> Int32? {
    var text = text
    return text.withUTF8 { writeFully(fd, UnsafeRawBufferPointer($0)) }
}

private func cannotWrite(_ path: String) -> Error {
    Exit.fail("\(path): cannot write: \(String(cString: strerror(errno)))", code: 1)
}

/// Writes to standard output, unbuffered, and stops with a message and status 1 when that fails:
/// `print` ignores write errors, so a result sent to a full disk would vanish with status 0.
func emit(_ text: String, terminator: String = "\n") {
    do {
        try writeAll(text + terminator, fd: STDOUT_FILENO, path: "standard output")
    } catch {
        exit(1)
    }
}

/// Standard error is where failures are reported, so a failure to write there has nowhere to go;
/// it must not crash the command (FileHandle.write would).
func warnRaw(_ text: String) {
    _ = writeBytes(text, fd: STDERR_FILENO)
}
