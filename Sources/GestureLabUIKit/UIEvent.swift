import Foundation
import GestureEngine

/// UIKit's `UIEvent` for touches: the touches that changed go to the hooks, every touch that is
/// down is here (A.2.6). Like UIKit, one object per replay is reused from event to event.
@preconcurrency @MainActor
open class UIEvent: NSObject {
    /// UIKit's `UIEvent.EventType`; replays carry touches.
    public enum EventType: Int, Sendable {
        /// Touches: fingers, pens and clicks.
        case touches
        /// Device motion; traces have none.
        case motion
        /// Remote-control events; traces have none.
        case remoteControl
        /// Key presses; traces have none.
        case presses
        /// A scroll wheel or trackpad scroll (F.5.2).
        case scroll = 10
        /// A pointer moving with no button pressed (F.5.2).
        case hover = 11
        /// A trackpad pinch or rotation; traces have none.
        case transform = 14
    }

    package nonisolated(unsafe) let engineEvent: TouchEvent

    init(engineEvent: TouchEvent) {
        self.engineEvent = engineEvent
        super.init()
    }

    /// The face of `event` (the environment reuses one event, so this is made once per replay).
    package static func face(of event: TouchEvent) -> UIEvent {
        if let f = event.face { return unsafeDowncast(f, to: UIEvent.self) }
        let f = UIEvent(engineEvent: event)
        event.companion.adopt(f)
        return f
    }

    deinit { engineEvent.companion.faceWentAway(self) }

    /// UIKit's `UIEvent.ButtonMask`: primary 1 << 0, secondary 1 << 1, `button(n)` 1 << (n - 1).
    public struct ButtonMask: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The primary (left) button.
        public static let primary = ButtonMask(rawValue: 1 << 0)
        /// The secondary (right) button.
        public static let secondary = ButtonMask(rawValue: 1 << 1)
        /// Button `n`, counting from 1 (the middle button is `button(3)`).
        public static func button(_ n: Int) -> ButtonMask { ButtonMask(rawValue: 1 << (n - 1)) }
    }

    /// The buttons pressed by the event's mouse or pen touches (none for fingers), or during a
    /// hover or scroll event.
    public var buttonMask: ButtonMask {
        if engineEvent.type != .touches { return ButtonMask(rawValue: engineEvent.pointerButtons) }
        return ButtonMask(rawValue: engineEvent.allTouches.reduce(0) { $0 | ($1.buttons ?? 0) })
    }

    /// `.touches`, or `.hover` and `.scroll` for a pointer's events (F.5.2), which a delegate is
    /// asked about in `gestureRecognizer(_:shouldReceive:)`.
    public var type: EventType {
        switch engineEvent.type {
        case .touches: return .touches
        case .hover: return .hover
        case .scroll: return .scroll
        }
    }
    /// Seconds on the replay's clock.
    public var timestamp: TimeInterval { engineEvent.timestamp.seconds }

    /// Every touch that is down.
    public var allTouches: Set<UITouch>? { Set(engineEvent.allTouches.map(UITouch.face(of:))) }

    /// The touches delivered to `gestureRecognizer` in this event.
    public func touches(for gestureRecognizer: UIGestureRecognizer) -> Set<UITouch>? {
        Set(engineEvent.touches(for: gestureRecognizer.engine).map(UITouch.face(of:)))
    }

    /// The touches bound to `view` that are down.
    public func touches(for view: UIView) -> Set<UITouch>? {
        Set(engineEvent.allTouches.filter { $0.view === view.engineView }.map(UITouch.face(of:)))
    }

    /// A trace's samples each arrive as an event of their own, so a touch's coalesced touches are
    /// the touch itself.
    public func coalescedTouches(for touch: UITouch) -> [UITouch]? { [touch] }

    /// Traces record what happened; there is no prediction to give.
    public func predictedTouches(for touch: UITouch) -> [UITouch]? { [] }
}
