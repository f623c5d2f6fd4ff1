import Foundation
#if canImport(Glibc)
import Glibc
#endif
import GestureEngine
import GestureTrace

/// Labelled template vectors for the template recognizer, saved as a small JSON file by
/// `gesturelab train`.
public struct TemplateSet: Sendable, Equatable {
    public struct Template: Sendable, Equatable {
        public var label: String
        /// Where the template came from (a trace path), for reports.
        public var source: String
        public var vector: [Double]

        public init(label: String, source: String, vector: [Double]) {
            self.label = label
            self.source = source
            self.vector = vector
        }
    }

    public static let formatName = "gesturelab-templates"
    public var orientationSensitive = true
    public var templates: [Template] = []

    public init(orientationSensitive: Bool = true, templates: [Template] = []) {
        self.orientationSensitive = orientationSensitive
        self.templates = templates
    }

    public var labels: [String] { Array(Set(templates.map(\.label))).sorted() }

    /// The nearest template to a stroke: its label and Protractor distance.
    public func nearest(_ points: [Point], only label: String? = nil) -> (label: String, distance: Double, source: String)? {
        guard let v = Protractor.vector(points, orientationSensitive: orientationSensitive) else { return nil }
        // Compare by similarity (no inverse cosine per template); the distance of the best only.
        var bestIndex = -1
        var bestSimilarity = -Double.infinity
        for (i, t) in templates.enumerated() where label == nil || t.label == label {
            let s = Protractor.similarity(v, t.vector, orientationSensitive: orientationSensitive)
            if s > bestSimilarity {
                bestSimilarity = s
                bestIndex = i
            }
        }
        guard bestIndex >= 0 else { return nil }
        let t = templates[bestIndex]
        return (label: t.label, distance: acos(min(max(bestSimilarity, -1), 1)), source: t.source)
    }

    public var json: String {
        var s = "{\"format\":\"\(TemplateSet.formatName)\",\"version\":1,\"points\":\(Protractor.pointCount),\"orientationSensitive\":\(orientationSensitive),\"templates\":[\n"
        s += templates.map { t in
            "{\"label\":\(jsonQuoted(t.label)),\"source\":\(jsonQuoted(t.source)),\"vector\":[" + t.vector.map { NumberText.decimal($0, decimals: 6) }.joined(separator: ",") + "]}"
        }.joined(separator: ",\n")
        return s + "\n]}\n"
    }

    public struct LoadError: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// Loads a template file, once per process: a corpus evaluation builds a scene per trace,
    /// and every build would otherwise parse the same file again.
    public static func load(path: String) throws(LoadError) -> TemplateSet {
        if let cached = TemplateCache.shared.get(path) { return cached }
        let set = try parse(path: path)
        TemplateCache.shared.put(path, set)
        return set
    }

    static func parse(path: String) throws(LoadError) -> TemplateSet {
        guard let data = FileManager.default.contents(atPath: path) else { throw LoadError(message: "\(path): cannot read the template file") }
        let parsed = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Result<JSONValue, JSONParser.Failure> in
            Result { () throws(JSONParser.Failure) -> JSONValue in try JSONParser.parse(raw.bindMemory(to: UInt8.self)) }
        }
        let value: JSONValue
        switch parsed {
        case let .success(v): value = v
        case let .failure(f): throw LoadError(message: "\(path): not JSON: \(f.message)")
        }
        guard case .string(formatName)? = value["format"] else { throw LoadError(message: "\(path): not a GestureLab template file") }
        var set = TemplateSet()
        if case let .bool(o)? = value["orientationSensitive"] { set.orientationSensitive = o }
        guard case let .array(items)? = value["templates"] else { throw LoadError(message: "\(path): no templates") }
        for (i, item) in items.enumerated() {
            guard case let .string(label)? = item["label"], case let .array(numbers)? = item["vector"],
                  numbers.count == 2 * Protractor.pointCount else {
                throw LoadError(message: "\(path): template \(i + 1) needs a label and a vector of \(2 * Protractor.pointCount) numbers")
            }
            var v: [Double] = []
            for n in numbers {
                guard case let .number(d) = n else { throw LoadError(message: "\(path): template \(i + 1) has a non-number in its vector") }
                v.append(d)
            }
            var source = ""
            if case let .string(s)? = item["source"] { source = s }
            set.templates.append(Template(label: label, source: source, vector: v))
        }
        return set
    }
}

/// Template files already parsed, by path. Files are not expected to change during a run.
final class TemplateCache: @unchecked Sendable {
    static let shared = TemplateCache()
    private let lock = NSLock()
    private var sets: [String: TemplateSet] = [:]

    func get(_ path: String) -> TemplateSet? {
        lock.lock()
        defer { lock.unlock() }
        return sets[path]
    }

    func put(_ path: String, _ set: TemplateSet) {
        lock.lock()
        sets[path] = set
        lock.unlock()
    }
}
