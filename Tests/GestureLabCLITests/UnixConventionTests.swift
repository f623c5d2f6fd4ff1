import Foundation
import Testing

/// What a Unix user expects of a command line: --version, `-` for standard input and `-o -`
/// for standard output, -o/--output wherever a file is written, and usage errors for option
/// values that make no sense.
@Suite("Unix conventions", .serialized)
struct UnixConventionTests {
    let trace = "recordings/traces/single-tap.jsonl"
    let scene = "recordings/scenes/tap-requires-double-tap.yaml"

    var traceBytes: Data { FileManager.default.contents(atPath: root + "/" + trace)! }

    @Test("--version prints the version and exits 0")
    func version() throws {
        let r = try gesturelab(["--version"])
        #expect(r.status == 0)
        #expect(r.stdout.split(separator: ".").count == 3, "\(r.stdout)")
    }

    @Test("A trace of - is read from standard input and gives the same replay as the file")
    func standardInput() throws {
        let fromFile = try gesturelab(["replay", trace, "--scene", scene, "--format", "jsonl"])
        let fromPipe = try gesturelab(["replay", "-", "--scene", scene, "--format", "jsonl"], input: traceBytes)
        #expect(fromPipe.status == 0 && fromPipe.stdout == fromFile.stdout && !fromFile.stdout.isEmpty)
        // Commands that read their trace twice (a diff replays it twice) work from a pipe too.
        let diff = try gesturelab(["diff", "-", "--scene", scene, "--set-b", "doubleTap.maximumTapInterval=0.2"], input: traceBytes)
        #expect(diff.status == 1 && diff.stdout.contains("First divergence at 300 ms"), "\(diff.stdout)\(diff.stderr)")
        let explain = try gesturelab(["explain", "-", "--scene", scene, "--recognizer", "singleTap"], input: traceBytes)
        #expect(explain.stdout.hasPrefix("singleTap recognized at 450 ms"))
        // A malformed trace on standard input is named as such, with its line.
        let bad = try gesturelab(["replay", "-", "--scene", scene], input: Data("{\"format\":\"gesturelab-trace\",\"version\":1}\n{\"t\":oops}\n".utf8))
        #expect(bad.status == 2 && bad.stderr.hasPrefix("<stdin>:2: "), "\(bad.stderr)")
    }

    @Test("Endless standard input (a trace of - fed zeros) is refused at a stated size, not read into memory forever")
    func endlessStandardInput() throws {
        let o = try runWatched(["/bin/sh", "-c", "head -c 400000000 /dev/zero | '\(binary)' replay - --scene '\(root)/\(scene)'"], timeout: 60)
        #expect(!o.timedOut && o.signal == nil)
        #expect(o.status == 2 && o.stderr.hasPrefix("<stdin>: more than 256 MiB on standard input"), "\(o.stderr)")
        #expect(o.peakKilobytes < 400_000, "peak \(o.peakKilobytes / 1024) MB")
    }

