import GestureEngine

/// The drag recognizers of `gestures/monodrag.dart`: `VerticalDragGestureRecognizer` and
/// `HorizontalDragGestureRecognizer` (an `axis`) and `PanGestureRecognizer` (none).
///
/// `onDown` at the down. Until it wins it adds up the movement: a vertical or horizontal drag the
/// signed distance along its axis (`|Σdy| > 18`, or the Android host's 8), a pan the length of
/// the path (`Σ|d| > 36`); past that slop it accepts, which in a closed arena wins at once. On
/// winning (even without moving, when it is alone in its arena) `onStart`, then `onUpdate` per
/// move and `onEnd` at the lift, with a fling velocity when it passes the fling test. If it is
/// still competing when the pointer lifts, or another recognizer wins, `onCancel`.
public final class FlutterDragRecognizer: FlutterOneSequenceRecognizer {
    public enum Axis: String, Sendable, CaseIterable { case vertical, horizontal }
    public enum DragStartBehavior: String, Sendable, CaseIterable {
        /// `onStart` at the place where the drag was accepted; the slop's travel is not reported.
        case start
        /// `onStart` at the down; one `onUpdate` carries the travel up to acceptance.
        case down
    }

    public let axis: Axis?
    public var dragStartBehavior = DragStartBehavior.start
    /// The fling test's thresholds (`minFlingVelocity`, `minFlingDistance`): a Scrollable's
    /// come from its physics.
    public var minFlingVelocity = FlutterDefaults.minFlingVelocity
    /// nil: the device's hit slop (`minFlingDistance ?? computeHitSlop(...)`, `monodrag.dart:907-911`).
    public var minFlingDistance: Double?
    /// The Scrollable this drag belongs to, which it scrolls.
    var scrollable: FlutterScrollable?

    public override var flutterClassName: String {
        switch axis {
        case .vertical?: return "VerticalDragGestureRecognizer"
        case .horizontal?: return "HorizontalDragGestureRecognizer"
        case nil: return "PanGestureRecognizer"
        }
    }
    public override var isDiscrete: Bool { false }

    private enum State { case ready, possible, accepted }
    private var state = State.ready
    private var initialPosition = Point.zero
    private var pendingDragOffset = Vector.zero
    private var globalDistanceMoved = 0.0
    private var acceptedActivePointers: Set<Int> = []
    private var activePointer: Int?
    private var initialButtons: Int?
    private var velocity = FlutterVelocityTracker()
    private var lastPosition = Point.zero
    private var isPrecise = false

    public init(id: String, axis: Axis?) {
        self.axis = axis
        super.init(id: id)
    }

    private var slopName: String { axis == nil ? "panSlop" : "touchSlop" }
    private var slop: Double { axis == nil ? binding.settings.panSlop(precise: isPrecise) : binding.settings.dragSlop(precise: isPrecise) }

    /// The part of a movement this recognizer follows.
    private func onAxis(_ d: Vector) -> Vector {
        switch axis {
        case .vertical?: return Vector(dx: 0, dy: d.dy)
        case .horizontal?: return Vector(dx: d.dx, dy: 0)
        case nil: return d
        }
    }

    private func primaryValue(_ d: Vector) -> Double? {
        switch axis {
        case .vertical?: return d.dy
        case .horizontal?: return d.dx
        case nil: return nil
        }
    }

    public override func isPointerAllowed(_ event: FlutterPointerEvent) -> Bool {
        // Only the primary button (`:94-95`), and the buttons of the first pointer after it.
        initialButtons == nil ? event.buttons == 1 : event.buttons == initialButtons
    }

    public override func addAllowedPointer(_ event: FlutterPointerEvent) {
        super.addAllowedPointer(event)
        if initialButtons == nil { initialButtons = event.buttons }
        velocity = FlutterVelocityTracker()
        velocity.add(event.time, event.position)
        lastPosition = event.position
        if state == .ready {
            state = .possible
            isPrecise = event.isPrecise
            initialPosition = event.position
            pendingDragOffset = .zero
            globalDistanceMoved = 0
            activePointer = event.pointer
            callback(.onDown, "at \(event.position)")
            scrollable?.hold()
        } else if state == .accepted {
            resolve(.accepted)
        }
    }

