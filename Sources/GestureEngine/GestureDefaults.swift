import GestureTrace

/// Every default threshold GestureLab uses, in one place, each with where the number comes from.
///
/// Sources use the tags of `docs/uikit-rules.md` (A18 and the like are Apple documentation pages,
/// D1 a third party's reading of UIKit's private defaults, O5 a developer's report):
/// - documented: Apple's documentation or headers state it;
/// - measured by others: private values seen in implementations or reported by developers;
/// - assumed: nobody outside Apple knows; a named parameter so users can tune it to a device.
/// Recognizers and scene files override each of these per instance.
public enum GestureDefaults {
    // MARK: Tap (A.6.1)

    /// Documented (A18): one tap.
    public static let tapNumberOfTapsRequired = 1
    /// Documented (A18): one finger.
    public static let tapNumberOfTouchesRequired = 1
    /// Measured by others: 0.35 s between one tap's up and the next tap's down (D1's tap init;
    /// Mocha uses 350 ms). Not documented.
    public static let tapMaximumInterval = Duration.seconds(0.35)
    /// Measured by others: a finger may wander 45 pt and still tap (D1 default; Mocha uses 45).
    public static let tapAllowableMovement = 45.0
    /// Assumed: a single tap held longer than about 0.75 s fails (Mocha only; D1's value is private).
    public static let tapMaximumDuration = Duration.seconds(0.75)
    /// Assumed: fingers of a multi-finger tap must land within 0.2 s of each other (D1 has a
    /// private `allowableTouchTimeSeparation`, value not visible).
    public static let tapMaximumTouchSeparationTime = Duration.seconds(0.2)

    // MARK: Controls (F.2)

    /// Assumed: while tracking, a control counts a touch as inside up to about 70 pt beyond its
    /// bounds (O7's "about 70 pixels"; O8 saw more; D1's inset value is private; F.2.3, D-9).
    public static let controlTrackingMargin = 70.0

    // MARK: Pointer input (F.5)

    /// Assumed: one scroll-wheel notch scrolls 10 pt (UIKit's line height for wheel events is
    /// private; D-13). Used where a recording turns wheel notches into scroll deltas.
    public static let scrollWheelNotchDistance = 10.0
    /// Assumed: a wheel's scroll gesture ends 150 ms after its last notch (a wheel reports no end;
    /// what one notch is, a gesture of its own or part of a longer one, is undocumented, D-13).
    public static let scrollWheelQuietInterval = Duration.seconds(0.15)

    // MARK: Long press (A.6.2)

    /// Documented (A17): 0.5 s.
    public static let longPressMinimumDuration = Duration.seconds(0.5)
    /// Documented (A17): 10 points (the header says pixels).
    public static let longPressAllowableMovement = 10.0
    /// Documented (A17): no taps before the press, one finger.
    public static let longPressNumberOfTapsRequired = 0
    public static let longPressNumberOfTouchesRequired = 1

    // MARK: Pan (A.6.3)

    /// Documented (A19): 1 and unlimited.
    public static let panMinimumNumberOfTouches = 1
    public static let panMaximumNumberOfTouches = Int.max
    /// Assumed: 10 pt of movement along either axis before a pan begins. A private hysteresis
    /// exists (O4); Mocha uses 10, flowkey and WinObjC 5. Reference marks it L: tune it.
    public static let panHysteresis = 10.0
    /// Measured by others (D1): velocity blends 0.2 of the newest sample with 0.8 of the previous.
    public static let panVelocitySmoothing = 0.2

    // MARK: Swipe (A.6.4)

    /// Assumed: at least 50 pt along the direction (Mocha; D1's values are private).
    public static let swipeMinimumDistance = 50.0
    /// Assumed: within 0.5 s of touch down (Mocha 500 ms; D1 decays over 0.5 s).
    public static let swipeMaximumDuration = Duration.seconds(0.5)
    /// Assumed: sideways drift allowed, as a fraction of the distance along the direction.
    /// Mocha allows 5 pt absolute; a fixed 5 pt rejects most real swipes, so GestureLab uses a
    /// ratio (the header: a fast swipe needs less precision). Tune per device.
    public static let swipeMaximumDeviationRatio = 0.5
    /// Assumed: a swipe must move at least this fast on average.
    public static let swipeMinimumVelocity = 200.0

    // MARK: Pinch and rotation (A.6.5)

    /// Assumed: the distance between the fingers must change by 10 pt (a suggestion, nothing documented).
    public static let pinchMinimumSpanChange = 10.0
    /// Assumed: the fingers must turn by 0.1 rad, about 6 degrees (a suggestion, nothing documented).
    public static let rotationMinimumAngle = 0.1

    // MARK: Screen edge pan (A.6.6)

    /// Assumed: a touch must start within 20 pt of the edge (a suggestion, nothing documented).
    public static let screenEdgeZone = 20.0

    // MARK: Scroll view (A.7)

    /// Measured by others: about 150 ms before content sees a touch (W3 "let's say .15 s", O5).
    public static let scrollContentTouchDelay = Duration.seconds(0.15)
    /// Assumed: a scroll view's pan begins after the pan hysteresis (D1 has a private
    /// `_scrollHysteresis`, value not visible). A scene sets it per scroll view with
    /// `pan: {minimumDistance: N}`, a replay with `--set ID.pan.minimumDistance=N`.
    public static let scrollHysteresis = 10.0
    /// Documented: `UIScrollView.DecelerationRate.normal` is 0.998 and `.fast` 0.99, the share of
    /// the velocity kept per millisecond after the finger lifts (A23, `decelerationRate`).
    public static let scrollDecelerationRateNormal = 0.998
    public static let scrollDecelerationRateFast = 0.99
    /// Assumed: deceleration stops once the content could move less than half a point further
    /// (UIKit's threshold is private); with the normal rate, about 3.4 s after a 1,000 pt/s flick.
    public static let scrollDecelerationRestDistance = 0.5
    /// Assumed: the content moves once per frame of a 60 Hz display while it decelerates (a
    /// ProMotion display draws at up to 120 Hz; the offset at a given time is the same).
    public static let scrollDecelerationFrame = Duration(microseconds: 16_667)
}
