import Foundation
import GestureEngine
import GestureTrace

/// A scroll view's motion after a flick (docs/uikit-rules.md A.7.9): the content keeps the
/// velocity it had when the finger lifted, losing a share of it every millisecond
/// (`decelerationRate`: 0.998 normal, 0.99 fast), and stops where it could move less than
/// `GestureDefaults.scrollDecelerationRestDistance` further, or at the edge of the content (no
/// bounce). The offset is a function of time, set once per display frame on the virtual clock.
struct ScrollDeceleration {
    let start: Timestamp
    let startOffset: Point
    /// The content offset's velocity at the start, in points per second.
    let velocity: Vector
    let rate: Double
    /// When it comes to rest, from the start.
    let duration: Duration
    var frame: VirtualClock.TimerID?

    /// Nil when the flick is too slow to move the content visibly.
    init?(start: Timestamp, offset: Point, velocity: Vector, rate: Double) {
        let speed = (velocity.dx * velocity.dx + velocity.dy * velocity.dy).squareRoot()
        let decay = -log(rate)
        guard rate > 0, rate < 1, speed.isFinite, speed > 0 else { return nil }
        // The distance still to go at t ms is speed/1000 · rate^t / decay points.
        let restFactor = GestureDefaults.scrollDecelerationRestDistance * 1000 * decay / speed
        guard restFactor < 1 else { return nil }
        self.start = start
        startOffset = offset
        self.velocity = velocity
        self.rate = rate
        duration = .milliseconds(log(restFactor) / log(rate))
    }

    /// The offset at `time`, not clamped: the start plus v/1000 · (1 − rate^t) / decay per axis.
    func offset(at time: Timestamp) -> Point {
        let t = min(time - start, duration).milliseconds
        let k = (1 - pow(rate, t)) / -log(rate) / 1000
        return Point(x: startOffset.x + velocity.dx * k, y: startOffset.y + velocity.dy * k)
    }
}

extension ScrollView {
    /// Starts decelerating with the content offset's velocity (points per second), if it is fast
    /// enough to move the content.
    func startDecelerating(velocity: Vector) {
        guard let env = environment,
              var d = ScrollDeceleration(start: env.now, offset: contentOffset, velocity: velocity, rate: decelerationRate) else { return }
        env.logAppEffect(view: id, "\(id) decelerates from \(NumberText.decimal((velocity.dx * velocity.dx + velocity.dy * velocity.dy).squareRoot(), decimals: 0)) pt/s (decelerationRate \(decelerationRate)), for up to \(d.duration)",
                         phase: "decelerationBegan")
        d.frame = env.scheduleViewFrame(after: GestureDefaults.scrollDecelerationFrame) { [weak self] in self?.decelerationFrame() }
        deceleration = d
    }

    private func decelerationFrame() {
        guard var d = deceleration, let env = environment else { return }
        let target = d.offset(at: env.now)
        let reached = clamped(target)
        move(to: reached)
        if env.now - d.start >= d.duration {
            finishDecelerating(because: "it came to rest")
        } else if reached != target {
            finishDecelerating(because: "it reached the edge of its content")
        } else {
            d.frame = env.scheduleViewFrame(after: GestureDefaults.scrollDecelerationFrame) { [weak self] in self?.decelerationFrame() }
            deceleration = d
        }
    }

    /// Stops the motion where it is now (a touch caught it).
    package func stopDecelerating(because reason: String) {
        guard let d = deceleration, let env = environment else { return }
        if let frame = d.frame { env.cancelViewFrame(frame) }
        move(to: clamped(d.offset(at: env.now)))
        finishDecelerating(because: reason)
    }

    private func finishDecelerating(because reason: String) {
        deceleration = nil
        environment?.logAppEffect(view: id, "\(id) stops decelerating at \(contentOffset): \(reason)", phase: "decelerationEnded")
    }
}
