import GestureEngine
import GestureTrace

#if canImport(Glibc)
import Glibc
#endif

/// A faithful port of the circle recognizer of *The iOS Developer's Cookbook* (seed 004,
/// recipes 4 and 5): at touch-up the stroke's points pass four tests in turn, and the least
/// bounding rectangle of the points is reported as `circle`.
///
/// 1. duration: at most 2 s from touch down (the listing reads the wall clock; here the replay's);
/// 2. inflections: sign changes of the x or y step, counted as the listing's loop does (each
///    step is the earlier point minus the later, `sign(0)` is +1, the last point is left out),
///    at most 5;
/// 3. closure: start and end no further apart than a third of the window's width;
/// 4. transit: the arcs swept around the bounding rectangle's centre add up to within -45 and
///    +180 degrees of a full turn.
///
/// Quirks kept: the transit sum is a 32-bit `float` as in the listing; a point at the exact
/// centre makes an arc NaN, which then passes test 4; the prose says the rectangle is centred on
/// the points' mean, the code does not, and the code is followed; a second finger's
/// `touchesBegan` restarts the points; fewer than 2 points fail.
public final class CookbookCircleRecognizer: GestureRecognizer {
    public static let maximumDuration = 2.0
    public static let maximumInflections = 5

    public override var isDiscrete: Bool { true }
    public override var typeName: String { "circleCookbook" }

    public private(set) var points: [Point] = []
    private var firstTouchDate: Timestamp?
    /// The recognized circle's bounding rectangle, in the view's coordinates.
    public private(set) var circle: Rect?

    public override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        if touches.count > 1 {
            fail(because: "\(touches.count) touches began together")
            return
        }
        points = [touches[0].location(in: view)]
        firstTouchDate = now
        circle = nil
    }

    public override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        guard let touch = touches.first else { return }
        points.append(touch.location(in: view))
    }

    public override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        let duration = firstTouchDate.map { (now - $0).seconds } ?? 0
        let windowWidth = view?.root.frame.width ?? 0
        switch CookbookCircleRecognizer.test(points, duration: duration, windowWidth: windowWidth) {
        case let .circle(rect, evidence):
            circle = rect
            setState(.recognized, because: "circle \(rect)", evidence: evidence)
        case let .rejected(reason, evidence):
            fail(because: reason, evidence: evidence)
        }
    }

    public override func reset() {
        points = []
        firstTouchDate = nil
    }

    public enum Verdict: Equatable {
        case circle(Rect, [Evidence])
        case rejected(String, [Evidence])
    }

    /// The listing's `testForCircle`, returning why instead of logging it.
    public static func test(_ points: [Point], duration: Double, windowWidth: Double) -> Verdict {
        guard points.count >= 2 else { return .rejected("too few points (\(points.count)) for a circle", []) }
        let durationEvidence = Evidence("duration", value: duration, threshold: maximumDuration, unit: "s", comparison: "<=")
        if Float(duration) > Float(maximumDuration) {
            return .rejected("excessive duration \(NumberFormat.precise(duration)) s (at most 2 s)", [durationEvidence])
        }
        let inflections = inflectionCount(points)
        let inflectionEvidence = Evidence("inflections", value: Double(inflections), threshold: Double(maximumInflections), unit: "", comparison: "<=")
        if inflections > maximumInflections {
            return .rejected("excessive inflections: \(inflections) (at most 5)", [inflectionEvidence])
        }
        let tolerance = Float(windowWidth / 3)
        let gap = points[0].distance(to: points[points.count - 1])
        let closureEvidence = Evidence("startToEnd", value: gap, threshold: Double(tolerance), unit: "pt", comparison: "<=")
        if Float(gap) > tolerance {
            return .rejected("start too far from end: \(NumberFormat.short(gap)) pt (at most a third of the window, \(NumberFormat.short(Double(tolerance))) pt)", [closureEvidence])
        }
        let rect = boundingRect(points)
        let center = rect.center
        func arc(_ a: Point, _ b: Point) -> Float {
            let v1 = Vector(dx: a.x - center.x, dy: a.y - center.y), v2 = Vector(dx: b.x - center.x, dy: b.y - center.y)
            var dot = v1.dx * v2.dx + v1.dy * v2.dy
            dot /= abs(v1.length) * abs(v2.length)
            return Float(abs(acos(dot)))
        }
        var distance: Float = arc(points[0], points[1])
        if points.count > 2 {
            for i in 1..<(points.count - 1) { distance += arc(points[i], points[i + 1]) }
        }
        let transitTolerance = distance - 2 * Float.pi
        let transitEvidence = Evidence("sweptAngle", value: Double(distance) * 180 / .pi, threshold: 360, unit: "deg", comparison: "within -45..+180 of")
        if transitTolerance < 0 && transitTolerance < -(Float.pi / 4) {
            return .rejected("transit too short: swept \(NumberFormat.short(Double(distance) * 180 / .pi)) degrees (at least 315)", [transitEvidence])
        }
        if transitTolerance > Float.pi {
            return .rejected("transit too long: swept \(NumberFormat.short(Double(distance) * 180 / .pi)) degrees (at most 540)", [transitEvidence])
        }
        return .circle(rect, [durationEvidence, inflectionEvidence, closureEvidence, transitEvidence])
    }

    /// Test 2's count, as the listing's loop has it: for i from 2 to count - 2, the step from
    /// point i to point i-1 against the step from i-1 to i-2, each taken as the listing's
    /// `dx(p1, p2) = p2.x - p1.x` called with the later point first, that is earlier minus later.
    /// With `sign(0) = +1` that is not the mirror of later minus earlier: a coordinate that holds
    /// still counts as positive either way round, so the order decides which steps are inflections.
    public static func inflectionCount(_ points: [Point]) -> Int {
        func sign(_ x: Double) -> Int { x < 0 ? -1 : 1 }
        func dx(_ p1: Point, _ p2: Point) -> Double { p2.x - p1.x }
        func dy(_ p1: Point, _ p2: Point) -> Double { p2.y - p1.y }
        guard points.count > 3 else { return 0 }
        var inflections = 0
        for i in 2..<(points.count - 1) {
            let deltx = dx(points[i], points[i - 1]), delty = dy(points[i], points[i - 1])
            let px = dx(points[i - 1], points[i - 2]), py = dy(points[i - 1], points[i - 2])
            if sign(deltx) != sign(px) || sign(delty) != sign(py) { inflections += 1 }
        }
        return inflections
    }

    /// The listing's least bounding rectangle, with its quirk: a rectangle equal to the zero
    /// rectangle (a first point at the origin) is replaced by the next point's.
    static func boundingRect(_ points: [Point]) -> Rect {
        var rect = Rect(x: 0, y: 0, width: 0, height: 0)
        let zero = rect
        for p in points {
            let pt = Rect(x: p.x, y: p.y, width: 0, height: 0)
            if rect == zero {
                rect = pt
            } else {
                let minX = min(rect.minX, pt.minX), minY = min(rect.minY, pt.minY)
                rect = Rect(x: minX, y: minY, width: max(rect.maxX, pt.maxX) - minX, height: max(rect.maxY, pt.maxY) - minY)
            }
        }
        return rect
    }
}
