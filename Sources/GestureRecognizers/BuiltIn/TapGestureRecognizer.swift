import GestureEngine
import GestureTrace

/// UIKit's `UITapGestureRecognizer` (docs/uikit-rules.md A.6.1): discrete; recognized when
/// `numberOfTouchesRequired` fingers have tapped `numberOfTapsRequired` times.
///
/// It fails when a finger wanders further than `allowableMovement`, a tap lasts longer than
/// `maximumTapDuration`, the next tap starts later than `maximumTapInterval` after the last
/// one lifted, or too many fingers come down.
public final class TapGestureRecognizer: GestureRecognizer {
    public var numberOfTapsRequired = GestureDefaults.tapNumberOfTapsRequired
    public var numberOfTouchesRequired = GestureDefaults.tapNumberOfTouchesRequired
    public var maximumTapInterval = GestureDefaults.tapMaximumInterval
    public var maximumTapDuration = GestureDefaults.tapMaximumDuration
    public var allowableMovement = GestureDefaults.tapAllowableMovement
    public var maximumTouchSeparationTime = GestureDefaults.tapMaximumTouchSeparationTime

    public override var isDiscrete: Bool { true }
    public override var typeName: String { "tap" }
    public override var overlapsControlDefaultAction: Bool { numberOfTapsRequired == 1 && numberOfTouchesRequired == 1 }

    /// F.5.4: the buttons a click must press (`UIEvent.ButtonMask`: 1 primary, 2 secondary, 4 middle).
    public var buttonMaskRequired = 1

    private var tapsCompleted = 0
    private var touchesInTap: [Touch] = []
    private var tapStart: Timestamp?
    private var firstTapLocation: Point?
    private var intervalTimer: VirtualClock.TimerID?
    private var durationTimer: VirtualClock.TimerID?

    public override var ownParameters: [ParameterSpec] {
        [
            .integer("numberOfTapsRequired", \TapGestureRecognizer.numberOfTapsRequired, minimum: 1, "taps needed (documented default 1)"),
            .integer("numberOfTouchesRequired", \TapGestureRecognizer.numberOfTouchesRequired, minimum: 1, "fingers per tap (documented default 1)"),
            .seconds("maximumTapInterval", \TapGestureRecognizer.maximumTapInterval, "longest gap from one tap's lift to the next tap's touch (0.35 s, measured by others)"),
            .seconds("maximumTapDuration", \TapGestureRecognizer.maximumTapDuration, "longest a single tap may be held (0.75 s, assumed)"),
            .number("allowableMovement", \TapGestureRecognizer.allowableMovement, unit: "pt", "how far a finger may wander (45 pt, measured by others)"),
            .seconds("maximumTouchSeparationTime", \TapGestureRecognizer.maximumTouchSeparationTime, "longest gap between fingers of one multi-finger tap (0.2 s, assumed)"),
            .integer("buttonMaskRequired", \TapGestureRecognizer.buttonMaskRequired, minimum: 1, maximum: 65535,
                     "buttons a mouse or pen click must press (1 primary, 2 secondary, 4 middle; documented default primary); fingers ignore it"),
        ]
    }

    /// A tap never prevents a tap that needs more taps (A.3.5).
    public override func canPrevent(_ other: GestureRecognizer) -> Bool {
        if let tap = other as? TapGestureRecognizer, tap.numberOfTapsRequired > numberOfTapsRequired { return false }
        return true
    }

    public override func canBePrevented(by other: GestureRecognizer) -> Bool {
        if let tap = other as? TapGestureRecognizer, tap.numberOfTapsRequired < numberOfTapsRequired { return false }
        return true
    }

    /// The centroid of the first tap (A.6.1).
    public override func location(in view: View?) -> Point {
        guard let first = firstTapLocation else { return super.location(in: view) }
        return view?.convertFromWindow(first) ?? first
    }

