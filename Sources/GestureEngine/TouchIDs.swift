/// The pointer ids a log row names, without an array for the usual one or two.
///
/// Nearly every row names one touch (a move, a delivery) or a pinch's two; an array of them
/// was an allocation and a free per row, as much as the rest of the row's bookkeeping.
public struct TouchIDs: Sendable, Hashable, RandomAccessCollection, ExpressibleByArrayLiteral {
    public let count: Int
    private let one: Int
    private let two: Int
    /// Every id, when there are more than two (and only then: see `holdsStorage`).
    private let many: [Int]

    /// Whether freeing these releases storage: `many` is filled for a third id and otherwise
    /// the empty literal.
    @inlinable package var holdsStorage: Bool { count > 2 }

    public init() { count = 0; one = 0; two = 0; many = [] }
    public init(_ id: Int) { count = 1; one = id; two = 0; many = [] }
    public init(_ first: Int, _ second: Int) { count = 2; one = first; two = second; many = [] }

    public init<S: Sequence>(_ ids: S) where S.Element == Int {
        var builder = Builder()
        for id in ids { builder.append(id) }
        self = builder.ids
    }

    /// Ids added one by one, without an array for the first two (for callers that find them in
    /// a loop of their own rather than as a sequence).
    struct Builder {
        private var count = 0, one = 0, two = 0
        private var many: [Int] = []

        mutating func append(_ id: Int) {
            if count == 0 { one = id } else if count == 1 { two = id } else {
                if count == 2 { many = [one, two] }
                many.append(id)
            }
            count += 1
        }

        var ids: TouchIDs { TouchIDs(count: count, one: one, two: two, many: many) }
    }

    private init(count: Int, one: Int, two: Int, many: [Int]) {
        self.count = count; self.one = one; self.two = two; self.many = many
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
