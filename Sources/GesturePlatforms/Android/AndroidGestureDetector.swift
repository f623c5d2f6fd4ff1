import GestureEngine
import GestureTrace

/// `android.view.GestureDetector` (`GestureDetector.java`, API 34; the platform reference's
/// section 2.4), fed by the view's touch listener. A scene's recognizers are its callbacks:
/// a tap is `onSingleTapUp` (or `onSingleTapConfirmed` when the view also has a double tap), a
/// double tap `onDoubleTap`, a pan `onScroll` (and `onFling`), a long press `onLongPress`.
///
/// At a down it posts `TAP` 300 ms later (with a double-tap listener), `SHOW_PRESS` 100 ms and
/// `LONG_PRESS` 400 ms later. A second down while `TAP` is pending is a double tap when the
/// first tap stayed within the touch slop, came up 40-300 ms before, and the downs are nearer
/// than 100 dp (integer coordinates, squares, strict `<`): `onDoubleTap` fires at that down. A
/// pending `TAP` removed by a down that is no double tap discards the first tap's confirmation.
/// Moving beyond the touch slop scrolls and cancels the taps and the long press.
final class AndroidGestureDetector {
    unowned let node: AndroidNode
    unowned let dispatch: AndroidTouchDispatch
    var singleTapUp: PlatformRecognizer?
    var singleTapConfirmed: PlatformRecognizer?
    var doubleTap: PlatformRecognizer?
    var scroll: PlatformRecognizer?
    var longPress: PlatformRecognizer?
    /// The axis a pan's `onScroll` code accepts a first scroll along (a scene's direction
    /// policy); nil for any.
    var scrollAxis: Axis?
    enum Axis { case horizontal, vertical }

    /// A `SimpleOnGestureListener` is also an `OnDoubleTapListener` (`:428-430`); a listener
    /// without double-tap callbacks is taken not to be one.
    var hasDoubleTapListener: Bool { singleTapConfirmed != nil || doubleTap != nil }

    private var currentDown: (time: Timestamp, at: Point)?
    private var previousUp: (time: Timestamp, at: Point)?
    private var alwaysInTapRegion = false
    private var alwaysInBiggerTapRegion = false
    private var stillDown = false
    private var inLongPress = false
    private var deferConfirmSingleTap = false
    private var isDoubleTapping = false
    private var downFocus = Point.zero
    private var lastFocus = Point.zero
    private var tapMessage: VirtualClock.TimerID?
    private var showPressMessage: VirtualClock.TimerID?
    private var longPressMessage: VirtualClock.TimerID?
    private var samples: [(t: Double, p: Point)] = []

    init(node: AndroidNode, dispatch: AndroidTouchDispatch) {
        self.node = node
        self.dispatch = dispatch
    }

    private var name: String { node.name }
    private func f(_ v: Double) -> String { PlatformRecognizer.f(v) }

    func onTouchEvent(_ ev: AndroidMotionEvent) {
        let focus = ev.focus
        switch ev.action {
        case .pointerDown, .pointerUp:
            downFocus = focus
            lastFocus = focus
            if ev.action == .pointerDown { cancelTaps(because: "a second finger went down") }
        case .down:
            down(ev, focus)
        case .move:
            move(ev, focus)
        case .up:
            up(ev)
        case .cancel:
            cancel(because: dispatch.cancelReason ?? "ACTION_CANCEL")
        }
    }