    @Test("-o - writes the result to standard output", arguments: [
        ["timeline", "-", "--scene", "recordings/scenes/tap-requires-double-tap.yaml", "--format", "svg", "-o", "-"],
        ["timeline", "-", "--scene", "recordings/scenes/tap-requires-double-tap.yaml", "--format", "perfetto", "-o", "-"],
        ["replay", "-", "--scene", "recordings/scenes/tap-requires-double-tap.yaml", "-o", "-"],
        ["minimize", "-", "--scene", "recordings/scenes/tap-requires-double-tap.yaml", "--until", "singleTap recognized", "-o", "-"],
    ])
    func standardOutput(args: [String]) throws {
        let r = try gesturelab(args, input: traceBytes)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.count > 100)
        #expect(!FileManager.default.fileExists(atPath: root + "/-"), "no file named -")
    }

    @Test("play --screenshot - writes a compressed PNG to standard output")
    func screenshotToStandardOutput() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = ["play", trace, "--scene", scene, "--screenshot", "-", "--at", "100"]
        p.currentDirectoryURL = URL(fileURLWithPath: root)
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "dummy"
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let png = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        // 560 x 762 RGBA is 1.7 MB of pixels; compressed, a flat frame is a few kilobytes.
        #expect(png.count > 1000 && png.count < 100_000, "\(png.count) bytes")
    }

    @Test("generate-recordings takes -o/--output; record refuses -o - (a recording must be a file)")
    func outputOptions() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gl-gen-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try gesturelab(["generate-recordings", "-o", dir])
        #expect(r.status == 0)
        #expect(FileManager.default.fileExists(atPath: dir + "/single-tap.jsonl"))
        let rec = try gesturelab(["record", "-o", "-"])
        #expect(rec.status == 64 && rec.stderr.contains("a recording goes to a file"), "\(rec.stderr)")
    }

    @Test("Numeric options out of range are usage errors naming the option, never a crash or a silent default", arguments: [
        (["explain", "recordings/traces/single-tap.jsonl", "--scene", "recordings/scenes/tap-requires-double-tap.yaml", "--at", "nan"], "--at nan"),
        (["explain", "recordings/traces/single-tap.jsonl", "--scene", "recordings/scenes/tap-requires-double-tap.yaml", "--at=-5"], "--at -5.0"),
        (["play", "recordings/traces/single-tap.jsonl", "--scene", "recordings/scenes/tap-requires-double-tap.yaml", "--screenshot", "/tmp/x.png", "--at", "inf"], "--at inf"),
        (["play", "recordings/traces/single-tap.jsonl", "--scene", "recordings/scenes/tap-requires-double-tap.yaml", "--speed", "0"], "--speed 0.0"),
        (["play", "recordings/traces/single-tap.jsonl", "--scene", "recordings/scenes/tap-requires-double-tap.yaml", "--benchmark-frames=-1"], "--benchmark-frames -1"),
        (["evaluate", "recordings/traces", "--scene", "recordings/scenes/tap-requires-double-tap.yaml", "--expect", "singleTap=x", "--tolerance", "nan"], "--tolerance nan"),
        (["evaluate", "recordings/traces", "--scene", "recordings/scenes/tap-requires-double-tap.yaml", "--expect", "singleTap=x", "--jobs", "0"], "--jobs 0"),
        (["train", "recordings/traces", "--per-label", "0", "-o", "/tmp/t.json"], "--per-label 0"),
        (["bench", "--repeats", "0"], "--repeats 0"),
        (["bench", "--warmup=-1"], "--warmup -1"),
        (["bench", "--generate", "/tmp/never.jsonl", "--copies", "1000000000"], "--copies 1000000000"),
        (["bench", "--recognizers=-3"], "--recognizers -3"),
    ])
    func numericOptions(args: [String], named: String) throws {
        let r = try gesturelab(args)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains(named + ":"), "\(r.stderr)")
    }

    @Test("play --screenshot at a time far past the end renders the end instead of crashing")
    func farTime() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("gl-far-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = ["play", trace, "--scene", scene, "--screenshot", out, "--at", "3e9"]
        p.currentDirectoryURL = URL(fileURLWithPath: root)
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "dummy"
        p.environment = env
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        #expect(p.terminationReason == .exit && p.terminationStatus == 0)
        #expect(FileManager.default.fileExists(atPath: out))
    }

    @Test("evaluate's text report and its summary, on one terminal: each on lines of their own")
    func evaluateTextLines() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = ["evaluate", "recordings/traces", "--scene", scene, "--expect", "singleTap=tap", "--expect", "doubleTap=double"]
        p.currentDirectoryURL = URL(fileURLWithPath: root)
        let both = Pipe()
        p.standardOutput = both
        p.standardError = both
        try p.run()
        let text = String(decoding: both.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let rows = lines.filter { $0.hasPrefix("singleTap ") || $0.hasPrefix("doubleTap ") }
        #expect(rows.count == 2 && rows.allSatisfy { $0.hasSuffix("null/null") || $0.last?.isNumber == true }, "\(text)")
        let shipped = try FileManager.default.contentsOfDirectory(atPath: root + "/recordings/traces").filter { $0.hasSuffix(".jsonl") }.count
        #expect(lines.contains { $0.hasPrefix("\(shipped) traces, ") && $0.contains(" s wall, ") }, "\(text)")
        #expect(text.hasSuffix("\n"))
    }

    @Test("bench from a debug build says its numbers mean nothing")
    func benchWarnsInDebug() throws {
        guard binary.contains("/debug/") else { return }
        let r = try gesturelab(["bench", "--repeats", "1"])
        #expect(r.stderr.contains("debug build"))
    }
}
