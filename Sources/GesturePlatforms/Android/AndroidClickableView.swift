import GestureEngine

/// `View.onTouchEvent` of a clickable view (`android/view/View.java:17037-17244`): the click
/// comes at the up while the view is pressed (or prepressed); the long click at 400 ms after the
/// down (in a scrolling container the press itself waits 100 ms, `CheckForTap`, and the long
/// press the rest). Moving outside the bounds widened by the touch slop clears the press, so no
/// click; movement inside never cancels it. `ACTION_CANCEL` clears everything.
final class AndroidClickableView {
    unowned let node: AndroidNode
    unowned let dispatch: AndroidTouchDispatch
    /// A tap of the scene as `setOnClickListener`.
    let click: PlatformRecognizer?
    /// A long press of the scene as `setOnLongClickListener` (the view is then long-clickable).
    let longClick: PlatformRecognizer?

    private var pressed = false
    private var prepressed = false
    private var hasPerformedLongPress = false
    private var tapTimer: VirtualClock.TimerID?
    private var longPressTimer: VirtualClock.TimerID?
    private var downTouches: [Int] = []

    init(node: AndroidNode, dispatch: AndroidTouchDispatch, click: PlatformRecognizer?, longClick: PlatformRecognizer?) {
        self.node = node
        self.dispatch = dispatch
        self.click = click
        self.longClick = longClick
    }

    private var name: String { node.name }

    func onTouchEvent(_ ev: AndroidMotionEvent) -> Bool {
        switch ev.action {
        case .down:
            dispatch.begin(click, ev)
            dispatch.begin(longClick, ev)
            hasPerformedLongPress = false
            if node.isInScrollingContainer {
                // `PFLAG_PREPRESSED` and `CheckForTap` after TAP_TIMEOUT (`:17150-17161`).
                prepressed = true
                tapTimer = dispatch.schedule("CheckForTap (\(PlatformRecognizer.f(dispatch.settings.tapTimeoutMs)) ms, in a scrolling container)", owner: name,
                                             afterMs: dispatch.settings.tapTimeoutMs) { [unowned self] in
                    self.tapTimer = nil
                    self.prepressed = false
                    self.pressed = true
                    self.checkForLongClick(afterMs: dispatch.settings.longPressTimeoutMs - dispatch.settings.tapTimeoutMs)
                }
            } else {
                pressed = true
                checkForLongClick(afterMs: dispatch.settings.longPressTimeoutMs)
            }
        case .move:
            let local = node.view.convertFromWindow(ev.first)
            let slop = dispatch.settings.touchSlop
            let b = node.view.bounds
            let inside = local.x >= b.origin.x - slop && local.y >= b.origin.y - slop && local.x < b.origin.x + b.size.width + slop && local.y < b.origin.y + b.size.height + slop
            if !inside && (pressed || prepressed) {
                // `pointInView(x, y, mTouchSlop)` false (`:17213-17223`).
                dispatch.cancelTimer(tapTimer)
                dispatch.cancelTimer(longPressTimer)
                tapTimer = nil
                longPressTimer = nil
                pressed = false
                prepressed = false
                let why = Cause(.touches, "the finger left \(name)'s bounds widened by the touch slop \(PlatformRecognizer.f(slop)): the press is cleared (View.java:17213-17223)")
                dispatch.fail(click, why)
                if !hasPerformedLongPress { dispatch.fail(longClick, why) }
            }
        case .up:
            if pressed || prepressed {
                if !hasPerformedLongPress {
                    dispatch.cancelTimer(longPressTimer)
                    longPressTimer = nil
                    if let click {
                        // `post(mPerformClick)`: it runs right after this up (`:17095-17110`).
                        dispatch.publish(click, .recognized, Cause(.touches, "the finger lifted while \(name) was \(prepressed ? "prepressed" : "pressed"): performClick (View.java:17095-17110)"))
                        dispatch.out.callback(click, .onClick)
                    }
                    dispatch.fail(longClick, Cause(.touches, "lifted before the long-press timeout \(PlatformRecognizer.f(dispatch.settings.longPressTimeoutMs)) ms"))
                } else {
                    dispatch.fail(click, Cause(.touches, "the long click consumed the press: no click (View.java:17095)"))
                }
            }
            if let longClick, hasPerformedLongPress, longClick.published == .began {
                dispatch.publish(longClick, .ended, Cause(.touches, "the finger lifted"))
            }
            dispatch.cancelTimer(tapTimer)
            tapTimer = nil
            prepressed = false
            pressed = false
        case .cancel:
            dispatch.cancelTimer(tapTimer)
            dispatch.cancelTimer(longPressTimer)
            tapTimer = nil
            longPressTimer = nil
            pressed = false
            prepressed = false
            let why = Cause(.exclusion, (dispatch.cancelReason ?? "ACTION_CANCEL") + " (View.java:17173-17183)")
            dispatch.fail(click, why)
            dispatch.fail(longClick, why)
        case .pointerDown, .pointerUp:
            break
        }
        return true
    }

    /// The long-press check runs only for a long-clickable view (`:28463-28476`).
    private func checkForLongClick(afterMs ms: Double) {
        guard let longClick else { return }
        longPressTimer = dispatch.schedule("CheckForLongPress (\(PlatformRecognizer.f(dispatch.settings.longPressTimeoutMs)) ms after the down)", owner: name, afterMs: ms) { [unowned self] in
            self.longPressTimer = nil
            // `performLongClick`; the listener returns true (`:30108-30117`).
            self.hasPerformedLongPress = true
            self.dispatch.publish(longClick, .began, Cause(.timer, "held \(PlatformRecognizer.f(dispatch.settings.longPressTimeoutMs)) ms inside \(self.name): performLongClick (View.java:30108-30117)"))
            self.dispatch.out.callback(longClick, .onLongClick)
            self.dispatch.fail(self.click, Cause(.touches, "the long click consumed the press: no click at the up"))
        }
    }
}
