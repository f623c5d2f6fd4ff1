import Foundation
import GestureEngine
import GestureTrace
import GestureRecognizers

/// UIKit's `UIPanGestureRecognizer` (A.6.3), the engine's pan behind it.
@preconcurrency @MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
    var pan: PanGestureRecognizer { unsafeDowncast(engine, to: PanGestureRecognizer.self) }

    public override init(target: Any?, action: Selector?) {
        UIGestureRecognizer.prepareBuiltIn(PanGestureRecognizer(id: "pan"), UIPanGestureRecognizer.self)
        super.init(target: target, action: action)
    }

    /// Which scroll events drive the pan (F.5.7): none by default (D-12).
    open var allowedScrollTypesMask: UIScrollTypeMask {
        get {
            var m: UIScrollTypeMask = []
            if pan.allowedScrollTypes.contains(.discrete) { m.insert(.discrete) }
            if pan.allowedScrollTypes.contains(.continuous) { m.insert(.continuous) }
            return m
        }
        set {
            var kinds: Set<ScrollSample.Kind> = []
            if newValue.contains(.discrete) { kinds.insert(.discrete) }
            if newValue.contains(.continuous) { kinds.insert(.continuous) }
            pan.allowedScrollTypes = kinds
        }
    }

    /// The fewest fingers that may pan (default 1, A.6.3).
    open var minimumNumberOfTouches: Int {
        get { pan.minimumNumberOfTouches }
        set { pan.minimumNumberOfTouches = newValue }
    }

    /// UIKit's default is `Int.max` (`NSUIntegerMax`).
    open var maximumNumberOfTouches: Int {
        get { pan.maximumNumberOfTouches }
        set { pan.maximumNumberOfTouches = newValue }
    }

    /// The centroid's movement since the pan began, in `view`'s coordinates (a translation is
    /// the same in every unscaled space).
    open func translation(in view: UIView?) -> CGPoint {
        let t = pan.translation(in: view?.engineView)
        return CGPoint(x: t.dx, y: t.dy)
    }

    /// Resets the translation to `translation` from here on (A.6.3).
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        pan.setTranslation(Vector(dx: Double(translation.x), dy: Double(translation.y)), in: view?.engineView)
    }

    /// Points per second.
    open func velocity(in view: UIView?) -> CGPoint {
        let v = pan.velocity(in: view?.engineView)
        return CGPoint(x: v.dx, y: v.dy)
    }
}

/// UIKit's `UIScrollTypeMask`: a scroll-wheel mouse is discrete, a trackpad continuous.
public struct UIScrollTypeMask: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Scroll-wheel mice: each notch a step (F.5.7).
    public static let discrete = UIScrollTypeMask(rawValue: 1 << 0)
    /// Trackpads: scrolling in phases (F.5.7).
    public static let continuous = UIScrollTypeMask(rawValue: 1 << 1)
    /// Both kinds.
    public static let all: UIScrollTypeMask = [.discrete, .continuous]
}
