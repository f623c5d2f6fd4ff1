import GestureEngine
import GestureTrace

/// Flutter's `VelocityTracker` (`gestures/velocity_tracker.dart`): a least-squares quadratic
/// through the last samples of the pointer within 100 ms (at most 20, at least 3), its slope at
/// the newest one; no velocity when the pointer has been still for 40 ms before the newest
/// sample.
struct FlutterVelocityTracker {
    private static let horizonMs = FlutterDefaults.velocityHorizonMs
    private static let assumePointerMoveStoppedMs = FlutterDefaults.velocityAssumeStoppedMs
    private static let historySize = FlutterDefaults.velocityHistorySize
    private static let minSampleSize = FlutterDefaults.velocityMinSampleSize

    /// The newest `historySize` samples in a ring: filled in order, then each new sample takes
    /// the place of the oldest (dropping the first of a full list moved the other 19 on every
    /// move of every drag).
    private var samples: [(t: Double, p: Point)] = []
    /// Where the oldest sample is, once the ring is full.
    private var oldest = 0

    mutating func add(_ time: Timestamp, _ position: Point) {
        if samples.count < Self.historySize {
            samples.append((time.milliseconds, position))
        } else {
            samples[oldest] = (time.milliseconds, position)
            oldest = oldest + 1 == samples.count ? 0 : oldest + 1
        }
    }

    /// The sample `age` places before the newest (0: the newest).
    private func sample(back age: Int) -> (t: Double, p: Point) {
        let i = oldest + samples.count - 1 - age
        return samples[i >= samples.count ? i - samples.count : i]
    }

    /// px/s.
    var velocity: Vector {
        guard !samples.isEmpty else { return .zero }
        let newest = sample(back: 0)
        var xs: [Double] = [], ys: [Double] = [], ts: [Double] = []
        var previous = newest.t
        for back in samples.indices {
            let s = sample(back: back)
            let age = newest.t - s.t
            let gap = previous - s.t
            previous = s.t
            if age > Self.horizonMs || gap > Self.assumePointerMoveStoppedMs { break }
            ts.append(-age)
            xs.append(s.p.x)
            ys.append(s.p.y)
        }
        guard ts.count >= Self.minSampleSize, let vx = Self.slope(ts, xs), let vy = Self.slope(ts, ys) else { return .zero }
        return Vector(dx: vx * 1000, dy: vy * 1000)
    }

    /// The linear coefficient of the least-squares quadratic y = a + b t + c t² at t = 0.
    private static func slope(_ t: [Double], _ y: [Double]) -> Double? {
        // Normal equations for [a, b, c].
        var s = [Double](repeating: 0, count: 5), r = [Double](repeating: 0, count: 3)
        for i in t.indices {
            var p = 1.0
            for k in 0..<5 {
                s[k] += p
                if k < 3 { r[k] += p * y[i] }
                p *= t[i]
            }
        }
        var m = [[s[0], s[1], s[2], r[0]], [s[1], s[2], s[3], r[1]], [s[2], s[3], s[4], r[2]]]
        for c in 0..<3 {
            guard let pivot = (c..<3).max(by: { abs(m[$0][c]) < abs(m[$1][c]) }), abs(m[pivot][c]) > 1e-12 else { return nil }
            m.swapAt(c, pivot)
            for row in 0..<3 where row != c {
                let f = m[row][c] / m[c][c]
                for k in c..<4 { m[row][k] -= f * m[c][k] }
            }
        }
        return m[1][3] / m[1][1]
    }
}
