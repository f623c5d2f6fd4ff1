import Foundation

/// UIKit's `UIEdgeInsets`: distances inward from each edge of a rectangle. Gesture code uses
/// them to grow a view's hit area (negative insets) in `point(inside:with:)`.
public struct UIEdgeInsets: Hashable, Sendable {
    /// The inset from the top edge.
    public var top: CGFloat
    /// The inset from the left edge.
    public var left: CGFloat
    /// The inset from the bottom edge.
    public var bottom: CGFloat
    /// The inset from the right edge.
    public var right: CGFloat

    /// Insets from each edge; negative values move the edge outward.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No inset.
    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }

    /// No inset.
    public static let zero = UIEdgeInsets()
}

public extension CGRect {
    /// The rectangle with each edge moved inward by the inset (outward for a negative one), as
    /// `UIEdgeInsetsInsetRect` computes it.
    func inset(by insets: UIEdgeInsets) -> CGRect {
        let r = standardized
        return CGRect(x: r.origin.x + insets.left, y: r.origin.y + insets.top,
                      width: r.size.width - insets.left - insets.right,
                      height: r.size.height - insets.top - insets.bottom)
    }
}

/// The function `CGRect.inset(by:)` replaced (Swift 4.2); older files still call it.
public func UIEdgeInsetsInsetRect(_ rect: CGRect, _ insets: UIEdgeInsets) -> CGRect { rect.inset(by: insets) }

/// UIKit's marker for text-entry views. GestureLab has none; code that asks `view is UITextInput`
/// (to let text fields keep their touches) compiles, and the answer is false.
@preconcurrency @MainActor
public protocol UITextInput: AnyObject {}
