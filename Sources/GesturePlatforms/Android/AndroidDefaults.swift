/// Android's gesture constants, in one place with their sources: `android/view/ViewConfiguration.java`
/// and `GestureDetector.java` of AOSP API 34 (Android 14), line numbers as the platform reference
/// gives them (sections 2.4, 2.5, 2.7). GestureLab's points are taken as dp at density 1, so
/// these dp values are pixels.
public enum AndroidDefaults {
    /// `TOUCH_SLOP` (`ViewConfiguration.java:181`), dp: the Java fallback; the real value is
    /// `config_viewConfigurationTouchSlop`, 8dp by secondary sources (unconfirmed from the
    /// primary config.xml; OEM overlays may change it).
    public static let touchSlop = 8.0
    /// `DOUBLE_TAP_TOUCH_SLOP` (`:195, :510`) = the touch slop: how far a first tap may move and
    /// still start a double tap.
    public static let doubleTapTouchSlop = touchSlop
    /// `DOUBLE_TAP_SLOP` (`:214`), dp: the second down nearer than this to the first (strict `<`).
    public static let doubleTapSlop = 100.0
    /// `TAP_TIMEOUT` (`:122`): the pressed state's delay in a scrolling container; `SHOW_PRESS`.
    public static let tapTimeoutMs = 100.0
    /// `DEFAULT_LONG_PRESS_TIMEOUT` (`:79`): 400 ms since Android 12 (500 before; Flutter's is 500).
    public static let longPressTimeoutMs = 400.0
    /// `DOUBLE_TAP_TIMEOUT` (`:136`): the `TAP` message is posted this long after a down, and
    /// the second down must come within it of the first up.
    public static let doubleTapTimeoutMs = 300.0
    /// `DOUBLE_TAP_MIN_TIME` (`:143`): the least time from the first up to the second down.
    public static let doubleTapMinTimeMs = 40.0
    /// `PRESSED_STATE_DURATION` (`:72`).
    public static let pressedStateDurationMs = 64.0
    /// `MINIMUM_FLING_VELOCITY` (`:230`), dp/s (`config_viewMinFlingVelocity`, 50dp by secondary
    /// sources, unconfirmed from the primary).
    public static let minimumFlingVelocity = 50.0
    /// `MAXIMUM_FLING_VELOCITY` (`:235`), dp/s.
    public static let maximumFlingVelocity = 8000.0
    /// `ScaleGestureDetector`'s span slop (`ScaleGestureDetector.java:206`): twice the touch slop.
    public static let scaleSpanSlop = 2 * touchSlop
    /// `config_minScalingSpan` (`ScaleGestureDetector.java:358-366`): UNCONFIRMED. AOSP's
    /// config.xml is commonly quoted as 27mm, which at density 1 (160 dpi) is 170 dp; a scene
    /// may set `android: {minScalingSpan: N}` on the pinch.
    public static let minScalingSpan = 27.0 / 25.4 * 160
    /// GestureLab's, not Android's: the window of the straight-line velocity that decides whether a
    /// lift is a fling (`VelocityTracker`'s own strategy is not modelled; only the threshold
    /// `minimumFlingVelocity` matters to what is logged).
    public static let velocityWindowMs = 100.0
}
