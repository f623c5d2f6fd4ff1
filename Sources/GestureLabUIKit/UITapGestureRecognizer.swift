import Foundation
import GestureEngine
import GestureRecognizers

/// UIKit's `UITapGestureRecognizer` (A.6.1), the engine's tap behind it.
@preconcurrency @MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
    var tap: TapGestureRecognizer { unsafeDowncast(engine, to: TapGestureRecognizer.self) }

    public override init(target: Any?, action: Selector?) {
        UIGestureRecognizer.prepareBuiltIn(TapGestureRecognizer(id: "tap"), UITapGestureRecognizer.self)
        super.init(target: target, action: action)
    }


    /// The buttons a mouse or pen click must press (F.5.4); fingers ignore it.
    open var buttonMaskRequired: UIEvent.ButtonMask {
        get { UIEvent.ButtonMask(rawValue: tap.buttonMaskRequired) }
        set { tap.buttonMaskRequired = max(1, newValue.rawValue) }
    }

    /// Taps to recognize (default 1, A.6.1); a second tap must come within 0.35 s.
    open var numberOfTapsRequired: Int {
        get { tap.numberOfTapsRequired }
        set { tap.numberOfTapsRequired = newValue }
    }

    /// Fingers that must tap together (default 1).
    open var numberOfTouchesRequired: Int {
        get { tap.numberOfTouchesRequired }
        set { tap.numberOfTouchesRequired = newValue }
    }
}
