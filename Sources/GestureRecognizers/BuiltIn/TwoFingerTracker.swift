import GestureEngine
import GestureTrace

/// The first two fingers of a pinch or rotation: their span and angle now and at the start.
/// A third finger is ignored (A.2.11's typical use).
struct TwoFingerTracker {
    var first: Touch?
    var second: Touch?
    var startSpan = 0.0
    var startAngle = 0.0
    /// Accumulated angle, unwrapped across the ±pi seam.
    var angle = 0.0
    var lastRawAngle = 0.0

    var isComplete: Bool { first != nil && second != nil }

    var span: Double {
        guard let a = first, let b = second else { return 0 }
        return a.locationInWindow.distance(to: b.locationInWindow)
    }

    var rawAngle: Double {
        guard let a = first, let b = second else { return 0 }
        let d = b.locationInWindow - a.locationInWindow
        return atan2(d.dy, d.dx)
    }

    /// Adds began touches; returns the ones beyond two, to be ignored.
    mutating func add(_ touches: [Touch]) -> [Touch] {
        var extra: [Touch] = []
        for t in touches {
            if first == nil { first = t } else if second == nil {
                second = t
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

    var bothDown: Bool { (first?.isDown ?? false) && (second?.isDown ?? false) }
    var anyDown: Bool { (first?.isDown ?? false) || (second?.isDown ?? false) }
}

#if canImport(Glibc)
import Glibc
#endif
