import Foundation
import GestureTrace
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Bad input to the commands beyond replay: importing logs, corpora for evaluate and train,
/// option values, FIFOs, several processes on one output, and scenes of thousands of
/// recognizers. Each runs the real binary, watched from outside (no signal, no hang, bounded
/// memory), and checks the message and the exit status.
@Suite("Bad input to every command", .serialized)
struct CommandInputTests {
    let dir: String
    let tapScene = root + "/recordings/scenes/tap-requires-double-tap.yaml"
    let tapTrace = root + "/recordings/traces/single-tap.jsonl"

    init() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("gl-commands-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    func file(_ name: String, _ text: String) throws -> String {
        let path = dir + "/" + name
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Runs the binary watched; checks the status and that some line of stderr starts with
    /// `message` (or contains it, with `anywhere`).
    @discardableResult
    func expect(_ args: [String], status: Int32, message: String, anywhere: Bool = false,
                sourceLocation: SourceLocation = #_sourceLocation) throws -> Outcome {
        let o = try runWatched([binary] + args)
        let what = args.prefix(2).joined(separator: " ")
        #expect(!o.timedOut && o.signal == nil, "\(what): hung or crashed\n\(o.stderr.prefix(1000))", sourceLocation: sourceLocation)
        #expect(o.status == status, "\(what): exit \(o.status), expected \(status)\n\(o.stderr.prefix(1000))", sourceLocation: sourceLocation)
        let found = message.isEmpty || (anywhere ? o.stderr.contains(message) : o.stderr.split(separator: "\n").contains { $0.hasPrefix(message) })
        #expect(found, "\(what): expected \(message)\ngot: \(o.stderr.prefix(1000))", sourceLocation: sourceLocation)
        #expect(o.peakKilobytes < 200_000, "\(what): peak memory \(o.peakKilobytes / 1024) MB", sourceLocation: sourceLocation)
        return o
    }

    let goodLog = """
        <Gesture Name="check01" Subject="1" Speed="fast" Number="1">
          <Point X="10" Y="10" T="100" />
          <Point X="20" Y="30" T="110" />
          <Point X="60" Y="0" T="130" />
        </Gesture>
        """

    @Test("import android-getevent and pointer-events: a two-finger pinch round-trips through validate and replays as a pinch; bad logs are FILE:LINE, exit 2")
    func importDeviceLogs() throws {
        let fixtures = root + "/Tests/GestureImportTests/Fixtures"
        let android = dir + "/android.jsonl"
        let a = try gesturelab(["import", "android-getevent", fixtures + "/pinch-getevent-lt.txt", "--axes", fixtures + "/pixel-getevent-p.txt",
                                "--density", "2.625", "-o", android])
        #expect(a.status == 0 && a.stderr.contains("of 2 pointers"), "\(a.stderr)")
        let browser = dir + "/browser.jsonl"
        let b = try gesturelab(["import", "pointer-events", fixtures + "/pinch-pointer-events.json", "--viewport", "390x844", "-o", browser])
        #expect(b.status == 0 && b.stderr.contains("of 2 pointers"), "\(b.stderr)")
        for trace in [android, browser] {
            let v = try gesturelab(["validate", trace])
            #expect(v.status == 0, "\(v.stdout)\(v.stderr)")
            let r = try gesturelab(["replay", trace, "--scene", "recordings/scenes/pinch-and-rotate.yaml", "--format", "jsonl"])
            #expect(r.status == 0)
            let pinch = r.stdout.split(separator: "\n").filter { $0.contains("\"recognizer\":\"pinch\"") && $0.contains("\"event\":\"transition\"") }
            #expect(pinch.first?.contains("\"to\":\"began\"") == true && pinch.last?.contains("\"to\":\"ended\"") == true, "\(trace)")
        }
        let log = try file("bad-getevent.txt", "[ 1.0] EV_ABS ABS_MT_TRACKING_ID 00000001\n[ 1.0] EV_ABS ABS_MT_POSITION_X zz\n")
        try expect(["import", "android-getevent", log, "--axes", fixtures + "/pixel-getevent-p.txt", "--density", "2", "-o", dir + "/x.jsonl"],
                   status: 2, message: "\(log):2: \"zz\" is not a hexadecimal value")
        try expect(["import", "android-getevent", log, "--density", "2", "-o", dir + "/x.jsonl"], status: 2, message: "\(log): no ABS_MT_POSITION_X and ABS_MT_POSITION_Y values")
        // A log found in a bug report, with no listing and no density: imported with what was
        // assumed said on standard error and kept in the header; it validates and replays as a pinch.
        let bare = dir + "/bare.jsonl"
        let plain = try expect(["import", "android-getevent", fixtures + "/pinch-getevent-lt.txt", "-o", bare], status: 0,
                               message: "\(fixtures)/pinch-getevent-lt.txt: warning: assumed axis units are display pixels from 0", anywhere: true)
        #expect(plain.stderr.contains("warning: assumed density 1"), "\(plain.stderr)")
        let (bareHeader, bareEvents, _) = try TraceReader.readAll(path: bare)
        let (_, listedEvents, _) = try TraceReader.readAll(path: android)
        #expect(bareHeader.origin?.contains("assumed") == true && bareHeader.scale == 1)
        // Every contact, move, duration and onset as with the listing; places in pixels.
        #expect(bareEvents.map(\.type) == listedEvents.map(\.type) && bareEvents.map(\.time) == listedEvents.map(\.time))
        #expect(bareEvents.map(\.pointer) == listedEvents.map(\.pointer))
        #expect(zip(bareEvents, listedEvents).allSatisfy { abs($0.x - $1.x * 2.625) < 0.01 && abs($0.y - $1.y * 2.625) < 0.01 })
        #expect(try gesturelab(["validate", bare]).status == 0)
        // The same log with Windows line ends reads the same.
        let crlf = try file("crlf-getevent.txt", try String(contentsOfFile: fixtures + "/pinch-getevent-lt.txt", encoding: .utf8).replacingOccurrences(of: "\n", with: "\r\n"))
        let crlfTrace = dir + "/crlf.jsonl"
        try expect(["import", "android-getevent", crlf, "--axes", fixtures + "/pixel-getevent-p.txt", "--density", "2.625", "-o", crlfTrace], status: 0, message: "imported 64 events", anywhere: true)
        #expect(try TraceReader.readAll(path: crlfTrace).1 == listedEvents)
        // Time stamps and axis ranges no device prints are refused at their line, never trapped on.
        let frame = "[ 1.000000] EV_ABS ABS_MT_TRACKING_ID 00000001\n[ 1.000000] EV_ABS ABS_MT_POSITION_X 00000010\n[ 1.000000] EV_ABS ABS_MT_POSITION_Y 00000010\n[ 1.000000] EV_SYN SYN_REPORT 00000000\n"
        for stamp in ["1e300", "nan", "inf", "-5", "99999999999"] {
            let hostile = try file("stamp.txt", frame + "[ \(stamp)] EV_ABS ABS_MT_POSITION_X 00000020\n[ \(stamp)] EV_SYN SYN_REPORT 00000000\n")
            try expect(["import", "android-getevent", hostile, "-o", dir + "/x.jsonl"], status: 2, message: "\(hostile):5: time stamp")
        }
        for (lo, hi) in [("-9223372036854775808", "9223372036854775807"), ("0", "9223372036854775807"), ("5", "5")] {
            let listing = try file("huge-axes.txt", "add device 1: /dev/input/event2\n  events:\n    ABS (0003): 0035  : value 0, min \(lo), max \(hi), fuzz 0, flat 0, resolution 0\n                0036  : value 0, min 0, max 100, fuzz 0, flat 0, resolution 0\n")
            try expect(["import", "android-getevent", fixtures + "/pinch-getevent-lt.txt", "--axes", listing, "-o", dir + "/x.jsonl"],
                       status: 2, message: "\(listing):3: axis ABS_MT_POSITION_X has min \(lo) and max \(hi)")
        }
        // An output that names the input is refused before anything is written.
        let copy = try file("copy-getevent.txt", try String(contentsOfFile: fixtures + "/pinch-getevent-lt.txt", encoding: .utf8))
        try expect(["import", "android-getevent", copy, "-o", copy], status: 64, message: "\(copy): this is the input", anywhere: true)
        #expect(try String(contentsOfFile: copy, encoding: .utf8) == String(contentsOfFile: fixtures + "/pinch-getevent-lt.txt", encoding: .utf8))
        // A pressure that overflows when doubled would write a trace validate refuses: refused instead.
        let loud = try file("loud.json", #"[{"type":"pointerdown","pointerId":1,"pointerType":"touch","clientX":1,"clientY":1,"timeStamp":0,"pressure":1e308}]"#)
        try expect(["import", "pointer-events", loud, "-o", dir + "/y.jsonl"], status: 2, message: "\(loud): the trace made of this log would not be valid", anywhere: true)
        let events = try file("bad-events.json", "[\n{\"type\":\"pointerup\",\"pointerId\":4,\"timeStamp\":0,\"clientX\":1,\"clientY\":1}\n]\n")
        try expect(["import", "pointer-events", events, "-o", dir + "/y.jsonl"], status: 2, message: "\(events):2: pointerup for pointer 4, which is not down")
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.jsonl") && !FileManager.default.fileExists(atPath: dir + "/y.jsonl"))
    }

    @Test("import dollar-xml: malformed logs are named with their line, good ones beside them still import, exit 2")
    func importLogs() throws {
        let logs = dir + "/logs"
        _ = try file("logs/s01/fast/check01.xml", goodLog)
        let unclosed = try file("logs/s01/fast/check02.xml", "<Gesture Name=\"check02\">\n  <Point X=\"1\" Y=\"2\" T=\"3\">\n</Gesture>\n")
        let farTime = try file("logs/s01/fast/check03.xml", "<Gesture Name=\"check03\">\n  <Point X=\"1\" Y=\"2\" T=\"1e23\" />\n</Gesture>\n")
        let o = try expect(["import", "dollar-xml", logs, "-o", dir + "/imported"], status: 2, message: "\(unclosed):3: not well-formed XML")
        #expect(o.stderr.contains("\(farTime):2: point 1: time T=1e+23 is not a millisecond clock reading"), "\(o.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/imported/s01/fast/check01.jsonl"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/imported/s01/fast/check02.jsonl"))
        try expect(["import", "dollar-xml", dir + "/no-such-logs", "-o", dir + "/x"], status: 2, message: "\(dir)/no-such-logs: no such file or folder")
        // A device named like a log is not read forever.
        let device = dir + "/zero.xml"
        try FileManager.default.createSymbolicLink(atPath: device, withDestinationPath: "/dev/zero")
        try expect(["import", "dollar-xml", device, "-o", dir + "/y"], status: 2, message: "\(device): not a regular file")
        // An entity that expands a billion times.
        var bomb = "<?xml version=\"1.0\"?>\n<!DOCTYPE g [\n<!ENTITY a \"aaaaaaaaaa\">\n"
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i", "j"] {
            bomb += "<!ENTITY \(name) \"" + String(repeating: "&\(previous);", count: 10) + "\">\n"
            previous = name
        }
        let bombPath = try file("bomb.xml", bomb + "]>\n<Gesture Name=\"&j;1\"><Point X=\"1\" Y=\"1\" T=\"1\"/></Gesture>\n")
        let b = try runWatched([binary, "import", "dollar-xml", bombPath, "-o", dir + "/z"])
        #expect(!b.timedOut && b.signal == nil && b.peakKilobytes < 200_000, "entity bomb: \(b.stderr.prefix(500))")
        // An output folder that cannot be made.
        try expect(["import", "dollar-xml", logs + "/s01/fast/check01.xml", "-o", "/proc/gesturelab-cannot-be-here"], status: 1,
                   message: "/proc/gesturelab-cannot-be-here", anywhere: true)
    }

    @Test("evaluate: a broken trace in the corpus, a missing or malformed baseline, a bad expectation")
    func evaluate() throws {
        let corpus = dir + "/corpus"
        try FileManager.default.createDirectory(atPath: corpus, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: tapTrace, toPath: corpus + "/tap.jsonl")
        let broken = try file("corpus/broken.jsonl", "garbage\n")
        let report = dir + "/report.json"
        let o = try expect(["evaluate", corpus, "--scene", tapScene, "--expect", "singleTap=tap", "--format", "json", "-o", report],
                           status: 2, message: "1 of the corpus's traces could not be read")
        #expect(o.stderr.contains("\(broken):1: not a trace"))
        #expect(FileManager.default.fileExists(atPath: report), "the report is still written")
        try FileManager.default.removeItem(atPath: broken)
        // Per trace, relative to the corpus: who recognized when (ms from the first touch), who won, who lost to whom.
        try FileManager.default.copyItem(atPath: root + "/recordings/traces/double-tap.jsonl", toPath: corpus + "/double.jsonl")
        try expect(["evaluate", corpus, "--scene", tapScene, "--expect", "singleTap=tap", "--format", "json", "-o", report], status: 0, message: "", anywhere: true)
        let json = try String(contentsOfFile: report, encoding: .utf8)
        #expect(json.contains(#"{"trace":"double.jsonl","label":null,"recognized":{"doubleTap":280},"winner":"doubleTap","lost":{"singleTap":{"to":"doubleTap","rule":"requirement","#), "\(json)")
        #expect(json.contains(#"{"trace":"tap.jsonl","label":null,"recognized":{"singleTap":430},"winner":"singleTap","lost":{},"events":7,"firstTouchMs":20,"labels":{"gesture":"one tap on the card"}}"#), "\(json)")
        // Shards of the corpus, merged in any order, give the report of one run, byte for byte.
        let one = dir + "/one.json", s1 = dir + "/s1.json", s2 = dir + "/s2.json", merged = dir + "/merged.json"
        let common = ["evaluate", corpus, "--scene", tapScene, "--expect", "singleTap=tap", "--expect", "doubleTap=tap", "--format", "json"]
        _ = try expect(common + ["-o", one], status: 0, message: "", anywhere: true)
        _ = try expect(common + ["--shard", "1/2", "-o", s1], status: 0, message: "1 traces", anywhere: true)
        try expect(common + ["--shard", "2/2", "-o", s2], status: 0, message: "1 traces", anywhere: true)
        try expect(["merge-reports", s2, s1, "-o", merged], status: 0, message: "2 reports merged: 2 traces", anywhere: true)
        #expect(try String(contentsOfFile: merged, encoding: .utf8) == String(contentsOfFile: one, encoding: .utf8))
        try expect(["merge-reports", s1, s1], status: 2, message: "\(s1): shard 1 of 2 again", anywhere: true)
        // A shard left out is named, and nothing is written.
        try FileManager.default.removeItem(atPath: merged)
        try expect(["merge-reports", s2, "-o", merged], status: 2, message: "shard 1 of 2 missing: the merged report would leave out its traces", anywhere: true)
        #expect(!FileManager.default.fileExists(atPath: merged))
        try expect(["merge-reports", one], status: 2, message: "\(one): not the report of a shard", anywhere: true)
        // Out-of-range numbers in a report are refused with the trace, never trapped on.
        let shard2 = try String(contentsOfFile: s2, encoding: .utf8)
        for (field, hostile) in [(#""events":7"#, #""events":1e300"#), (#""firstTouchMs":20"#, #""firstTouchMs":1e300"#), (#""firstTouchMs":20"#, #""firstTouchMs":-1e19"#)] {
            let forged = try file("forged.json", shard2.replacingOccurrences(of: field, with: hostile))
            #expect(forged.isEmpty == false)
            if shard2.contains(field) {
                try expect(["merge-reports", s1, forged], status: 2, message: "\(forged): trace", anywhere: true)
            }
        }
        let other = dir + "/other.json"
        try expect(["evaluate", corpus, "--scene", tapScene, "--expect", "singleTap=tap", "--format", "json", "-o", other], status: 0, message: "", anywhere: true)
        try expect(["merge-reports", s1, other], status: 2, message: "a report of another evaluation", anywhere: true)
        let old = try file("old.json", #"{"format":"gesturelab-evaluation","version":1,"scores":[]}"#)
        try expect(["merge-reports", old], status: 2, message: "\(old): the report has no per-trace outcomes", anywhere: true)
        try expect(common + ["--shard", "3/2"], status: 64, message: "Error: The value '3/2' is invalid for '--shard <k/n>'", anywhere: true)
        try FileManager.default.removeItem(atPath: corpus + "/double.jsonl")
        try expect(["evaluate", corpus, "--scene", tapScene, "--expect", "singleTap=tap", "--baseline", dir + "/none.json"],
                   status: 2, message: "\(dir)/none.json: no such file")
        let bad = try file("baseline.json", "{\"format\":")
        try expect(["evaluate", corpus, "--scene", tapScene, "--expect", "singleTap=tap", "--baseline", bad], status: 2, message: "\(bad): the baseline is not JSON")
        try expect(["evaluate", corpus, "--scene", tapScene, "--expect", "singleTap"], status: 64, message: "Error: The value 'singleTap' is invalid for '--expect <R=LABEL>'")
        try expect(["evaluate", corpus, "--scene", tapScene, "--expect", "nobody=tap"], status: 2, message: "--expect nobody=tap: the scene has no recognizer \"nobody\"")
        try expect(["evaluate", dir + "/empty-corpus", "--scene", tapScene, "--expect", "singleTap=tap"], status: 2, message: "\(dir)/empty-corpus: no traces")
    }

    @Test("train: one subject cannot be held out; broken traces are named and fail the run")
    func train() throws {
        _ = try file("one/check01.xml", goodLog)
        let imported = dir + "/one-imported"
        try expect(["import", "dollar-xml", dir + "/one", "-o", imported], status: 0, message: "", anywhere: true)
        try expect(["train", imported, "--leave-one-out", "subject"], status: 2,
                   message: "--leave-one-out subject: every trace has subject \"1\"")
        let broken = try file("one-imported/broken.jsonl", "{\"format\":\"gesturelab-trace\",\"version\":1}\n{\"t\":\n")
        try expect(["train", imported, "-o", dir + "/templates.json"], status: 2, message: "1 traces could not be read")
        _ = broken
    }

    @Test("minimize, diff, timeline and play: bad outcomes, missing scenes, outputs that cannot be written")
    func otherCommands() throws {
        try expect(["minimize", tapTrace, "--scene", tapScene, "--until", "nonsense", "-o", dir + "/m.jsonl"], status: 64,
                   message: "Error: The value 'nonsense' is invalid for '--until <RECOGNIZER STATE>'")
        try expect(["minimize", tapTrace, "--scene", tapScene, "--until", "nobody began", "-o", dir + "/m.jsonl"], status: 2,
                   message: "--until nobody began: the scene has no recognizer \"nobody\"")
        try expect(["minimize", tapTrace, "--scene", tapScene, "--until", "doubleTap recognized", "-o", dir + "/m.jsonl"], status: 1,
                   message: "", anywhere: true)
        try expect(["diff", tapTrace, "--scene", tapScene], status: 64, message: "Error: diff needs --scene A --scene B")
        try expect(["replay", tapTrace, "--scene", tapScene, "--set", "pan-no-dot=3"], status: 64, message: "Error: The value 'pan-no-dot=3' is invalid for '--set <R.PARAM=VALUE>'")
        try expect(["replay", tapTrace, "--scene", tapScene, "--set", "nobody.x=3"], status: 2, message: "--set nobody.x=3: the scene has no recognizer \"nobody\"")
        // A value no parameter takes is the option's fault, not the scene's line.
        for value in ["nan", "inf", "-inf", "1e999"] {
            try expect(["replay", tapTrace, "--scene", tapScene, "--set", "singleTap.maximumTapInterval=\(value)"], status: 64,
                       message: "Error: The value 'singleTap.maximumTapInterval=\(value)' is invalid for '--set <R.PARAM=VALUE>'")
        }
        // -o naming the trace or the scene is refused, and they are kept.
        let traceCopy = try file("copy.jsonl", try String(contentsOfFile: tapTrace, encoding: .utf8))
        try expect(["replay", traceCopy, "--scene", tapScene, "-o", traceCopy], status: 64, message: "\(traceCopy): this is the input \(traceCopy)")
        try expect(["timeline", traceCopy, "--scene", tapScene, "-o", traceCopy], status: 64, message: "\(traceCopy): this is the input")
        #expect(try String(contentsOfFile: traceCopy, encoding: .utf8) == String(contentsOfFile: tapTrace, encoding: .utf8))
        try expect(["timeline", tapTrace, "--scene", tapScene, "-o", dir + "/missing/t.html"], status: 1, message: "\(dir)/missing/t.html: cannot write")
        let p = try runWatched(["/usr/bin/env", "SDL_VIDEODRIVER=dummy", binary, "play", tapTrace, "--scene", tapScene, "--screenshot", dir + "/missing/s.png"])
        #expect(p.status == 1 && p.stderr.contains("\(dir)/missing/s.png: cannot write"), "\(p.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/missing"))
    }

    /// Starts `sh -c script` in the background (a FIFO's other end).
    func background(_ script: String) throws -> Process {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", script]
        try p.run()
        return p
    }

    @Test("FIFOs: a trace or a scene arriving through a FIFO, garbage through one, and a FIFO as the output")
    func fifos() throws {
        let traceFifo = dir + "/trace.jsonl", sceneFifo = dir + "/scene.yaml", outFifo = dir + "/out.jsonl"
        for f in [traceFifo, sceneFifo, outFifo] { #expect(mkfifo(f, 0o644) == 0) }
        var writer = try background("cat '\(tapTrace)' > '\(traceFifo)'")
        try expect(["replay", traceFifo, "--scene", tapScene], status: 0, message: "", anywhere: true)
        writer.waitUntilExit()
        writer = try background("cat '\(tapScene)' > '\(sceneFifo)'")
        try expect(["replay", tapTrace, "--scene", sceneFifo], status: 0, message: "", anywhere: true)
        writer.waitUntilExit()
        writer = try background("head -c 100000 /dev/urandom > '\(traceFifo)'")
        try expect(["replay", traceFifo, "--scene", tapScene], status: 2, message: "\(traceFifo):", anywhere: true)
        writer.waitUntilExit()
        // Written in place (a FIFO cannot be replaced by renaming), read by the other end.
        let copy = dir + "/from-fifo.jsonl"
        let reader = try background("cat '\(outFifo)' > '\(copy)'")
        try expect(["replay", tapTrace, "--scene", tapScene, "--format", "jsonl", "-o", outFifo], status: 0, message: "", anywhere: true)
        reader.waitUntilExit()
        let text = try String(contentsOfFile: copy, encoding: .utf8)
        #expect(text.contains(#""recognizer":"singleTap","from":"possible","to":"recognized""#))
        var info = stat()
        #expect(stat(outFifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO, "still a FIFO")
    }

    @Test("Four processes writing one output at once: it ends up whole (one of them), with no temporary files left")
    func concurrentOutputs() throws {
        let out = dir + "/shared.html"
        let single = dir + "/single.html"
        try expect(["timeline", tapTrace, "--scene", tapScene, "-o", single], status: 0, message: "", anywhere: true)
        let processes = try (0..<4).map { _ in
            try background("'\(binary)' timeline '\(tapTrace)' --scene '\(tapScene)' -o '\(out)'")
        }
        for p in processes { p.waitUntilExit() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
        #expect(try String(contentsOfFile: out, encoding: .utf8) == String(contentsOfFile: single, encoding: .utf8))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains(".partial-") }
        #expect(leftovers.isEmpty, "\(leftovers)")
        // Two imports into one folder at once: every trace is whole.
        _ = try file("many/s01/fast/check01.xml", goodLog)
        for k in 2...40 { _ = try file("many/s01/fast/check\(k).xml", goodLog.replacingOccurrences(of: "check01", with: "check\(k)")) }
        let imports = try (0..<2).map { _ in try background("'\(binary)' import dollar-xml '\(dir)/many' -o '\(dir)/many-out' > /dev/null") }
        for p in imports { p.waitUntilExit() }
        #expect(imports.allSatisfy { $0.terminationStatus == 0 })
        let v = try runWatched([binary, "validate"] + (1...40).map { "\(dir)/many-out/s01/fast/check\($0 == 1 ? "01" : String($0)).jsonl" })
        #expect(v.status == 0, "\(v.stderr.prefix(500))")
    }

    @Test("A scene of 2,000 recognizers on one view loads, lints and replays a tap within the time and memory limits")
    func hugeScene() throws {
        var yaml = "scene: crowd\nviewport: [400, 600]\nviews:\n  - id: pad\n    frame: [0, 0, 400, 600]\n    recognizers:\n"
        for i in 0..<2000 { yaml += "      - {id: t\(i), type: \(i % 2 == 0 ? "tap" : "pan")}\n" }
        let scene = try file("crowd.yaml", yaml)
        try expect(["validate", scene], status: 0, message: "", anywhere: true)
        try expect(["lint", scene], status: 0, message: "", anywhere: true)
        let o = try expect(["replay", tapTrace, "--scene", scene, "--format", "jsonl", "-o", dir + "/crowd.jsonl"], status: 0, message: "", anywhere: true)
        _ = o
        let log = try String(contentsOfFile: dir + "/crowd.jsonl", encoding: .utf8)
        // The taps all finish in one event; on one view the newest wins the tie (docs/uikit-rules.md
        // A.3.4) and excludes the other 999 taps, and the 1,000 pans fail when the finger lifts unmoved.
        #expect(log.contains(#""recognizer":"t1998","from":"possible","to":"recognized""#))
        #expect(log.components(separatedBy: #""event":"transition","recognizer":"t1998","from":"possible","to":"recognized""#).count - 1 == 1)
        #expect(log.components(separatedBy: #""event":"transition""#).count - 1 == 2000, "one transition each")
        #expect(log.components(separatedBy: #""to":"failed""#).count - 1 == 1999)
    }
}

/// `gesturelab init` makes only packages that can build: names that would collide with a module
/// in the graph are refused, versions must be versions, and a quote in a path is escaped.
@Suite("gesturelab init: names, URLs and versions", .serialized)
struct InitInputTests {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gl-init-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path

    @Test("names that would collide with a module (GestureLab's, the toolchain's, a dependency's, in any case) or are keywords are refused, and nothing is created")
    func reservedNames() throws {
        for (name, says) in [("Swift", "the toolchain's module Swift"), ("GestureLabCLI", "GestureLab's module GestureLabCLI"),
                             ("gesturelabcli", "GestureLab's module GestureLabCLI"), ("Gesture", "its target GestureRecognizers"),
                             ("GestureLab", "GestureLab's module GestureLab"), ("Foundation", "the toolchain's module Foundation"),
                             ("Yams", "a package GestureLab depends on"), ("ArgumentParser", "a package GestureLab depends on"),
                             ("Testing", "the toolchain's module Testing"), ("class", "a Swift keyword")] {
            let r = try gesturelab(["init", dir + "/" + name])
            #expect(r.status == 64 && r.stderr.contains(says), "\(name): exit \(r.status): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/" + name))
        }
    }

    @Test("--url must be a Git URL without quotes or spaces; --from must be a version; both are refused before anything is written")
    func urlsAndVersions() throws {
        for url in ["https://example.com/\"evil", "not a url", "https://example.com/a b.git", "https://example.com/x\\y"] {
            let r = try gesturelab(["init", dir + "/U", "--url", url])
            #expect(r.status == 64 && r.stderr.contains("expected a Git URL"), "\(url): \(r.stderr)")
        }
        for version in ["not-a-version", "1.2", "01.2.3", "1.2.3.4", "1.2.3-", "v1.2.3", "1.2.3-beta\"x"] {
            let r = try gesturelab(["init", dir + "/V", "--url", "https://example.com/gesturelab.git", "--from", version])
            #expect(r.status == 64 && r.stderr.contains("expected a version"), "\(version): \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/U") && !FileManager.default.fileExists(atPath: dir + "/V"))
        let ok = try gesturelab(["init", dir + "/W", "--url", "https://example.com/gesturelab.git", "--from", "1.2.3-beta.1+build.5"])
        #expect(ok.status == 0, "\(ok.stderr)")
        let manifest = try String(contentsOfFile: dir + "/W/Package.swift", encoding: .utf8)
        #expect(manifest.contains(#".package(url: "https://example.com/gesturelab.git", from: "1.2.3-beta.1+build.5", traits: [])"#))
    }

    @Test("a checkout path with a quote, a backslash and a space makes a manifest SwiftPM reads")
    func quotedPath() throws {
        let odd = dir + "/we\"ird \\ checkout"
        try FileManager.default.createDirectory(atPath: odd, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: odd + "/gl", withDestinationPath: root)
        let r = try gesturelab(["init", dir + "/Q", "--gesturelab-path", odd + "/gl"])
        #expect(r.status == 0, "\(r.stderr)")
        let dump = Process()
        dump.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        dump.arguments = ["swift", "package", "--package-path", dir + "/Q", "dump-package"]
        let out = Pipe()
        dump.standardOutput = out
        dump.standardError = FileHandle.nullDevice
        try dump.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        dump.waitUntilExit()
        #expect(dump.terminationStatus == 0)
        #expect(String(decoding: data, as: UTF8.self).contains("we\\\"ird \\\\ checkout"), "the path as given, quote and backslash kept")
    }

    @Test("the reserved names include every target and product of GestureLab's Package.swift")
    func reservedListCoversThePackage() throws {
        let manifest = try String(contentsOfFile: root + "/Package.swift", encoding: .utf8)
        // Every `name: "..."` but the traits' (which name no module).
        let declared = manifest.components(separatedBy: "name: \"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
            .filter { !manifest.contains(".trait(name: \"\($0)\"") }
        // Targets of other packages named as products (`.product(name: "ArgumentParser", ...)`) come along too.
        let ours = declared.filter { !$0.hasSuffix("Tests") }
        #expect(ours.count > 15)
        for name in ours {
            let r = try gesturelab(["init", dir + "/" + name])
            #expect(r.status == 64, "\(name) is not refused: \(r.stderr)")
        }
    }
}
