import Testing

/// The help a user reads first, pinned: a change to it is a change to the command line's
/// promise (docs and scripts quote it), so it shows up here and is made on purpose.
@Suite("--help, exactly")
struct HelpTextTests {
    @Test("gesturelab replay --help")
    func replay() throws {
        let r = try gesturelab(["replay", "--help"])
        #expect(r.status == 0)
        #expect(r.stdout == """
            OVERVIEW: Replay a trace through a scene and print every decision with its
            cause.

            USAGE: gesturelab replay <trace> --scene <scene> [--set <R.PARAM=VALUE> ...] [--platform <platform>] [--format <format>] [--verbose] [--compact] [--output <output>]

            ARGUMENTS:
              <trace>                 The trace file (JSON Lines, docs/trace-format.md; -
                                      for standard input).

            OPTIONS:
              --scene <scene>         The scene file (YAML or JSON, docs/scene-format.md).
              --set <R.PARAM=VALUE>   Change a recognizer parameter for this run, e.g.
                                      pan.minimumDistance=18 (repeatable).
              --platform <platform>   Whose rules to replay under: uikit, flutter or
                                      android (docs/platforms.md). (values: uikit, flutter,
                                      android; default: uikit)
              --format <format>       Output format: text (a readable timeline) or jsonl
                                      (one JSON object per decision). (values: text, jsonl;
                                      default: text)
              --verbose               In text output, also show every move and changed
                                      transition.
              --compact               In jsonl output, leave out the routine rows: changed
                                      transitions and their actions, and the move rows of
                                      inputs and views (seq numbers still count them).
              -o, --output <output>   Write to this file instead of standard output (- is
                                      standard output).
              --version               Show the version.
              -h, --help              Show help information.


            """)
    }

    @Test("gesturelab minimize --help")
    func minimize() throws {
        let r = try gesturelab(["minimize", "--help"])
        #expect(r.status == 0)
        #expect(r.stdout == """
            OVERVIEW: Shrink a trace to the fewest strokes and moves that still give an
            outcome, for a minimal, deterministic repro.

            USAGE: gesturelab minimize <trace> --scene <scene> [--set <R.PARAM=VALUE> ...] [--platform <platform>] --until <RECOGNIZER STATE> --output <output>

            ARGUMENTS:
              <trace>                 The trace (- for standard input).

            OPTIONS:
              --scene <scene>         The scene file (YAML or JSON, docs/scene-format.md).
              --set <R.PARAM=VALUE>   Change a recognizer parameter for this run, e.g.
                                      pan.minimumDistance=18 (repeatable).
              --platform <platform>   Whose rules to replay under: uikit, flutter or
                                      android (docs/platforms.md). (values: uikit, flutter,
                                      android; default: uikit)
              --until <RECOGNIZER STATE>
                                      The outcome to keep, e.g. "singleTap recognized";
                                      STATE is one of began, recognized, ended, failed,
                                      cancelled, changed.
              -o, --output <output>   Where to write the minimized trace (- for standard
                                      output).
              --version               Show the version.
              -h, --help              Show help information.


            """)
    }

    @Test("gesturelab --help starts with what every command shares")
    func top() throws {
        let r = try gesturelab(["--help"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("""
            OVERVIEW: Record, replay and explain gesture recognizer conflicts under UIKit's
            rules.

            A trace argument of - reads the trace from standard input; -o - writes a result
            to standard output. Exit status: 0 done, 1 a result could not be written, 2 a
            bad trace or scene, 3 an evaluation worse than its baseline, 64 a bad option.
            Shell completion: gesturelab --generate-completion-script bash (or zsh, fish).

            USAGE: gesturelab <subcommand>
            """))
        for command in ["init", "replay", "validate", "recognizers", "import", "evaluate", "train", "explain", "timeline", "lint", "diff",
                        "sensitivity", "minimize", "generate-recordings", "record", "play", "serve", "bench"] {
            #expect(r.stdout.contains("\n  \(command) "), "\(command) is listed")
        }
    }

    @Test("every subcommand's help reads as prose: no stray backslash from a line continuation")
    func noStrayBackslashes() throws {
        for command in ["init", "replay", "crossval", "merge-reports", "validate", "recognizers", "import", "evaluate", "train", "explain", "timeline",
                        "lint", "diff", "sensitivity", "minimize", "generate-recordings", "record", "play", "serve", "bench"] {
            let r = try gesturelab([command, "--help"])
            #expect(r.status == 0, "\(command)")
            #expect(!r.stdout.contains("\\"), "\(command) --help has a backslash")
        }
    }
}
