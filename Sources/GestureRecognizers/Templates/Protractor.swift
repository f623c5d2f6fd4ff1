import GestureEngine

#if canImport(Glibc)
import Glibc
#endif

/// The Protractor distance (Y. Li, "Protractor: a fast and accurate gesture recognizer", CHI
/// 2010), the closed-form successor of the $1 recognizer's matching step: a stroke becomes a
/// unit vector of `pointCount` resampled, centred, orientation-aligned points, and two strokes
/// are compared by the smallest angle between their vectors over rotations.
public enum Protractor {
    public static let pointCount = 16

    /// The stroke as a template vector. Orientation-sensitive (as checkmarks and carets need): the
    /// stroke is turned only as far as its indicative angle's nearest multiple of 45 degrees.
    public static func vector(_ points: [Point], orientationSensitive: Bool = true) -> [Double]? {
        guard let g = StrokeGeometry(points, count: pointCount) else { return nil }
        let c = g.centroid
        let centred = g.points.map { Point(x: $0.x - c.x, y: $0.y - c.y) }
        let indicative = atan2(centred[0].y, centred[0].x)
        var delta = -indicative
        if orientationSensitive {
            let base = (Double.pi / 4) * (indicative / (Double.pi / 4)).rounded()
            delta = base - indicative
        }
        let cs = cos(delta), sn = sin(delta)
        var v: [Double] = []
        v.reserveCapacity(2 * pointCount)
        var sum = 0.0
        for p in centred {
            let x = p.x * cs - p.y * sn, y = p.x * sn + p.y * cs
            v.append(x)
            v.append(y)
            sum += x * x + y * y
        }
        let magnitude = sum.squareRoot()
        guard magnitude > 0 else { return nil }
        return v.map { $0 / magnitude }
    }

    /// The angular distance (radians, 0 = identical) at the best rotation, limited to ±45
    /// degrees for orientation-sensitive matching.
    public static func distance(_ a: [Double], _ b: [Double], orientationSensitive: Bool = true) -> Double {
        var dot = 0.0, cross = 0.0
        var i = 0
        while i + 1 < a.count && i + 1 < b.count {
            dot += a[i] * b[i] + a[i + 1] * b[i + 1]
            cross += a[i] * b[i + 1] - a[i + 1] * b[i]
            i += 2
        }
        var angle = atan2(cross, dot)
        if orientationSensitive { angle = min(max(angle, -.pi / 4), .pi / 4) }
        let similarity = min(max(dot * cos(angle) + cross * sin(angle), -1), 1)
        return acos(similarity)
    }

    /// The cosine of `distance`, computed without trigonometry when the best rotation is within
    /// the allowed range (then it is simply sqrt(dot^2 + cross^2)).
    public static func similarity(_ a: [Double], _ b: [Double], orientationSensitive: Bool = true) -> Double {
        var dot = 0.0, cross = 0.0
        let n = min(a.count, b.count) & ~1
        a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                var i = 0
                while i < n {
                    dot += pa[i] * pb[i] + pa[i + 1] * pb[i + 1]
                    cross += pa[i] * pb[i + 1] - pa[i + 1] * pb[i]
                    i += 2
                }
            }
        }
        // The best rotation is atan2(cross, dot); within +-45 degrees exactly when |cross| <= dot.
        if !orientationSensitive || (dot > 0 && abs(cross) <= dot) { return (dot * dot + cross * cross).squareRoot() }
        let limit = cross >= 0 ? Double.pi / 4 : -Double.pi / 4
        return dot * cos(limit) + cross * sin(limit)
    }

    /// Protractor's score: the inverse of the distance.
    public static func score(distance d: Double) -> Double { d > 0 ? 1 / d : .infinity }
}
