// Written as an iOS developer writes it; only the import line differs (`import UIKit` there).
import GestureLabUIKit

/// A thin drag handle whose touch area is 20 pt larger on every side than what it draws.
final class HandleView: UIView {
    var touchAreaInsets = UIEdgeInsets(top: -20, left: -20, bottom: -20, right: -20)

    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        guard !isHidden, alpha > 0.01, isUserInteractionEnabled else { return false }
        return bounds.inset(by: touchAreaInsets).contains(point)
    }
}
