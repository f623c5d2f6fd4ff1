// Written as an iOS developer writes it; only the import line differs (`import UIKit` there).
import GestureLabUIKit

/// Coordinates a list's gestures: a row's swipe must not start while the list is still moving
/// from a flick, and it may run beside the list's own pan.
final class ListGestureCoordinator: NSObject, UIGestureRecognizerDelegate {
    weak var listView: UIScrollView?
    private(set) var refusals = 0
    private(set) var startedAt: [CFTimeInterval] = []

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if listView?.isDecelerating == true || listView?.isDragging == true {
            refusals += 1
            return false
        }
        startedAt.append(CACurrentMediaTime())
        return true
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        otherGestureRecognizer === listView?.panGestureRecognizer
    }
}
