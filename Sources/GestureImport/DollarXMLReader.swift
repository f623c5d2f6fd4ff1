import Foundation

/// Reads the $1 gesture logs. The format is small and regular (a `Gesture` element with
/// attributes, then `Point` elements with X, Y and T), so a scan for attributes does, with a
/// clear message for anything that is not such a file.
public enum DollarXMLReader {
    public struct Problem: Error, CustomStringConvertible {
        public var path: String
        public var message: String
        public var description: String { "\(path): \(message)" }
    }

    public static func read(path: String) throws(Problem) -> DollarGesture {
        guard let data = FileManager.default.contents(atPath: path) else { throw Problem(path: path, message: "cannot read the file") }
        guard let text = String(data: data, encoding: .utf8) else { throw Problem(path: path, message: "not UTF-8 text") }
        return try parse(text, path: path)
    }

    public static func parse(_ text: String, path: String) throws(Problem) -> DollarGesture {
        guard let gestureTag = element("Gesture", in: text).first else { throw Problem(path: path, message: "no <Gesture> element: not a $1 gesture log") }
        guard let name = gestureTag["Name"] else { throw Problem(path: path, message: "the <Gesture> element has no Name") }
        let cls = String(name.prefix { !$0.isNumber })
        let repetition = Int(name.drop { !$0.isNumber }) ?? Int(gestureTag["Number"] ?? "") ?? 0
        var points: [(x: Double, y: Double, t: Double)] = []
        for (i, p) in element("Point", in: text).enumerated() {
            guard let x = p["X"].flatMap(Double.init), let y = p["Y"].flatMap(Double.init), let t = p["T"].flatMap(Double.init),
                  x.isFinite, y.isFinite, t.isFinite else {
                throw Problem(path: path, message: "point \(i + 1) lacks a numeric X, Y or T")
            }
            points.append((x, y, t))
        }
        guard !points.isEmpty else { throw Problem(path: path, message: "the gesture has no points") }
        return DollarGesture(gestureClass: cls, subject: gestureTag["Subject"] ?? "", speed: gestureTag["Speed"] ?? "",
                             repetition: repetition, points: points, sourcePath: path)
    }

    /// The attribute dictionaries of every `<name ...>` element, in order.
    static func element(_ name: String, in text: String) -> [[String: String]] {
        var out: [[String: String]] = []
        var rest = text[...]
        while let open = rest.range(of: "<" + name) {
            let after = rest[open.upperBound...]
            guard let first = after.first, first == " " || first == "\t" || first == "\n" || first == "\r" || first == ">" || first == "/" else {
                rest = after
                continue
            }
            guard let close = after.firstIndex(of: ">") else { break }
            out.append(attributes(after[..<close]))
            rest = after[close...]
        }
        return out
    }

    static func attributes(_ s: Substring) -> [String: String] {
        var out: [String: String] = [:]
        var rest = s
        while let eq = rest.firstIndex(of: "=") {
            let key = rest[..<eq].trimmingCharacters(in: .whitespacesAndNewlines)
            let afterEq = rest[rest.index(after: eq)...].drop { $0 == " " }
            guard let quote = afterEq.first, quote == "\"" || quote == "'" else { break }
            let valueStart = afterEq.index(after: afterEq.startIndex)
            guard let end = afterEq[valueStart...].firstIndex(of: quote) else { break }
            out[key] = String(afterEq[valueStart..<end])
            rest = afterEq[afterEq.index(after: end)...]
        }
        return out
    }

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
