import GestureEngine

/// The one rule by which every tool cuts a log into touch sequences: a sequence starts when a
/// finger goes down with none down, and its touches end when the last finger is up (what
/// follows, up to the next start, still belongs to it). Fed the log's entries in order.
public struct TouchSequenceCounter: Sendable {
    public enum Step: Sendable { case firstFingerDown, lastFingerUp, other }

    public private(set) var fingersDown = 0

    public init() {}

    public mutating func step(_ e: LogEntry) -> Step {
        step(kind: e.kind, phase: e.phaseName)
    }

    /// `step` of a row given by its kind and phase (a reader that walks rows in place, without
    /// copying them).
    public mutating func step(kind: LogEntry.Kind, phase: LogName?) -> Step {
        guard kind == .input, let phase else { return .other }
        // Compared as the log's numbers: this runs on every entry of every replay.
        if phase == .began {
            fingersDown += 1
            return fingersDown == 1 ? .firstFingerDown : .other
        }
        if phase == .ended || phase == .cancelled {
            guard fingersDown > 0 else { return .other }
            fingersDown -= 1
            return fingersDown == 0 ? .lastFingerUp : .other
        }
        return .other
    }
}
