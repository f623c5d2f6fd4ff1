import ArgumentParser

/// `"RECOGNIZER STATE"` of `minimize --until`: the transition whose happening a minimized
/// trace must keep.
struct TransitionOutcome: ExpressibleByArgument, CustomStringConvertible {
    static let states = ["began", "recognized", "ended", "failed", "cancelled", "changed"]
    var recognizer: String
    var state: String
    var description: String { "\(recognizer) \(state)" }

    init?(argument: String) {
        let parts = argument.split(separator: " ").map(String.init)
        guard parts.count == 2, TransitionOutcome.states.contains(parts[1]) else { return nil }
        recognizer = parts[0]
        state = parts[1]
    }
}
