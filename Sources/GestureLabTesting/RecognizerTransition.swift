import Foundation
import GestureLabUIKit

/// One state change of a recognizer in a replay: UIKit's states, with the log's words for them.
public struct RecognizerTransition: Sendable, Equatable, CustomStringConvertible {
    /// The state before.
    public var from: UIGestureRecognizer.State
    /// The state after.
    public var to: UIGestureRecognizer.State
    /// The log's words for the states (possible, began, changed, ended, and recognized for a
    /// discrete recognizer's ended, cancelled, failed), for messages.
    public var fromName: String
    /// The state after, in the log's words.
    public var toName: String
    /// Seconds on the virtual clock.
    public var time: TimeInterval
    /// Why, in the log's words ("set by CircleRecognizer.touchesEnded", "excluded by pan ...").
    public var cause: String

    /// A transition as the decision log records it.
    public init(from: UIGestureRecognizer.State, to: UIGestureRecognizer.State, fromName: String, toName: String, time: TimeInterval, cause: String) {
        self.from = from
        self.to = to
        self.fromName = fromName
        self.toName = toName
        self.time = time
        self.cause = cause
    }

    public var description: String { "\(fromName) -> \(toName) at \(Int((time * 1000).rounded())) ms because \(cause)" }

    /// The state a log word names (`recognized` is `.ended`, as in UIKit).
    static func state(named name: String) -> UIGestureRecognizer.State {
        switch name {
        case "began": return .began
        case "changed": return .changed
        case "ended", "recognized": return .ended
        case "cancelled": return .cancelled
        case "failed": return .failed
        default: return .possible
        }
    }
}
