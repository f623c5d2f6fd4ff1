import GestureEngine
import GestureTrace

/// A `MotionEvent` (`android/view/MotionEvent.java`): every pointer that is down, with the
/// action of one of them. A trace's moves of several fingers at one time become one
/// `ACTION_MOVE` (the platform reference's section 2.8).
struct AndroidMotionEvent {
    enum Action: String {
        case down = "ACTION_DOWN", move = "ACTION_MOVE", up = "ACTION_UP", cancel = "ACTION_CANCEL"
        case pointerDown = "ACTION_POINTER_DOWN", pointerUp = "ACTION_POINTER_UP"

        /// The phase GestureLab's view rows use for it.
        var phase: LogName {
            switch self {
            case .down, .pointerDown: return .began
            case .move: return .moved
            case .up, .pointerUp: return .ended
            case .cancel: return .cancelled
            }
        }
    }

    var action: Action
    /// The pointer the action is about (down, up); the first pointer for a move.
    var actionPointer: Int
    /// The pointers down, in the order they went down, at their window positions.
    var pointers: [(id: Int, at: Point)]
    var time: Timestamp

    func position(_ id: Int) -> Point? { pointers.first { $0.id == id }?.at }

    /// The first pointer's position (`getX()`/`getY()`).
    var first: Point { pointers.first?.at ?? .zero }

    /// The mean of the pointers, leaving out one going up (`GestureDetector`'s focus).
    var focus: Point { counted?.focus ?? first }

    /// Whether a pointer counts towards the focus: all but one going up.
    @inline(__always)
    func counts(_ p: (id: Int, at: Point)) -> Bool { !(action == .pointerUp && p.id == actionPointer) }

    /// How many pointers count towards the focus and their mean (nil when none does). Summed in
    /// order from zero, as Android's loops sum, with no array made: detectors ask on every move.
    var counted: (count: Int, focus: Point)? {
        var n = 0, x = 0.0, y = 0.0
        for p in pointers where counts(p) {
            n += 1
            x += p.at.x
            y += p.at.y
        }
        guard n > 0 else { return nil }
        return (n, Point(x: x / Double(n), y: y / Double(n)))
    }

    /// The counted pointers' mean distance from `focus` along each axis (`ScaleGestureDetector`'s
    /// deviations), summed in the same order.
    func meanDeviation(from focus: Point, count: Int) -> (x: Double, y: Double) {
        var x = 0.0, y = 0.0
        for p in pointers where counts(p) {
            x += abs(p.at.x - focus.x)
            y += abs(p.at.y - focus.y)
        }
        return (x / Double(count), y / Double(count))
    }

    /// The pointers' ids; one or two (nearly every event) without an array in between.
    var touchIDs: TouchIDs {
        switch pointers.count {
        case 0: TouchIDs()
        case 1: TouchIDs(pointers[0].id)
        case 2: TouchIDs(pointers[0].id, pointers[1].id)
        default: TouchIDs(pointers.map(\.id))
        }
    }

    func with(action: Action) -> AndroidMotionEvent {
        var e = self
        e.action = action
        return e
    }
}
