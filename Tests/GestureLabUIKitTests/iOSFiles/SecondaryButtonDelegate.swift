// Written as an iOS developer writes it; only the import line differs (`import UIKit` there).
import GestureLabUIKit

/// Lets a pan see only right-button drags and the scroll wheel (iPadOS 13.4 pointer support).
final class SecondaryButtonDelegate: NSObject, UIGestureRecognizerDelegate {
    private(set) var askedTypes: [UIEvent.EventType] = []
    private(set) var touchTypes: [UITouch.TouchType] = []

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive event: UIEvent) -> Bool {
        askedTypes.append(event.type)
        return event.type == .scroll || event.buttonMask == .secondary
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        touchTypes.append(touch.type)
        return true
    }
}
