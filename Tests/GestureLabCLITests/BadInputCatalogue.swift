import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Malformed traces and scenes, each with the message a user should see. Every case runs the
/// real `gesturelab` binary in a child process watched from outside: it must exit (no hang,
/// killed after 30 s), not by a signal (no crash), with the expected status, a message that
/// starts with the file name (and the line, where there is one), and a peak memory under 200 MB.
struct BadInput: CustomTestStringConvertible, Sendable {
    enum Kind: Sendable { case trace, scene }
    enum Content: Sendable {
        case text(String)
        case bytes([UInt8])
        /// Built when the case runs (large inputs).
        case generated(@Sendable () -> String)
        case directory
        case missing
        /// Exists but its owner gives nobody permission; run as an unprivileged user.
        case unreadable(String)
        /// A symbolic link (named like a trace or scene) to a device.
        case link(String)
    }
    var name: String
    var kind: Kind
    var content: Content
    var status: Int32
    /// Expected on standard error; `FILE` stands for the input's path.
    var message: String
    var testDescription: String { name }
}

let traceHeader = #"{"format":"gesturelab-trace","version":1}"#
func trace(_ lines: String...) -> BadInput.Content { .text(([traceHeader] + lines).joined(separator: "\n") + "\n") }
let down1 = #"{"t":0,"type":"down","id":1,"x":1,"y":1}"#

