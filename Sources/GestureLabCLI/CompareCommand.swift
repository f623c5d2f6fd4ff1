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

    func validate() throws {
        let chosen = platforms.flatMap { $0 }
        if !chosen.isEmpty && chosen.count < 2 { throw ValidationError("--platforms needs at least two platforms to compare") }
        if Set(chosen).count != chosen.count { throw ValidationError("--platforms names a platform twice") }
    }

    func run() throws {
        let doc = try loadScene(scene, overrides: overrides)
        let chosen = platforms.flatMap { $0 }
        let order = chosen.isEmpty ? Platform.allCases : chosen
        if format == .text && trace != StandardInput.path { return try compareStreaming(doc, order) }
        // The trace is read once and replayed from memory under each platform.
        let header: TraceHeader, events: [TraceEvent]
        do { (header, events, _) = try TraceReader.readAll(path: trace) } catch { throw Exit.fail(error.description) }
        _ = header
        var logs: [(Platform, DecisionLog)] = []
        var ids: [Platform: [String]] = [:]
        for p in order {
            do {
                logs.append((p, try PlatformReplay.run(platform: p, events: events, scene: doc)))
                ids[p] = try PlatformReplay.recognizerIDs(platform: p, scene: doc)
            } catch let e as SceneError {
                throw Exit.fail("\(e.description) (under \(p.title)'s rules)")
            }
        }
        let comparison = PlatformComparison(logs: logs)
        let name = trace == StandardInput.path ? "standard input" : (trace as NSString).lastPathComponent
        let title = "\(name) in \(doc.name) under \(order.map(\.title).joined(separator: ", "))"
        let text: String
        switch format {
        case .text:
            text = comparison.text(title: "Compare of " + title)
        case .html:
            // One time axis for every column, so the columns read across.
            let first = events.first?.time ?? .zero
            let last = logs.compactMap { $0.1.entries.last?.time }.max() ?? first
            let svgs = try logs.map { p, log in
                try TimelineSVG.render(TimelineModel(log: log, recognizers: ids[p] ?? [], views: [], events: (first, last)), title: "\(name) under \(p.title)")
            }
            text = comparison.html(title: "Compare of " + title, timelines: svgs)
        }
        try write(text, to: output ?? "-", inputs: [trace, scene])
        if comparison.sequences.contains(where: { !$0.sameWinners }) { throw ExitCode(1) }
    }

    /// The text from the platforms replayed side by side on the cores, each gathering only its
    /// decisive rows without causes; the causes of the rows shown are fetched by replaying the
    /// platforms that have some again. A long trace in the memory of its decisions (issue 35).
    func compareStreaming(_ doc: SceneDocument, _ order: [Platform]) throws {
        let gathered = order.map { ($0, PlatformComparison.Gatherer(causes: false)) }
        let failures = Failures(count: order.count)
        forEachInParallel(order.count) { i in
            do {
                _ = try PlatformReplay.run(platform: order[i], reader: TraceReader(path: trace), scene: doc, logSink: gathered[i].1.feed)
            } catch let e as SceneError {
                failures.set(i, "\(e.description) (under \(order[i].title)'s rules)")
            } catch {
                failures.set(i, "\(error)")
            }
        }
        if let first = failures.first { throw Exit.fail(first) }
        var comparison = PlatformComparison(gathered: gathered)
        let shown = comparison.rowsShown
        let finders = order.map { PlatformComparison.CauseFinder(wanted: shown[$0] ?? []) }
        let again = order.indices.filter { shown[order[$0]] != nil }
        forEachInParallel(again.count) { k in
            let i = again[k]
            _ = try? PlatformReplay.run(platform: order[i], reader: TraceReader(path: trace), scene: doc, logSink: finders[i].feed)
        }
        comparison.fillCauses(Dictionary(uniqueKeysWithValues: order.indices.map { (order[$0], finders[$0].found) }))
        let name = (trace as NSString).lastPathComponent
        let title = "\(name) in \(doc.name) under \(order.map(\.title).joined(separator: ", "))"
        try write(comparison.text(title: "Compare of " + title), to: output ?? "-", inputs: [trace, scene])
        if comparison.sequences.contains(where: { !$0.sameWinners }) { throw ExitCode(1) }
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