    public override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        // F.5.4: evaluated on indirect devices only; a click with other buttons fails at once.
        if let t = touches.firstIndirect(notPressing: buttonMaskRequired) {
            let pressed = t.buttons ?? 1
            fail(because: "unexpectedButton: \(t.label) pressed buttons \(pressed), buttonMaskRequired is \(buttonMaskRequired)",
                 evidence: [Evidence("buttonMaskRequired", value: Double(pressed), threshold: Double(buttonMaskRequired), unit: "", comparison: "!=")])
            return
        }
        cancelTimer(intervalTimer)
        intervalTimer = nil
        if touchesInTap.isEmpty {
            tapStart = now
            durationTimer = startTimer("maximumTapDuration", after: maximumTapDuration, tapHeldTooLong)
        } else if let start = tapStart, now - start > maximumTouchSeparationTime {
            fail(because: "a finger joined the tap \(NumberFormat.ms(now - start)) after the first, more than maximumTouchSeparationTime",
                 evidence: [Evidence("maximumTouchSeparationTime", value: (now - start).seconds, threshold: maximumTouchSeparationTime.seconds, unit: "s", comparison: ">")])
            return
        }
        touchesInTap.append(contentsOf: touches)
        let down = touchesInTap.downCount
        if down > numberOfTouchesRequired {
            fail(because: "\(down) fingers down, numberOfTouchesRequired is \(numberOfTouchesRequired)")
            return
        }
        if let first = firstTapLocation {
            for t in touches {
                let d = t.locationInWindow.distance(to: first)
                if d > allowableMovement {
                    fail(because: "tap \(tapsCompleted + 1) landed \(NumberFormat.short(d)) pt from the first tap, beyond allowableMovement",
                         evidence: [Evidence("allowableMovement", value: d, threshold: allowableMovement, unit: "pt", comparison: ">")])
                    return
                }
            }
        }
    }

    public override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        if let (t, d) = firstTouch(touches, movedBeyond: allowableMovement) {
            fail(because: "\(t.label) moved \(NumberFormat.short(d)) pt, beyond allowableMovement",
                 evidence: [Evidence("allowableMovement", value: d, threshold: allowableMovement, unit: "pt", comparison: ">")])
        }
    }

    public override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        guard !touchesInTap.anyDown else { return }
        cancelTimer(durationTimer)
        durationTimer = nil
        if touchesInTap.count < numberOfTouchesRequired {
            fail(because: "tap \(tapsCompleted + 1) had \(touchesInTap.count) finger(s), numberOfTouchesRequired is \(numberOfTouchesRequired)")
            return
        }
        if firstTapLocation == nil { firstTapLocation = centroidInWindow(of: touchesInTap, atStart: true) }
        tapsCompleted += 1
        touchesInTap.clearKeepingCapacity()
        tapStart = nil
        if tapsCompleted >= numberOfTapsRequired {
            setState(.recognized, because: CauseText("%d of %d tap(s) completed", Double(tapsCompleted), Double(numberOfTapsRequired)),
                     evidence: [Evidence("numberOfTapsRequired", value: Double(tapsCompleted), threshold: Double(numberOfTapsRequired), unit: "taps", comparison: ">=")])
        } else {
            intervalTimer = startTimer("maximumTapInterval", after: maximumTapInterval, nextTapTooLate)
        }
    }

    // The timers' actions, made once per recognizer rather than once per tap (a closure is an
    // allocation, and every touch starts a timer). They read the count when they fire: the next
    // tap's touch cancels the interval timer before it changes the count.
    private lazy var tapHeldTooLong: () -> Void = { [unowned self] in
        self.fail(because: "tap \(self.tapsCompleted + 1) held longer than maximumTapDuration",
                  evidence: [Evidence("maximumTapDuration", value: self.maximumTapDuration.seconds, threshold: self.maximumTapDuration.seconds, unit: "s", comparison: ">=")])
    }

    private lazy var nextTapTooLate: () -> Void = { [unowned self] in
        let done = self.tapsCompleted
        self.fail(because: "no tap \(done + 1) within maximumTapInterval \(NumberFormat.ms(self.maximumTapInterval)) (\(done) of \(self.numberOfTapsRequired) taps)",
                  evidence: [Evidence("maximumTapInterval", value: self.maximumTapInterval.seconds, threshold: self.maximumTapInterval.seconds, unit: "s", comparison: ">=")])
    }

    public override func reset() {
        tapsCompleted = 0
        // The storage is kept for the next tap, usually within the second.
        touchesInTap.clearKeepingCapacity()
        tapStart = nil
        firstTapLocation = nil
        intervalTimer = nil
        durationTimer = nil
    }
}
