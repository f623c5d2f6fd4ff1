/// A position in some view's coordinate space, in points.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    // Computed and inlinable, as the arithmetic below: recognizers in other modules use them on
    // every move, and a stored `static let` is reached through an addressor call.
    @inlinable public static var zero: Point { Point(x: 0, y: 0) }

    @inlinable public static func + (a: Point, b: Vector) -> Point { Point(x: a.x + b.dx, y: a.y + b.dy) }
    @inlinable public static func - (a: Point, b: Vector) -> Point { Point(x: a.x - b.dx, y: a.y - b.dy) }
    @inlinable public static func - (a: Point, b: Point) -> Vector { Vector(dx: a.x - b.x, dy: a.y - b.y) }

    @inlinable public func distance(to other: Point) -> Double { (self - other).length }
    public var description: String { "(\(NumberFormat.short(x)), \(NumberFormat.short(y)))" }
}

/// A displacement in points.
public struct Vector: Hashable, Sendable, CustomStringConvertible {
    public var dx: Double
    public var dy: Double
    public init(dx: Double, dy: Double) { self.dx = dx; self.dy = dy }
    @inlinable public static var zero: Vector { Vector(dx: 0, dy: 0) }
    @inlinable public var length: Double { (dx * dx + dy * dy).squareRoot() }
    @inlinable public static func + (a: Vector, b: Vector) -> Vector { Vector(dx: a.dx + b.dx, dy: a.dy + b.dy) }
    @inlinable public static func - (a: Vector, b: Vector) -> Vector { Vector(dx: a.dx - b.dx, dy: a.dy - b.dy) }
    @inlinable public static func * (a: Vector, k: Double) -> Vector { Vector(dx: a.dx * k, dy: a.dy * k) }
    public var description: String { "(\(NumberFormat.short(dx)), \(NumberFormat.short(dy)))" }
}

public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
}

public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y)
        size = Size(width: width, height: height)
    }
    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var center: Point { Point(x: origin.x + size.width / 2, y: origin.y + size.height / 2) }

    /// Half-open on the far edges, as `CGRect.contains` is.
    public func contains(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }

    /// The part both rectangles cover; zero-sized at the nearer corner when they do not meet.
    public func intersection(_ r: Rect) -> Rect {
        let x0 = max(minX, r.minX), y0 = max(minY, r.minY)
        return Rect(x: x0, y: y0, width: max(0, min(maxX, r.maxX) - x0), height: max(0, min(maxY, r.maxY) - y0))
    }

    /// Whether the rectangles overlap, or come closer than `margin`.
    public func intersects(_ r: Rect, margin: Double = 0) -> Bool {
        minX < r.maxX + margin && r.minX < maxX + margin && minY < r.maxY + margin && r.minY < maxY + margin
    }

    public var description: String {
        "[\(NumberFormat.short(minX)), \(NumberFormat.short(minY)), \(NumberFormat.short(width)) x \(NumberFormat.short(height))]"
    }
}
