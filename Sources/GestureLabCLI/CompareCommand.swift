import ArgumentParser
import Foundation
import GestureAnalysis
import GestureEngine
import GesturePlatforms
import GestureScenes
import GestureTimeline
import GestureTrace

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Replay one trace under UIKit's, Flutter's and Android's rules and show, per touch sequence, who won on each and where they part ways.",
        discussion: "Exit status 1 when the winners differ in some sequence (docs/platforms.md)."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, html }

    @Argument(help: "The trace (- for standard input).")
    var trace: String

    @Option(name: .long, help: ArgumentHelp("The scene file (YAML or JSON, docs/scene-format.md).", valueName: "scene"))
    var scene: String

    @Option(name: .customLong("set"), help: ArgumentHelp("Change a recognizer parameter for this run, e.g. pan.minimumDistance=18 (repeatable).", valueName: "R.PARAM=VALUE"))
    var overrides: [ParameterOverride] = []

    @Option(name: .long, parsing: .upToNextOption, help: ArgumentHelp("The platforms to set side by side, in order (default: uikit,flutter,android).", valueName: "a,b"),
            transform: { text in
                try text.split(separator: ",").map { name in
                    guard let p = Platform(rawValue: name.trimmingCharacters(in: .whitespaces)) else {
                        throw ValidationError("unknown platform \"\(name)\"; platforms are \(Platform.allCases.map(\.rawValue).joined(separator: ", "))")
                    }
                    return p
                }
            })
    var platforms: [[Platform]] = []

    @Option(name: .long, help: "text or html")
    var format: Format = .text

    @Option(name: [.short, .customLong("output")], help: "Write to this file instead of standard output (- is standard output).")
    var output: String?

    @OptionGroup var stretch: StretchOptions

    func validate() throws {
        let chosen = platforms.flatMap { $0 }
        if !chosen.isEmpty && chosen.count < 2 { throw ValidationError("--platforms needs at least two platforms to compare") }
        if Set(chosen).count != chosen.count { throw ValidationError("--platforms names a platform twice") }
    }

    func run() throws {
        let doc = try loadScene(scene, overrides: overrides)
        let chosen = platforms.flatMap { $0 }
        let order = chosen.isEmpty ? Platform.allCases : chosen
        // Every platform replays the trace twice at most (its decisions, then the causes of the
        // rows shown), streamed: a long trace in the memory of its decisions (issue 35). A trace
        // from standard input is read once onto a tape that the replays read back.
        var tape: TraceTape?
        if trace == StandardInput.path {
            let t = TraceTape(name: "standard input")
            let reader = try stretch.reader(trace)
            do { while let e = try reader.nextEvent() { t.append(e) } } catch { throw Exit.fail(error.description) }
            t.finish(from: reader)
            if let failure = t.failure { throw Exit.fail("compare: \(failure)") }
            for w in reader.warnings { Exit.warn(w.description) }
            tape = t
        }
        let source = { [trace, stretch] () throws -> any TraceEventSource in
            if let tape { return tape.reader() }
            let whole = try TraceReader(path: trace)
            guard stretch.to != nil || stretch.sequence != nil else { return whole }
            return TraceUntil(source: whole, time: stretch.to.map { Timestamp.milliseconds($0) }, sequences: stretch.sequence)
        }
        var ids: [[String]] = []
        for p in order {
            do { ids.append(try PlatformReplay.recognizerIDs(platform: p, scene: doc)) } catch { throw Exit.fail("\(error.description) (under \(p.title)'s rules)") }
        }
        // The page's timelines are drawn as the replays run (`TimelineModel.Builder`, spooled).
        let drawing = format == .html ? order.indices.map { TimelineDrawing(recognizers: ids[$0], stretch: stretch) } : []
        let gathered = order.map { ($0, PlatformComparison.Gatherer(causes: false)) }
        let failures = Failures(count: order.count)
        forEachInParallel(order.count) { i in
            do {
                let draw = drawing.isEmpty ? nil : drawing[i]
                let r = try PlatformReplay.run(platform: order[i], reader: source(), scene: doc,
                                               log: .rows { e in gathered[i].1.feed(e); draw?.feed(e) }, observe: draw.map { d in { d.saw($0) } })
                // Every platform read the same trace: its problems are said once.
                if i == 0 && tape == nil { for w in r.warnings { Exit.warn(w.description) } }
            } catch let e as SceneError {
                failures.set(i, "\(e.description) (under \(order[i].title)'s rules)")
            } catch {
                failures.set(i, "\(error)")
            }
        }
        if let first = failures.first { throw Exit.fail(first) }
        var comparison = PlatformComparison(gathered: gathered)
        // A stretch: its sequences, numbered as in the whole trace.
        if stretch.isSet {
            let read = comparison.sequences.count
            comparison.sequences.removeAll { !stretch.asked($0.index, $0.start) }
            if comparison.sequences.isEmpty { throw Exit.fail("compare: no touch sequence in that stretch of the trace (\(read) in what was read)") }
        }
        let shown = comparison.rowsShown
        let finders = order.map { PlatformComparison.CauseFinder(wanted: shown[$0] ?? []) }
        let again = order.indices.filter { shown[order[$0]] != nil }
        forEachInParallel(again.count) { k in
            let i = again[k]
            _ = try? PlatformReplay.run(platform: order[i], reader: source(), scene: doc, log: .rows(finders[i].feed))
        }
        comparison.fillCauses(Dictionary(uniqueKeysWithValues: order.indices.map { (order[$0], finders[$0].found) }))
        let name = trace == StandardInput.path ? "standard input" : (trace as NSString).lastPathComponent
        let title = "\(name) in \(doc.name) under \(order.map(\.title).joined(separator: ", "))"
        switch format {
        case .text:
            try write(comparison.text(title: "Compare of " + title), to: output ?? "-", inputs: [trace, scene])
        case .html:
            // One time axis for every column, so the columns read across: from the trace's first
            // event to the last entry of any platform's log.
            let first = drawing.compactMap(\.firstEvent).min() ?? .zero
            let last = drawing.compactMap(\.lastEntry).max() ?? first
            let models = drawing.map { $0.builder.finish(events: (first, last)) }
            let out = try OutputFile(output ?? "-", inputs: [trace, scene])
            let page = PageOutput { try out.write(bytes: $0) }
            do {
                try comparison.writeHTML(title: "Compare of " + title, write: { try page.write($0) }) { i in
                    try TimelineSVG.write(models[i], title: "\(name) under \(order[i].title)", to: page)
                }
                try page.flush()
            } catch let error as SpoolError {
                throw Exit.fail("compare: \(error.description)")
            }
            try out.finish()
        }
        if comparison.sequences.contains(where: { !$0.sameWinners }) { throw ExitCode(1) }
    }
}

/// One platform's timeline, built as its replay runs on its own thread (of a stretch: its part).
final class TimelineDrawing: @unchecked Sendable {
    var builder: TimelineModel.Builder
    private var filter: StretchFilter
    private(set) var firstEvent: Timestamp?
    private(set) var lastEntry: Timestamp?

    init(recognizers: [String], stretch: StretchOptions) {
        builder = TimelineModel.Builder(recognizers: recognizers)
        filter = StretchFilter(stretch)
    }

    func saw(_ e: TraceEvent) { if filter.saw(e) && firstEvent == nil { firstEvent = e.time } }

    func feed(_ e: LogEntry) {
        guard filter.keeps(e) else { return }
        lastEntry = e.time
        builder.feed(e)
    }
}

/// Errors of work run side by side, each index once; the first in index order is the one said.
final class Failures: @unchecked Sendable {
    private var messages: [String?]
    private let lock = NSLock()

    init(count: Int) { messages = Array(repeating: nil, count: count) }

    func set(_ i: Int, _ message: String) {
        lock.lock()
        messages[i] = message
        lock.unlock()
    }

    var first: String? { messages.compactMap { $0 }.first }
}
