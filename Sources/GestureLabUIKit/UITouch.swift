import Foundation
import GestureEngine
import GestureTrace

/// UIKit's `UITouch`: one finger (or pointer) from down to up, the same object for its whole life
/// (docs/uikit-rules.md A.2.6), so it can be kept in a `Set` and compared with `===`.
///
/// It is a face of the engine's `Touch`, made the first time UIKit-style code is handed the
/// touch. Values are read from the engine's touch as it is now, as UIKit's are.
@preconcurrency @MainActor
open class UITouch: NSObject {
    /// UIKit's `UITouch.Phase`.
    public enum Phase: Int, Sendable {
        /// The finger touched the screen.
        case began
        /// The finger moved.
        case moved
        /// The finger is down and did not move in this event.
        case stationary
        /// The finger lifted.
        case ended
        /// The system or a recognizer cancelled the touch.
        case cancelled
        /// A pointer entered the window without a button pressed (hover; not delivered as a touch here).
        case regionEntered
        /// A pointer moved without a button pressed (hover).
        case regionMoved
        /// A pointer left the window (hover).
        case regionExited
    }

    /// UIKit's `UITouch.TouchType`: a finger is `direct`, a mouse `indirectPointer`, a pen `pencil`.
    public enum TouchType: Int, Sendable {
        /// A finger on the screen (and a click, in an app without indirect input events, F.5.1).
        case direct
        /// A touch not on the screen (Siri Remote); traces have none.
        case indirect
        /// An Apple Pencil: a trace's `pen` device.
        case pencil
        /// A mouse or trackpad click (F.5.1): a trace's `mouse` device.
        case indirectPointer
        /// The older name of `pencil`.
        public static let stylus = TouchType.pencil
    }

    package nonisolated(unsafe) let engineTouch: Touch

    init(engineTouch: Touch) {
        self.engineTouch = engineTouch
        super.init()
    }

    deinit { engineTouch.companion.faceWentAway(self) }

    /// The face of `touch`, made on first use and then kept by the touch until it lifts.
    package static func face(of touch: Touch) -> UITouch {
        if let f = touch.face { return unsafeDowncast(f, to: UITouch.self) }
        let f = UITouch(engineTouch: touch)
        touch.companion.adopt(f)
        return f
    }

    /// Seconds on the replay's clock (virtual time, from the trace's origin).
    public var timestamp: TimeInterval { engineTouch.timestamp.seconds }

    /// The touch's phase in the event being delivered.
    public var phase: Phase {
        switch engineTouch.phase {
        case .began: return .began
        case .moved: return .moved
        case .stationary: return .stationary
        case .ended: return .ended
        case .cancelled: return .cancelled
        }
    }

    /// Taps in quick succession at one place, this one included (see `Touch.tapCount`).
    public var tapCount: Int { engineTouch.tapCount }

    /// The kind of input: a finger, a pen, or a mouse click (F.5.1, `supportsIndirectInputEvents`).
    public var type: TouchType {
        switch engineTouch.device {
        case .mouse?: return .indirectPointer
        case .pen?: return .pencil
        case .touch?, .synthetic?, nil: return .direct
        }
    }

    /// The trace's pressure (0 to 1) when it has one, on UIKit's scale where 1 is an average
    /// press; 0 when the device reports none, as UIKit's does without 3D Touch.
    public var force: CGFloat { CGFloat(engineTouch.pressure ?? 0) }
    /// 1 when the trace carries pressure (its full scale), 0 otherwise.
    public var maximumPossibleForce: CGFloat { engineTouch.pressure == nil ? 0 : 1 }
    /// Half the contact's longer side when the trace recorded its size (a browser's or an Android
    /// device's); otherwise about 20 pt for a fingertip, as UIKit reports, and 0.25 pt for a pen
    /// or a mouse.
    public var majorRadius: CGFloat {
        if let c = engineTouch.contact { return CGFloat(max(c.width, c.height) / 2) }
        return type == .direct ? 20 : 0.25
    }
    /// How precise `majorRadius` is: 5 pt for a finger without a recorded contact size, as UIKit reports, else 0.
    public var majorRadiusTolerance: CGFloat { engineTouch.contact != nil ? 0 : (type == .direct ? 5 : 0) }
    /// A pen's angle to the screen: traces do not record it, so perpendicular (π/2).
    public var altitudeAngle: CGFloat { .pi / 2 }

    /// The hit-tested view the touch is bound to (A.2.1).
    public var view: UIView? {
        guard let v = engineTouch.view else { return nil }
        return UIView.face(of: v)
    }
    /// The window of the view the touch is bound to.
    public var window: UIWindow? { engineTouch.view.map { UIView.face(of: $0.root) as? UIWindow } ?? nil }

    /// The recognizers this touch is delivered to, in delivery order.
    public var gestureRecognizers: [UIGestureRecognizer]? {
        engineTouch.view.map { _ in engineTouch.deliveryRecognizers.map(UIGestureRecognizer.face(of:)) }
    }

    /// Where the touch is now, in `view`'s coordinates (the window's for nil).
    public func location(in view: UIView?) -> CGPoint { CGPoint(engineTouch.location(in: view?.engineView)) }
    /// Where the touch was at the previous event.
    public func previousLocation(in view: UIView?) -> CGPoint { CGPoint(engineTouch.previousLocation(in: view?.engineView)) }
    /// Traces carry one location per sample; the precise location is that location.
    public func preciseLocation(in view: UIView?) -> CGPoint { location(in: view) }
    /// The same as `previousLocation(in:)`: traces carry one position per sample.
    public func precisePreviousLocation(in view: UIView?) -> CGPoint { previousLocation(in: view) }

    nonisolated open override var description: String {
        "<UITouch \(engineTouch.label) phase: \(engineTouch.phase) location: \(engineTouch.locationInWindow)>"
    }
}
