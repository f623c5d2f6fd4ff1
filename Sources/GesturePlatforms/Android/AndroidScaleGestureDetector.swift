import GestureEngine

/// `android.view.ScaleGestureDetector` (`ScaleGestureDetector.java`, API 34; the platform
/// reference's section 2.7) for a scene's pinch: the span is a diameter, twice the pointers'
/// mean distance from the focus along each axis, combined with `hypot` (`:317-341`). Scaling
/// begins when the span moved more than twice the touch slop from where the pointers last
/// changed and is at least `minScalingSpan` (`:358-366`); a pointer going down or up ends a
/// scale in progress and re-bases the span (`:345-356`).
final class AndroidScaleGestureDetector {
    unowned let node: AndroidNode
    unowned let dispatch: AndroidTouchDispatch
    let recognizer: PlatformRecognizer
    /// The pinch's own `minScalingSpan`; nil for the scene's (`AndroidSettings`).
    var minSpanOverride: Double?
    private var minSpan: Double { minSpanOverride ?? dispatch.settings.minScalingSpan }

    private var inProgress = false
    private var initialSpan = 0.0

    init(node: AndroidNode, dispatch: AndroidTouchDispatch, recognizer: PlatformRecognizer) {
        self.node = node
        self.dispatch = dispatch
        self.recognizer = recognizer
    }

    private func f(_ v: Double) -> String { PlatformRecognizer.f(v) }

    func onTouchEvent(_ ev: AndroidMotionEvent) {
        if ev.action == .down { dispatch.begin(recognizer, ev) }
        let streamComplete = ev.action == .up || ev.action == .cancel
        if ev.action == .down || streamComplete {
            if inProgress {
                end(streamComplete ? "the last finger lifted" : "a new gesture began")
            } else if streamComplete {
                dispatch.fail(recognizer, Cause(.touches, ev.action == .cancel ? (dispatch.cancelReason ?? "ACTION_CANCEL") : "the fingers lifted before a scale began"))
            }
            if streamComplete { return }
        }
        let configChanged = ev.action == .down || ev.action == .pointerDown || ev.action == .pointerUp
        guard let (count, focus) = ev.counted else { return }
        let (devX, devY) = ev.meanDeviation(from: focus, count: count)
        let span = (4 * devX * devX + 4 * devY * devY).squareRoot()
        let wasInProgress = inProgress
        if configChanged {
            if inProgress { end("a finger went \(ev.action == .pointerDown ? "down" : "up")") }
            initialSpan = span
        }
        if !inProgress && span >= minSpan && (wasInProgress || abs(span - initialSpan) > dispatch.settings.scaleSpanSlop) {
            inProgress = true
            initialSpan = span
            let moved = abs(span - initialSpan)
            _ = moved
            dispatch.publish(recognizer, .began, Cause(.touches, wasInProgress ? "the fingers changed during a scale: it begins again"
                : "the span, \(f(span)) dp, moved more than the span slop \(f(dispatch.settings.scaleSpanSlop)) and is at least minScalingSpan \(f(minSpan)) (ScaleGestureDetector.java:358-366)",
                evidence: [Evidence("minScalingSpan", value: span, threshold: minSpan, unit: "dp", comparison: ">=")]))
            dispatch.out.callback(recognizer, .onScaleBegin)
        } else if ev.action == .move && inProgress {
            dispatch.publish(recognizer, .changed, Cause(.touches, CauseText("span %1 dp", span), otherName: nil))
            dispatch.out.callback(recognizer, .onScale)
        }
    }

    private func end(_ why: String) {
        inProgress = false
        dispatch.publish(recognizer, .ended, Cause(.touches, "\(why): the scale ends (ScaleGestureDetector.java:345-356)"))
        dispatch.out.callback(recognizer, .onScaleEnd)
    }
}
