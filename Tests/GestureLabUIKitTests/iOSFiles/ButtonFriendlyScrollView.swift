// Written as an iOS developer writes it; only the import line differs (`import UIKit` there).
import GestureLabUIKit

/// Scrolls even when the drag starts on a button, but never takes a switch's or a slider's touch.
final class ButtonFriendlyScrollView: UIScrollView {
    override func touchesShouldCancel(in view: UIView) -> Bool {
        if view is UISwitch || view is UISlider { return false }
        if view is UIButton { return true }
        return super.touchesShouldCancel(in: view)
    }
}
