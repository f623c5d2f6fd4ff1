import Foundation

/// One state change of a recognizer in a replay, as the decision log has it.
public struct RecognizerTransition: Sendable, Equatable, CustomStringConvertible {
    /// The state names of the log: possible, began, changed, ended (recognized for a discrete
    /// recognizer), cancelled, failed.
    public var from: String
    public var to: String
    /// Seconds on the virtual clock.
    public var time: TimeInterval
    /// Why, in the log's words ("set by CircleRecognizer.touchesEnded", "excluded by pan ...").
    public var cause: String

    public var description: String { "\(from) -> \(to) at \(Int((time * 1000).rounded())) ms because \(cause)" }
}
