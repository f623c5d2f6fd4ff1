import Foundation
import GestureTrace

#if canImport(Glibc)
import Glibc
#endif

/// A command's result on its way to a file or to standard output, written as it is produced (a
/// replay of a long trace never holds its whole output), so that a failed write (a full disk, a
/// read-only folder, a closed pipe) is reported with the path and a non-zero exit instead of
/// being lost or crashing.
///
/// A regular file is written through a temporary file beside it, synced, then renamed over the
/// target by `finish()`, so an existing file is either kept or replaced whole; an output that is
/// abandoned (an error, a crash) leaves the target as it was. Anything else that already exists
/// (a device such as /dev/null or /dev/full, a FIFO) is opened and written in place: renaming over
/// it would replace the device with a regular file.
final class OutputFile {
    /// The name used in messages.
    let name: String
    private let path: String?
    private var fd: Int32
    private let temporary: String?
    private var buffer: [UInt8] = []
    private var done = false
    static let flushSize = 1 << 16

    /// nil or `-`: standard output. `inputs` are the files the command reads: an output that is
    /// one of them (by another name too) is refused before anything is written, since the input
    /// would be lost under its own result.
    init(_ path: String?, inputs: [String] = []) throws {
        let path = path == "-" ? nil : path
        self.path = path
        guard let path else {
            name = "standard output"
            fd = STDOUT_FILENO
            temporary = nil
            return
        }
        name = path
        try OutputFile.refuseOverwriting(path, inputs: inputs)
        var info = stat()
        let exists = stat(path, &info) == 0
        if exists && (info.st_mode & S_IFMT) != S_IFREG {
            fd = open(path, O_WRONLY | O_CLOEXEC)
            temporary = nil
        } else {
            let t = path + ".partial-\(getpid())"
            fd = open(t, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, exists ? info.st_mode & 0o777 : 0o644)
            temporary = t
        }
        guard fd >= 0 else { throw cannotWrite(path) }
        buffer.reserveCapacity(OutputFile.flushSize)
    }

    deinit {
        if !done { abandon() }
    }

    func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= OutputFile.flushSize { try flush() }
    }

    func write(bytes: [UInt8]) throws {
        try bytes.withUnsafeBufferPointer { try write(bytes: $0) }
    }

    func write(bytes: UnsafeBufferPointer<UInt8>) throws {
        if buffer.isEmpty && bytes.count >= OutputFile.flushSize {
            // A writer's full buffer goes out as it is, without a copy into this one.
            if let failure = writeFully(fd, UnsafeRawBufferPointer(bytes)) { try fail(failure) }
            return
        }
        buffer.append(contentsOf: bytes)
        if buffer.count >= OutputFile.flushSize { try flush() }
    }

    private func flush() throws {
        guard !buffer.isEmpty else { return }
        let failure = buffer.withUnsafeBytes { writeFully(fd, $0) }
        buffer.removeAll(keepingCapacity: true)
        if let failure { try fail(failure) }
    }

    private func fail(_ failure: Int32) throws -> Never {
        errno = failure
        let error = cannotWrite(name)
        abandon()
        throw error
    }

    /// After an error part-way: what was written so far still goes out to standard output or a
    /// device, whose reader has seen the start of it already; a regular file's target is left as
    /// it was (`finish()` is not called, the temporary file goes). A failure to write is ignored:
    /// the error being reported is the one that matters.
    func flushWrittenBeforeError() {
        guard temporary == nil, !done else { return }
        try? flush()
    }

    /// Writes what is buffered and, for a regular file, puts it in place of the target.
    func finish() throws {
        try flush()
        done = true
        guard let temporary, let path else {
            if path != nil, close(fd) != 0 { throw cannotWrite(name) }
            return
        }
        // Without the sync a crash right after the rename could leave an empty file in its place.
        guard fsync(fd) == 0 else { let e = cannotWrite(name); done = false; abandon(); throw e }
        guard close(fd) == 0 else { let e = cannotWrite(name); fd = -1; done = false; abandon(); throw e }
        fd = -1
        guard rename(temporary, path) == 0 else { let e = cannotWrite(name); unlink(temporary); throw e }
    }

    /// Drops the output: the temporary file goes, the target is untouched.
    private func abandon() {
        done = true
        buffer.removeAll()
        if path != nil && fd >= 0 { close(fd) }
        fd = -1
        if let temporary { unlink(temporary) }
    }
}

extension OutputFile {
    /// Stops with status 64 when `path` is the same file as one of `inputs` (same device and
    /// inode, so a link or another spelling of the path is caught too).
    static func refuseOverwriting(_ path: String, inputs: [String]) throws {
        var target = stat()
        guard stat(path, &target) == 0 else { return }
        for input in inputs where input != "-" {
            var info = stat()
            if stat(input, &info) == 0, info.st_dev == target.st_dev, info.st_ino == target.st_ino {
                throw Exit.fail("\(path): this is the input \(input); the output would replace it. Write the output elsewhere (nothing was written)", code: 64)
            }
        }
    }
}

/// Writes a whole result at once (see `OutputFile`).
func write(_ text: String, to path: String?, inputs: [String] = []) throws {
    let out = try OutputFile(path, inputs: inputs)
    try out.write(text)
    try out.finish()
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
