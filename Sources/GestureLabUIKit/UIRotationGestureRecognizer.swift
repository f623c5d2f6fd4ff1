import Foundation
import GestureEngine
import GestureRecognizers

/// UIKit's `UIRotationGestureRecognizer` (A.6.5), the engine's rotation behind it.
@preconcurrency @MainActor
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    var rotationRecognizer: RotationGestureRecognizer { unsafeDowncast(engine, to: RotationGestureRecognizer.self) }

    public override init(target: Any?, action: Selector?) {
        UIGestureRecognizer.prepareBuiltIn(RotationGestureRecognizer(id: "rotation"), UIRotationGestureRecognizer.self)
        super.init(target: target, action: action)
    }


    /// Radians the fingers have turned since they went down; an action may set it (to 0, to
    /// read each change alone) and it is measured on from there (A.6.5).
    open var rotation: CGFloat {
        get { CGFloat(rotationRecognizer.rotation) }
        set { rotationRecognizer.rotation = Double(newValue) }
    }

    /// Radians per second.
    open var velocity: CGFloat { CGFloat(rotationRecognizer.velocity) }
}
