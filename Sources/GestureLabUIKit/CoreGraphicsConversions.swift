import Foundation
import GestureEngine

// UIKit speaks CGPoint and CGRect (Foundation's, on Linux); the engine speaks its own Point and
// Rect, in the same points.

extension CGPoint {
    init(_ p: Point) { self.init(x: p.x, y: p.y) }
    var enginePoint: Point { Point(x: Double(x), y: Double(y)) }
}

extension CGRect {
    package init(_ r: Rect) { self.init(x: r.origin.x, y: r.origin.y, width: r.size.width, height: r.size.height) }
    var engineRect: Rect { Rect(x: Double(origin.x), y: Double(origin.y), width: Double(size.width), height: Double(size.height)) }
}
