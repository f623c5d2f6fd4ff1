import GestureEngine

/// `android.widget.ScrollView` (vertical), `HorizontalScrollView` and androidx
/// `NestedScrollView` (the platform reference's sections 2.3 and 2.6): in
/// `onInterceptTouchEvent` it takes the gesture from its child once the finger has moved more
/// than the touch slop along its axis from the down (integer coordinates), unless its content
/// cannot scroll (the framework views only) or a nested scroll is under way inside it; it then
/// asks its own parents not to intercept. In its `onTouchEvent` (no child took the down, or
/// after it intercepted) it scrolls by the finger's movement, the slop subtracted at the start.
final class AndroidScrollView {
    enum Kind: String { case scrollView = "ScrollView", horizontalScrollView = "HorizontalScrollView", nestedScrollView = "NestedScrollView" }

    unowned let node: AndroidNode
    unowned let dispatch: AndroidTouchDispatch
    let kind: Kind
    let contentSize: Size
    let scrollEnabled: Bool
    /// The scroll view's drag, `ID.pan` as UIKit's.
    let recognizer: PlatformRecognizer

    private var isBeingDragged = false
    private var lastMotion = 0
    private var activePointer = 0
    /// `mNestedScrollAxes` has the vertical axis: a nested scroll from inside is under way.
    var nestedScrollAxes = false
    /// The NestedScrollView ancestor that accepted this one's nested scroll.
    // An ancestor, which outlives this node: unowned (see `AndroidNode.parent`).
    private unowned var nestedParent: AndroidNode?

    init(node: AndroidNode, dispatch: AndroidTouchDispatch, kind: Kind, contentSize: Size, scrollEnabled: Bool, recognizer: PlatformRecognizer) {
        self.node = node
        self.dispatch = dispatch
        self.kind = kind
        self.contentSize = contentSize
        self.scrollEnabled = scrollEnabled
        self.recognizer = recognizer
    }

    private var vertical: Bool { kind != .horizontalScrollView }
    private var axisName: String { vertical ? "y" : "x" }
    private func coordinate(_ p: Point) -> Int { Int(vertical ? p.y : p.x) }
    private func f(_ v: Double) -> String { PlatformRecognizer.f(v) }

    private var range: Double {
        let v = node.view
        return max(0, vertical ? contentSize.height - v.frame.size.height : contentSize.width - v.frame.size.width)
    }

    private var offset: Double { vertical ? node.view.boundsOrigin.y : node.view.boundsOrigin.x }

    /// `getScrollY() == 0 && !canScrollVertically(1)` (`ScrollView.java:638-640`).
    private var cannotScroll: Bool { !scrollEnabled || (offset == 0 && range == 0) }

    private func pointerPosition(_ ev: AndroidMotionEvent) -> Point { ev.position(activePointer) ?? ev.first }

    // MARK: onInterceptTouchEvent (ScrollView.java:613-746)

    func onInterceptTouchEvent(_ ev: AndroidMotionEvent) -> Bool {
        if ev.action == .move && isBeingDragged { return true }
        if kind != .nestedScrollView && cannotScroll { return false }
        switch ev.action {
        case .down:
            dispatch.begin(recognizer, ev)
            activePointer = ev.actionPointer
            lastMotion = coordinate(ev.first)
            // `mIsBeingDragged = !mScroller.isFinished()`: flings are not simulated, so false.
            isBeingDragged = false
            startNestedScroll()
        case .move:
            let at = coordinate(pointerPosition(ev))
            let diff = abs(at - lastMotion)
            let slop = dispatch.settings.touchSlop
            if Double(diff) > slop && !nestedScrollAxes {
                startDrag(at: at, Cause(.touches, "\(node.name) intercepts: |d\(axisName)| \(diff) > touch slop \(f(slop)) (\(kind.rawValue).java onInterceptTouchEvent)",
                                        evidence: [Evidence("touchSlop", value: Double(diff), threshold: slop, unit: "dp", comparison: ">")]))
            }
        case .pointerDown, .pointerUp:
            break
        case .up, .cancel:
            endDrag(ev)
        }
        return isBeingDragged
    }

    // MARK: onTouchEvent (ScrollView.java:752-895)

