// Written as an iOS developer writes it; only the import line differs (`import UIKit` there).
import GestureLabUIKit

/// Overrides only `init(target:action:)`, as iOS subclasses do to set their defaults; on iOS
/// `init()` (a convenience initializer) still works for it.
final class ZigzagRecognizer: UIPanGestureRecognizer {
    private(set) var configured = false

    override init(target: Any?, action: Selector?) {
        super.init(target: target, action: action)
        maximumNumberOfTouches = 1
        configured = true
    }
}
