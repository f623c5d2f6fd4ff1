import GestureEngine

#if canImport(Glibc)
import Glibc
#endif

/// Measurements of a whole stroke that do not depend on how fast or how large it was drawn:
/// the stroke is resampled to points equally spaced along its path first (the $1 recognizer's
/// first step), so sampling rate, speed and pauses drop out.
public struct StrokeGeometry: Sendable {
    /// Equally spaced points along the path.
    public let points: [Point]
    public let pathLength: Double
    public let bounds: Rect

    public init?(_ raw: [Point], count: Int = 64) {
        var unique: [Point] = []
        for p in raw where unique.last != p { unique.append(p) }
        guard unique.count >= 2 else { return nil }
        var length = 0.0
        for i in 1..<unique.count { length += unique[i - 1].distance(to: unique[i]) }
        guard length > 0 else { return nil }
        pathLength = length
        points = StrokeGeometry.resample(unique, length: length, count: count)
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in points {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        bounds = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    static func resample(_ pts: [Point], length: Double, count: Int) -> [Point] {
        let interval = length / Double(count - 1)
        var out = [pts[0]]
        var carried = 0.0
        var previous = pts[0]
        var i = 1
        while i < pts.count && out.count < count {
            let next = pts[i]
            let d = previous.distance(to: next)
            if carried + d >= interval && d > 0 {
                let t = (interval - carried) / d
                let q = Point(x: previous.x + t * (next.x - previous.x), y: previous.y + t * (next.y - previous.y))
                out.append(q)
                previous = q
                carried = 0
            } else {
                carried += d
                previous = next
                i += 1
            }
        }
        while out.count < count { out.append(pts[pts.count - 1]) }
        return out
    }

    /// The larger side of the bounding box.
    public var size: Double { max(bounds.width, bounds.height) }

    /// Path length of points[from...to] over the straight distance between its ends (1 = straight).
    public func winding(from a: Int, to b: Int) -> Double {
        guard b > a else { return 1 }
        var length = 0.0
        for i in (a + 1)...b { length += points[i - 1].distance(to: points[i]) }
        let chord = points[a].distance(to: points[b])
        return chord > 0 ? length / chord : .infinity
    }

    /// Signed heading change at each inner point, radians in -pi...pi.
    public var turningAngles: [Double] {
        var headings: [Double] = []
        for i in 0..<(points.count - 1) {
            headings.append(atan2(points[i + 1].y - points[i].y, points[i + 1].x - points[i].x))
        }
        var out: [Double] = []
        for i in 1..<headings.count {
            var a = headings[i] - headings[i - 1]
            while a > .pi { a -= 2 * .pi }
            while a < -.pi { a += 2 * .pi }
            out.append(a)
        }
        return out
    }

    public var centroid: Point {
        let n = Double(points.count)
        return Point(x: points.map(\.x).reduce(0, +) / n, y: points.map(\.y).reduce(0, +) / n)
    }

    /// The straight line nearest to `points` (least squares, measured across the line): their
    /// centroid and the direction along which they spread most. Nil when they all coincide.
    public static func fittedLine(_ points: [Point]) -> (through: Point, direction: Vector)? {
        let n = Double(points.count)
        guard n >= 2 else { return nil }
        let cx = points.map(\.x).reduce(0, +) / n, cy = points.map(\.y).reduce(0, +) / n
        var sxx = 0.0, syy = 0.0, sxy = 0.0
        for p in points {
            sxx += (p.x - cx) * (p.x - cx); syy += (p.y - cy) * (p.y - cy); sxy += (p.x - cx) * (p.y - cy)
        }
        guard sxx + syy > 0 else { return nil }
        let angle = atan2(2 * sxy, sxx - syy) / 2
        return (Point(x: cx, y: cy), Vector(dx: cos(angle), dy: sin(angle)))
    }

    /// Where two lines cross; nil when they are parallel (or nearly).
    public static func crossing(_ a: (through: Point, direction: Vector), _ b: (through: Point, direction: Vector)) -> Point? {
        let det = a.direction.dx * b.direction.dy - a.direction.dy * b.direction.dx
        guard abs(det) > 1e-9 else { return nil }
        let wx = b.through.x - a.through.x, wy = b.through.y - a.through.y
        let t = (wx * b.direction.dy - wy * b.direction.dx) / det
        return Point(x: a.through.x + t * a.direction.dx, y: a.through.y + t * a.direction.dy)
    }

    /// Angle of a vector in degrees, 0 right, 90 down, -90 up (y grows downward).
    public static func degrees(_ v: Vector) -> Double { atan2(v.dy, v.dx) * 180 / .pi }
}
