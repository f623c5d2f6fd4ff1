import Foundation
import GestureEngine
import GestureRecognizers

/// UIKit's `UITapGestureRecognizer` (A.6.1), the engine's tap behind it.
@MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
    var tap: TapGestureRecognizer { unsafeDowncast(engine, to: TapGestureRecognizer.self) }

    public override init(target: Any?, action: Selector?) {
        super.init(engine: TapGestureRecognizer(id: "tap"), builtIn: UITapGestureRecognizer.self, target: target, action: action)
    }

    public override init() {
        super.init(engine: TapGestureRecognizer(id: "tap"), builtIn: UITapGestureRecognizer.self, target: nil, action: nil)
    }


    open var numberOfTapsRequired: Int {
        get { tap.numberOfTapsRequired }
        set { tap.numberOfTapsRequired = newValue }
    }

    open var numberOfTouchesRequired: Int {
        get { tap.numberOfTouchesRequired }
        set { tap.numberOfTouchesRequired = newValue }
    }
}