    public override func handleEvent(_ event: FlutterPointerEvent) {
        if event.kind == .move {
            velocity.add(event.time, event.position)
        }
        // `multitouchDragStrategy: latestPointer`: only the latest pointer drives the drag.
        if event.kind == .move && event.pointer == activePointer {
            if event.buttons != initialButtons {
                giveUpPointer(event.pointer)
                return
            }
            let delta = event.delta
            if state == .accepted {
                checkUpdate(onAxis(delta), at: event.position)
            } else {
                pendingDragOffset = pendingDragOffset + delta
                let moved = onAxis(delta)
                globalDistanceMoved += moved.length * (primaryValue(moved).map { $0 < 0 ? -1 : ($0 > 0 ? 1 : 0) } ?? 1)
                if abs(globalDistanceMoved) > slop {
                    let distance = abs(globalDistanceMoved)
                    let words = axis == .vertical ? CauseText("the vertical distance moved %1 px > %s %1 (monodrag.dart:928-931)", slopName, numbers: distance, slop)
                        : axis == .horizontal ? CauseText("the horizontal distance moved %1 px > %s %1 (monodrag.dart:988-991)", slopName, numbers: distance, slop)
                        : CauseText("the path moved %1 px > %s %1 (monodrag.dart:1045-1048)", slopName, numbers: distance, slop)
                    binding.withWin(Cause(.touches, words,
                                          evidence: [Evidence(slopName, value: distance, threshold: slop, unit: "px", comparison: ">")])) {
                        if acceptedActivePointers.contains(event.pointer) { checkDrag(event.pointer) } else { resolve(.accepted) }
                    }
                }
            }
        }
        if event.kind == .move { lastPosition = event.position }
        if event.kind == .up || event.kind == .cancel {
            lastPosition = event.position
            giveUpPointer(event.pointer)
        }
    }

    public override func acceptGesture(pointer: Int) {
        acceptedActivePointers.insert(pointer)
        activePointer = pointer
        checkDrag(pointer)
    }

    public override func rejectGesture(pointer: Int) {
        if state == .possible { fail(lossCause("rejected by the arena")) }
        giveUpPointer(pointer)
    }

    public override func didStopTrackingLastPointer(_ pointer: Int) {
        switch state {
        case .ready: break
        case .possible:
            fail(Cause(.touches, "its pointer lifted before it passed its slop (monodrag.dart:721-739)"))
            resolve(.rejected)
            callback(.onCancel)
            scrollable?.release()
        case .accepted:
            checkEnd(pointer)
        }
        initialButtons = nil
        state = .ready
    }

    private func giveUpPointer(_ pointer: Int) {
        stopTrackingPointer(pointer)
        if acceptedActivePointers.remove(pointer) == nil { resolvePointer(pointer, .rejected) }
    }

    private func checkDrag(_ pointer: Int) {
        guard state != .accepted else { return }
        state = .accepted
        let delta = pendingDragOffset
        let updateDelta: Vector
        switch dragStartBehavior {
        case .start:
            initialPosition = initialPosition + delta
            updateDelta = .zero
        case .down:
            updateDelta = onAxis(delta)
        }
        pendingDragOffset = .zero
        transition(to: .began, winCause("it won the arena"))
        callback(.onStart, "at \(initialPosition)")
        scrollable?.dragStarted()
        if updateDelta != .zero { checkUpdate(updateDelta, at: lastPosition) }
    }

    private func checkUpdate(_ delta: Vector, at position: Point) {
        // On every move: templates, formatted only where the row is printed.
        transition(to: .changed, Cause(.touches, CauseText("its pointer moved (%1, %1)", delta.dx, delta.dy), otherName: nil))
        callback(.onUpdate, words: CauseText("%n %n delta (%1, %1)", names: logName, .onUpdate, numbers: delta.dx, delta.dy))
        scrollable?.scroll(by: delta)
    }

    private func checkEnd(_ pointer: Int) {
        let v = velocity.velocity
        let travelled = lastPosition - initialPosition
        let speed: Double, distance: Double
        switch axis {
        case .vertical?: speed = abs(v.dy); distance = abs(travelled.dy)
        case .horizontal?: speed = abs(v.dx); distance = abs(travelled.dx)
        case nil: speed = v.length; distance = travelled.length
        }
        let minFlingDistance = self.minFlingDistance ?? binding.settings.dragSlop(precise: isPrecise)
        let isFling = speed > minFlingVelocity && distance > minFlingDistance
        let flingVelocity = isFling ? Self.clamp(onAxis(v)) : .zero
        transition(to: .ended, Cause(.touches, isFling
            ? "its pointer lifted: a fling, \(Self.f(speed)) px/s > minFlingVelocity \(Self.f(minFlingVelocity)) and \(Self.f(distance)) px > minFlingDistance \(Self.f(minFlingDistance)) (monodrag.dart:907-911)"
            : "its pointer lifted (no fling: \(Self.f(speed)) px/s, \(Self.f(distance)) px; needs > \(Self.f(minFlingVelocity)) px/s and > \(Self.f(minFlingDistance)) px)"))
        callback(.onEnd, "velocity \(flingVelocity)")
        scrollable?.dragEnded(velocity: flingVelocity)
    }

    private static func clamp(_ v: Vector) -> Vector {
        let m = v.length
        guard m > FlutterDefaults.maxFlingVelocity else { return v }
        let k = FlutterDefaults.maxFlingVelocity / m
        return Vector(dx: v.dx * k, dy: v.dy * k)
    }

}
