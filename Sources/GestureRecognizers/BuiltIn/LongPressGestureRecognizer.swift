import GestureEngine
import GestureTrace

/// UIKit's `UILongPressGestureRecognizer` (docs/uikit-rules.md A.6.2): continuous. Begins when the
/// required fingers have been held `minimumPressDuration` without moving further than
/// `allowableMovement`; then changes with every move, however far, and ends when a finger lifts.
/// The timer, not a touch event, makes it begin.
public final class LongPressGestureRecognizer: GestureRecognizer {
    public var minimumPressDuration = GestureDefaults.longPressMinimumDuration
    public var allowableMovement = GestureDefaults.longPressAllowableMovement
    public var numberOfTapsRequired = GestureDefaults.longPressNumberOfTapsRequired
    public var numberOfTouchesRequired = GestureDefaults.longPressNumberOfTouchesRequired
    /// Gap allowed between the taps before the press (uses the tap default).
    public var maximumTapInterval = GestureDefaults.tapMaximumInterval

    public override var typeName: String { "longPress" }

    private var pressTimer: VirtualClock.TimerID?
    private var tapTimer: VirtualClock.TimerID?
    private var tapsDone = 0
    private var pressStart: Timestamp?

    public override var ownParameters: [ParameterSpec] {
        [
            .seconds("minimumPressDuration", \LongPressGestureRecognizer.minimumPressDuration, "hold this long to begin (documented 0.5 s)"),
            .number("allowableMovement", \LongPressGestureRecognizer.allowableMovement, unit: "pt", "movement allowed before it begins (documented 10 pt)"),
            .integer("numberOfTapsRequired", \LongPressGestureRecognizer.numberOfTapsRequired, "full taps before the press (documented 0)"),
            .integer("numberOfTouchesRequired", \LongPressGestureRecognizer.numberOfTouchesRequired, minimum: 1, "fingers held (documented 1)"),
            .seconds("maximumTapInterval", \LongPressGestureRecognizer.maximumTapInterval, "gap allowed between the taps before the press (0.35 s, as the tap)"),
        ]
    }

    public override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        if state.isActive {
            for t in touches { ignore(t, for: event) }
            return
        }
        cancelTimer(tapTimer)
        tapTimer = nil
        let down = numberOfTouches
        if down > numberOfTouchesRequired {
            fail(because: "\(down) fingers down, numberOfTouchesRequired is \(numberOfTouchesRequired)")
            return
        }
        if down == numberOfTouchesRequired && tapsDone >= numberOfTapsRequired {
            // The clock starts when the last required finger lands (A.6.2).
            pressStart = now
            pressTimer = startTimer("minimumPressDuration", after: minimumPressDuration, heldLongEnough)
        }
    }

    public override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        if state.isActive {
            setState(.changed, because: "a finger moved")
            return
        }
        if let (t, d) = firstTouch(touches, movedBeyond: allowableMovement) {
            fail(because: CauseText("touch %d moved %1 pt before the press was long enough, beyond allowableMovement", Double(t.pointer), d),
                 evidence: [Evidence("allowableMovement", value: d, threshold: allowableMovement, unit: "pt", comparison: ">")])
        }
    }

    public override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if state.isActive {
            setState(.ended, because: "a finger lifted")
            return
        }
        if tapsDone < numberOfTapsRequired && numberOfTouches == 0 && pressTimer == nil {
            tapsDone += 1
            let done = tapsDone
            tapTimer = startTimer("maximumTapInterval", after: maximumTapInterval) { [unowned self] in
                self.fail(because: "no touch within maximumTapInterval after tap \(done)")
            }
            return
        }
        let held = pressStart.map { now - $0 } ?? Duration(microseconds: 0)
        fail(because: CauseText("lifted after %3 ms, before minimumPressDuration %3 ms", held.milliseconds, minimumPressDuration.milliseconds),
             evidence: [Evidence("minimumPressDuration", value: held.seconds, threshold: minimumPressDuration.seconds, unit: "s", comparison: "<")])
    }

    /// The press timer's action, made once per recognizer rather than once per touch (a closure
    /// is an allocation).
    private lazy var heldLongEnough: () -> Void = { [unowned self] in
        self.setState(.began, because: CauseText("held %3 ms without moving beyond allowableMovement", self.minimumPressDuration.milliseconds),
                      evidence: [Evidence("minimumPressDuration", value: self.minimumPressDuration.seconds,
                                          threshold: self.minimumPressDuration.seconds, unit: "s", comparison: ">=")])
    }

    public override func reset() {
        pressTimer = nil
        tapTimer = nil
        tapsDone = 0
        pressStart = nil
    }
}