let badInputs: [BadInput] = [
    // Traces: the file itself.
    .init(name: "trace: empty file", kind: .trace, content: .text(""), status: 2, message: "FILE: empty file"),
    .init(name: "trace: only blank lines", kind: .trace, content: .text("\n \n\t\n"), status: 2, message: "FILE: empty file"),
    .init(name: "trace: a directory", kind: .trace, content: .directory, status: 2, message: "FILE: is a directory"),
    .init(name: "trace: missing file", kind: .trace, content: .missing, status: 2, message: "FILE: no such file"),
    .init(name: "trace: no permission", kind: .trace, content: .unreadable(traceHeader + "\n"), status: 2, message: "FILE: permission denied"),
    .init(name: "trace: binary garbage (a PNG)", kind: .trace, content: .bytes([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]), status: 2, message: "FILE:1: not a trace"),
    .init(name: "trace: random bytes with NULs", kind: .trace, content: .bytes((0..<65536).map { UInt8(truncatingIfNeeded: $0 &* 2654435761 >> 13) }), status: 2, message: "FILE:1: not a trace"),
    .init(name: "trace: UTF-16 text", kind: .trace, content: .bytes([0xFF, 0xFE] + Array(traceHeader.utf8).flatMap { [$0, 0] }), status: 2, message: "FILE:1: not a trace"),
    .init(name: "trace: /dev/zero (endless, no newline)", kind: .trace, content: .link("/dev/zero"), status: 2, message: "FILE:1: line longer than 1048576 bytes"),
    // Random bytes may start with newlines, which the reader skips: the line number varies; and
    // one time in 256 with a brace, when the header is read as JSON and found not to be.
    .init(name: "trace: /dev/urandom (endless garbage)", kind: .trace, content: .link("/dev/urandom"), status: 2,
          message: "FILE:#: not a trace||FILE:#: header is not valid JSON"),
    .init(name: "trace: one line over 1 MB", kind: .trace, content: .generated { traceHeader + "\n" + String(repeating: " ", count: 1_100_000) + down1 + "\n" }, status: 2, message: "FILE:2: line longer than 1048576 bytes"),
    // Traces: the header.
    .init(name: "trace: header cut short", kind: .trace, content: .text(#"{"format":"gesturelab-trace","vers"#), status: 2, message: "FILE:1: header is not valid JSON"),
    .init(name: "trace: no header", kind: .trace, content: .text(down1 + "\n"), status: 2, message: "FILE:1: missing header"),
    .init(name: "trace: another format", kind: .trace, content: .text(#"{"format":"svg","version":1}"# + "\n"), status: 2, message: "FILE:1: unknown format"),
    .init(name: "trace: a future version", kind: .trace, content: .text(#"{"format":"gesturelab-trace","version":2}"# + "\n"), status: 2, message: "FILE:1: unsupported trace version 2"),
    .init(name: "trace: header field of the wrong type", kind: .trace, content: .text(#"{"format":"gesturelab-trace","version":"1"}"# + "\n"), status: 2, message: "FILE:1:"),
    .init(name: "trace: invalid UTF-8 in a header label", kind: .trace,
          content: .bytes(Array(#"{"format":"gesturelab-trace","version":1,"labels":{"who":"x"#.utf8) + [0xC3, 0x28] + Array(("\"}}\n" + down1 + "\n").utf8)),
          status: 2, message: "FILE:1: header is not valid JSON: invalid UTF-8 inside a string"),
    .init(name: "trace: half a surrogate pair in a header label", kind: .trace,
          content: .text(#"{"format":"gesturelab-trace","version":1,"labels":{"who":"\ud83d"}}"# + "\n" + down1 + "\n"),
          status: 2, message: "FILE:1: header is not valid JSON: a \\u escape of half a surrogate pair"),
    .init(name: "trace: a long negative position (valid: its sign is kept)", kind: .trace,
          content: trace(#"{"t":0,"type":"down","id":1,"x":-3.3333333333333335,"y":-12.000000000000002}"#, #"{"t":5,"type":"up","id":1,"x":-3.3333333333333335,"y":-1e-30}"#),
          status: 0, message: ""),
    .init(name: "trace: header nested 100,000 deep", kind: .trace, content: .generated { #"{"format":"gesturelab-trace","version":1,"labels":"# + String(repeating: "[", count: 100_000) + "\n" }, status: 2, message: "FILE:1: header is not valid JSON: nesting deeper than 64 levels"),
    // Traces: events.
    .init(name: "trace: event cut short mid-file", kind: .trace, content: trace(#"{"t":0,"type":"do"#, down1), status: 2, message: "FILE:2: "),
    .init(name: "trace: last line cut short (kept, warned)", kind: .trace, content: .text(traceHeader + "\n" + down1 + "\n" + #"{"t":5,"ty"#), status: 0, message: "FILE:3: warning: last line is incomplete"),
    .init(name: "trace: time as a string", kind: .trace, content: trace(#"{"t":"0","type":"down","id":1,"x":1,"y":1}"#), status: 2, message: #"FILE:2: field "t" must be a number, found a string"#),
    .init(name: "trace: id as a boolean", kind: .trace, content: trace(#"{"t":0,"type":"down","id":true,"x":1,"y":1}"#), status: 2, message: #"FILE:2: field "id" must be a number"#),
    .init(name: "trace: position as an array", kind: .trace, content: trace(#"{"t":0,"type":"down","id":1,"x":[1],"y":1}"#), status: 2, message: #"FILE:2: field "x" must be a number"#),
    .init(name: "trace: event nested 100,000 deep", kind: .trace, content: .generated { traceHeader + "\n" + #"{"t":"# + String(repeating: "[", count: 100_000) + "\n" }, status: 2, message: "FILE:2: "),
    .init(name: "trace: pointer id not whole", kind: .trace, content: trace(#"{"t":0,"type":"down","id":1.5,"x":1,"y":1}"#), status: 2, message: #"FILE:2: field "id" must be a whole number"#),
    .init(name: "trace: number beyond Double", kind: .trace, content: trace(#"{"t":0,"type":"down","id":1,"x":1e999,"y":1}"#), status: 2, message: "FILE:2: number too large"),
    .init(name: "trace: huge time", kind: .trace, content: trace(#"{"t":1e300,"type":"down","id":1,"x":1,"y":1}"#), status: 2, message: "FILE:2: time \"t\" is beyond any recording"),
    .init(name: "trace: huge coordinate", kind: .trace, content: trace(#"{"t":0,"type":"down","id":1,"x":1e20,"y":1}"#), status: 2, message: "FILE:2: position (1e+20, 1.0) is beyond any screen"),
    .init(name: "trace: huge pointer id", kind: .trace, content: trace(#"{"t":0,"type":"down","id":1e300,"x":1,"y":1}"#), status: 2, message: #"FILE:2: field "id" must be a whole number"#),
    .init(name: "trace: NaN", kind: .trace, content: trace(#"{"t":0,"type":"down","id":1,"x":NaN,"y":1}"#), status: 2, message: "FILE:2: NaN and Infinity are not numbers a trace may hold"),
    .init(name: "trace: negative time", kind: .trace, content: trace(#"{"t":-1,"type":"down","id":1,"x":1,"y":1}"#), status: 2, message: "FILE:2: time \"t\" is negative"),
    .init(name: "trace: time goes backwards", kind: .trace, content: trace(#"{"t":5,"type":"down","id":1,"x":1,"y":1}"#, #"{"t":4,"type":"up","id":1,"x":1,"y":1}"#), status: 2, message: "FILE:3: time goes backwards"),
    .init(name: "trace: move for a pointer that is not down", kind: .trace, content: trace(#"{"t":0,"type":"move","id":3,"x":1,"y":1}"#), status: 2, message: "FILE:2: move for pointer 3, which is not down"),
    .init(name: "trace: a pointer goes down twice", kind: .trace, content: trace(down1, #"{"t":1,"type":"down","id":1,"x":1,"y":1}"#), status: 2, message: "FILE:3: pointer 1 goes down again"),
    .init(name: "trace: unknown event type", kind: .trace, content: trace(#"{"t":0,"type":"float","id":1,"x":1,"y":1}"#), status: 2, message: #"FILE:2: unknown event type "float""#),
    .init(name: "trace: unknown field", kind: .trace, content: trace(#"{"t":0,"type":"down","id":1,"x":1,"y":1,"z":3}"#), status: 2, message: #"FILE:2: unknown event field "z""#),
    .init(name: "trace: duplicate field", kind: .trace, content: trace(#"{"t":0,"t":1,"type":"down","id":1,"x":1,"y":1}"#), status: 2, message: #"FILE:2: duplicate field "t""#),
    .init(name: "trace: no position", kind: .trace, content: trace(#"{"t":0,"type":"down","id":1}"#), status: 2, message: "FILE:2: event has no position"),
    .init(name: "trace: not an object", kind: .trace, content: trace("[0, 1, 2]"), status: 2, message: "FILE:2: expected an event object"),
    .init(name: "trace: invalid UTF-8 in a string", kind: .trace, content: .bytes(Array((traceHeader + "\n" + #"{"t":0,"type":"do"#).utf8) + [0xC3, 0x28] + Array(#"wn","id":1,"x":1,"y":1}"#.utf8) + [0x0A]), status: 2, message: "FILE:2: "),
    .init(name: "trace: 65 pointers down at once", kind: .trace, content: .generated {
        ([traceHeader] + (0..<65).map { #"{"t":0,"type":"down","id":\#($0),"x":1,"y":1}"# }).joined(separator: "\n") + "\n"
    }, status: 2, message: "FILE:66: more than 64 pointers down at once"),
    .init(name: "trace: 200,000 pointers one after another (valid, memory stays flat)", kind: .trace, content: .generated {
        var s = traceHeader + "\n"
        s.reserveCapacity(200_000 * 90)
        for k in 0..<200_000 { s += #"{"t":\#(k),"type":"down","id":\#(k),"x":1,"y":1}"# + "\n" + #"{"t":\#(k),"type":"up","id":\#(k),"x":1,"y":1}"# + "\n" }
        return s
    }, status: 0, message: ""),

    // Scenes.
    .init(name: "scene: empty file", kind: .scene, content: .text(""), status: 2, message: "FILE: empty file"),
    .init(name: "scene: a directory", kind: .scene, content: .directory, status: 2, message: "FILE: is a directory"),
    .init(name: "scene: missing file", kind: .scene, content: .missing, status: 2, message: "FILE: no such file"),
    .init(name: "scene: no permission", kind: .scene, content: .unreadable("views: []\n"), status: 2, message: "FILE: permission denied"),
    .init(name: "scene: binary garbage", kind: .scene, content: .bytes([0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0, 0, 0]), status: 2, message: "FILE: not a scene: the file holds binary data"),
    .init(name: "scene: not UTF-8", kind: .scene, content: .bytes(Array("views:\n  - id: ".utf8) + [0xFF, 0xFE, 0x0A]), status: 2, message: "FILE: not a scene: the file is not UTF-8 text"),
    .init(name: "scene: /dev/zero (endless)", kind: .scene, content: .link("/dev/zero"), status: 2, message: "FILE: not a scene: the file holds binary data"),
    .init(name: "scene: over 4 MiB", kind: .scene, content: .generated { "views: []\n" + String(repeating: "# padding\n", count: 500_000) }, status: 2, message: "FILE: file is over 4194304 bytes"),
    .init(name: "scene: a list, not a mapping", kind: .scene, content: .text("- views\n- recognizers\n"), status: 2, message: "FILE:1:"),
    .init(name: "scene: YAML syntax error", kind: .scene, content: .text("views:\n  - id: a\n   frame: [0, 0, 10, 10]\n"), status: 2, message: "FILE:3:"),
    .init(name: "scene: unterminated quote", kind: .scene, content: .text("scene: \"open\nviews: []\n"), status: 2, message: "FILE:"),
    .init(name: "scene: unknown top-level key", kind: .scene, content: .text("views: []\ncolour: red\n"), status: 2, message: "FILE:2:1: unknown key \"colour\""),
    .init(name: "scene: frame of the wrong type", kind: .scene, content: .text("views:\n  - id: a\n    frame: big\n"), status: 2, message: "FILE:3:"),
    .init(name: "scene: huge frame", kind: .scene, content: .text("views:\n  - id: a\n    frame: [0, 0, 1e308, 10]\n"), status: 2, message: "FILE:3:"),
    .init(name: "scene: views nested 70 deep", kind: .scene, content: .generated {
        var s = "views:\n", indent = "  "
        for k in 0..<70 {
            s += indent + "- id: v\(k)\n" + indent + "  frame: [0, 0, 10, 10]\n" + indent + "  subviews:\n"
            indent += "    "
        }
        return s + indent + "[]\n"
    }, status: 2, message: "FILE:194:261: views nested deeper than 64 levels"),
    .init(name: "scene: brackets nested 100,000 deep", kind: .scene, content: .generated { "views: " + String(repeating: "[", count: 100_000) + "\n" }, status: 2, message: "FILE: nesting deeper than 200 levels"),
    .init(name: "scene: alias bomb", kind: .scene, content: .text("a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nviews: []\n"), status: 2, message: "FILE:"),
    .init(name: "scene: self-referencing alias", kind: .scene, content: .text("views: &v\n  - id: a\n    frame: [0, 0, 10, 10]\n    subviews: *v\n"), status: 2, message: "FILE:"),
    .init(name: "scene: a recognizer that requires itself to fail", kind: .scene, content: .text("views:\n  - id: a\n    frame: [0, 0, 10, 10]\n    recognizers:\n      - {id: t, type: tap}\nrelationships:\n  - require: t\n    toFail: t\n"), status: 2, message: "FILE:7:"),
    .init(name: "scene: duplicate ids", kind: .scene, content: .text("views:\n  - id: a\n    frame: [0, 0, 10, 10]\n  - id: a\n    frame: [0, 0, 10, 10]\n"), status: 2, message: "FILE:4:"),
    .init(name: "scene: unknown recognizer type", kind: .scene, content: .text("views:\n  - id: a\n    frame: [0, 0, 10, 10]\n    recognizers:\n      - id: t\n        type: tapp\n"), status: 2, message: #"FILE:5: unknown recognizer type "tapp""#),
    .init(name: "scene: unknown parameter", kind: .scene, content: .text("views:\n  - id: a\n    frame: [0, 0, 10, 10]\n    recognizers:\n      - {id: t, type: tap, numberOfTaps: 2}\n"), status: 2, message: "FILE:5:"),
    .init(name: "scene: parameter out of range", kind: .scene, content: .text("views:\n  - id: a\n    frame: [0, 0, 10, 10]\n    recognizers:\n      - {id: t, type: tap, numberOfTapsRequired: 0}\n"), status: 2, message: "FILE:5:"),
    .init(name: "scene: relationship to an unknown recognizer", kind: .scene, content: .text("views:\n  - id: a\n    frame: [0, 0, 10, 10]\n    recognizers:\n      - {id: tap, type: tap}\nrelationships:\n  - simultaneous: [tap, pann]\n"), status: 2, message: "FILE:7:"),
    .init(name: "scene: a reaction removes the window", kind: .scene, content: .text("views:\n  - id: a\n    frame: [0, 0, 10, 10]\nreactions:\n  - at: 10\n    do: [{removeView: window}]\n"),
          status: 2, message: "FILE:5: removeView: the window cannot be removed"),
    .init(name: "scene: policy naming an unknown view", kind: .scene, content: .text("views:\n  - id: a\n    frame: [0, 0, 10, 10]\n    recognizers:\n      - {id: tap, type: tap}\npolicies:\n  - recognizer: tap\n    shouldReceive:\n      notInside: [b]\n"), status: 2, message: #"FILE:7: policy for tap names unknown view "b"; known: a, window"#),
]

/// What a child process did, measured from outside.
struct Outcome {
    var status: Int32
    var signal: Int32?
    var timedOut: Bool
    var stderr: String
    var peakKilobytes: Int
}

/// Runs `arguments` (the first is the program) with stdout and stderr to files, kills it after
/// `timeout` seconds, and reports its peak memory. The peak comes from GNU time wrapped around
/// the program: a child's own rusage would count the test process's memory it shares between
/// spawn and exec.
func runWatched(_ arguments: [String], timeout: Double = 30) throws -> Outcome {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gesturelab-catalogue-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    // Names of their own: suites run in parallel and more than one runs programs this way.
    let run = UUID().uuidString
    let errPath = dir.appendingPathComponent("stderr-\(run)").path
    let memoryPath = dir.appendingPathComponent("peak-\(run)").path
    defer {
        try? FileManager.default.removeItem(atPath: errPath)
        try? FileManager.default.removeItem(atPath: memoryPath)
    }
    try? FileManager.default.removeItem(atPath: memoryPath)
    let arguments = ["/usr/bin/time", "-f", "%M", "-o", memoryPath] + arguments
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    // A process group of its own, so a timeout kills the program and not only its wrapper.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)
    var pid: pid_t = 0
    let argv = arguments.map { strdup($0) } + [nil]
    defer { for p in argv { free(p) } }
    let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
    let deadline = Date().addingTimeInterval(timeout)
    var status: Int32 = 0
    var usage = rusage()
    var timedOut = false
    while wait4(pid, &status, WNOHANG, &usage) == 0 {
        if Date() > deadline {
            kill(-pid, SIGKILL)
            timedOut = true
            _ = wait4(pid, &status, 0, &usage)
            break
        }
        usleep(5_000)
    }
    let stderr = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
    // GNU time exits with the program's status, and reports a signal in its own output.
    let report = (try? String(contentsOfFile: memoryPath, encoding: .utf8)) ?? ""
    let lines = report.split(separator: "\n")
    let signalled = lines.first { $0.hasPrefix("Command terminated by signal ") }.flatMap { Int32($0.split(separator: " ").last ?? "") }
    let peak = lines.last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? Int.max
    let termSignal = status & 0x7F
    return Outcome(status: termSignal == 0 ? (status >> 8) & 0xFF : -1, signal: termSignal != 0 ? termSignal : signalled,
                   timedOut: timedOut, stderr: stderr, peakKilobytes: peak)
}

@Suite("Bad input catalogue", .serialized)
struct BadInputCatalogueTests {
    /// Where the case's input lives, created as the case says.
    static func materialize(_ c: BadInput, in dir: URL, index: Int) throws -> String {
        let path = dir.appendingPathComponent("case-\(index).\(c.kind == .trace ? "jsonl" : "yaml")").path
        let fm = FileManager.default
        try? fm.removeItem(atPath: path)
        switch c.content {
        case let .text(t): _ = fm.createFile(atPath: path, contents: Data(t.utf8))
        case let .bytes(b): _ = fm.createFile(atPath: path, contents: Data(b))
        case let .generated(make): _ = fm.createFile(atPath: path, contents: Data(make().utf8))
        case .directory: try fm.createDirectory(atPath: path, withIntermediateDirectories: true)
        case .missing: break
        case let .unreadable(t):
            _ = fm.createFile(atPath: path, contents: Data(t.utf8))
            chmod(path, 0)
        case let .link(target): try fm.createSymbolicLink(atPath: path, withDestinationPath: target)
        }
        return path
    }

    /// Root can read anything, so the permission cases drop to `nobody` with setpriv. The
    /// studio's screenshot runs without a display (`SDL_VIDEODRIVER=dummy`, through env).
    static func command(_ c: BadInput, _ args: [String]) -> [String] {
        let program = args.first == "play" ? ["/usr/bin/env", "SDL_VIDEODRIVER=dummy", binary] : [binary]
        if case .unreadable = c.content, getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") {
            return ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + program + args
        }
        return program + args
    }

    static let panScene = root + "/recordings/scenes/pan-vs-swipe.yaml"
    static let tapTrace = root + "/recordings/traces/single-tap.jsonl"

    /// The other commands that read a trace, as (trace, output folder) -> arguments.
    static let traceCommands: [@Sendable (String, String) -> [String]] = [
        { t, _ in ["explain", t, "--scene", panScene] },
        { t, o in ["timeline", t, "--scene", panScene, "-o", o + "/t.html"] },
        { t, o in ["timeline", t, "--scene", panScene, "--format", "perfetto", "-o", o + "/t.json"] },
        { t, _ in ["diff", t, "--scene", panScene, "--set-b", "pan.minimumDistance=20"] },
        { t, o in ["minimize", t, "--scene", panScene, "--until", "pan began", "-o", o + "/m.jsonl"] },
        { t, _ in ["sensitivity", t, "--scene", panScene] },
        { t, o in ["play", t, "--scene", panScene, "--screenshot", o + "/s.png"] },
        { t, _ in ["bench", t, "--scene", panScene, "--repeats", "1", "--recognizers", "1"] },
    ]

    /// The other commands that read a scene, as (scene, output folder) -> arguments.
    static let sceneCommands: [@Sendable (String, String) -> [String]] = [
        { s, _ in ["lint", s] },
        { s, _ in ["explain", tapTrace, "--scene", s] },
        { s, o in ["timeline", tapTrace, "--scene", s, "-o", o + "/t.html"] },
        { s, _ in ["diff", tapTrace, "--scene", panScene, "--scene", s] },
        { s, _ in ["evaluate", root + "/recordings/traces", "--scene", s, "--expect", "tap=x"] },
        { s, o in ["play", tapTrace, "--scene", s, "--screenshot", o + "/s.png"] },
        { s, o in ["record", "--scene", s, "-o", o + "/r.jsonl"] },
        { s, _ in ["sensitivity", tapTrace, "--scene", s] },
    ]

    @Test("The catalogue covers at least 40 cases, traces and scenes")
    func size() {
        #expect(badInputs.count >= 40)
        #expect(badInputs.filter { $0.kind == .trace }.count >= 25 && badInputs.filter { $0.kind == .scene }.count >= 20)
        #expect(Set(badInputs.map(\.name)).count == badInputs.count)
    }

    /// Whether a line of `text` starts with `expected`, where `#` in `expected` stands for a
    /// line number.
    static func anyLine(of text: String, startsWith expected: String) -> Bool {
        let parts = expected.components(separatedBy: "#")
        return text.split(separator: "\n", omittingEmptySubsequences: true).contains { line in
            var rest = Substring(line)
            for (i, part) in parts.enumerated() {
                if i > 0 {
                    let digits = rest.prefix { $0.isASCII && $0.isNumber }
                    guard !digits.isEmpty else { return false }
                    rest = rest.dropFirst(digits.count)
                }
                guard rest.hasPrefix(part) else { return false }
                rest = rest.dropFirst(part.count)
            }
            return true
        }
    }

    @Test("Each bad input gets its message, the right exit status, no crash, no hang, bounded memory", arguments: Array(badInputs.enumerated()))
    func catalogue(index: Int, c: BadInput) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gesturelab-bad-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = try Self.materialize(c, in: dir, index: index)
        let out = dir.appendingPathComponent("out-\(index)").path
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: out) }
        // Through validate and replay, and two more of the commands that read the same kind of
        // input, taken in turn so that each command meets about a quarter of the cases. (A huge
        // valid trace goes only through the commands that stream: the others keep the whole
        // decision log, which is the point of them.)
        let others = c.kind == .trace ? Self.traceCommands : Self.sceneCommands
        var runs = [["validate", path],
                    c.kind == .trace ? ["replay", path, "--scene", root + "/recordings/scenes/pan-vs-swipe.yaml", "--format", "jsonl"]
                                     : ["replay", root + "/recordings/traces/single-tap.jsonl", "--scene", path]]
        if !c.name.contains("memory stays flat") {
            runs += [others[index % others.count](path, out), others[(index + others.count / 2) % others.count](path, out)]
        }
        for args in runs {
            let o = try runWatched(Self.command(c, args))
            let what = "\(c.name) (\(args.first { !$0.hasPrefix("SDL_") && $0 != "/usr/bin/env" && $0 != binary } ?? args[0]))"
            #expect(!o.timedOut, "\(what): still running after 30 s")
            #expect(o.signal == nil, "\(what): killed by signal \(o.signal ?? 0)\n\(o.stderr.prefix(2000))")
            // A valid input may still make a command say no (a minimize whose outcome never
            // happens, a diff that finds differences): only its failures must be the input's.
            if c.status != 0 || args[0] == "validate" || args[0] == "replay" {
                #expect(o.status == c.status, "\(what): exit \(o.status), expected \(c.status)\n\(o.stderr.prefix(2000))")
            }
            let expected = c.message.replacingOccurrences(of: "FILE", with: path)
            if c.status == 0 && args[0] != "validate" {
                // Warnings are validate's to print; other commands may say other things.
            } else if c.message.isEmpty {
                #expect(!o.stderr.contains("error"), "\(what): \(o.stderr.prefix(500))")
            } else {
                // `||` separates messages any one of which will do.
                #expect(expected.components(separatedBy: "||").contains { Self.anyLine(of: o.stderr, startsWith: $0) },
                        "\(what): expected \(expected)\ngot: \(o.stderr.prefix(1000))")
            }
            #expect(o.peakKilobytes < 200_000, "\(what): peak memory \(o.peakKilobytes / 1024) MB")
        }
        try? FileManager.default.removeItem(atPath: path)
    }
}
