import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import GestureTrace

/// Reads the $1 gesture logs: a `Gesture` element whose attributes name the stroke (Name,
/// Subject, Speed, Number), holding `Point` elements with X, Y and T.
///
/// A real XML parser (Foundation's `XMLParser`, libxml2 underneath), so comments, CDATA,
/// character references and any attribute order or quoting are read as XML says, malformed
/// files are reported with their line, and the work is linear in the file's size. External
/// entities are never fetched.
public enum DollarXMLReader {
    public typealias Problem = ImportProblem

    /// The largest log read (the study's files are a few kilobytes; a million points is ~40 MB).
    public static let maximumFileBytes = 256 << 20

    public static func read(path: String) throws(Problem) -> DollarGesture {
        var info = stat()
        guard stat(path, &info) == 0 else { throw Problem(path: path, message: "no such file") }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw Problem(path: path, message: "not a regular file (a folder or a device?)") }
        guard Int(info.st_size) <= maximumFileBytes else {
            throw Problem(path: path, message: "\(info.st_size) bytes is larger than any gesture log (at most \(maximumFileBytes))")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw Problem(path: path, message: "cannot read the file (permission denied?)") }
        return try parse(data, path: path)
    }

    public static func parse(_ text: String, path: String) throws(Problem) -> DollarGesture {
        try parse(Data(text.utf8), path: path)
    }

    public static func parse(_ data: Data, path: String) throws(Problem) -> DollarGesture {
        let collector = Collector(path: path)
        // From a stream, which the parser reads in chunks: handed all of a file over 10 MB at
        // once, libxml2 stops with its "huge input" limit.
        let parser = XMLParser(stream: InputStream(data: data))
        parser.shouldResolveExternalEntities = false
        parser.delegate = collector
        collector.parser = parser
        let ok = parser.parse()
        if let problem = collector.problem { throw problem }
        if !ok {
            let reason = parser.parserError.map { ($0 as NSError).localizedDescription } ?? "not well-formed XML"
            throw Problem(path: path, line: parser.lineNumber, message: "not well-formed XML: \(reason)")
        }
        guard let gesture = collector.gesture else { throw Problem(path: path, message: "no <Gesture> element: not a $1 gesture log") }
        guard let name = gesture.attributes["Name"] else { throw Problem(path: path, line: gesture.line, message: "the <Gesture> element has no Name") }
        guard !collector.points.isEmpty else { throw Problem(path: path, line: gesture.line, message: "the gesture has no points") }
        let cls = String(name.prefix { !$0.isNumber })
        let repetition = Int(name.drop { !$0.isNumber }) ?? Int(gesture.attributes["Number"] ?? "") ?? 0
        return DollarGesture(gestureClass: cls, subject: gesture.attributes["Subject"] ?? "", speed: gesture.attributes["Speed"] ?? "",
                             repetition: repetition, points: collector.points, sourcePath: path)
    }

    /// Collects the gesture's attributes and its points as the parser reports them, and stops
    /// the parser at the first point that is not a usable sample.
    final class Collector: NSObject, XMLParserDelegate {
        let path: String
        weak var parser: XMLParser?
        var gesture: (attributes: [String: String], line: Int)?
        var points: [(x: Double, y: Double, t: Double)] = []
        var problem: Problem?

        init(path: String) { self.path = path }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String]) {
            switch name {
            case "Gesture":
                if gesture == nil { gesture = (attributes, parser.lineNumber) }
            case "Point":
                if let p = point(attributes, line: parser.lineNumber) { points.append(p) }
            default:
                break
            }
        }

        func point(_ a: [String: String], line: Int) -> (x: Double, y: Double, t: Double)? {
            func stop(_ message: String) -> (x: Double, y: Double, t: Double)? {
                problem = Problem(path: path, line: line, message: "point \(points.count + 1): \(message)")
                parser?.abortParsing()
                return nil
            }
            guard let x = a["X"].flatMap(Double.init), let y = a["Y"].flatMap(Double.init), let t = a["T"].flatMap(Double.init) else {
                return stop("lacks a numeric X, Y or T")
            }
            // The trace format's own bounds: a position on some screen, a time within a recording.
            guard x.isFinite, y.isFinite, abs(x) < 1e9, abs(y) < 1e9 else { return stop("position (\(x), \(y)) is beyond any screen") }
            guard t.isFinite, abs(t) < DollarXMLReader.maximumClock else {
                return stop("time T=\(t) is not a millisecond clock reading (at most \(Int(DollarXMLReader.maximumClock)))")
            }
            if let first = points.first, t - first.t >= 1e12 {
                return stop("time T=\(t) is \(t - first.t) ms after the first point, beyond any recording")
            }
            return (x, y, t)
        }
    }

    /// The largest T accepted: the logs' clock counts milliseconds (since the device started, or
    /// since 1970 on other loggers, about 1.7e12 today), so anything past 1e15 is not a clock.
    static let maximumClock = 1e15

    /// Every `.xml` file below `root`, sorted, so runs are reproducible.
    public static func files(under root: String) -> [String] {
        guard let e = FileManager.default.enumerator(atPath: root) else { return [] }
        var out: [String] = []
        while let f = e.nextObject() as? String {
            if f.hasSuffix(".xml") { out.append((root as NSString).appendingPathComponent(f)) }
        }
        return out.sorted()
    }
}
