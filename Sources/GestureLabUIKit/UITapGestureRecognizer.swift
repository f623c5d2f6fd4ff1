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


    /// The buttons a mouse or pen click must press (F.5.4); fingers ignore it.
    open var buttonMaskRequired: UIEvent.ButtonMask {
        get { UIEvent.ButtonMask(rawValue: tap.buttonMaskRequired) }
        set { tap.buttonMaskRequired = max(1, newValue.rawValue) }
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
