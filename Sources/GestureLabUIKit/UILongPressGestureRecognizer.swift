import Foundation
import GestureEngine
import GestureRecognizers

/// UIKit's `UILongPressGestureRecognizer` (A.6.2), the engine's long press behind it.
@preconcurrency @MainActor
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    var press: LongPressGestureRecognizer { unsafeDowncast(engine, to: LongPressGestureRecognizer.self) }

    public override init(target: Any?, action: Selector?) {
        UIGestureRecognizer.prepareBuiltIn(LongPressGestureRecognizer(id: "longPress"), UILongPressGestureRecognizer.self)
        super.init(target: target, action: action)
    }


    /// Seconds, default 0.5.
    open var minimumPressDuration: TimeInterval {
        get { press.minimumPressDuration.seconds }
        set { press.minimumPressDuration = .seconds(newValue) }
    }

    /// Points, default 10.
    open var allowableMovement: CGFloat {
        get { CGFloat(press.allowableMovement) }
        set { press.allowableMovement = Double(newValue) }
    }

    /// Taps before the press (default 0, A.6.2).
    open var numberOfTapsRequired: Int {
        get { press.numberOfTapsRequired }
        set { press.numberOfTapsRequired = newValue }
    }

    /// Fingers that must press (default 1).
    open var numberOfTouchesRequired: Int {
        get { press.numberOfTouchesRequired }
        set { press.numberOfTouchesRequired = newValue }
    }
}
