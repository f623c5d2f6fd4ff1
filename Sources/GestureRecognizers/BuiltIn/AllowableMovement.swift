import GestureEngine

/// The first of `touches` that has moved farther than `limit` from where it went down, and how
/// far. Tap and long press ask it on every move until they fail, so the touches are read
/// unretained (the caller's array keeps them alive).
func firstTouch(_ touches: [Touch], movedBeyond limit: Double) -> (touch: Touch, distance: Double)? {
    touches.withUnretainedElements { list in
        for link in list {
            let d = link._withUnsafeGuaranteedRef { $0.locationInWindow.distance(to: $0.startLocationInWindow) }
            if d > limit { return (link.takeUnretainedValue(), d) }
        }
        return nil
    }
}
