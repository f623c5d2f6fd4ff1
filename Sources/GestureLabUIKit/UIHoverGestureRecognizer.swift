import Foundation
import GestureEngine
import GestureRecognizers

/// UIKit's `UIHoverGestureRecognizer` (F.5.6), the engine's hover behind it: began when the
/// pointer enters the view, changed as it moves within, ended when it leaves.
@MainActor
open class UIHoverGestureRecognizer: UIGestureRecognizer {
    public override init(target: Any?, action: Selector?) {
        super.init(engine: HoverGestureRecognizer(id: "hover"), builtIn: UIHoverGestureRecognizer.self, target: target, action: action)
    }

    public override init() {
        super.init(engine: HoverGestureRecognizer(id: "hover"), builtIn: UIHoverGestureRecognizer.self, target: nil, action: nil)
    }
}
