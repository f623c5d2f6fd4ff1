/// Reading objects that something else keeps alive, without reference counting: the one place
/// the engine's unretained references are made and read.
///
/// Why: Swift's reference counting is atomic, and in a replay it was most of the time spent per
/// event (perf: ~60% of the cycles in `swift_retain`/`swift_release`). Every read of a class
/// reference from an array or a property, followed by a call, retains and releases it. The loops
/// that run on every event read their objects through `Unretained` instead, from a
/// plain-pointer `UnretainedList` or from an array lent with `withUnretainedElements`. The history
/// of what was measured is in docs/benchmarks.md.
///
/// The rule that makes it safe: whoever holds an `Unretained` names the owner that keeps the
/// object alive for as long as it is held (a view keeps its recognizers, a recognizer's attempt
/// its touches, `Arbitration.attempts` the recognizers in an attempt), and a call that may drop
/// the last reference (a reset, an action) takes the object with `object` first.

/// A reference that does not keep its object alive, read without retaining it.
@frozen @usableFromInline
package struct Unretained<Object: AnyObject> {
    @usableFromInline let reference: Unmanaged<Object>

    @_transparent @usableFromInline
    package init(_ object: Object) { reference = .passUnretained(object) }

    /// The object, as an ordinary (retained) reference: for code that keeps it, or that may run
    /// past the owner's hold on it.
    @_transparent @usableFromInline
    package var object: Object { reference.takeUnretainedValue() }

    /// Calls `body` with the object, without a retain and release around the call. Transparent,
    /// as the standard library's `_withUnsafeGuaranteedRef` it wraps, so that it is inlined
    /// before the optimizer runs and the object is known to be guaranteed in `body` (inlined
    /// later, the retains come back: docs/benchmarks.md).
    @_transparent @usableFromInline @discardableResult
    package func with<R>(_ body: (Object) throws -> R) rethrows -> R { try reference._withUnsafeGuaranteedRef(body) }

    /// Whether this names `object`: an identity test that touches no reference count.
    @_transparent @usableFromInline
    package func refers(to object: Object) -> Bool { reference.toOpaque() == Unmanaged.passUnretained(object).toOpaque() }

    /// Whether both name the same object.
    @_transparent @usableFromInline
    package func isSame(as other: Unretained<Object>) -> Bool { reference.toOpaque() == other.reference.toOpaque() }
}

/// Sendable as `Unmanaged` is: it carries an address, and whoever reads the object through it
/// answers for the object's lifetime and isolation.
extension Unretained: @unchecked Sendable {}

/// A list of objects that something else keeps alive, readable without reference counting: the
/// storage is a plain pointer, so reading the list costs nothing, and each entry is an
/// `Unretained`.
///
/// The owner keeps the objects alive (usually in an ordinary array beside the list), refills
/// the list whenever that array changes, and calls `free()` in its `deinit`.
struct UnretainedList<Element: AnyObject>: RandomAccessCollection {
    private var storage: UnsafeMutablePointer<Unretained<Element>>?
    private var capacity = 0
    private(set) var count = 0

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(i: Int) -> Unretained<Element> {
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
            storage.unsafelyUnwrapped[i] = Unretained(o)
            i += 1
        }
        count = n
    }

    /// Adds `object` at the end (the owner has just added it to its own array).
    mutating func append(_ object: Element) {
        if count == capacity {
            let bigger = UnsafeMutablePointer<Unretained<Element>>.allocate(capacity: Swift.max(2 * capacity, 4))
            if let storage { bigger.moveInitialize(from: storage, count: count); storage.deallocate() }
            storage = bigger
            capacity = Swift.max(2 * capacity, 4)
        }
        storage.unsafelyUnwrapped[count] = Unretained(object)
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
    package func withUnretainedElements<R>(_ body: (UnsafeBufferPointer<Unretained<Element>>) throws -> R) rethrows -> R {
        try withUnsafeBufferPointer { buffer in
            // A class reference and an `Unretained` of it have the same layout.
            try buffer.withMemoryRebound(to: Unretained<Element>.self) { try body($0) }
        }
    }
}
