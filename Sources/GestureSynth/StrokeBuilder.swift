import GestureTrace

#if canImport(Glibc)
import Glibc
#endif

/// Builds synthetic touch input: taps, holds, drags, flicks and two-finger gestures at a
/// realistic sampling rate (8 ms, 125 Hz), with optional seeded jitter. Times are in
/// milliseconds from the trace start.
public struct StrokeBuilder {
    public private(set) var events: [TraceEvent] = []
    /// The clock: the time the next gesture starts.
    public var time: Double = 0
    public var rng: SeededRandom
    /// Spacing of move samples.
    public var stepMs: Double = 8
    /// Positional noise added to every sample, in points (0 = exact).
    public var jitter: Double = 0
    public var device: InputDevice = .touch

    public init(seed: UInt64 = 1) { rng = SeededRandom(seed: seed) }

    public mutating func wait(_ ms: Double) { time += ms }

    /// Adds another builder's events (another finger at the same time), in time order; at equal
    /// times this builder's come first. The clock moves to the later of the two.
    public mutating func merge(_ other: StrokeBuilder) {
        var merged: [TraceEvent] = []
        merged.reserveCapacity(events.count + other.events.count)
        var i = 0, j = 0
        while i < events.count || j < other.events.count {
            if j == other.events.count || (i < events.count && events[i].time <= other.events[j].time) {
                merged.append(events[i]); i += 1
            } else {
                merged.append(other.events[j]); j += 1
            }
        }
        events = merged
        time = max(time, other.time)
    }

    mutating func emit(_ type: TouchEventType, _ pointer: Int, _ x: Double, _ y: Double, at t: Double) {
        let jx = jitter > 0 && type == .move ? rng.uniform(-jitter, jitter) : 0
        let jy = jitter > 0 && type == .move ? rng.uniform(-jitter, jitter) : 0
        let r = { (v: Double) in (v * 1000).rounded() / 1000 }
        events.append(TraceEvent(time: .milliseconds(r(t)), type: type, pointer: pointer, x: r(x + jx), y: r(y + jy), device: device))
    }

    /// A mouse pointer moving with no button pressed, from `a` to `b` over `durationMs` (F.5.6).
    public mutating func hover(from a: (Double, Double), to b: (Double, Double), durationMs: Double, pointer: Int = 0) {
        let steps = max(1, Int((durationMs / stepMs).rounded()))
        for k in 0...steps {
            let u = Double(k) / Double(steps)
            let r = { (v: Double) in (v * 1000).rounded() / 1000 }
            events.append(TraceEvent(time: .milliseconds(r(time + durationMs * u)), type: .hover, pointer: pointer,
                                     x: r(a.0 + (b.0 - a.0) * u), y: r(a.1 + (b.1 - a.1) * u), device: .mouse, buttons: 0))
        }
        time += durationMs
    }

    /// A scroll gesture at a place: `deltas` (dx, dy) one per sample, `everyMs` apart, then its end
    /// (F.5.7). A wheel is `discrete`, a trackpad `continuous`.
    public mutating func scroll(at p: (Double, Double), deltas: [(Double, Double)], everyMs: Double, kind: ScrollSample.Kind, pointer: Int = 0) {
        for (k, d) in deltas.enumerated() {
            events.append(TraceEvent(time: .milliseconds(time), type: .scroll, pointer: pointer, x: p.0, y: p.1, device: .mouse,
                                     scroll: ScrollSample(dx: d.0, dy: d.1, phase: k == 0 ? .began : .changed, kind: kind)))
            time += everyMs
        }
        events.append(TraceEvent(time: .milliseconds(time), type: .scroll, pointer: pointer, x: p.0, y: p.1, device: .mouse,
                                 scroll: ScrollSample(dx: 0, dy: 0, phase: .ended, kind: kind)))
    }

    /// A mouse click with these buttons pressed (1 primary, 2 secondary), held `holdMs` (F.5.3).
    public mutating func click(at x: Double, _ y: Double, buttons: Int, holdMs: Double = 80, pointer: Int = 0) {
        events.append(TraceEvent(time: .milliseconds(time), type: .down, pointer: pointer, x: x, y: y, device: .mouse, buttons: buttons))
        time += holdMs
        events.append(TraceEvent(time: .milliseconds(time), type: .up, pointer: pointer, x: x, y: y, device: .mouse, buttons: 0))
    }

    /// Down, `holdMs` of stillness (with moves of at most `wobble` points), up.
    public mutating func tap(at x: Double, _ y: Double, holdMs: Double = 80, wobble: Double = 0, pointer: Int = 1) {
        emit(.down, pointer, x, y, at: time)
        if wobble > 0 {
            var t = stepMs
            while t < holdMs {
                emit(.move, pointer, x + rng.uniform(-wobble, wobble), y + rng.uniform(-wobble, wobble), at: time + t)
                t += stepMs * 2
            }
        }
        time += holdMs
        emit(.up, pointer, x, y, at: time)
    }

    /// A press held for `holdMs`; identical to a tap but named for what it is.
    public mutating func press(at x: Double, _ y: Double, holdMs: Double, wobble: Double = 1, pointer: Int = 1) {
        tap(at: x, y, holdMs: holdMs, wobble: wobble, pointer: pointer)
    }

