/// A parsed JSON value, small enough for trace headers and one-line records.
///
/// Objects keep their keys in file order so messages and round trips are predictable.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    public subscript(key: String) -> JSONValue? {
        if case let .object(pairs) = self { return pairs.first { $0.0 == key }?.1 }
        return nil
    }

    /// The JSON type name, for messages such as "expected a number, found a string".
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// Escapes a string for a JSON document.
public func jsonQuoted(_ s: String) -> String {
    // Names and causes rarely hold a character to escape: one pass over the bytes finds out,
    // and the text is then copied whole (scalar by scalar it was half of `explain --format json`).
    var text = s
    let plain = text.withUTF8 { bytes in !bytes.contains { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 } }
    if plain { return "\"" + text + "\"" }
    var out = "\""
    out.reserveCapacity(s.utf8.count + 2)
    for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            if scalar.value < 0x20 {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out + "\""
}

/// `jsonQuoted(s)` appended to `out`: text without quotes, backslashes or control characters
/// (names and causes, nearly always) is copied as it is, without a String made for it.
package func appendJSONQuoted(_ s: String, to out: OutputBytes) {
    var s = s
    let plain = s.withUTF8 { bytes -> Bool in
        for b in bytes where b < 0x20 || b == 0x22 || b == 0x5C { return false }
        out.append(0x22)
        out.append(bytes)
        out.append(0x22)
        return true
    }
    if !plain { out.append(utf8: jsonQuoted(s)) }
}

extension JSONValue {
    /// The value as compact JSON, object keys in their order.
    public var jsonText: String {
        switch self {
        case .null: return "null"
        case let .bool(b): return b ? "true" : "false"
        case let .number(n): return NumberText.decimal(n, decimals: 6)
        case let .string(s): return jsonQuoted(s)
        case let .array(items): return "[" + items.map(\.jsonText).joined(separator: ",") + "]"
        case let .object(pairs): return "{" + pairs.map { jsonQuoted($0.0) + ":" + $0.1.jsonText }.joined(separator: ",") + "}"
        }
    }
}