    private func down(_ ev: AndroidMotionEvent, _ focus: Point) {
        for r in [singleTapUp, singleTapConfirmed, scroll, longPress] { dispatch.begin(r, ev) }
        if hasDoubleTapListener {
            let hadTapMessage = tapMessage != nil
            dispatch.cancelTimer(tapMessage)
            tapMessage = nil
            if let first = currentDown, let up = previousUp, hadTapMessage, let verdict = isConsideredDoubleTap(first, up, ev.time, focus), verdict.isDouble {
                isDoubleTapping = true
                if let doubleTap {
                    dispatch.publish(doubleTap, .recognized, Cause(.touches, verdict.why))
                    dispatch.out.callback(doubleTap, .onDoubleTap, detail: "(at the second down)")
                }
                if let singleTapConfirmed {
                    dispatch.fail(singleTapConfirmed, Cause(.touches, "the second down made a double tap: the first tap is not confirmed"))
                }
            } else {
                if hadTapMessage {
                    // The pending TAP is removed (`:610-611`): the first tap's confirmation is lost.
                    let why = currentDown.flatMap { first in previousUp.flatMap { up in isConsideredDoubleTap(first, up, ev.time, focus)?.why } }
                        ?? "a second down came while the first tap's TAP message was pending"
                    dispatch.fail(singleTapConfirmed, Cause(.touches, "\(why): its TAP message is removed and its confirmation lost (GestureDetector.java:609-627)"))
                    dispatch.fail(doubleTap, Cause(.touches, "\(why), so it is no double tap (GestureDetector.java:869-886)"))
                }
                dispatch.begin(doubleTap, ev)
                dispatch.begin(singleTapConfirmed, ev)
                tapMessage = dispatch.schedule("GestureDetector TAP (\(f(dispatch.settings.doubleTapTimeoutMs)) ms after the down)", owner: name,
                                               afterMs: dispatch.settings.doubleTapTimeoutMs) { [unowned self] in self.tapFired() }
            }
        }
        downFocus = focus
        lastFocus = focus
        currentDown = (ev.time, focus)
        alwaysInTapRegion = true
        alwaysInBiggerTapRegion = true
        stillDown = true
        inLongPress = false
        deferConfirmSingleTap = false
        samples = [(ev.time.milliseconds, focus)]
        dispatch.cancelTimer(longPressMessage)
        longPressMessage = dispatch.schedule("GestureDetector LONG_PRESS (\(f(dispatch.settings.longPressTimeoutMs)) ms after the down)", owner: name,
                                             afterMs: dispatch.settings.longPressTimeoutMs) { [unowned self] in self.dispatchLongPress() }
        dispatch.cancelTimer(showPressMessage)
        showPressMessage = dispatch.schedule("GestureDetector SHOW_PRESS (\(f(dispatch.settings.tapTimeoutMs)) ms after the down)", owner: name,
                                             afterMs: dispatch.settings.tapTimeoutMs) { [unowned self] in self.showPressMessage = nil }
    }

    private func move(_ ev: AndroidMotionEvent, _ focus: Point) {
        samples.append((ev.time.milliseconds, focus))
        if inLongPress { return }
        let scrollX = lastFocus.x - focus.x, scrollY = lastFocus.y - focus.y
        if isDoubleTapping { return }
        if alwaysInTapRegion {
            // Integer deltas, compared as squares (`:705-721`).
            let dx = Double(Int(focus.x - downFocus.x)), dy = Double(Int(focus.y - downFocus.y))
            let distance = dx * dx + dy * dy
            let slop = dispatch.settings.touchSlop
            if distance > slop * slop {
                let moved = (distance).squareRoot()
                startOrUpdateScroll(scrollX, scrollY, first: true,
                                    Cause(.touches, "moved \(f(moved)) dp from the down > touch slop \(f(slop)) (GestureDetector.java:705-717)",
                                          evidence: [Evidence("touchSlop", value: moved, threshold: slop, unit: "dp", comparison: ">")]))
                lastFocus = focus
                alwaysInTapRegion = false
                let why = Cause(.touches, "moved \(f(moved)) dp > touch slop \(f(slop)): the taps and the long press are cancelled (GestureDetector.java:705-717)")
                dispatch.cancelTimer(tapMessage)
                tapMessage = nil
                dispatch.cancelTimer(showPressMessage)
                dispatch.cancelTimer(longPressMessage)
                showPressMessage = nil
                longPressMessage = nil
                dispatch.fail(singleTapUp, why)
                dispatch.fail(singleTapConfirmed, why)
                dispatch.fail(longPress, why)
            }
            if distance > dispatch.settings.doubleTapTouchSlop * dispatch.settings.doubleTapTouchSlop {
                alwaysInBiggerTapRegion = false
                dispatch.fail(doubleTap, Cause(.touches, "the first tap moved beyond the double-tap touch slop (GestureDetector.java:718-721)"))
            }
        } else if abs(scrollX) >= 1 || abs(scrollY) >= 1 {
            startOrUpdateScroll(scrollX, scrollY, first: false, Cause(.touches, "the finger moved"))
            lastFocus = focus
        }
    }