    /// A stroke from one point to another over `durationMs`, eased in and out, bent sideways by
    /// `bend` points at its middle. `holdBeforeMs` keeps the finger still after touching down;
    /// `lift: false` leaves it down (to continue with `continueDrag`).
    public mutating func drag(from a: (Double, Double), to b: (Double, Double), durationMs: Double, bend: Double = 0,
                              holdBeforeMs: Double = 0, pointer: Int = 1, lift: Bool = true) {
        emit(.down, pointer, a.0, a.1, at: time)
        time += holdBeforeMs
        path(from: a, to: b, durationMs: durationMs, bend: bend, pointer: pointer)
        if lift { emit(.up, pointer, b.0, b.1, at: time) }
    }

    mutating func path(from a: (Double, Double), to b: (Double, Double), durationMs: Double, bend: Double, pointer: Int) {
        let steps = max(1, Int((durationMs / stepMs).rounded()))
        let dx = b.0 - a.0, dy = b.1 - a.1
        let len = max((dx * dx + dy * dy).squareRoot(), 1e-9)
        let nx = -dy / len, ny = dx / len
        let start = time
        for i in 1...steps {
            let u = Double(i) / Double(steps)
            let eased = u * u * (3 - 2 * u)
            let off = bend * sin(.pi * eased)
            emit(.move, pointer, a.0 + dx * eased + nx * off, a.1 + dy * eased + ny * off, at: start + Double(i) * durationMs / Double(steps))
        }
        time = start + durationMs
    }

    /// One finger along a polyline through `waypoints` at constant speed over `durationMs`,
    /// sampled every `stepMs`, then lifted.
    public mutating func polyline(_ waypoints: [(Double, Double)], durationMs: Double, pointer: Int = 1) {
        guard let first = waypoints.first else { return }
        var lengths: [Double] = [0]
        for i in 1..<waypoints.count {
            let dx = waypoints[i].0 - waypoints[i - 1].0, dy = waypoints[i].1 - waypoints[i - 1].1
            lengths.append(lengths[i - 1] + (dx * dx + dy * dy).squareRoot())
        }
        let total = max(lengths.last!, 1e-9)
        emit(.down, pointer, first.0, first.1, at: time)
        let steps = max(1, Int((durationMs / stepMs).rounded()))
        let start = time
        var segment = 1
        for i in 1...steps {
            let d = total * Double(i) / Double(steps)
            while segment < waypoints.count - 1 && lengths[segment] < d { segment += 1 }
            let a = waypoints[segment - 1], b = waypoints[segment]
            let span = max(lengths[segment] - lengths[segment - 1], 1e-9)
            let u = min(max((d - lengths[segment - 1]) / span, 0), 1)
            emit(.move, pointer, a.0 + (b.0 - a.0) * u, a.1 + (b.1 - a.1) * u, at: start + Double(i) * durationMs / Double(steps))
        }
        time = start + durationMs
        let last = waypoints[waypoints.count - 1]
        emit(.up, pointer, last.0, last.1, at: time)
    }

    /// Waypoints around an ellipse: `sweep` radians from `startAngle` (positive is clockwise on
    /// screen, y down).
    public static func arc(center c: (Double, Double), radius r: (Double, Double), startAngle: Double = -.pi / 2, sweep: Double = 2 * .pi,
                           count: Int = 72) -> [(Double, Double)] {
        (0...count).map { i in
            let a = startAngle + sweep * Double(i) / Double(count)
            return (c.0 + r.0 * cos(a), c.1 + r.1 * sin(a))
        }
    }

    /// Two fingers about a centre: the span between them goes from `span.0` to `span.1`, the
    /// line between them turns by `turn` radians, and the centre moves by `shift`.
    public mutating func twoFinger(center c: (Double, Double), span: (Double, Double), turn: Double = 0, startAngle: Double = 0,
                                   shift: (Double, Double) = (0, 0), durationMs: Double, pointers: (Int, Int) = (1, 2)) {
        func positions(_ u: Double) -> ((Double, Double), (Double, Double)) {
            let s = span.0 + (span.1 - span.0) * u
            let ang = startAngle + turn * u
            let cx = c.0 + shift.0 * u, cy = c.1 + shift.1 * u
            let hx = cos(ang) * s / 2, hy = sin(ang) * s / 2
            return ((cx - hx, cy - hy), (cx + hx, cy + hy))
        }
        let (p0, q0) = positions(0)
        emit(.down, pointers.0, p0.0, p0.1, at: time)
        emit(.down, pointers.1, q0.0, q0.1, at: time)
        let steps = max(1, Int((durationMs / stepMs).rounded()))
        let start = time
        for i in 1...steps {
            let u = Double(i) / Double(steps)
            let (p, q) = positions(u)
            let t = start + Double(i) * durationMs / Double(steps)
            emit(.move, pointers.0, p.0, p.1, at: t)
            emit(.move, pointers.1, q.0, q.1, at: t)
        }
        time = start + durationMs
        let (p1, q1) = positions(1)
        emit(.up, pointers.0, p1.0, p1.1, at: time)
        emit(.up, pointers.1, q1.0, q1.1, at: time)
    }
}
