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
        case began, moved, stationary, ended, cancelled, regionEntered, regionMoved, regionExited
    }

    /// UIKit's `UITouch.TouchType`: a finger is `direct`, a mouse `indirectPointer`, a pen `pencil`.
    public enum TouchType: Int, Sendable {
        case direct, indirect, pencil, indirectPointer
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
    public var majorRadiusTolerance: CGFloat { engineTouch.contact != nil ? 0 : (type == .direct ? 5 : 0) }
    public var altitudeAngle: CGFloat { .pi / 2 }

    /// The hit-tested view the touch is bound to (A.2.1).
    public var view: UIView? {
        guard let v = engineTouch.view else { return nil }
        return UIView.face(of: v)
    }
    public var window: UIWindow? { engineTouch.view.map { UIView.face(of: $0.root) as? UIWindow } ?? nil }

    /// The recognizers this touch is delivered to, in delivery order.
    public var gestureRecognizers: [UIGestureRecognizer]? {
        engineTouch.view.map { _ in engineTouch.deliveryRecognizers.map(UIGestureRecognizer.face(of:)) }
    }

    public func location(in view: UIView?) -> CGPoint { CGPoint(engineTouch.location(in: view?.engineView)) }
    public func previousLocation(in view: UIView?) -> CGPoint { CGPoint(engineTouch.previousLocation(in: view?.engineView)) }
    /// Traces carry one location per sample; the precise location is that location.
    public func preciseLocation(in view: UIView?) -> CGPoint { location(in: view) }
    public func precisePreviousLocation(in view: UIView?) -> CGPoint { previousLocation(in: view) }

    nonisolated open override var description: String {
        "<UITouch \(engineTouch.label) phase: \(engineTouch.phase) location: \(engineTouch.locationInWindow)>"
    }
}
