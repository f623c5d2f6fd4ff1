import Foundation

/// UIKit's `UIResponder`, as far as views need it: the touch methods a view subclass overrides.
/// GestureLab delivers touches to views after recognizers (A.2.4); a `UIView` subclass's
/// overrides are called for views it made itself.
@preconcurrency @MainActor
open class UIResponder: NSObject {
    open var next: UIResponder? { nil }
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}
}