    private func startOrUpdateScroll(_ dx: Double, _ dy: Double, first: Bool, _ cause: Cause) {
        let starting = scroll?.published == .possible
        if starting, let axis = scrollAxis {
            // The app's onScroll looks at the first scroll's direction and ignores the others.
            let along = axis == .horizontal ? abs(dx) > abs(dy) : abs(dy) > abs(dx)
            guard along else {
                dispatch.fail(scroll, Cause(.touches, "its onScroll code takes only a \(axis == .horizontal ? "horizontal" : "vertical") first scroll; this one is (\(f(-dx)), \(f(-dy)))"))
                return
            }
        }
        if first, node.disallowWhen == .onScroll {
            dispatch.requestDisallowIntercept(from: node, because: "its code asks when it starts scrolling")
        }
        guard let scroll, scroll.published == .possible || scroll.published == .began || scroll.published == .changed else { return }
        // After a second finger (cancelTaps) moves scroll at once, without the slop: the first
        // onScroll of the attempt is its beginning either way.
        dispatch.publish(scroll, starting ? .began : .changed, cause)
        dispatch.out.callback(scroll, .onScroll, words: CauseText("%n %n distance (%1, %1)", names: scroll.logName, .onScroll, numbers: dx, dy))
    }

    private func up(_ ev: AndroidMotionEvent) {
        stillDown = false
        let at = ev.focus
        samples.append((ev.time.milliseconds, at))
        if isDoubleTapping {
            dispatch.fail(singleTapUp, Cause(.touches, "the second tap of a double tap gives onDoubleTapEvent, not onSingleTapUp"))
        } else if inLongPress {
            dispatch.cancelTimer(tapMessage)
            tapMessage = nil
            inLongPress = false
            if let longPress, longPress.published == .began || longPress.published == .changed {
                dispatch.publish(longPress, .ended, Cause(.touches, "the finger lifted after the long press"))
            }
        } else if alwaysInTapRegion {
            if let singleTapUp {
                dispatch.publish(singleTapUp, .recognized, Cause(.touches, "lifted within the touch slop: onSingleTapUp at once (GestureDetector.java:751-757)"))
                dispatch.out.callback(singleTapUp, .onSingleTapUp)
            }
            if deferConfirmSingleTap, let singleTapConfirmed {
                dispatch.publish(singleTapConfirmed, .recognized, Cause(.touches, "its TAP message came while the finger was down: confirmed at the up (GestureDetector.java:751-757)"))
                dispatch.out.callback(singleTapConfirmed, .onSingleTapConfirmed)
            }
        } else {
            let v = velocity()
            let speed = v.length
            if let scroll, scroll.published == .began || scroll.published == .changed {
                let isFling = speed > dispatch.settings.minimumFlingVelocity
                dispatch.publish(scroll, .ended, Cause(.touches, isFling
                    ? "the finger lifted: a fling, \(f(speed)) dp/s > minimum fling velocity \(f(dispatch.settings.minimumFlingVelocity)) (GestureDetector.java:758-771)"
                    : "the finger lifted (\(f(speed)) dp/s, no fling)"))
                if isFling { dispatch.out.callback(scroll, .onFling, detail: "velocity \(v)") }
            }
        }
        if let scroll, scroll.published == .possible { dispatch.fail(scroll, Cause(.touches, "lifted within the touch slop: no scroll")) }
        dispatch.fail(longPress, Cause(.touches, "lifted before the long-press timeout \(f(dispatch.settings.longPressTimeoutMs)) ms"))
        previousUp = (ev.time, at)
        isDoubleTapping = false
        deferConfirmSingleTap = false
        dispatch.cancelTimer(showPressMessage)
        dispatch.cancelTimer(longPressMessage)
        showPressMessage = nil
        longPressMessage = nil
    }

    /// `cancel()` (`GestureDetector.java`): every message and state.
    private func cancel(because why: String) {
        for t in [tapMessage, showPressMessage, longPressMessage] { dispatch.cancelTimer(t) }
        tapMessage = nil
        showPressMessage = nil
        longPressMessage = nil
        isDoubleTapping = false
        stillDown = false
        alwaysInTapRegion = false
        alwaysInBiggerTapRegion = false
        deferConfirmSingleTap = false
        inLongPress = false
        let cause = Cause(.exclusion, why)
        for r in [singleTapUp, singleTapConfirmed, doubleTap, scroll, longPress] { dispatch.fail(r, cause) }
    }

