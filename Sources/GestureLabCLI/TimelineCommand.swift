import ArgumentParser
import Foundation
import GestureAnalysis
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


    func run() throws {
        let doc = try scene.load()
        let result = try replayOrExit(trace: trace, scene: doc)
        let ids = result.scene.recognizers.map(\.id)
        let model = TimelineModel(log: result.log, recognizers: ids, views: result.scene.window.subtree.map(\.id))
        let title = "\(trace == StandardInput.path ? "standard input" : (trace as NSString).lastPathComponent) in \(doc.name)"
        let text: String
        switch format {
        case .perfetto: text = PerfettoTrace.render(model, title: title)
        case .svg: text = TimelineSVG.render(model, title: title)
        case .html:
            let strokes = try readStrokes(trace)
            // The scene as it was before the replay moved anything.
            let fresh = try SceneBuilder.build(doc)
            text = TimelineHTML.render(model, title: title, scene: SceneSnapshot(fresh.window), strokes: strokes, log: result.log)
        }
        try write(text, to: output)
    }
}

/// The trace's pointer paths, for drawing strokes.
func readStrokes(_ path: String) throws -> [StrokePath] {
    let events: [TraceEvent]
    do { events = try TraceReader.readAll(path: path).1 } catch { throw Exit.fail(error.description) }
    return StrokePath.strokes(of: events)
}
