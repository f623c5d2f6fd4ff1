import Foundation
import Testing

/// Runs gesturelab with standard output (and optionally standard error) sent to a file such as
/// /dev/full; returns whether it exited normally, its status and what it wrote to a captured stderr.
private func gesturelab(_ args: [String], stdoutTo stdoutPath: String, stderrTo stderrPath: String? = nil) throws -> (status: Int32, stderr: String, exited: Bool) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: binary)
    p.arguments = args
    p.currentDirectoryURL = URL(fileURLWithPath: root)
    guard let out = FileHandle(forWritingAtPath: stdoutPath) else { throw CocoaError(.fileNoSuchFile) }
    p.standardOutput = out
    let err = Pipe()
    if let stderrPath {
        guard let handle = FileHandle(forWritingAtPath: stderrPath) else { throw CocoaError(.fileNoSuchFile) }
        p.standardError = handle
    } else {
        p.standardError = err
    }
    try p.run()
    let e = stderrPath == nil ? err.fileHandleForReading.readDataToEndOfFile() : Data()
    p.waitUntilExit()
    return (p.terminationStatus, String(decoding: e, as: UTF8.self), p.terminationReason == .exit)
}

private let conflict = ["recordings/traces/double-tap.jsonl", "--scene", "recordings/scenes/tap-requires-double-tap.yaml"]

/// A result that cannot be written must never look like success: the guide asks for a clear
/// message and a non-zero exit on a full disk, never a crash or lost data.
@Suite("gesturelab output failures", .serialized)
struct OutputFailureTests {
    @Test("A full standard output (/dev/full) exits 1 with a message, for every command that prints its result",
          arguments: [["replay"] + conflict, ["replay", "--format", "jsonl"] + conflict, ["explain"] + conflict,
                      ["validate", "recordings/traces/double-tap.jsonl"], ["recognizers"],
                      ["lint", "recordings/scenes/tap-requires-double-tap.yaml"]])
    func fullStandardOutput(args: [String]) throws {
        let r = try gesturelab(args, stdoutTo: "/dev/full")
        #expect(r.status == 1)
        #expect(r.stderr.contains("standard output: cannot write: No space left on device"))
        #expect(!r.stderr.contains("Fatal error") && !r.stderr.contains("crashed"))
    }

    @Test("With standard error full too, a missing trace still exits 2 and a full result exits 1, without crashing")
    func fullStandardError() throws {
        let missing = try gesturelab(["replay", "recordings/traces/no-such-trace.jsonl", "--scene", "recordings/scenes/tap-requires-double-tap.yaml"],
                                     stdoutTo: "/dev/full", stderrTo: "/dev/full")
        #expect(missing.exited && missing.status == 2)
        let full = try gesturelab(["replay"] + conflict, stdoutTo: "/dev/full", stderrTo: "/dev/full")
        #expect(full.exited && full.status == 1)
    }

    @Test("-o onto a full device exits 1 with the path, and the device stays a device")
    func fullOutputFile() throws {
        let r = try gesturelab(["timeline"] + conflict + ["-o", "/dev/full"], stdoutTo: "/dev/null")
        #expect(r.status == 1)
        #expect(r.stderr.contains("/dev/full: cannot write: No space left on device"))
        // Writing through a temporary file and a rename would have replaced the device node.
        var info = stat()
        #expect(stat("/dev/full", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR)
    }

    @Test("-o onto /dev/null succeeds and leaves /dev/null a device")
    func devNull() throws {
        let r = try gesturelab(["timeline"] + conflict + ["-o", "/dev/null"], stdoutTo: "/dev/null")
        #expect(r.status == 0)
        var info = stat()
        #expect(stat("/dev/null", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR)
    }

    @Test("-o into a folder that does not exist exits 1 with the path and leaves nothing behind")
    func missingFolder() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gesturelab-missing-\(getpid())").path
        let r = try gesturelab(["replay"] + conflict + ["-o", dir + "/out.txt"], stdoutTo: "/dev/null")
        #expect(r.status == 1)
        #expect(r.stderr.contains(dir + "/out.txt: cannot write: No such file or directory"))
        #expect(!FileManager.default.fileExists(atPath: dir))
    }

    @Test("A rewrite of an existing output replaces it whole and leaves no temporary file")
    func replaceWhole() throws {
        let path = try temp("replace-whole.txt", "old contents\n")
        let r = try gesturelab(["replay"] + conflict + ["-o", path], stdoutTo: "/dev/null")
        #expect(r.status == 0)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("Replay of recordings/traces/double-tap.jsonl") && !text.contains("old contents"))
        let dir = (path as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains(".partial-") }.isEmpty)
    }
    /// Root writes anywhere, so the user who cannot write is `nobody` (setpriv), in a folder
    /// owned by root.
    @Test("-o into a place the user cannot write exits 1 with the reason, and the existing file there is untouched")
    func readOnlyPlace() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gl-readonly-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        chmod(dir, 0o755)
        let target = dir + "/timeline.txt"
        try "old result\n".write(toFile: target, atomically: false, encoding: .utf8)
        chmod(target, 0o644)
        var args = ["replay"] + conflict.map { $0.hasPrefix("recordings/") ? root + "/" + $0 : $0 } + ["-o", target]
        if getuid() == 0 { args = ["--reuid=65534", "--regid=65534", "--clear-groups", binary] + args }
        let o = try runWatched((getuid() == 0 ? ["/usr/bin/setpriv"] : [binary]) + args)
        #expect(o.signal == nil && !o.timedOut)
        #expect(o.status == 1)
        #expect(o.stderr.contains("\(target): cannot write: Permission denied"), "\(o.stderr)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "old result\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["timeline.txt"], "no temporary file left")
    }
}
