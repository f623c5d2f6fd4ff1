import GestureEngine

#if canImport(Glibc)
import Glibc
#endif

/// A faithful port of "CheckPlease" (seed 001, *Beginning iOS 5 Development*, chapter 17):
/// recognized during a move as soon as two consecutive move segments meet at 50 to 135 degrees
/// after more than 10 points of travel.
///
/// Quirks kept: nothing fails it, not even lifting the finger (it has no `touchesEnded`), so it
/// stays `possible` until it fires, and its travel restarts at each `touchesBegan`; the angle is
/// the book's `angleBetweenLines` (below), which is NaN when a segment has no length, and NaN
/// passes no test; the very first move is compared with a zero-length segment, so it never fires.
public final class AngleCheckmarkRecognizer: GestureRecognizer {
    /// The listing's constants (degrees, and points: "pixels" in the book).
    public static let minimumAngle = 50.0
    public static let maximumAngle = 135.0
    public static let minimumLength = 10.0

    public override var isDiscrete: Bool { true }
    public override var typeName: String { "checkmarkAngle" }

    public private(set) var lastPreviousPoint = Point.zero
    public private(set) var lastCurrentPoint = Point.zero
    public private(set) var lineLengthSoFar = 0.0

    public override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        guard let touch = touches.first else { return }
        let point = touch.location(in: view)
        lastPreviousPoint = point
        lastCurrentPoint = point
        lineLengthSoFar = 0
    }

    public override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        guard let touch = touches.first else { return }
        let previous = touch.previousLocation(in: view)
        let current = touch.location(in: view)
        let angle = AngleCheckmarkRecognizer.angleBetweenLines(lastPreviousPoint, lastCurrentPoint, previous, current)
        if angle >= AngleCheckmarkRecognizer.minimumAngle && angle <= AngleCheckmarkRecognizer.maximumAngle
            && lineLengthSoFar > AngleCheckmarkRecognizer.minimumLength {
            setState(.ended, because: "segments turned \(NumberFormat.short(angle)) degrees (50 to 135) after \(NumberFormat.short(lineLengthSoFar)) pt of travel",
                     evidence: [Evidence("angle", value: angle, threshold: AngleCheckmarkRecognizer.minimumAngle, unit: "deg", comparison: ">="),
                                Evidence("lineLengthSoFar", value: lineLengthSoFar, threshold: AngleCheckmarkRecognizer.minimumLength, unit: "pt", comparison: ">")])
        }
        lineLengthSoFar += previous.distance(to: current)
        lastPreviousPoint = previous
        lastCurrentPoint = current
    }

    /// The book's helper (CGPointUtils.c): the angle between two lines in degrees, from the
    /// arccosine of their normalised dot product; NaN when either has zero length.
    public static func angleBetweenLines(_ line1Start: Point, _ line1End: Point, _ line2Start: Point, _ line2End: Point) -> Double {
        let a = line1End.x - line1Start.x
        let b = line1End.y - line1Start.y
        let c = line2End.x - line2Start.x
        let d = line2End.y - line2Start.y
        let radians = acos((a * c + b * d) / ((a * a + b * b).squareRoot() * (c * c + d * d).squareRoot()))
        return 180.0 * radians / .pi
    }
}
