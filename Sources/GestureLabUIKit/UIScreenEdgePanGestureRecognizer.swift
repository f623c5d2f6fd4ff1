import Foundation
import GestureEngine
import GestureRecognizers

/// UIKit's `UIScreenEdgePanGestureRecognizer` (A.6.6), the engine's edge pan behind it.
@preconcurrency @MainActor
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    var edgePan: ScreenEdgePanGestureRecognizer { unsafeDowncast(engine, to: ScreenEdgePanGestureRecognizer.self) }

    public override init(target: Any?, action: Selector?) {
        UIGestureRecognizer.prepareBuiltIn(ScreenEdgePanGestureRecognizer(id: "screenEdgePan"), UIScreenEdgePanGestureRecognizer.self)
        super.init(target: target, action: action)
    }


    /// UIKit's `UIRectEdge`-valued property; the engine's edges use the swipe directions' bits.
    open var edges: UIRectEdge {
        get { UIRectEdge(edgePan.edges) }
        set { edgePan.edges = newValue.engineEdges }
    }
}

/// UIKit's `UIRectEdge`.
public struct UIRectEdge: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top edge.
    public static let top = UIRectEdge(rawValue: 1 << 0)
    /// The left edge.
    public static let left = UIRectEdge(rawValue: 1 << 1)
    /// The bottom edge.
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
    /// The right edge.
    public static let right = UIRectEdge(rawValue: 1 << 3)
    /// Every edge.
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]

    init(_ d: SwipeDirection) {
        var out: UIRectEdge = []
        if d.contains(.up) { out.insert(.top) }
        if d.contains(.left) { out.insert(.left) }
        if d.contains(.down) { out.insert(.bottom) }
        if d.contains(.right) { out.insert(.right) }
        self = out
    }

    var engineEdges: SwipeDirection {
        var out: SwipeDirection = []
        if contains(.top) { out.insert(.up) }
        if contains(.left) { out.insert(.left) }
        if contains(.bottom) { out.insert(.down) }
        if contains(.right) { out.insert(.right) }
        return out
    }
}
