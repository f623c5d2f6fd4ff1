import Foundation
import GestureEngine
import GestureRecognizers

/// UIKit's `UISwipeGestureRecognizer` (A.6.4), the engine's swipe behind it.
@preconcurrency @MainActor
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    /// UIKit's option set, with UIKit's raw values.
    public struct Direction: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Toward the right.
        public static let right = Direction(rawValue: 1 << 0)
        /// Toward the left.
        public static let left = Direction(rawValue: 1 << 1)
        /// Upward.
        public static let up = Direction(rawValue: 1 << 2)
        /// Downward.
        public static let down = Direction(rawValue: 1 << 3)
    }

    var swipe: SwipeGestureRecognizer { unsafeDowncast(engine, to: SwipeGestureRecognizer.self) }

    public override init(target: Any?, action: Selector?) {
        UIGestureRecognizer.prepareBuiltIn(SwipeGestureRecognizer(id: "swipe"), UISwipeGestureRecognizer.self)
        super.init(target: target, action: action)
    }


    /// Default `.right`.
    open var direction: Direction {
        get { Direction(swipe.direction) }
        set { swipe.direction = newValue.engineDirection }
    }

    /// How many fingers must swipe together (default 1, A.6.4).
    open var numberOfTouchesRequired: Int {
        get { swipe.numberOfTouchesRequired }
        set { swipe.numberOfTouchesRequired = newValue }
    }
}

extension UISwipeGestureRecognizer.Direction {
    init(_ d: SwipeDirection) {
        var out: Self = []
        if d.contains(.right) { out.insert(.right) }
        if d.contains(.left) { out.insert(.left) }
        if d.contains(.up) { out.insert(.up) }
        if d.contains(.down) { out.insert(.down) }
        self = out
    }

    var engineDirection: SwipeDirection {
        var out: SwipeDirection = []
        if contains(.right) { out.insert(.right) }
        if contains(.left) { out.insert(.left) }
        if contains(.up) { out.insert(.up) }
        if contains(.down) { out.insert(.down) }
        return out
    }
}

/// UIKit's older spelling.
public typealias UISwipeGestureRecognizerDirection = UISwipeGestureRecognizer.Direction
