import GestureEngine
import GestureTrace

/// The first two fingers of a pinch or rotation: their span and angle now and at the start.
/// A third finger is ignored (A.2.11's typical use).
///
/// The fingers are held unretained: they are among the recognizer's `attemptTouches`, which
/// keep them alive until the reset that also empties this tracker, and the span and angle are
/// read on every move, where retaining (atomically) cost more than the arithmetic.
struct TwoFingerTracker {
    private var first: Unmanaged<Touch>?
    private var second: Unmanaged<Touch>?
    var startSpan = 0.0
    var startAngle = 0.0
    /// Accumulated angle, unwrapped across the ±pi seam.
    var angle = 0.0
    var lastRawAngle = 0.0

    var isComplete: Bool { first != nil && second != nil }

    /// The fingers' window locations, when both have arrived.
    private var locations: (Point, Point)? {
        guard let a = first, let b = second else { return nil }
        return (a._withUnsafeGuaranteedRef { $0.locationInWindow }, b._withUnsafeGuaranteedRef { $0.locationInWindow })
    }

    var span: Double {
        guard let (a, b) = locations else { return 0 }
        return a.distance(to: b)
    }

    var rawAngle: Double {
        guard let (a, b) = locations else { return 0 }
        let d = b - a
        return atan2(d.dy, d.dx)
    }

    /// Adds began touches; returns the ones beyond two, to be ignored.
    mutating func add(_ touches: [Touch]) -> [Touch] {
        var extra: [Touch] = []
        for t in touches {
            if first == nil { first = Unmanaged.passUnretained(t) } else if second == nil {
                second = Unmanaged.passUnretained(t)
                startSpan = span
                startAngle = rawAngle
                lastRawAngle = startAngle
                angle = 0
            } else { extra.append(t) }
        }
        return extra
    }

    mutating func updateAngle() {
        let raw = rawAngle  // one atan2 per move
        var delta = raw - lastRawAngle
        while delta > .pi { delta -= 2 * .pi }
        while delta < -.pi { delta += 2 * .pi }
        angle += delta
        lastRawAngle = raw
    }

    private static func isDown(_ t: Unmanaged<Touch>?) -> Bool { t?._withUnsafeGuaranteedRef { $0.isDown } ?? false }
    var bothDown: Bool { Self.isDown(first) && Self.isDown(second) }
    var anyDown: Bool { Self.isDown(first) || Self.isDown(second) }
}

#if canImport(Glibc)
import Glibc
#endif
