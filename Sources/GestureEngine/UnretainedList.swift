/// A list of objects that something else keeps alive, readable without reference counting.
///
/// Swift's reference counting is atomic, and in a replay it was most of the time spent per
/// event (perf: ~60% of the cycles in `swift_retain`/`swift_release`): every read of a class
/// reference from an array or a property, followed by a call, retains and releases it. The
/// per-event loops read their objects from these lists instead: the storage is a plain pointer,
/// so reading the list costs nothing, and `_withUnsafeGuaranteedRef` hands out each object
/// without a retain.
///
/// The owner keeps the objects alive (usually in an ordinary array beside the list), refills
/// the list whenever that array changes, and calls `free()` in its `deinit`.
struct UnretainedList<Element: AnyObject>: RandomAccessCollection {
    private var storage: UnsafeMutablePointer<Unmanaged<Element>>?
    private var capacity = 0
    private(set) var count = 0

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(i: Int) -> Unmanaged<Element> {
        precondition(i >= 0 && i < count, "UnretainedList index out of range")
        return storage.unsafelyUnwrapped[i]
    }

    /// Makes the list name exactly `objects`, in order.
    mutating func replace<S: Collection>(with objects: S) where S.Element == Element {
        let n = objects.count
        if n > capacity {
            storage?.deallocate()
            capacity = Swift.max(n, 4)
            storage = .allocate(capacity: capacity)
        }
        var i = 0
        for o in objects {
            storage.unsafelyUnwrapped[i] = Unmanaged.passUnretained(o)
            i += 1
        }
        count = n
    }

    /// Adds `object` at the end (the owner has just added it to its own array).
    mutating func append(_ object: Element) {
        if count == capacity {
            let bigger = UnsafeMutablePointer<Unmanaged<Element>>.allocate(capacity: Swift.max(2 * capacity, 4))
            if let storage { bigger.moveInitialize(from: storage, count: count); storage.deallocate() }
            storage = bigger
            capacity = Swift.max(2 * capacity, 4)
        }
        storage.unsafelyUnwrapped[count] = Unmanaged.passUnretained(object)
        count += 1
    }

    /// Removes the entry at `i`, keeping the order of the rest.
    mutating func remove(at i: Int) {
        precondition(i >= 0 && i < count, "UnretainedList index out of range")
        let p = storage.unsafelyUnwrapped
        for j in i..<(count - 1) { p[j] = p[j + 1] }
        count -= 1
    }

    mutating func removeAll() { count = 0 }

    /// Whether both lists name the same objects in the same order.
    func isSame(as other: UnretainedList<Element>) -> Bool {
        count == other.count && (0..<count).allSatisfy { self[$0].isSame(as: other[$0]) }
    }

    /// Releases the storage (not the objects); the owner calls it once, from its `deinit`.
    mutating func free() {
        storage?.deallocate()
        storage = nil
        capacity = 0
        count = 0
    }
}

extension Array where Element: AnyObject {
    /// Calls `body` with this array's elements as unretained references: the array (held for the
    /// call, one retain) keeps them alive, and reading them costs no reference counting. For loops
    /// that run on every new touch; the per-event loops use an `UnretainedList`, which costs not
    /// even the one retain.
    @inlinable @inline(__always)
    package func withUnretainedElements<R>(_ body: (UnsafeBufferPointer<Unmanaged<Element>>) throws -> R) rethrows -> R {
        try withUnsafeBufferPointer { buffer in
            // A class reference and an `Unmanaged` of it have the same layout.
            try buffer.withMemoryRebound(to: Unmanaged<Element>.self) { try body($0) }
        }
    }
}

extension Unmanaged {
    /// Whether this names `object`: an identity test that touches no reference count.
    @inline(__always)
    func refers(to object: Instance) -> Bool { toOpaque() == Unmanaged.passUnretained(object).toOpaque() }

    /// Whether both name the same object.
    @inline(__always)
    func isSame(as other: Unmanaged<Instance>) -> Bool { toOpaque() == other.toOpaque() }
}
