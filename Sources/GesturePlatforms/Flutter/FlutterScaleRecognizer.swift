import GestureEngine

/// `ScaleGestureRecognizer` (`gestures/scale.dart:329-808`), which also reports rotation: the
/// focal point is the pointers' mean and the span their mean distance from it (a radius). It
/// accepts when the span moved more than `kScaleSlop` (18) or the focal point more than the
/// pan slop (36) since the pointers last changed; a pointer going down or up re-bases both, and
/// ends a scale in progress (`onEnd`; the next move starts it again). Alone in its arena it
/// wins at the down and starts with one pointer. The log shows began / changed / ended.
public final class FlutterScaleRecognizer: FlutterOneSequenceRecognizer {
    public override var flutterClassName: String { "ScaleGestureRecognizer" }
    public override var isDiscrete: Bool { false }
    /// `dragStartBehavior` defaults to `down` for a scale (`:337`).
    public var dragStartBehavior = FlutterDragRecognizer.DragStartBehavior.down

    private enum State: Int { case ready, possible, accepted, started }
    private var state = State.ready
    private var locations: PointerMap<Point> = [:]
    private var queue: [Int] = []
    private var initialFocal = Point.zero
    private var currentFocal: Point?
    private var initialSpan = 0.0
    private var currentSpan = 0.0
    private var isPrecise = false

    public override func addAllowedPointer(_ event: FlutterPointerEvent) {
        super.addAllowedPointer(event)
        if state == .ready {
            state = .possible
            initialSpan = 0
            currentSpan = 0
            isPrecise = event.isPrecise
        }
    }

    public override func handleEvent(_ event: FlutterPointerEvent) {
        var changedConfiguration = false
        var shouldStartIfAccepted = false
        switch event.kind {
        case .move:
            locations[event.pointer] = event.position
            shouldStartIfAccepted = true
        case .down:
            locations[event.pointer] = event.position
            queue.append(event.pointer)
            changedConfiguration = true
            shouldStartIfAccepted = true
        case .up, .cancel:
            locations[event.pointer] = nil
            queue.removeAll { $0 == event.pointer }
            changedConfiguration = true
        }
        update()
        if !changedConfiguration || reconfigure() { advance(shouldStartIfAccepted) }
        stopTrackingIfPointerNoLongerDown(event)
    }

    /// The focal point (the pointers' mean) and the span (their mean distance from it), summed
    /// in the queue's order as `_update` sums them, without arrays: it runs on every move.
    private func update() {
        var count = 0, x = 0.0, y = 0.0
        for pointer in queue {
            guard let p = locations[pointer] else { continue }
            count += 1
            x += p.x
            y += p.y
        }
        guard count > 0 else {
            currentFocal = currentFocal ?? .zero
            currentSpan = 0
            return
        }
        let n = Double(count)
        let focal = Point(x: x / n, y: y / n)
        currentFocal = focal
        var span = 0.0
        for pointer in queue {
            guard let p = locations[pointer] else { continue }
            span += p.distance(to: focal)
        }
        currentSpan = span / n
    }

    /// `_reconfigure` (`:663-697`): false when it ended a scale in progress.
    private func reconfigure() -> Bool {
        initialFocal = currentFocal ?? .zero
        initialSpan = currentSpan
        if state == .started {
            transition(to: .ended, Cause(.touches, "a pointer went down or up: the scale ends and waits for the next move (scale.dart:663-697)"))
            callback(.onEnd, "with \(queue.count) pointer\(queue.count == 1 ? "" : "s")")
            state = .accepted
            return false
        }
        return true
    }

    private func advance(_ shouldStartIfAccepted: Bool) {
        if state == .ready { state = .possible }
        if state == .possible {
            let spanDelta = abs(currentSpan - initialSpan)
            let focalDelta = (currentFocal ?? .zero).distance(to: initialFocal)
            let scaleSlop = binding.settings.scaleSlop(precise: isPrecise), panSlop = binding.settings.panSlop(precise: isPrecise)
            if spanDelta > scaleSlop {
                binding.withWin(Cause(.touches, "the span changed \(Self.f(spanDelta)) px > kScaleSlop \(Self.f(scaleSlop)) (scale.dart:705-709)",
                                      evidence: [Evidence("scaleSlop", value: spanDelta, threshold: scaleSlop, unit: "px", comparison: ">")])) { resolve(.accepted) }
            } else if focalDelta > panSlop {
                binding.withWin(Cause(.touches, "the focal point moved \(Self.f(focalDelta)) px > panSlop \(Self.f(panSlop)) (scale.dart:705-709)",
                                      evidence: [Evidence("panSlop", value: focalDelta, threshold: panSlop, unit: "px", comparison: ">")])) { resolve(.accepted) }
            }
        } else if state.rawValue >= State.accepted.rawValue {
            resolve(.accepted)
        }
        if state == .accepted && shouldStartIfAccepted {
            state = .started
            start(Cause(.touches, "a pointer moved after the scale was accepted"))
        }
        if state == .started {
            // On every move: templates, formatted only where the row is printed.
            let focal = currentFocal ?? .zero, n = Double(queue.count)
            transition(to: .changed, Cause(.touches, CauseText("scale %1, focal point (%1, %1)", initialSpan > 0 ? currentSpan / initialSpan : 1, focal.x, focal.y),
                                           otherName: nil))
            callback(.onUpdate, words: queue.count == 1 ? CauseText("%n %n with %d pointer", names: logName, .onUpdate, numbers: n)
                                                        : CauseText("%n %n with %d pointers", names: logName, .onUpdate, numbers: n))
        }
    }

    private func start(_ cause: Cause) {
        transition(to: .began, cause)
        callback(.onStart, "with \(queue.count) pointer\(queue.count == 1 ? "" : "s") at \(currentFocal ?? .zero)")
    }

    public override func acceptGesture(pointer: Int) {
        if state == .possible {
            state = .started
            start(winCause("it won the arena"))
            if dragStartBehavior == .start {
                initialFocal = currentFocal ?? .zero
                initialSpan = currentSpan
            }
        }
    }

    public override func rejectGesture(pointer: Int) {
        if state == .possible { fail(lossCause("rejected by the arena")) }
        locations[pointer] = nil
        queue.removeAll { $0 == pointer }
        stopTrackingPointer(pointer)
    }

    public override func didStopTrackingLastPointer(_ pointer: Int) {
        if state == .possible {
            fail(Cause(.touches, "its pointers lifted before it passed a slop"))
            resolve(.rejected)
        }
        state = .ready
        currentFocal = nil
    }

}
