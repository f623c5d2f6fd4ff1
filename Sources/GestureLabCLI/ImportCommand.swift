import ArgumentParser
import Foundation
import GestureImport
import GestureTrace

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Convert stroke logs and device logs of other formats into traces.",
        discussion: """
        dollar-xml: the $1 Unistroke gesture logs (sNN/SPEED/NAMEkk.xml), one trace per stroke into the -o folder. Class, subject, \
        speed and repetition become header labels; the original timing is kept. \
        android-getevent: an `adb shell getevent -lt` log of a multi-touch (protocol B) touchscreen, with the axis ranges from \
        `getevent -p` (--axes) and the display density (--density) when you have them (without them it assumes axis units are \
        pixels from 0 and a density of 1, and says so), into one trace. \
        pointer-events: W3C Pointer Events records (a JSON array or one per line: type, pointerId, pointerType, clientX, \
        clientY, timeStamp, pressure, width, height, coalesced), into one trace. See docs/importers.md.
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case dollarXML = "dollar-xml", androidGetevent = "android-getevent", pointerEvents = "pointer-events"
    }

    @Argument(help: "The format: dollar-xml, android-getevent or pointer-events.")
    var format: Format

    @Argument(help: "A folder of logs (searched recursively) or one log file (dollar-xml); the log file (the others).")
    var source: String

    @Option(name: [.short, .customLong("output")], help: "dollar-xml: the folder to write the traces into (the source's layout is kept). The others: the trace to write (- for standard output).")
    var output: String

    @Option(help: "android-getevent: the `adb shell getevent -p` (or -lp) output that gives the touchscreen's axis ranges (without it, ranges come from the log's own values).")
    var axes: String?

    @Option(help: "android-getevent: pixels per point, Android's `adb shell wm density` divided by 160 (420 dpi is 2.625; 1 when not given).")
    var density: Double?

    @Option(help: "android-getevent: the display's size in pixels (`adb shell wm size`, as WIDTHxHEIGHT) when the touch axes' ranges differ from it.")
    var display: String?

    @Option(help: "android-getevent: the touchscreen's device (/dev/input/eventN) when the log or listing has several.")
    var device: String?

    @Option(help: "pointer-events: CSS pixels per point (1 unless the page was zoomed).")
    var scale: Double = 1

    @Option(help: "pointer-events: the place, in CSS pixels, that is the trace's origin (X,Y: the top left of the element the strokes were drawn in).")
    var origin: String?

    @Option(help: "pointer-events: the viewport in points (WIDTHxHEIGHT); by default the smallest that holds every stroke.")
    var viewport: String?

    func validate() throws {
        switch format {
        case .dollarXML:
            if output == "-" { throw ValidationError("-o -: import dollar-xml writes one trace per log, so it needs a folder") }
        case .androidGetevent:
            if let density, !(density > 0 && density < 20) {
                throw ValidationError("--density \(density): expected pixels per point, between 0 and 20 (420 dpi is 2.625)")
            }
            if let display, Self.size(display) == nil { throw ValidationError("--display \(display): expected WIDTHxHEIGHT in pixels, such as 1080x2400") }
        case .pointerEvents:
            guard scale > 0, scale.isFinite else { throw ValidationError("--scale \(scale): expected CSS pixels per point, more than 0") }
            if let origin, Self.pair(origin, ",") == nil { throw ValidationError("--origin \(origin): expected X,Y in CSS pixels") }
            if let viewport, Self.size(viewport) == nil { throw ValidationError("--viewport \(viewport): expected WIDTHxHEIGHT in points") }
        }
        if format != .androidGetevent, axes != nil || density != nil || display != nil || device != nil {
            throw ValidationError("--axes, --density, --display and --device are for android-getevent")
        }
        if format != .pointerEvents, scale != 1 || origin != nil || viewport != nil {
            throw ValidationError("--scale, --origin and --viewport are for pointer-events")
        }
    }

    static func size(_ text: String) -> (Double, Double)? {
        guard let (w, h) = pair(text, "x"), w > 0, h > 0 else { return nil }
        return (w, h)
    }

    static func pair(_ text: String, _ separator: Character) -> (Double, Double)? {
        let parts = text.split(separator: separator)
        guard parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), a.isFinite, b.isFinite else { return nil }
        return (a, b)
    }

    func run() throws {
        switch format {
        case .dollarXML: try importDollar()
        case .androidGetevent, .pointerEvents: try importOne()
        }
    }

    /// One device log into one trace, each line read back as the trace reader reads it before
    /// anything is written.
    private func importOne() throws {
        let result: Result<(TraceHeader, [TraceEvent]), ImportProblem>
        switch format {
        case .androidGetevent:
            result = Result { () throws(ImportProblem) -> (TraceHeader, [TraceEvent]) in
                // Logs found in bug reports seldom come with their listing or density: without
                // them the importer assumes, and says what it assumed and how to give the real ones.
                var assumed: [String] = []
                let ranges: [String: AndroidGetevent.AxisRange]
                var dev = device
                var text: String?
                if let axes {
                    (dev, ranges) = try AndroidGetevent.axes(fromDeviceListing: try ImportFile.text(path: axes), path: axes, device: device)
                    dev = device ?? dev
                } else {
                    let log = try ImportFile.text(path: source, limit: AndroidGetevent.maximumFileBytes)
                    text = log
                    guard let inferred = AndroidGetevent.inferredAxes(fromLog: log, device: device) else {
                        throw ImportProblem(path: source, message: "no ABS_MT_POSITION_X and ABS_MT_POSITION_Y values in the log (is it `getevent -lt` output of a multi-touch screen?)")
                    }
                    ranges = inferred.axes
                    assumed.append("axis units are display pixels from 0 (no --axes; the log's positions run \(inferred.seen)); give the `adb shell getevent -p` output with --axes for the panel's real ranges and pressure")
                }
                if density == nil {
                    assumed.append("density 1, one pixel per point (no --density); give `adb shell wm density` / 160 with --density (420 dpi is 2.625)")
                }
                let importer = AndroidGetevent(axes: ranges, density: density ?? 1, display: display.flatMap(Self.size).map { (width: $0.0, height: $0.1) },
                                               device: dev)
                var (header, events) = if let text { try importer.parse(text, path: source) } else { try importer.read(path: source) }
                for a in assumed { Exit.warn("\(source): warning: assumed \(a)") }
                // The trace keeps the assumption, so whoever replays it knows its points are estimates.
                if !assumed.isEmpty {
                    header.origin = (header.origin ?? "") + "; assumed " + assumed.map { String($0.prefix { $0 != "(" }).trimmingCharacters(in: .whitespaces) }.joined(separator: " and ")
                }
                return (header, events)
            }
        default:
            let o = origin.flatMap { Self.pair($0, ",") } ?? (0, 0)
            result = Result { () throws(ImportProblem) -> (TraceHeader, [TraceEvent]) in
                try PointerEvents.read(path: source, mapping: .init(originX: o.0, originY: o.1, cssPixelsPerPoint: scale), viewport: viewport.flatMap(Self.size))
            }
        }
        switch result {
        case let .failure(p): throw Exit.fail(p.description)
        case let .success((header, events)):
            let text: String
            switch Result(catching: { () throws(TraceWriter.Refused) -> String in try TraceWriter.checkedText(header: header, events: events) }) {
            case let .success(t): text = t
            case let .failure(r): throw Exit.fail("\(source): the trace made of this log would not be valid, so nothing was written: \(r)")
            }
            try write(text, to: output, inputs: [source] + [axes].compactMap { $0 })
            let pointers = Set(events.map(\.pointer)).count
            Exit.warn("imported \(events.count) events of \(pointers) pointer\(pointers == 1 ? "" : "s") over \(events.last!.time.millisecondsText) ms into \(output == "-" ? "standard output" : output)")
        }
    }

    private func importDollar() throws {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &isDir) else { throw Exit.fail("\(source): no such file or folder") }
        let files = isDir.boolValue ? DollarXMLReader.files(under: source) : [source]
        guard !files.isEmpty else { throw Exit.fail("\(source): no .xml gesture logs found") }
        var written = 0
        var problems = 0
        for file in files {
            let gesture: DollarGesture
            switch Result(catching: { () throws(DollarXMLReader.Problem) -> DollarGesture in try DollarXMLReader.read(path: file) }) {
            case let .success(g): gesture = g
            case let .failure(p):
                Exit.warn(p.description)
                problems += 1
                continue
            }
            let relative = isDir.boolValue ? String(file.dropFirst(source.count).drop { $0 == "/" }) : (file as NSString).lastPathComponent
            let target = (output as NSString).appendingPathComponent((relative as NSString).deletingPathExtension + ".jsonl")
            try? FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let (header, events) = gesture.trace(source: relative)
            switch Result(catching: { () throws(TraceWriter.Refused) -> String in try TraceWriter.checkedText(header: header, events: events) }) {
            case let .success(text): try write(text, to: target, inputs: [file])
            case let .failure(r):
                Exit.warn("\(file): the trace made of this log would not be valid, so it was not written: \(r)")
                problems += 1
                continue
            }
            written += 1
        }
        emit("imported \(written) strokes into \(output)" + (problems > 0 ? " (\(problems) files could not be read)" : ""))
        if problems > 0 { throw ExitCode(Exit.badInput) }
    }
}
