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
        // Each platform replays on a thread of its own, and the sequences are compared (and the
        // text written) as every platform finishes them: a long trace in the memory of a few
        // sequences (issue 35). Users' main-actor code replays one platform after the other on
        // this thread, every sequence then held until the last platform has run.
        let oneThread = RecognizerRegistry.current.requiresMainThread
        let stream = PlatformComparison.Stream(platforms: order, ahead: oneThread ? Int.max : 64)
        let feeders = order.indices.map { stream.feeder($0) }
        let failures = Failures(count: order.count)
        // Each platform's replay reads its own source and writes its own feeder and drawing.
        let fromTape = tape != nil
        nonisolated(unsafe) let replay = { (i: Int) in
            defer { feeders[i].finish() }
            do {
                let draw = drawing.isEmpty ? nil : drawing[i]
                let r = try PlatformReplay.run(platform: order[i], reader: source(), scene: doc,
                                               log: .rows { e in feeders[i].feed(e); draw?.feed(e) }, observe: draw.map { d in { d.saw($0) } })
                // Every platform read the same trace: its problems are said once.
                if i == 0 && !fromTape { for w in r.warnings { Exit.warn(w.description) } }
            } catch let e as SceneError {
                failures.set(i, "\(e.description) (under \(order[i].title)'s rules)")
                stream.stop()
            } catch {
                failures.set(i, "\(error)")
                stream.stop()
            }
        }
        let replays = DispatchGroup()
        if oneThread {
            for i in order.indices { replay(i) }
        } else {
            for i in order.indices {
                replays.enter()
                let thread = Thread {
                    replay(i)
                    replays.leave()
                }
                thread.name = "gesturelab compare \(order[i].rawValue)"
                thread.start()
            }
        }
        let name = trace == StandardInput.path ? "standard input" : (trace as NSString).lastPathComponent
        let title = "Compare of \(name) in \(doc.name) under \(order.map(\.title).joined(separator: ", "))"
        let out = try OutputFile(output ?? "-", inputs: [trace, scene])
        var text = PlatformComparison.TextWriter(title: title, platforms: order)
        // The page's table comes before its timelines (finished at the end): its rows are
        // written as the sequences come too, after the page's start.
        var page = format == .html ? PlatformComparison.htmlHead(title: title, platforms: order) : ""
        var kept = 0, read = 0, differ = false
        do {
            while let q = stream.next() {
                read += 1
                // A stretch: its sequences, numbered as in the whole trace.
                if stretch.isSet && !stretch.asked(q.index, q.start) { continue }
                kept += 1
                if !q.sameWinners { differ = true }
                switch format {
                case .text:
                    try out.write(text.take(q))
                case .html:
                    page += PlatformComparison.htmlRow(q)
                    if page.utf8.count >= 1 << 16 {
                        try out.write(page)
                        page = ""
                    }
                }
            }
        } catch {
            stream.stop()
            throw error
        }
        replays.wait()
        if let first = failures.first { throw Exit.fail(first) }
        if stretch.isSet && kept == 0 {
            throw Exit.fail("compare: no touch sequence in that stretch of the trace (\(read) in what was read)")
        }
        switch format {
        case .text:
            try out.write(text.finish())
        case .html:
            // One time axis for every column, so the columns read across: from the trace's first
            // event to the last entry of any platform's log.
            let first = drawing.compactMap(\.firstEvent).min() ?? .zero
            let last = drawing.compactMap(\.lastEntry).max() ?? first
            let models = drawing.map { $0.builder.finish(events: (first, last)) }
            try out.write(page)
            let pictures = PageOutput { try out.write(bytes: $0) }
            do {
                try PlatformComparison.writeHTMLEnd(after: "", platforms: order, write: { try pictures.write($0) }) { i in
                    try TimelineSVG.write(models[i], title: "\(name) under \(order[i].title)", to: pictures)
                }
                try pictures.flush()
            } catch let error as SpoolError {
                throw Exit.fail("compare: \(error.description)")
            }
        }
        try out.finish()
        if differ { throw ExitCode(1) }
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
