import ArgumentParser
import Foundation
import GestureAnalysis
import GestureEngine
import GesturePlatforms
import GestureScenes
import GestureTimeline
import GestureTrace

struct TimelineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline",
        abstract: "Draw the replay's timeline: an interactive HTML page, a static SVG picture, or a Perfetto trace.",
        discussion: "HTML: one self-contained file (opens from disk, no network) with a lane per recognizer and view, causes as arrows, the view hierarchy with the strokes, a scrubber, and details on hover."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case html, svg, perfetto }

    @Argument(help: "The trace (- for standard input).")
    var trace: String

    @OptionGroup var scene: SceneOptions

    @Option(name: .long, help: "html, svg or perfetto (Chrome trace event JSON).")
    var format: Format = .html

    @Option(name: [.short, .customLong("output")], help: "Output file.")
    var output: String

    @OptionGroup var stretch: StretchOptions


    func run() throws {
        let doc = try scene.load()
        // What the drawing shows: not the routine updates nor a row per input event, which
        // are most of a long trace's log (and of its memory). The time axis still runs from the
        // first event to the last.
        var first: Timestamp?, last: Timestamp?
        var strokes = StrokePathBuilder()
        let drawsStrokes = format == .html
        // The model is built as the engine writes the log; no log is kept (issue 35).
        let ids: [String]
        do { ids = try PlatformReplay.recognizerIDs(platform: scene.platform, scene: doc) } catch { throw Exit.fail(error.description) }
        var builder = TimelineModel.Builder(recognizers: ids)
        // A stretch (--from, --to, --sequence) is drawn from the start of its first sequence.
        var filter = StretchFilter(stretch)
        let log = ReplayLog(.rows { e in if filter.keeps(e) { builder.feed(e) } },
                            kinds: Set(LogEntry.Kind.allCases).subtracting([.input, .note]), routineUpdates: false)
        _ = try replayOrExit(trace: trace, reader: stretch.reader(trace), scene: doc, platform: scene.platform, log: log,
                             observe: { e in
                                 guard filter.saw(e) else { return }
                                 if first == nil { first = e.time }
                                 last = e.time
                                 if drawsStrokes { strokes.add(e) }
                             })
        if stretch.isSet && filter.start == nil { throw Exit.fail("timeline: no touch sequence in that stretch of the trace (\(filter.sequences) in what was read)") }
        let events = first.flatMap { f in last.map { (first: f, last: $0) } }
        let model = builder.finish(events: events)
        let title = "\(trace == StandardInput.path ? "standard input" : (trace as NSString).lastPathComponent) in \(doc.name)"
        let out = try OutputFile(output, inputs: [trace, scene.scene])
        // Written a megabyte at a time as it is drawn: the marks come back from the model's
        // spool lane by lane (a long trace's picture is larger than the memory it may use).
        let page = PageOutput { try out.write(bytes: $0) }
        do {
            switch format {
            case .perfetto: try PerfettoTrace.write(model, title: title, to: page)
            case .svg: try TimelineSVG.write(model, title: title, to: page)
            case .html:
                // The scene as it was before the replay moved anything.
                let fresh = try SceneBuilder.build(doc)
                try TimelineHTML.write(model, title: title, scene: SceneSnapshot(fresh.window), strokes: strokes, lastDecisions: builder.lastDecision, to: page)
            }
        } catch let error as SpoolError {
            throw Exit.fail("timeline: \(error.description)")
        }
        try out.finish()
    }
}
