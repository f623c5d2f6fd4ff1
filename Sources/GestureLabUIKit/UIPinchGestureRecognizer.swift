import Foundation
import GestureEngine
import GestureRecognizers

/// UIKit's `UIPinchGestureRecognizer` (A.6.5), the engine's pinch behind it.
@preconcurrency @MainActor
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    var pinch: PinchGestureRecognizer { unsafeDowncast(engine, to: PinchGestureRecognizer.self) }

    public override init(target: Any?, action: Selector?) {
        UIGestureRecognizer.prepareBuiltIn(PinchGestureRecognizer(id: "pinch"), UIPinchGestureRecognizer.self)
        super.init(target: target, action: action)
    }


    /// The distance between the fingers relative to where they started; an action may set it
    /// (to 1, to read each change alone) and it is measured on from there (A.6.5).
    open var scale: CGFloat {
        get { CGFloat(pinch.scale) }
        set { pinch.scale = Double(newValue) }
    }

    /// Scale factor per second.
    open var velocity: CGFloat { CGFloat(pinch.velocity) }
}
