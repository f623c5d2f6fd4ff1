import GestureTrace

/// The first two fingers of a two-finger gesture (a pinch, a rotation): their span and angle now
/// and at the start, the angle unwrapped across the ±pi seam. A third finger is handed back to
/// be ignored (docs/uikit-rules.md A.2.11's typical use). Keep one per recognizer, and start a new
/// one in `reset()`.
///
/// Inside, the fingers are held unretained (see `Unretained`): they are among the recognizer's
/// touches, which keep them alive until the reset that also replaces this tracker, and the span
/// and angle are read on every move.
public struct TwoFingerTracker {
    private var first: Unretained<Touch>?
    private var second: Unretained<Touch>?
    /// The span and angle when the second finger arrived.
    public private(set) var startSpan = 0.0
    public private(set) var startAngle = 0.0
    /// The angle turned since then, in radians, unwrapped (updated by `updateAngle()`).
    public private(set) var angle = 0.0
    private var lastRawAngle = 0.0

    public init() {}

    /// Whether both fingers have arrived.
    public var isComplete: Bool { first != nil && second != nil }

    /// The fingers' window locations, when both have arrived.
    private var locations: (Point, Point)? {
        guard let a = first, let b = second else { return nil }
        return (a.with { $0.locationInWindow }, b.with { $0.locationInWindow })
    }

    /// The distance between the two fingers now, in points (0 before the second arrives).
    public var span: Double {
        guard let (a, b) = locations else { return 0 }
        return a.distance(to: b)
    }

    /// The direction from the first finger to the second now, in radians.
    public var rawAngle: Double {
        guard let (a, b) = locations else { return 0 }
        let d = b - a
        return atan2(d.dy, d.dx)
    }

    /// Adds began touches; returns the ones beyond two, to be ignored.
    public mutating func add(_ touches: [Touch]) -> [Touch] {
        var extra: [Touch] = []
        for t in touches {
            if first == nil { first = Unretained(t) } else if second == nil {
                second = Unretained(t)
                startSpan = span
                startAngle = rawAngle
                lastRawAngle = startAngle
                angle = 0
            } else { extra.append(t) }
        }
        return extra
    }

    /// Follows the fingers' turn since the last call; call once per move.
    public mutating func updateAngle() {
        let raw = rawAngle  // one atan2 per move
        var delta = raw - lastRawAngle
        while delta > .pi { delta -= 2 * .pi }
        while delta < -.pi { delta += 2 * .pi }
        angle += delta
        lastRawAngle = raw
    }

    private static func isDown(_ t: Unretained<Touch>?) -> Bool { t?.with { $0.isDown } ?? false }
    public var bothDown: Bool { Self.isDown(first) && Self.isDown(second) }
    public var anyDown: Bool { Self.isDown(first) || Self.isDown(second) }
}

#if canImport(Glibc)
import Glibc
#endif