    /// `cancelTaps()`: a second finger.
    private func cancelTaps(because why: String) {
        for t in [tapMessage, showPressMessage, longPressMessage] { dispatch.cancelTimer(t) }
        tapMessage = nil
        showPressMessage = nil
        longPressMessage = nil
        isDoubleTapping = false
        alwaysInTapRegion = false
        alwaysInBiggerTapRegion = false
        deferConfirmSingleTap = false
        inLongPress = false
        let cause = Cause(.touches, why)
        for r in [singleTapUp, singleTapConfirmed, doubleTap, longPress] { dispatch.fail(r, cause) }
    }

    private func tapFired() {
        tapMessage = nil
        // `TAP` (`:316-344`): confirmed now if the finger is up, else at the up.
        if !stillDown {
            if let singleTapConfirmed {
                dispatch.publish(singleTapConfirmed, .recognized, Cause(.timer, "no second down within \(f(dispatch.settings.doubleTapTimeoutMs)) ms of the first down (GestureDetector.java:316-344)"))
                dispatch.out.callback(singleTapConfirmed, .onSingleTapConfirmed)
            }
        } else {
            deferConfirmSingleTap = true
        }
        dispatch.fail(doubleTap, Cause(.timer, "no second down within \(f(dispatch.settings.doubleTapTimeoutMs)) ms of the first down: its TAP message ran (GestureDetector.java:609-627)"))
        dispatch.endOfGesture()
    }

    private func dispatchLongPress() {
        longPressMessage = nil
        // `dispatchLongPress` (`:888-893`).
        dispatch.cancelTimer(tapMessage)
        tapMessage = nil
        deferConfirmSingleTap = false
        inLongPress = true
        let why = Cause(.timer, "the finger stayed down \(f(dispatch.settings.longPressTimeoutMs)) ms within the touch slop: LONG_PRESS (GestureDetector.java:888-893)")
        if let longPress {
            dispatch.publish(longPress, .began, why)
            dispatch.out.callback(longPress, .onLongPress)
        }
        dispatch.fail(singleTapUp, Cause(.timer, "a long press came first: no onSingleTapUp at the up"))
        dispatch.fail(singleTapConfirmed, Cause(.timer, "a long press removed its TAP message"))
        dispatch.fail(doubleTap, Cause(.timer, "a long press removed the TAP message a double tap needs"))
    }

    /// `isConsideredDoubleTap` (`:869-886`): a verdict and its reason.
    private func isConsideredDoubleTap(_ firstDown: (time: Timestamp, at: Point), _ firstUp: (time: Timestamp, at: Point), _ secondDownTime: Timestamp, _ secondDown: Point) -> (isDouble: Bool, why: String)? {
        guard alwaysInBiggerTapRegion else { return (false, "the first tap moved beyond the double-tap touch slop") }
        let delta = (secondDownTime - firstUp.time).milliseconds
        if delta > dispatch.settings.doubleTapTimeoutMs || delta < dispatch.settings.doubleTapMinTimeMs {
            return (false, "the second down came \(f(delta)) ms after the first up, outside \(f(dispatch.settings.doubleTapMinTimeMs))-\(f(dispatch.settings.doubleTapTimeoutMs)) ms")
        }
        let dx = Double(Int(firstDown.at.x) - Int(secondDown.x)), dy = Double(Int(firstDown.at.y) - Int(secondDown.y))
        let d2 = dx * dx + dy * dy
        if d2 < dispatch.settings.doubleTapSlop * dispatch.settings.doubleTapSlop {
            return (true, "a second down \(f(d2.squareRoot())) dp from the first (< \(f(dispatch.settings.doubleTapSlop))), \(f(delta)) ms after the first up, while the first down's TAP message was pending (GestureDetector.java:609-627, 869-886)")
        }
        return (false, "the second down was \(f(d2.squareRoot())) dp from the first, not < \(f(dispatch.settings.doubleTapSlop))")
    }

    /// A least-squares slope over the last 100 ms (VelocityTracker's strategy is not modelled
    /// exactly; only whether the speed passes the fling threshold is used).
    private func velocity() -> Vector {
        guard let last = samples.last else { return .zero }
        let recent = samples.filter { last.t - $0.t <= AndroidDefaults.velocityWindowMs }
        guard recent.count >= 2, let first = recent.first, last.t > first.t else { return .zero }
        let dt = (last.t - first.t) / 1000
        return Vector(dx: (last.p.x - first.p.x) / dt, dy: (last.p.y - first.p.y) / dt)
    }
}
