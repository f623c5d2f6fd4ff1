/// The device and system values Android's classes read from `ViewConfiguration`, with
/// `AndroidDefaults`' values unless a scene says otherwise (`android: {touchSlop: 16}` at the top
/// of a scene): the touch slop and `config_minScalingSpan` are unconfirmed, OEMs change them, and
/// the long-press timeout is a user setting (`Settings.Secure.LONG_PRESS_TIMEOUT`).
public struct AndroidSettings: Sendable {
    public var touchSlop = AndroidDefaults.touchSlop
    public var doubleTapSlop = AndroidDefaults.doubleTapSlop
    public var tapTimeoutMs = AndroidDefaults.tapTimeoutMs
    public var longPressTimeoutMs = AndroidDefaults.longPressTimeoutMs
    public var doubleTapTimeoutMs = AndroidDefaults.doubleTapTimeoutMs
    public var doubleTapMinTimeMs = AndroidDefaults.doubleTapMinTimeMs
    public var minScalingSpan = AndroidDefaults.minScalingSpan
    public var minimumFlingVelocity = AndroidDefaults.minimumFlingVelocity

    public init() {}

    /// `DOUBLE_TAP_TOUCH_SLOP` is the touch slop (`ViewConfiguration.java:510`).
    var doubleTapTouchSlop: Double { touchSlop }
    /// `ScaleGestureDetector`'s span slop: twice the touch slop (`:206`).
    var scaleSpanSlop: Double { 2 * touchSlop }

    /// The names a scene's `android:` block (and `sensitivity`) may set, as the log's evidence
    /// names them; times in ms, distances in dp.
    public static let names = ["touchSlop", "doubleTapSlop", "tapTimeout", "longPressTimeout", "doubleTapTimeout", "doubleTapMinTime", "minScalingSpan", "minimumFlingVelocity"]

    /// Sets a named value; false for an unknown name.
    public mutating func set(_ name: String, _ v: Double) -> Bool {
        switch name {
        case "touchSlop": touchSlop = v
        case "doubleTapSlop": doubleTapSlop = v
        case "tapTimeout": tapTimeoutMs = v
        case "longPressTimeout": longPressTimeoutMs = v
        case "doubleTapTimeout": doubleTapTimeoutMs = v
        case "doubleTapMinTime": doubleTapMinTimeMs = v
        case "minScalingSpan": minScalingSpan = v
        case "minimumFlingVelocity": minimumFlingVelocity = v
        default: return false
        }
        return true
    }
}
