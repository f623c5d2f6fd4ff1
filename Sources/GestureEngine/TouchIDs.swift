/// The pointer ids a log row names, without an array for the usual one or two.
///
/// Nearly every row names one touch (a move, a delivery) or a pinch's two; an array of them
/// was an allocation and a free per row, as much as the rest of the row's bookkeeping.
public struct TouchIDs: Sendable, Hashable, RandomAccessCollection, ExpressibleByArrayLiteral {
    public let count: Int
    private let one: Int
    private let two: Int
    /// Every id, when there are more than two.
    private let many: [Int]

    public init() { count = 0; one = 0; two = 0; many = [] }
    public init(_ id: Int) { count = 1; one = id; two = 0; many = [] }
    public init(_ first: Int, _ second: Int) { count = 2; one = first; two = second; many = [] }

    public init<S: Sequence>(_ ids: S) where S.Element == Int {
        var n = 0, x = 0, y = 0
        var all: [Int] = []
        for id in ids {
            if n == 0 { x = id } else if n == 1 { y = id } else {
                if n == 2 { all = [x, y] }
                all.append(id)
            }
            n += 1
        }
        count = n; one = x; two = y; many = all
    }

    public init(arrayLiteral ids: Int...) { self.init(ids) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(i: Int) -> Int {
        precondition(i >= 0 && i < count, "TouchIDs index out of range")
        return count > 2 ? many[i] : (i == 0 ? one : two)
    }

    public static func == (l: TouchIDs, r: TouchIDs) -> Bool { l.elementsEqual(r) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for id in self { hasher.combine(id) }
    }
}
