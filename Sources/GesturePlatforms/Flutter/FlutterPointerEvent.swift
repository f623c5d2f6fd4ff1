import GestureEngine
import GestureTrace

/// A pointer event as Flutter's recognizers receive it (`gestures/events.dart`): one pointer,
/// its position in the window (Flutter's global coordinates), its change since the pointer's
/// previous event, and the buttons pressed. A trace's events become these one by one, in the
/// trace's order (a device delivers a multi-touch move as one event per pointer, the platform
/// reference's section 1.8).
public struct FlutterPointerEvent: Sendable {
    public enum Kind: String, Sendable { case down, move, up, cancel }

    public var kind: Kind
    public var pointer: Int
    public var time: Timestamp
    public var position: Point
    public var delta: Vector
    /// Flutter's `buttons`: a touch's contact is the primary button (`kPrimaryButton`).
    public var buttons: Int
    /// A mouse's slops are Flutter's precise-pointer ones (`computeHitSlop`, `events.dart:2456-2495`).
    public var isPrecise: Bool

    public init(kind: Kind, pointer: Int, time: Timestamp, position: Point, delta: Vector = Vector(dx: 0, dy: 0), buttons: Int = 1, isPrecise: Bool = false) {
        self.kind = kind
        self.pointer = pointer
        self.time = time
        self.position = position
        self.delta = delta
        self.buttons = buttons
        self.isPrecise = isPrecise
    }
}
