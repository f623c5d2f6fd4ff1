/// Flutter's gesture constants, in one place with their sources: `gestures/constants.dart` of
/// Flutter 3.27.4 (line numbers as the platform reference gives them, section 1.5), in logical
/// pixels and milliseconds. GestureLab's points are iOS points, which Flutter's logical pixels
/// equal on iOS.
public enum FlutterDefaults {
    /// `kPressTimeout` (`:14`): a tap sends `onTapDown` after this if its arena is still open.
    public static let pressTimeoutMs = 100.0
    /// `kLongPressTimeout` (`:29`): a long press's deadline (Android's is 400 ms).
    public static let longPressTimeoutMs = 500.0
    /// `kDoubleTapTimeout` (`:35`): counted from the first tap's up (`multitap.dart:329, 358`).
    public static let doubleTapTimeoutMs = 300.0
    /// `kDoubleTapMinTime` (`:39`): counted from the first tap's down (`multitap.dart:73, 248`).
    public static let doubleTapMinTimeMs = 40.0
    /// `kDoubleTapTouchSlop` (`:44`) = `kTouchSlop`: how far each tap of a double tap may move.
    public static let doubleTapTouchSlop = touchSlop
    /// `kDoubleTapSlop` (`:49`): the second down at most this far from the first, inclusive.
    public static let doubleTapSlop = 100.0
    /// `kTouchSlop` (`:65`): tap and long-press slop (fixed, whatever the device settings); the
    /// default drag slop.
    public static let touchSlop = 18.0
    /// `kPanSlop` (`:76`), twice `kTouchSlop`: a pan's acceptance distance; a scale's focal slop.
    public static let panSlop = 36.0
    /// `kScaleSlop` (`:80`): a scale's span slop.
    public static let scaleSlop = 18.0
    /// `kMinFlingVelocity` (`:90`), px/s: a drag's fling threshold (Clamping physics; Bouncing,
    /// iOS's default, doubles it, `scroll_physics.dart:763`).
    public static let minFlingVelocity = 50.0
    /// `kMaxFlingVelocity` (`:95`), px/s: flings are clamped to it.
    public static let maxFlingVelocity = 8000.0
    /// `kPrecisePointerHitSlop` (`:103-109` with the next two): a mouse's tap slop.
    public static let precisePointerHitSlop = 1.0
    /// `kPrecisePointerPanSlop`: a mouse's pan slop.
    public static let precisePointerPanSlop = 2.0
    /// `kPrecisePointerScaleSlop`: a mouse's scale slop.
    public static let precisePointerScaleSlop = 1.0
    /// On an Android host, drags, pans and multi-drags take Android's touch slop instead
    /// (`DeviceGestureSettings.fromView`, `gesture_settings.dart:31-43`): 8 dp. Taps, double taps
    /// and long presses keep `touchSlop`. Unconfirmed for an iOS host, which is taken to use the
    /// framework's values (18 / 36).
    public static let androidHostTouchSlop = 8.0

    // `VelocityTracker`'s least-squares strategy (`gestures/velocity_tracker.dart`, its private
    // constants; not in the platform reference, so no line numbers): the samples it fits.
    /// `_horizonMilliseconds`: samples older than this before the newest are left out.
    public static let velocityHorizonMs = 100.0
    /// `_assumePointerMoveStoppedMilliseconds`: a gap this long means the pointer stopped.
    public static let velocityAssumeStoppedMs = 40.0
    /// `_historySize`: the samples kept.
    public static let velocityHistorySize = 20
    /// `_minSampleSize`: fewer samples give no velocity.
    public static let velocityMinSampleSize = 3
}