    func onTouchEvent(_ ev: AndroidMotionEvent) -> Bool {
        guard scrollEnabled else { return false }
        switch ev.action {
        case .down:
            dispatch.begin(recognizer, ev)
            activePointer = ev.actionPointer
            lastMotion = coordinate(ev.first)
            startNestedScroll()
        case .move:
            let at = coordinate(pointerPosition(ev))
            var delta = lastMotion - at
            let slop = Int(dispatch.settings.touchSlop)
            if !isBeingDragged && abs(delta) > slop {
                startDrag(at: at, Cause(.touches, "\(node.name) drags: |d\(axisName)| \(abs(delta)) > touch slop \(slop) (\(kind.rawValue).java onTouchEvent)"))
                // The slop is subtracted from the first delta (`:809-820`).
                delta += delta > 0 ? -slop : slop
            }
            if isBeingDragged {
                lastMotion = at
                scroll(by: Double(delta))
            }
        case .pointerDown:
            activePointer = ev.actionPointer
            lastMotion = coordinate(ev.position(ev.actionPointer) ?? ev.first)
        case .pointerUp:
            if ev.actionPointer == activePointer, let other = ev.pointers.first(where: { $0.id != ev.actionPointer }) {
                activePointer = other.id
                lastMotion = coordinate(other.at)
            }
        case .up, .cancel:
            endDrag(ev)
        }
        return true
    }

    /// The gesture ended: a scroll view that did not drag has lost it, whether or not it was
    /// asked (a child may have disallowed interception).
    func gestureEnded(_ ev: AndroidMotionEvent, interceptionDisallowed: Bool) {
        guard !isBeingDragged else {
            // A drag whose end this view's handlers did not see (its own listener consumed it).
            endDrag(ev)
            return
        }
        dispatch.fail(recognizer, Cause(.touches, interceptionDisallowed
            ? "a view inside called requestDisallowInterceptTouchEvent(true): \(node.name) was not asked to intercept"
            : "the finger lifted without moving more than the touch slop \(f(dispatch.settings.touchSlop)) along \(axisName)"))
    }

    private func startDrag(at: Int, _ cause: @autoclosure () -> Cause) {
        isBeingDragged = true
        lastMotion = at
        if recognizer.published == .possible || !(recognizer.published == .began || recognizer.published == .changed) {
            dispatch.publish(recognizer, .began, cause())
            dispatch.out.callback(recognizer, .startDrag)
        }
        // `parent.requestDisallowInterceptTouchEvent(true)`.
        dispatch.requestDisallowIntercept(from: node, because: "\(kind.rawValue) starts dragging")
    }

    private func endDrag(_ ev: AndroidMotionEvent) {
        if isBeingDragged {
            isBeingDragged = false
            if ev.action == .cancel {
                dispatch.publish(recognizer, .cancelled, Cause(.exclusion, dispatch.cancelReason ?? "ACTION_CANCEL"))
            } else {
                dispatch.publish(recognizer, .ended, Cause(.touches, "the finger lifted (flings are not simulated)"))
            }
        } else {
            dispatch.fail(recognizer, Cause(.touches, ev.action == .cancel ? (dispatch.cancelReason ?? "ACTION_CANCEL")
                                                : "the finger lifted without moving more than the touch slop \(f(dispatch.settings.touchSlop)) along \(axisName)"))
        }
        if let p = nestedParent { p.scroller?.nestedScrollAxes = false }
        nestedParent = nil
    }

    /// `startNestedScroll`: only a NestedScrollView (nested scrolling enabled) starts one, and
    /// the nearest NestedScrollView above accepts it (`View.java:28698-28725`).
    private func startNestedScroll() {
        guard kind == .nestedScrollView, vertical else { return }
        var p = node.parent
        while let n = p {
            if let s = n.scroller, s.kind == .nestedScrollView {
                s.nestedScrollAxes = true
                nestedParent = n
                dispatch.out.note(nil, view: node.view, "\(node.name) starts a nested scroll; \(n.name) accepts it and will not intercept (NestedScrollView.onStartNestedScroll)")
                return
            }
            p = n.parent
        }
    }

    /// Scrolls by `delta` (positive: content moves up/left); what it cannot take goes to the
    /// nested scrolling parent (`dispatchNestedScroll`, scroll chaining).
    func scroll(by delta: Double) {
        let unconsumed = delta - moveContent(by: delta)
        dispatch.publish(recognizer, .changed, Cause(.touches, vertical ? CauseText("the finger moved %1 along y", delta) : CauseText("the finger moved %1 along x", delta), otherName: nil))
        if unconsumed != 0, let parent = nestedParent?.scroller {
            let taken = parent.moveContent(by: unconsumed)
            if taken != 0 { dispatch.out.note(nil, view: parent.node.view, "\(parent.node.name) takes \(f(taken)) that \(node.name) could not scroll (NestedScrollView.onNestedScroll)") }
        }
    }

    /// Moves the content within its range; what it moved.
    func moveContent(by delta: Double) -> Double {
        let before = offset
        let after = min(max(before + delta, 0), range)
        guard after != before else { return 0 }
        var o = node.view.boundsOrigin
        if vertical { o.y = after } else { o.x = after }
        node.view.boundsOrigin = o
        dispatch.out.appEffect(node.view, "\(node.name) contentOffset \(o)")
        return after - before
    }
}
