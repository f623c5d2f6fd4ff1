/// The stored state of an object that one thread at a time fills or reads, kept behind a pointer
/// so that reading and writing it skip Swift's run-time exclusivity checks in every build: the
/// one place where GestureLab switches them off in source (release builds of the hot-path
/// targets drop them by a compiler flag, Package.swift).
///
/// Why: the objects that keep their state here are touched for every row a replay logs (a batch
/// of rows, the names' bytes, the JSON row programs), and each access to a class's stored
/// property is otherwise checked at run time (a call and a thread-local lookup) wherever the flag
/// does not reach: debug builds, and the command line's targets in any build. Their owners hand them
/// between threads only whole (a batch goes to the writer once filled), so no two accesses can
/// overlap; the checks stay on for everything else.
///
/// Like swift-collections' `Deque`, which keeps all of its unsafe access behind one handle: the
/// owner keeps one `UncheckedState` in a `let`, reads and writes `state.value.field`, and calls
/// `free()` from its `deinit`.
///
/// Public only to GestureLab's own modules (`@_spi(GestureLabInternal) import GestureEngine`), not
/// to users: this toolchain does not inline a `package` declaration's `@inlinable` body into
/// another module, and the JSON writer (GestureTimeline) then called the accessor for every field
/// of every row (2.6% more instructions for a JSON Lines replay, callgrind).
@_spi(GestureLabInternal) @frozen
public struct UncheckedState<Value> {
    @usableFromInline let storage: UnsafeMutablePointer<Value>

    @inlinable
    public init(_ initial: Value) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: initial)
    }

    /// The state, read and changed in place.
    @inlinable
    public var value: Value {
        unsafeAddress { UnsafePointer(storage) }
        nonmutating unsafeMutableAddress { storage }
    }

    /// Frees the state (not what it points to); the owner calls it once, from its `deinit`.
    public func free() {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }
}
