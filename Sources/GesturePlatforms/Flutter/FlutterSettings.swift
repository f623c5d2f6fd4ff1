/// The values Flutter's recognizers read, `FlutterDefaults`' unless a scene says otherwise
/// (`flutter: {host: android}` or `flutter: {touchSlop: 12}` at the top of a scene). The host
/// decides the drag and pan slops (`DeviceGestureSettings.fromView`, `gesture_settings.dart:31-43`):
/// on Android they come from Android's touch slop; on iOS (unconfirmed: no iOS embedder setting was
/// found) and in `flutter_test` they are the framework's. Taps, double taps and long presses keep
/// `kTouchSlop` whatever the host (`recognizer.dart:596-597`).
public struct FlutterSettings: Sendable {
    public enum Host: String, Sendable, CaseIterable {
        /// Flutter on iOS: the framework's slops, 18 and 36.
        case ios
        /// Flutter on Android: drags and pans use Android's touch slop, 8 and 16.
        case android
    }

    public var host: Host = .ios
    /// The device touch slop drags use; nil: the host's.
    public var touchSlop: Double?
    /// The pan slop; nil: twice the device touch slop.
    public var panSlop: Double?
    public var scaleSlop = FlutterDefaults.scaleSlop
    /// `kTouchSlop` as taps and long presses use it (`preAcceptSlopTolerance`).
    public var preAcceptSlopTolerance = FlutterDefaults.touchSlop
    public var pressTimeoutMs = FlutterDefaults.pressTimeoutMs
    public var longPressTimeoutMs = FlutterDefaults.longPressTimeoutMs
    public var doubleTapTimeoutMs = FlutterDefaults.doubleTapTimeoutMs
    public var doubleTapMinTimeMs = FlutterDefaults.doubleTapMinTimeMs
    public var doubleTapSlop = FlutterDefaults.doubleTapSlop
    public var doubleTapTouchSlop = FlutterDefaults.doubleTapTouchSlop

    public init(host: Host = .ios) { self.host = host }

    /// `computeHitSlop` for drags (`events.dart:2456-2495`): the device's touch slop.
    func dragSlop(precise: Bool) -> Double {
        if precise { return FlutterDefaults.precisePointerHitSlop }
        return touchSlop ?? (host == .android ? FlutterDefaults.androidHostTouchSlop : FlutterDefaults.touchSlop)
    }

    /// `computePanSlop`: twice the device's touch slop.
    func panSlop(precise: Bool) -> Double {
        if precise { return FlutterDefaults.precisePointerPanSlop }
        return panSlop ?? 2 * dragSlop(precise: false)
    }

    /// `computeScaleSlop`: always `kScaleSlop`.
    func scaleSlop(precise: Bool) -> Double { precise ? FlutterDefaults.precisePointerScaleSlop : scaleSlop }

    /// The numbers a scene's `flutter:` block (and `sensitivity`) may set, as the log's evidence
    /// names them; times in ms, distances in logical px.
    public static let names = ["touchSlop", "panSlop", "scaleSlop", "preAcceptSlopTolerance", "pressTimeout", "longPressTimeout",
                               "doubleTapTimeout", "doubleTapMinTime", "doubleTapSlop", "doubleTapTouchSlop"]

    /// Sets a named value; false for an unknown name.
    public mutating func set(_ name: String, _ v: Double) -> Bool {
        switch name {
        case "touchSlop": touchSlop = v
        case "panSlop": panSlop = v
        case "scaleSlop": scaleSlop = v
        case "preAcceptSlopTolerance": preAcceptSlopTolerance = v
        case "pressTimeout": pressTimeoutMs = v
        case "longPressTimeout": longPressTimeoutMs = v
        case "doubleTapTimeout": doubleTapTimeoutMs = v
        case "doubleTapMinTime": doubleTapMinTimeMs = v
        case "doubleTapSlop": doubleTapSlop = v
        case "doubleTapTouchSlop": doubleTapTouchSlop = v
        default: return false
        }
        return true
    }
}
