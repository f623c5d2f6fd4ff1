// Seed 004, recipe 6 ("Dragging from a Scroll View") and the reference's pattern A.7.8: the
// delegates an iOS developer gives each item's pan, in Swift.
#if canImport(UIKit)
import UIKit
#else
import GestureLabUIKit
#endif

/// Lets an item's pan recognize together with the scroll view's pan (and anything else), so the
/// item can decide for itself when a drag leaves the strip.
public final class SimultaneousDragDelegate: NSObject, UIGestureRecognizerDelegate {
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        true
    }
}

/// Lets an item's pan begin only when the finger moves mostly vertically (Stack Overflow 7100884:
/// compare the velocity's components in gestureRecognizerShouldBegin); a horizontal drag then
/// fails the pan and scrolls the strip.
public final class VerticalDragDelegate: NSObject, UIGestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let pan = gestureRecognizer as? UIPanGestureRecognizer else { return true }
        let velocity = pan.velocity(in: pan.view)
        return abs(velocity.y) > abs(velocity.x)
    }
}
