import ArgumentParser
#if Studio
import GestureStudio
#endif

struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Open a window over a scene, draw strokes with the mouse or a touchscreen, watch the recognizers live, and save the trace.",
        discussion: """
        Keys: R start/stop recording, S save, D discard, C clear, Q or Esc quit (closing the window or Ctrl-C saves). \
        Alt adds a second finger mirrored through the centre (pinch, rotate); Alt+Shift moves two fingers together. \
        Events are written to OUT.recording as they arrive and moved to OUT when saved. \
        A recorder that was killed leaves OUT.recording behind: a new recording to OUT refuses to start \
        until it is saved with --recover (or removed). Two recorders cannot write to one output.
        """
    )

    @Option(name: .long, help: "The scene to draw over (default: a blank canvas).")
    var scene: String?

    @Option(name: [.short, .customLong("output")], help: "Where to save the trace.")
    var output: String?

    @Option(name: .long, help: ArgumentHelp("A header label (repeatable).", valueName: "KEY=VALUE"))
    var label: [HeaderLabel] = []

    @Flag(name: .long, help: "Wait for R before recording.")
    var paused = false

    @Flag(name: .long, help: "Also record the mouse as an iPad sees it: hover (moving with no button), right and middle buttons, and the scroll wheel (docs/trace-format.md).")
    var pointer = false

    @Option(name: .long, help: "Write the window layout to this file once the window is up (for scripts and tests).")
    var readyFile: String?

    @Flag(name: .long, help: "Save what a killed recorder left in OUT.recording into OUT (no window), then exit.")
    var recover = false

    func validate() throws {
        if output == "-" {
            throw ValidationError("-o -: a recording goes to a file, written event by event as it arrives so that a crash loses nothing; give a file name")
        }
        if recover && output == nil { throw ValidationError("--recover needs -o OUT: the output whose OUT.recording is recovered") }
    }

    func run() throws {
        #if !Studio
        throw Exit.fail(missingTraitMessage("record", trait: "Studio"))
        #else
        if recover {
            do { emit(try Studio.recover(output: output!)) } catch let e as ExitCode { throw e } catch { throw Exit.fail(studioMessage(error)) }
            return
        }
        if let output, let scene { try OutputFile.refuseOverwriting(output, inputs: [scene]) }
        var o = Studio.RecordOptions(scenePath: scene, output: output)
        for l in label { o.labels[l.key] = l.value }
        o.readyFile = readyFile
        o.startPaused = paused
        o.recordsPointer = pointer
        do { try Studio.record(o) } catch let e as ExitCode { throw e } catch { throw Exit.fail(studioMessage(error)) }
        #endif
    }
}

struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play a trace back in the window over its scene: pause, step, scrub; or render one moment to a PNG without a display.",
        discussion: "Keys: Space pause, Right next event, N next decision, +/- speed, Home restart, Q quit; click the bottom bar to scrub."
    )

    @Argument(help: "The trace (- for standard input).")
    var trace: String

    @Option(name: .long, help: "The scene.")
    var scene: String

    @Option(name: .long, help: "Playback speed (1 = real time).")
    var speed = 1.0

    @Option(name: .long, help: "Render the frame at --at to this PNG file, headless.")
    var screenshot: String?

    @Option(name: .long, help: "The time (ms) for --screenshot (default: the end).")
    var at: Double?

    @Option(name: .long, help: "With --screenshot: write every text of the frame, with its place, as JSON Lines to this file (- for standard output).")
    var describeFrame: String?

    @Option(name: .long, help: "Render this many frames as fast as possible and print frame times.")
    var benchmarkFrames: Int?

    func validate() throws {
        try OptionCheck.number(speed, "--speed", in: 1.0 / 16...16, what: "a playback speed (1 = real time)")
        try OptionCheck.time(at, "--at")
        try OptionCheck.count(benchmarkFrames, "--benchmark-frames", in: 1...1_000_000, what: "a number of frames")
        if describeFrame != nil && screenshot == nil { throw ValidationError("--describe-frame describes a --screenshot; give --screenshot PNG too") }
        if at != nil && screenshot == nil { throw ValidationError("--at is the time of a --screenshot; give --screenshot PNG too") }
    }

    func run() throws {
        #if !Studio
        throw Exit.fail(missingTraitMessage("play", trait: "Studio"))
        #else
        var o = Studio.PlayOptions(tracePath: trace, scenePath: scene)
        o.speed = speed
        o.screenshot = screenshot
        o.at = at
        o.benchmarkFrames = benchmarkFrames
        if let screenshot {
            o.writeScreenshot = { png in
                let out = try OutputFile(screenshot, inputs: [trace, scene])
                try out.write(bytes: png)
                try out.finish()
            }
        }
        if let describeFrame {
            o.writeFrameDescription = { try write($0, to: describeFrame, inputs: [trace, scene]) }
        }
        do { try Studio.play(o) } catch let e as ExitCode { throw e } catch { throw Exit.fail(studioMessage(error)) }
        #endif
    }
}

/// The message of an error the studio passed on: its own, a scene's or a trace's, each of which
/// names the file (and line); exit status 2 for all, since each is about the input. (A failed
/// write has already said so and carries its own status.)
func studioMessage(_ error: Error) -> String {
    String(describing: error)
}
