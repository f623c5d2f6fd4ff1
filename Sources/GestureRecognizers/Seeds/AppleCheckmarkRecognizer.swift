import GestureEngine

/// A faithful port of the checkmark recognizer in Apple's *Event Handling Guide for iOS*
/// (seed 002, Listing 1-8 and 1-9): `midPoint` is where the upstroke begins, `strokeUp` says
/// whether it has.
///
/// The listing's rules: more than one touch in one `touchesBegan` fails; before the upstroke a
/// move with x and y both not decreasing sets `midPoint`, one with x not decreasing and y not
/// increasing starts the upstroke, anything else fails; after the upstroke every move is
/// accepted; at touch-up it is recognized if still possible and the stroke turned up.
///
/// Quirks kept: a stroke that never turns up is not failed at touch-up (it stays `possible`);
/// once the upstroke starts, any movement, even back down and to the left, is accepted.
/// `touchesCancelled` clears the properties and sets failed (the seed's text; Apple's current
/// sample sets cancelled, which the state machine turns into failed anyway, A.1.5).
public final class AppleCheckmarkRecognizer: GestureRecognizer {
    public override var isDiscrete: Bool { true }
    public override var typeName: String { "checkmarkApple" }

    public private(set) var midPoint = Point.zero
    public private(set) var strokeUp = false

    public override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        if touches.count != 1 {
            fail(because: "\(touches.count) touches began together; the listing wants exactly 1")
        }
    }

    public override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        if state == .failed { return }
        guard let touch = touches.first else { return }
        let now = touch.location(in: view)
        let prev = touch.previousLocation(in: view)
        if !strokeUp {
            if now.x >= prev.x && now.y >= prev.y {
                midPoint = now
            } else if now.x >= prev.x && now.y <= prev.y {
                strokeUp = true
            } else {
                fail(because: "before the upstroke the finger moved \(direction(prev, now)); the downstroke goes right and down")
            }
        }
    }

    public override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if state == .possible && strokeUp {
            setState(.recognized, because: "the stroke turned up at \(midPoint)")
        }
    }

    public override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        midPoint = .zero
        strokeUp = false
        fail(because: "its touch was cancelled")
    }

    public override func reset() {
        midPoint = .zero
        strokeUp = false
    }
}
