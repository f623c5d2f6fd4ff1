import Foundation
import GestureEngine
import GestureRecognizers

/// UIKit's `UIPinchGestureRecognizer` (A.6.5), the engine's pinch behind it.
@MainActor
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    var pinch: PinchGestureRecognizer { unsafeDowncast(engine, to: PinchGestureRecognizer.self) }

    public override init(target: Any?, action: Selector?) {
        super.init(engine: PinchGestureRecognizer(id: "pinch"), builtIn: UIPinchGestureRecognizer.self, target: target, action: action)
    }

    public override init() {
        super.init(engine: PinchGestureRecognizer(id: "pinch"), builtIn: UIPinchGestureRecognizer.self, target: nil, action: nil)
    }


    /// The distance between the fingers relative to where they started.
    open var scale: CGFloat { CGFloat(pinch.scale) }
}
