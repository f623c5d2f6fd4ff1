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
    var focus: Point {
        let counted = pointers.filter { !(action == .pointerUp && $0.id == actionPointer) }
        guard !counted.isEmpty else { return first }
        let n = Double(counted.count)
        return Point(x: counted.map(\.at.x).reduce(0, +) / n, y: counted.map(\.at.y).reduce(0, +) / n)
    }

    var touchIDs: TouchIDs { TouchIDs(pointers.map(\.id)) }

    func with(action: Action) -> AndroidMotionEvent {
        var e = self
        e.action = action
        return e
    }
}
