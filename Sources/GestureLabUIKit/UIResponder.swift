import Foundation

/// UIKit's `UIResponder`, as far as views need it: the touch methods a view subclass overrides.
/// GestureLab delivers touches to views after recognizers (A.2.4); a `UIView` subclass's
/// overrides are called for views it made itself.
@preconcurrency @MainActor
open class UIResponder: NSObject {
    /// The next responder; views answer their superview.
    open var next: UIResponder? { nil }
    /// A touch delivered to this view began (A.2); nothing by default.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
    /// A touch delivered to this view moved.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
    /// A touch delivered to this view lifted.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
    /// A touch delivered to this view was cancelled (a recognizer with `cancelsTouchesInView` recognized, A.2.7).
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}
}
