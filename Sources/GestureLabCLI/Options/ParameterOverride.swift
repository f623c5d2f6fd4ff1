import ArgumentParser
import GestureScenes

/// `R.PARAM=VALUE`: a recognizer parameter changed for one run (`--set`, `--set-a`, `--set-b`).
/// The value is read as a number, true or false, a comma-separated list, or else text; the
/// recognizer checks it against the parameter's range when the scene is built.
struct ParameterOverride: ExpressibleByArgument, CustomStringConvertible {
    var recognizer: String
    var parameter: String
    var value: ParameterInput
    var description: String

    init?(argument: String) {
        // The last dot before `=`: a scroll view's pan is `ID.pan`, so `strip.pan.minimumDistance=18`.
        guard let eq = argument.firstIndex(of: "="), let dot = argument[..<eq].lastIndex(of: "."),
              dot > argument.startIndex, argument.index(after: dot) < eq else { return nil }
        recognizer = String(argument[..<dot])
        parameter = String(argument[argument.index(after: dot)..<eq])
        let raw = String(argument[argument.index(after: eq)...])
        // Double reads "nan", "inf" and "1e999" too; no parameter takes them, and a scene built
        // with one would blame the scene's line for what the option said.
        if let d = Double(raw), !d.isFinite { return nil }
        if let d = Double(raw) { value = .number(d) } else if raw == "true" || raw == "false" { value = .bool(raw == "true") }
        else if raw.contains(",") { value = .list(raw.split(separator: ",").map(String.init)) } else { value = .text(raw) }
        description = argument
    }

    static var defaultValueDescription: String { "" }
}
