import GestureEngine

/// The platforms' callback names, as the log's action rows name them: numbered once (naming a
/// String takes a lock), used on every callback. `onUpdate`, `onLongPressMoveUpdate` and
/// `onScroll` are the engine's own, which counts them as routine rows.
extension LogName {
    static let onCancel = LogName("onCancel")
    static let onClick = LogName("onClick")
    static let onDoubleTap = LogName("onDoubleTap")
    static let onDoubleTapCancel = LogName("onDoubleTapCancel")
    static let onDoubleTapDown = LogName("onDoubleTapDown")
    static let onDown = LogName("onDown")
    static let onEnd = LogName("onEnd")
    static let onFling = LogName("onFling")
    static let onLongClick = LogName("onLongClick")
    static let onLongPress = LogName("onLongPress")
    static let onLongPressCancel = LogName("onLongPressCancel")
    static let onLongPressDown = LogName("onLongPressDown")
    static let onLongPressEnd = LogName("onLongPressEnd")
    static let onLongPressStart = LogName("onLongPressStart")
    static let onLongPressUp = LogName("onLongPressUp")
    static let onScale = LogName("onScale")
    static let onScaleBegin = LogName("onScaleBegin")
    static let onScaleEnd = LogName("onScaleEnd")
    static let onSingleTapConfirmed = LogName("onSingleTapConfirmed")
    static let onSingleTapUp = LogName("onSingleTapUp")
    static let onStart = LogName("onStart")
    static let onTap = LogName("onTap")
    static let onTapCancel = LogName("onTapCancel")
    static let onTapDown = LogName("onTapDown")
    static let onTapUp = LogName("onTapUp")
    static let startDrag = LogName("startDrag")
}
