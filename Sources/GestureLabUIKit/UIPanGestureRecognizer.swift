import Foundation
import GestureEngine
import GestureRecognizers

/// UIKit's `UIPanGestureRecognizer` (A.6.3), the engine's pan behind it.
@MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
    var pan: PanGestureRecognizer { unsafeDowncast(engine, to: PanGestureRecognizer.self) }

    public override init(target: Any?, action: Selector?) {
        super.init(engine: PanGestureRecognizer(id: "pan"), builtIn: UIPanGestureRecognizer.self, target: target, action: action)
    }

    public override init() {
        super.init(engine: PanGestureRecognizer(id: "pan"), builtIn: UIPanGestureRecognizer.self, target: nil, action: nil)
    }

    /// For `UIScreenEdgePanGestureRecognizer`.
    package override init(engine makeEngine: @autoclosure () -> GestureRecognizer, builtIn: UIGestureRecognizer.Type, target: Any?, action: Selector?) {
        super.init(engine: makeEngine(), builtIn: builtIn, target: target, action: action)
    }

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

    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        pan.setTranslation(Vector(dx: Double(translation.x), dy: Double(translation.y)), in: view?.engineView)
    }

    /// Points per second.
    open func velocity(in view: UIView?) -> CGPoint {
        let v = pan.velocity(in: view?.engineView)
        return CGPoint(x: v.dx, y: v.dy)
    }
}
