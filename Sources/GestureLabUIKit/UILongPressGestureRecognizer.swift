import Foundation
import GestureEngine
import GestureRecognizers

/// UIKit's `UILongPressGestureRecognizer` (A.6.2), the engine's long press behind it.
@MainActor
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    var press: LongPressGestureRecognizer { unsafeDowncast(engine, to: LongPressGestureRecognizer.self) }

    public override init(target: Any?, action: Selector?) {
        super.init(engine: LongPressGestureRecognizer(id: "longPress"), builtIn: UILongPressGestureRecognizer.self, target: target, action: action)
    }

    public override init() {
        super.init(engine: LongPressGestureRecognizer(id: "longPress"), builtIn: UILongPressGestureRecognizer.self, target: nil, action: nil)
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

    open var numberOfTapsRequired: Int {
        get { press.numberOfTapsRequired }
        set { press.numberOfTapsRequired = newValue }
    }

    open var numberOfTouchesRequired: Int {
        get { press.numberOfTouchesRequired }
        set { press.numberOfTouchesRequired = newValue }
    }
}
