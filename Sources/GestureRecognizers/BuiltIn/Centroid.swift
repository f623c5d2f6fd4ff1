import GestureEngine

/// The mean window location of some touches: what multi-finger recognizers measure.
func centroid(_ touches: [Touch]) -> Point {
    guard !touches.isEmpty else { return .zero }
    var x = 0.0, y = 0.0
    for t in touches {
        x += t.locationInWindow.x
        y += t.locationInWindow.y
    }
    return Point(x: x / Double(touches.count), y: y / Double(touches.count))
}
