import Foundation
import GestureTestSupport
import GestureTrace
import Testing

let root: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// The built `gesturelab` binary (GESTURELAB_BIN overrides).
let binary: String = ProcessInfo.processInfo.environment["GESTURELAB_BIN"] ?? root + "/.build/debug/gesturelab"

struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs the binary from the repository root; `input` is its standard input (none: /dev/null).
func gesturelab(_ args: [String], input: Data? = nil) throws -> Run {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: binary)
    p.arguments = args
    p.currentDirectoryURL = URL(fileURLWithPath: root)
    let out = Pipe(), err = Pipe()
    p.standardOutput = out
    p.standardError = err
    let inPipe = Pipe()
    p.standardInput = input == nil ? FileHandle.nullDevice : inPipe
    try p.run()
    if let input {
        // Written from another thread: a large input would fill the pipe while nobody reads the outputs yet.
        let writer = inPipe.fileHandleForWriting
        Thread.detachNewThread {
            writer.write(input)
            try? writer.close()
        }
    }
    let o = out.fileHandleForReading.readDataToEndOfFile()
    let e = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return Run(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
}

func temp(_ name: String, _ text: String) throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gesturelab-cli-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let path = dir.appendingPathComponent(name).path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

@Suite("gesturelab command line", .serialized)
struct CLITests {
    @Test("replay prints the readable timeline of a real conflict")
    func replayText() throws {
        let r = try gesturelab(["replay", "recordings/traces/single-tap.jsonl", "--scene", "recordings/scenes/tap-requires-double-tap.yaml"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("singleTap") && r.stdout.contains("waits for doubleTap"))
        #expect(r.stdout.contains("Outcome"))
    }

    @Test("replay --format jsonl prints one JSON object per decision")
    func replayJSONL() throws {
        let r = try gesturelab(["replay", "recordings/traces/flick-right.jsonl", "--scene", "recordings/scenes/pan-vs-swipe.yaml", "--format", "jsonl"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count > 20)
        #expect(lines.allSatisfy { $0.hasPrefix("{\"seq\":") && $0.hasSuffix("}") })
        #expect(r.stdout.contains(#""event":"transition","recognizer":"swipe","from":"possible","to":"failed""#))
    }

    @Test("replay --format jsonl --compact: the full output without changed rows and move rows, numbering kept")
    func replayCompact() throws {
        let args = ["replay", "recordings/traces/slow-drag-right.jsonl", "--scene", "recordings/scenes/pan-vs-swipe.yaml", "--format", "jsonl"]
        let full = try gesturelab(args), compact = try gesturelab(args + ["--compact"])
        #expect(full.status == 0 && compact.status == 0)
        func routine(_ line: Substring) -> Bool {
            (line.contains(#""event":"input""#) || line.contains(#""event":"view""#)) && line.contains(#""phase":"moved""#)
                || (line.contains(#""event":"transition""#) || line.contains(#""event":"action""#)) && line.contains(#""to":"changed""#)
        }
        let kept = full.stdout.split(separator: "\n").filter { !routine($0) }
        #expect(compact.stdout.split(separator: "\n") == kept)
        #expect(kept.count < full.stdout.split(separator: "\n").count / 2, "most rows of a drag are routine")
        #expect(compact.stdout.contains(#""to":"began""#), "the pan's began stays")
        let misuse = try gesturelab(["replay", "recordings/traces/slow-drag-right.jsonl", "--scene", "recordings/scenes/pan-vs-swipe.yaml", "--compact"])
        #expect(misuse.status == 64 && misuse.stderr.contains("--compact is for --format jsonl"))
    }

    @Test("--set changes a parameter for one replay")
    func whatIf() throws {
        // With a 200 pt threshold the 120 pt quick drag never pans, so the long press... also fails (moved).
        let r = try gesturelab(["replay", "recordings/traces/quick-drag.jsonl", "--scene", "recordings/scenes/long-press-vs-pan.yaml",
                                "--set", "pan.minimumDistance=200", "--format", "jsonl"])
        #expect(r.status == 0)
        #expect(!r.stdout.contains(#""recognizer":"pan","from":"possible","to":"began""#))
        let bad = try gesturelab(["replay", "recordings/traces/quick-drag.jsonl", "--scene", "recordings/scenes/long-press-vs-pan.yaml", "--set", "pan.speed=2"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("pan has no parameter \"speed\""))
    }

    @Test("A malformed trace exits 2 with FILE:LINE and no crash")
    func badTrace() throws {
        let path = try temp("bad.jsonl", #"{"format":"gesturelab-trace","version":1}"# + "\n" + #"{"t":0,"type":"move","id":1,"x":1,"y":1}"# + "\n")
        let r = try gesturelab(["replay", path, "--scene", "recordings/scenes/pan-vs-swipe.yaml"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("\(path):2: move for pointer 1, which is not down"))
        let missing = try gesturelab(["replay", "/nonexistent.jsonl", "--scene", "recordings/scenes/pan-vs-swipe.yaml"])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("/nonexistent.jsonl: no such file"))
    }

    @Test("A trace that goes bad after thousands of rows: every row decided before the bad line is written, in order, then exit 2",
          arguments: ["jsonl", "text"])
    func badLineLate(format: String) throws {
        // 3,001 events give well over one batch of rows (1,024) for the log's writing thread.
        var text = #"{"format":"gesturelab-trace","version":1}"# + "\n" + #"{"t":0,"type":"down","id":1,"x":10,"y":300}"# + "\n"
        for i in 1...3000 { text += #"{"t":\#(i * 8),"type":"move","id":1,"x":\#(10 + Double(i) * 0.1),"y":300}"# + "\n" }
        text += #"{"t":"late","type":"up","id":1,"x":1,"y":1}"# + "\n"
        let path = try temp("bad-late-\(format).jsonl", text)
        let r = try gesturelab(["replay", path, "--scene", "recordings/scenes/pan-vs-swipe.yaml", "--format", format, "--verbose"].filter { format == "text" || $0 != "--verbose" })
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("\(path):3003: "))
        let lines = r.stdout.split(separator: "\n")
        if format == "jsonl" {
            let seqs = lines.compactMap { line -> Int? in
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
                return object["seq"] as? Int
            }
            #expect(seqs.count == lines.count, "every line is a whole JSON object")
            #expect(seqs == Array(0..<seqs.count), "rows in order, none lost")
            #expect(lines.filter { $0.contains(#""event":"input""#) }.count == 3001, "an input row for every event before the bad line")
        } else {
            #expect(lines.filter { $0.contains("touch 1") && $0.contains("moves to") }.count == 3000, "every move before the bad line")
        }
    }

    @Test("A malformed scene exits 2 with FILE:LINE")
    func badScene() throws {
        let path = try temp("bad.yaml", "views:\n  - id: a\n    frame: [0, 0, 10, 10]\n    recognizers:\n      - id: t\n        type: tapp\n")
        let r = try gesturelab(["replay", "recordings/traces/single-tap.jsonl", "--scene", path])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("\(path):5: unknown recognizer type \"tapp\""))
    }

    @Test("validate checks traces and scenes, warns on a truncated last line, and fails on errors")
    func validate() throws {
        let ok = try gesturelab(["validate", "recordings/traces/double-tap.jsonl", "recordings/scenes/nested-pans.yaml"])
        #expect(ok.status == 0)
        #expect(ok.stdout.contains("double-tap.jsonl: 21 events: ok") || ok.stdout.contains("events: ok"))
        let cut = try temp("cut.jsonl", #"{"format":"gesturelab-trace","version":1}"# + "\n" + #"{"t":0,"type":"down","id":1,"x":1,"y":1}"# + "\n" + #"{"t":5,"ty"#)
        let w = try gesturelab(["validate", cut])
        #expect(w.status == 0)
        #expect(w.stderr.contains("\(cut):3: warning: last line is incomplete"))
        #expect(w.stderr.contains("still down at the end"))
        let bad = try gesturelab(["validate", "/tmp"])
        #expect(bad.status == 2)
    }

    @Test("recognizers lists every type with its parameters and defaults")
    func recognizers() throws {
        let r = try gesturelab(["recognizers", "tap"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("maximumTapInterval = 0.35 s"))
        #expect(r.stdout.contains("allowableMovement = 45 pt"))
    }
}

@Suite("gesturelab import, train and evaluate on the $1 development set", .serialized,
       .enabled(if: DollarDataset.isPresent, Comment(rawValue: DollarDataset.absence)))
struct CorpusCLITests {
    @Test("import dollar-xml converts logs with their labels; train and evaluate run on the result; a baseline regression exits 3")
    func pipeline() throws {
        let dataset = DollarDataset.root + "/s02/fast"
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("gl-import-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let imported = try gesturelab(["import", "dollar-xml", dataset, "-o", out])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("imported 160 strokes"))
        let check = try String(contentsOfFile: out + "/check01.jsonl", encoding: .utf8)
        #expect(check.hasPrefix(#"{"format":"gesturelab-trace","version":1,"viewport":{"width":240,"height":320}"#))
        #expect(check.contains(#""class":"check""#) && check.contains(#""speed":"fast""#) && check.contains(#""subject":"2""#))

        let templates = out + "/templates.json"
        let trained = try gesturelab(["train", out, "-o", templates])
        #expect(trained.status == 0)
        #expect(trained.stdout.contains("160 templates of 16 classes"))

        let scene = try temp("eval.yaml", """
        viewport: [240, 320]
        views:
          - id: pad
            frame: [0, 0, 240, 320]
            recognizers:
              - {id: better, type: checkmark}
              - {id: strict, type: checkmarkStrict}
        policies:
          - {recognizer: better, simultaneousWithAny: true}
        """)
        let report = out + "/report.json"
        let evaluated = try gesturelab(["evaluate", out, "--scene", scene, "--expect", "better=check", "--expect", "strict=check", "--format", "json", "-o", report])
        #expect(evaluated.status == 0, "\(evaluated.stderr)")
        #expect(evaluated.stderr.contains("160 traces"))
        let json = try String(contentsOfFile: report, encoding: .utf8)
        #expect(json.contains(#""recognizer":"better","label":"check","tp":10"#))
        // Against a baseline that claims a perfect strict checkmark, the gate fails.
        let perfect = #"{"format":"gesturelab-evaluation","version":1,"scores":[{"recognizer":"strict","label":"check","f1":1}]}"#
        let baseline = out + "/baseline.json"
        try perfect.write(toFile: baseline, atomically: true, encoding: .utf8)
        let gated = try gesturelab(["evaluate", out, "--scene", scene, "--expect", "strict=check", "--baseline", baseline, "--format", "json", "-o", out + "/r2.json"])
        #expect(gated.status == 3)
        #expect(gated.stderr.contains("worse than the baseline: strict f1 fell from 1"))
        let bad = try gesturelab(["evaluate", out, "--scene", scene, "--expect", "nobody=check"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("the scene has no recognizer \"nobody\""))
    }
}

@Suite("gesturelab explain, timeline, lint, diff, minimize", .serialized)
struct DebuggingCLITests {
    @Test("explain --sequence, --from and --to show one stretch of a long trace, numbered as in the whole")
    func explainStretch() throws {
        let path = try writeTapsTrace(count: 5, spacing: 1000, name: "stretch")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let scene = "recordings/scenes/tap-requires-double-tap.yaml"
        func headings(_ extra: [String]) throws -> [String] {
            let r = try gesturelab(["explain", path, "--scene", scene] + extra)
            #expect(r.status == 0, "\(extra): \(r.stderr)")
            return r.stdout.split(separator: "\n").filter { $0.hasPrefix("Touch sequence") }.map { String($0.prefix(while: { $0 != "," })) }
        }
        #expect(try headings([]) == (1...5).map { "Touch sequence \($0)" })
        #expect(try headings(["--sequence", "3"]) == ["Touch sequence 3"])
        // Taps go down at 20, 1020, 2020, 3020 and 4020 ms.
        #expect(try headings(["--from", "1500", "--to", "3500"]) == ["Touch sequence 3", "Touch sequence 4"])
        #expect(try headings(["--to", "1500"]) == ["Touch sequence 1", "Touch sequence 2"])
        let none = try gesturelab(["explain", path, "--scene", scene, "--sequence", "9"])
        #expect(none.status == 0 && none.stdout == "No touch sequence in that stretch of the trace (5 in what was read).\n")
        let attempts = try gesturelab(["explain", path, "--scene", scene, "--recognizer", "singleTap", "--sequence", "2"])
        #expect(attempts.status == 0)
        #expect(attempts.stdout.hasPrefix("singleTap recognized at 1420 ms"), "\(attempts.stdout)")
        #expect(!attempts.stdout.contains("at 420 ms") && !attempts.stdout.contains("at 2420 ms"))
        #expect(try gesturelab(["explain", path, "--scene", scene, "--sequence", "0"]).status == 64)
        #expect(try gesturelab(["explain", path, "--scene", scene, "--sequence", "2", "--from", "10"]).status == 64)
    }

    @Test("timeline --sequence, --from and --to draw one stretch of a long trace: only its marks, its strokes and its time")
    func timelineStretch() throws {
        let path = try writeTapsTrace(count: 5, spacing: 1000, name: "timeline-stretch")
        let out = NSTemporaryDirectory() + "gesturelab-stretch-\(getpid()).json"
        defer { for f in [path, out] { try? FileManager.default.removeItem(atPath: f) } }
        let scene = "recordings/scenes/tap-requires-double-tap.yaml"
        /// The times (ms) of the Perfetto trace's marks and state spans.
        func times(_ extra: [String]) throws -> [Double] {
            let r = try gesturelab(["timeline", path, "--scene", scene, "--format", "perfetto", "-o", out] + extra)
            #expect(r.status == 0, "\(extra): \(r.stderr)")
            let root = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any]
            let events = root?["traceEvents"] as? [[String: Any]] ?? []
            return events.filter { ($0["ph"] as? String) != "M" }.compactMap { ($0["ts"] as? NSNumber)?.doubleValue }.map { $0 / 1000 }
        }
        // Taps go down at 20, 1020, 2020, 3020 and 4020 ms; each single tap is recognized 400 ms later.
        let all = try times([])
        #expect(all.min() == 20 && all.max()! >= 4420)
        let third = try times(["--sequence", "3"])
        #expect(!third.isEmpty && third.min()! >= 2020 && third.max()! < 3020, "\(third)")
        #expect(third.contains(2420), "the third tap's recognition")
        let middle = try times(["--from", "1500", "--to", "3500"])
        #expect(middle.min()! >= 2020 && middle.max()! < 4020 && middle.contains(2420) && middle.contains(3420), "\(middle)")
        let none = try gesturelab(["timeline", path, "--scene", scene, "--sequence", "9", "-o", out])
        #expect(none.status != 0 && none.stderr.contains("no touch sequence in that stretch"))
    }

    @Test("compare --sequence, --from and --to set one stretch side by side, numbered as in the whole")
    func compareStretch() throws {
        let path = try writeTapsTrace(count: 5, spacing: 1000, name: "compare-stretch")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let scene = "recordings/scenes/tap-requires-double-tap.yaml"
        func headings(_ extra: [String]) throws -> [String] {
            let r = try gesturelab(["compare", path, "--scene", scene] + extra)
            #expect(r.status == 0 || r.status == 1, "\(extra): \(r.stderr)")
            return r.stdout.split(separator: "\n").filter { $0.hasPrefix("sequence ") }.map { String($0.prefix(while: { $0 != " " && $0 != "(" }) + " " + $0.split(separator: " ")[1]) }
        }
        #expect(try headings([]) == (1...5).map { "sequence \($0)" })
        #expect(try headings(["--sequence", "3"]) == ["sequence 3"])
        #expect(try headings(["--from", "1500", "--to", "3500"]) == ["sequence 3", "sequence 4"])
        let none = try gesturelab(["compare", path, "--scene", scene, "--sequence", "9"])
        #expect(none.status == 2 && none.stderr.contains("no touch sequence in that stretch"))
        // A last line cut short is said once, from a file or from standard input.
        let text = try String(contentsOfFile: path, encoding: .utf8) + #"{"t":9000,"type":"do"#
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        for input in [path, "-"] {
            let r = try gesturelab(["compare", input, "--scene", scene], input: input == "-" ? Data(text.utf8) : nil)
            #expect(r.status == 0, "\(input): \(r.stderr)")
            #expect(r.stderr.components(separatedBy: "last line is incomplete").count == 2, "\(input): \(r.stderr)")
        }
    }

    @Test("sensitivity --sequence, --from and --to analyse one stretch's decisions and compare only its winners")
    func sensitivityStretch() throws {
        let path = try writeTapsTrace(count: 5, spacing: 1000, name: "sensitivity-stretch")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let scene = "recordings/scenes/tap-requires-double-tap.yaml"
        let r = try gesturelab(["sensitivity", path, "--scene", scene, "--from", "1500", "--to", "3500"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Winners: singleTap | singleTap", "\(lines)")
        // The double tap's decisions of taps 3 and 4 (recognitions at 2420 and 3420 ms), not the others'.
        #expect(lines.dropFirst().map { String($0.prefix(while: { $0 != " " })) } == ["2420", "3420"], "\(lines)")
        // A longer interval pairs tap 3 with tap 4 into a double tap (and tap 1 with tap 2, outside
        // the stretch): the third sequence has no winner, the fourth a double tap.
        #expect(lines.dropFirst().allSatisfy { $0.hasSuffix("flips the winners to nobody | doubleTap") }, "\(lines)")
        let none = try gesturelab(["sensitivity", path, "--scene", scene, "--sequence", "9"])
        #expect(none.status == 2 && none.stderr.contains("no touch sequence in that stretch"))
    }

    @Test("diff --sequence, --from and --to compare one stretch: its transitions and its sequences, numbered as in the whole")
    func diffStretch() throws {
        let path = try writeTapsTrace(count: 5, spacing: 1000, name: "diff-stretch")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let scene = "recordings/scenes/tap-requires-double-tap.yaml"
        let longer = ["--set-b", "doubleTap.maximumTapInterval=0.952"]
        // Whole: a 952 ms interval pairs taps 1-2 and 3-4 (up 70 ms, next down 1020 ms).
        let whole = try gesturelab(["diff", path, "--scene", scene] + longer)
        #expect(whole.status == 1 && whole.stdout.hasPrefix("First divergence at 420 ms:"), "\(whole.stdout)")
        #expect(whole.stdout.contains("touch sequence 1 was won by singleTap, now by nobody"))
        let r = try gesturelab(["diff", path, "--scene", scene, "--from", "1500", "--to", "3500"] + longer)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("First divergence at 2420 ms:"), "\(r.stdout)")
        #expect(r.stdout.contains("touch sequence 3 was won by singleTap, now by nobody"))
        #expect(r.stdout.contains("touch sequence 4 was won by singleTap, now by doubleTap"))
        #expect(!r.stdout.contains("touch sequence 1") && !r.stdout.contains("touch sequence 2") && !r.stdout.contains("touch sequence 5"), "\(r.stdout)")
        let none = try gesturelab(["diff", path, "--scene", scene, "--sequence", "9"] + longer)
        #expect(none.status == 2 && none.stderr.contains("no touch sequence in that stretch"))
    }

    @Test("minimize on a long trace starts from the touch sequence where the outcome happens, with the fewest sequences before it that keep it")
    func minimizeLongTrace() throws {
        // 20 taps; the first 14 wander 100 pt (no tap), the 15th (at 14,020 ms) is the first single tap.
        let path = try writeTapsTrace(count: 20, spacing: 1000, name: "minimize-long", wander: { $0 < 14 ? 100 : 0 })
        let out = NSTemporaryDirectory() + "gesturelab-minimized-\(getpid()).jsonl"
        defer { for f in [path, out] { try? FileManager.default.removeItem(atPath: f) } }
        let r = try gesturelab(["minimize", path, "--scene", "recordings/scenes/tap-requires-double-tap.yaml", "--until", "singleTap recognized", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        let lines = text.split(separator: "\n")
        #expect(lines.first?.contains("(54 events (touch sequences 14-15 of 20)) to 2 events") == true, "\(lines.first ?? "")")
        #expect(lines.dropFirst().map { String($0.prefix(16)) } == [#"{"t":14020,"type"#, #"{"t":14070,"type"#], "\(text)")
    }

    @Test("explain prints the causal chain; timeline writes HTML, SVG and Perfetto files")
    func explainAndTimeline() throws {
        let e = try gesturelab(["explain", "recordings/traces/flick-right.jsonl", "--scene", "recordings/scenes/pan-vs-swipe.yaml", "--recognizer", "swipe"])
        #expect(e.status == 0)
        #expect(e.stdout.hasPrefix("swipe failed at 44 ms: excluded by pan"))
        #expect(e.stdout.contains("<- pan began at 44 ms: translation 16.6 pt along x reached minimumDistance 10 pt"))
        let j = try gesturelab(["explain", "recordings/traces/double-tap.jsonl", "--scene", "recordings/scenes/tap-requires-double-tap.yaml", "--format", "json"])
        #expect(j.status == 0 && j.stdout.hasPrefix("{\"sequences\":["))
        let bad = try gesturelab(["explain", "recordings/traces/flick-right.jsonl", "--scene", "recordings/scenes/pan-vs-swipe.yaml", "--recognizer", "zoom"])
        #expect(bad.status == 2)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gl-tl-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (format, ext, start) in [("html", "html", "<!doctype html>"), ("svg", "svg", "<svg"), ("perfetto", "json", "{\"displayTimeUnit\"")] {
            let out = "\(dir)/t.\(ext)"
            let r = try gesturelab(["timeline", "recordings/traces/strip-drag-down.jsonl", "--scene", "recordings/scenes/drag-out-simultaneous.yaml", "--format", format, "-o", out])
            #expect(r.status == 0, "\(format): \(r.stderr)")
            #expect(try String(contentsOfFile: out, encoding: .utf8).hasPrefix(start))
        }
    }

    @Test("lint exits 1 on a deadlock and 0 on a clean scene; diff exits 1 when replays differ; minimize writes a smaller trace")
    func lintDiffMinimize() throws {
        let cycle = try temp("cycle.yaml", "views:\n  - id: v\n    frame: [0, 0, 100, 100]\n    recognizers:\n      - {id: a, type: tap}\n      - {id: b, type: tap}\nrelationships:\n  - require: a\n    toFail: b\n  - require: b\n    toFail: a\n")
        let l = try gesturelab(["lint", cycle])
        #expect(l.status == 1)
        #expect(l.stdout.contains("\(cycle):5: error: require-to-fail cycle a -> b -> a"))
        #expect(try gesturelab(["lint", "recordings/scenes/tap-requires-double-tap.yaml"]).status == 0)
        let d = try gesturelab(["diff", "recordings/traces/flick-right.jsonl", "--scene", "recordings/scenes/pan-vs-swipe.yaml", "--set-b", "pan.minimumDistance=60"])
        #expect(d.status == 1)
        #expect(d.stdout.contains("touch sequence 1: swipe failed -> recognized"))
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("gl-min-\(getpid()).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let m = try gesturelab(["minimize", "recordings/traces/hold-then-drag.jsonl", "--scene", "recordings/scenes/long-press-vs-pan.yaml", "--until", "longPress began", "-o", out])
        #expect(m.status == 0, "\(m.stderr)")
        let (_, events, _) = try TraceReader.readAll(path: out)
        #expect(events.map(\.type) == [.down, .up], "holding still is all a long press needs")
        let none = try gesturelab(["minimize", "recordings/traces/quick-drag.jsonl", "--scene", "recordings/scenes/long-press-vs-pan.yaml", "--until", "longPress began", "-o", out])
        #expect(none.status == 1)
    }
}

@Suite("gesturelab bench")
struct BenchCLITests {
    @Test("bench prints reading speed, engine speed with 0, 1, 7 and 20 recognizers, and peak memory")
    func bench() throws {
        let r = try gesturelab(["bench", "recordings/traces/pinch-and-twist.jsonl"])
        #expect(r.status == 0, "\(r.stderr)")
        for line in ["read:", "read + replay (7 recognizers)", "engine,  0 recognizers", "engine,  1 recognizers", "engine,  7 recognizers", "engine, 20 recognizers", "peak memory"] {
            #expect(r.stdout.contains(line), "\(line)")
        }
        // A warm-up run, as a peer's harness makes one, is said and not measured.
        let warm = try gesturelab(["bench", "recordings/traces/pinch-and-twist.jsonl", "--engine-only", "--recognizers", "1", "--warmup", "1", "--repeats", "1"])
        #expect(warm.status == 0, "\(warm.stderr)")
        #expect(warm.stdout.contains("best of 1 runs each after 1 unmeasured"), "\(warm.stdout)")
        #expect(warm.stdout.contains("engine,  1 recognizers"), "\(warm.stdout)")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("gl-hammer-\(getpid()).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let g = try gesturelab(["bench", "--generate", out])
        #expect(g.status == 0)
        let (header, events, _) = try TraceReader.readAll(path: out)
        #expect(header.labels["workload"] == "hammer-like")
        #expect(events.count > 900_000)
        #expect(Set(events.filter { $0.type == .down }.map(\.pointer)).count >= 2, "two-finger sequences are in it")
    }
}

/// A Swift 5 language mode program (Examples/Swift5Client) that gives the command line its own
/// recognizer with a closure literal, as docs/custom-recognizers.md shows.
@Suite("A Swift 5 client")
struct Swift5ClientTests {
    func run(_ args: [String], form: String) throws -> (status: Int32, signalled: Bool, out: String, err: String) {
        let program = root + "/.build/debug/swift5client"
        try #require(FileManager.default.isExecutableFile(atPath: program), "scripts/test.sh builds every product; \(program) is missing")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: program)
        p.arguments = args
        p.environment = ProcessInfo.processInfo.environment.merging(["SWIFT5CLIENT_FORM": form]) { $1 }
        p.currentDirectoryURL = URL(fileURLWithPath: root)
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errText = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return (p.terminationStatus, p.terminationReason == .uncaughtSignal, text, errText)
    }

    @Test("its top-level code compiles and runs with every kind of closure dictionary: a literal, plain closures, @MainActor ones, closures typed by the subclass, delegates beside them; none crashes",
          arguments: ["literal", "plain", "isolated", "subclass", "mixed"])
    func registersAndRuns(form: String) throws {
        for (args, expected) in [(["recognizers"], "holdToDrag"),
                                 (["replay", "recordings/traces/single-tap.jsonl", "--scene", "recordings/scenes/tap-requires-double-tap.yaml"], "singleTap")] {
            let r = try run(args, form: form)
            #expect(!r.signalled && r.status == 0, "\(form) \(args): ended by \(r.signalled ? "signal" : "exit") \(r.status): \(r.err.prefix(300))")
            #expect(r.out.contains(expected), "\(form) \(args): \(r.out.prefix(300))")
        }
        if form == "plain" || form == "mixed" {
            #expect(try run(["recognizers"], form: form).out.contains("timedHold"), "the dictionary built in another file is registered")
        }
    }

    @Test("GestureTester from Swift 5 top-level code: a plain dictionary of recognizers and an @MainActor one of delegates; the recognizer's Timer begins it after 0.2 s and the delegate is asked once")
    func tester() throws {
        let r = try run([], form: "tester")
        #expect(!r.signalled && r.status == 0, "\(r.err.prefix(300))")
        #expect(r.out.contains("hold: began ended"), "\(r.out)")
        #expect(r.out.contains("asked: 1"), "\(r.out)")
    }

    @Test("a value that is not a factory closure stops the program with its name and type, not a crash")
    func wrongValue() throws {
        let r = try run(["recognizers"], form: "wrong")
        #expect(!r.signalled && r.status == 70)
        #expect(r.err.contains("the recognizer \"holdToDrag\" is a Int, not a closure that makes one"), "\(r.err)")
    }
}
