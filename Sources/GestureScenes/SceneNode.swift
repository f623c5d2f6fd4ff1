import Yams

/// A YAML node with the scene file it came from, so every complaint can name the file and line.
struct SceneNode {
    let node: Node
    let file: String

    var line: Int { node.mark?.line ?? 0 }
    var column: Int { node.mark?.column ?? 0 }

    func error(_ message: String) -> SceneError { SceneError(file: file, line: line, column: column, message: message) }

    var kindName: String {
        switch node {
        case .scalar: return "a value"
        case .mapping: return "a mapping (key: value lines)"
        case .sequence: return "a list"
        case .alias: return "an alias"
        }
    }

    func mapping(_ what: String) throws(SceneError) -> [(String, SceneNode, SceneNode)] {
        guard case let .mapping(m) = node else {
            if case .alias = node { throw error("YAML aliases are not supported in scenes") }
            throw error("\(what) must be a mapping (key: value lines), found \(kindName)")
        }
        var out: [(String, SceneNode, SceneNode)] = []
        for (k, v) in m {
            guard case let .scalar(s) = k else { throw SceneNode(node: k, file: file).error("keys must be plain words") }
            if out.contains(where: { $0.0 == s.string }) { throw SceneNode(node: k, file: file).error("duplicate key \"\(s.string)\" in \(what)") }
            if case .alias = v { throw SceneNode(node: v, file: file).error("YAML aliases are not supported in scenes") }
            out.append((s.string, SceneNode(node: k, file: file), SceneNode(node: v, file: file)))
        }
        return out
    }

    func sequence(_ what: String) throws(SceneError) -> [SceneNode] {
        guard case let .sequence(s) = node else { throw error("\(what) must be a list, found \(kindName)") }
        return s.map { SceneNode(node: $0, file: file) }
    }

    /// A list, or a single value taken as a list of one.
    func listOfStrings(_ what: String) throws(SceneError) -> [String] {
        if case .scalar = node { return [try string(what)] }
        var out: [String] = []
        for item in try sequence(what) { out.append(try item.string(what)) }
        return out
    }

    func string(_ what: String) throws(SceneError) -> String {
        guard case let .scalar(s) = node else { throw error("\(what) must be a single value, found \(kindName)") }
        return s.string
    }

    func identifier(_ what: String) throws(SceneError) -> String {
        let s = try string(what)
        guard !s.isEmpty, s.count <= 200, s.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }) else {
            throw error("\(what) \"\(s.prefix(60))\" must be a word of letters, digits, '_', '-' or '.'")
        }
        return s
    }

    func number(_ what: String) throws(SceneError) -> Double {
        let s = try string(what)
        guard let d = Double(s), d.isFinite else { throw error("\(what) must be a number, found \"\(s.prefix(60))\"") }
        return d
    }

    func bool(_ what: String) throws(SceneError) -> Bool {
        switch try string(what).lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        case let s: throw error("\(what) must be true or false, found \"\(s.prefix(60))\"")
        }
    }

    /// Numbers as numbers, true/false as booleans, lists as lists, anything else as text.
    func parameterValue(_ what: String) throws(SceneError) -> ParameterInput {
        switch node {
        case let .scalar(s):
            let text = s.string
            if s.style == .plain {
                if let d = Double(text), d.isFinite { return .number(d) }
                switch text.lowercased() {
                case "true", "yes": return .bool(true)
                case "false", "no": return .bool(false)
                default: break
                }
            }
            return .text(text)
        case .sequence:
            return .list(try listOfStrings(what))
        default:
            throw error("\(what) must be a value or a list, found \(kindName)")
        }
    }
}

/// A parameter value as written in a scene, before the recognizer checks it.
public enum ParameterInput: Sendable, Equatable {
    case number(Double)
    case bool(Bool)
    case text(String)
    case list([String])
}
