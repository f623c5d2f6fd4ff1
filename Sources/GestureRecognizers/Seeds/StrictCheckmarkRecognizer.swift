import GestureEngine

/// A faithful port of the two-stroke checkmark recognizer of seed 000 ("CheckmarkGestureRecognizer",
/// a blog listing in Objective-C), quirks included, so a replay shows exactly why the published
/// code accepts or rejects a stroke.
///
/// The listing's rules, as its code has them (the prose says "greater", the code `>=`):
/// - more than one touch in one `touchesBegan` call fails;
/// - first stroke: while x and y both do not decrease, the current point becomes the turn point;
///   the first move with x not decreasing and y not increasing switches to the second stroke;
///   any other move fails;
/// - second stroke: a move to the left fails (y is not checked);
/// - at touch-up, in the second stroke: recognized if `turn.y - end.y > 2 * (turn.y - start.y)`,
///   otherwise failed.
///
/// Quirks kept: a touch that ends during the first stroke leaves the recognizer `possible` (the
/// listing sets nothing), so it keeps its phase and turn point into the next touch; a second
/// finger landing in its own `touchesBegan` call passes the count check and moves the start
/// point; all points are in the view's coordinates.
///
/// The listing's `resetCheckmark` is not shown. Choice (documented and tested): it restores
/// what a fresh object has, the first-stroke phase and zero points, so a stroke whose very first
/// move goes up-right measures its down stroke from the initial turn point (0, 0).
public final class StrictCheckmarkRecognizer: GestureRecognizer {
    enum Phase: String { case firstStrokeDown, secondStrokeUp }

    public override var isDiscrete: Bool { true }
    public override var typeName: String { "checkmarkStrict" }

    var phase = Phase.firstStrokeDown
    public private(set) var turnPoint = Point.zero
    public private(set) var startPoint = Point.zero

    public override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        if touches.count != 1 {
            fail(because: "\(touches.count) touches began together; the listing wants exactly 1")
            return
        }
        startPoint = touches[0].location(in: view)
    }

    public override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        if state == .failed { return }
        guard let touch = touches.first else { return }
        let new = touch.location(in: view)
        let prev = touch.previousLocation(in: view)
        switch phase {
        case .firstStrokeDown:
            if new.x >= prev.x && new.y >= prev.y {
                turnPoint = new
            } else if new.x >= prev.x && new.y <= prev.y {
                phase = .secondStrokeUp
            } else {
                fail(because: "first stroke moved \(direction(prev, new)): it must go right and down")
            }
        case .secondStrokeUp:
            if new.x < prev.x { fail(because: "second stroke moved left by \(NumberFormat.short(prev.x - new.x)) pt: it must go right") }
        }
    }

    public override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        guard state == .possible, phase == .secondStrokeUp, let touch = touches.first else { return }
        let end = touch.location(in: view)
        let lengthFirst = turnPoint.y - startPoint.y
        let lengthSecond = turnPoint.y - end.y
        let evidence = [Evidence("upStrokeOverDownStroke", value: lengthSecond, threshold: lengthFirst * 2, unit: "pt", comparison: ">")]
        if lengthSecond > lengthFirst * 2 {
            setState(.recognized, because: "up stroke \(NumberFormat.short(lengthSecond)) pt is more than twice the down stroke \(NumberFormat.short(lengthFirst)) pt", evidence: evidence)
        } else {
            fail(because: "up stroke \(NumberFormat.short(lengthSecond)) pt is not more than twice the down stroke \(NumberFormat.short(lengthFirst)) pt", evidence: evidence)
        }
    }

    public override func reset() {
        phase = .firstStrokeDown
        turnPoint = .zero
        startPoint = .zero
    }
}

/// "left and up", "right", ... for messages about one move.
func direction(_ from: Point, _ to: Point) -> String {
    let dx = to.x - from.x, dy = to.y - from.y
    var parts: [String] = []
    if dx < 0 { parts.append("left") } else if dx > 0 { parts.append("right") }
    if dy < 0 { parts.append("up") } else if dy > 0 { parts.append("down") }
    return parts.isEmpty ? "nowhere" : parts.joined(separator: " and ")
}
