import Foundation
import GestureEngine
import GestureRecognizers

/// UIKit's `UIHoverGestureRecognizer` (F.5.6), the engine's hover behind it: began when the
/// pointer enters the view, changed as it moves within, ended when it leaves.
@preconcurrency @MainActor
open class UIHoverGestureRecognizer: UIGestureRecognizer {
    public override init(target: Any?, action: Selector?) {
        UIGestureRecognizer.prepareBuiltIn(HoverGestureRecognizer(id: "hover"), UIHoverGestureRecognizer.self)
        super.init(target: target, action: action)
    }

}
