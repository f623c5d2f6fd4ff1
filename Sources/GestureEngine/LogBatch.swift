/// Rows of the decision log handed over together (`DecisionLog.batchSink`): storage that the log
/// fills, a receiver reads, and `removeAll` empties for the next batch.
///
/// A replay's log is millions of rows, and nearly every row holds only numbers and names. So the
/// rows that hold storage of their own (a cause's text or evidence, a row naming a third touch)
/// are noted as they are added, and only they are freed: the rest hold nothing to release and
/// are simply overwritten, where an array would free each row field by field.
///
/// A reference type, so that a batch moves between threads (`LogPipeline`) without copying its
/// rows; whoever holds it must not share it while it is being filled or read.
public final class LogBatch: RandomAccessCollection, @unchecked Sendable {
    private struct Storage {
        var rows: UnsafeMutablePointer<LogEntry>
        var capacity: Int
        var count = 0
        /// The positions of the rows `LogEntry.holdsStorage` said must be freed.
        var owning: UnsafeMutablePointer<Int32>
        var owningCount = 0
    }

    /// Touched for every row the engine logs; a batch is used by one thread at a time (see
    /// above and `UncheckedState`).
    private let state: UncheckedState<Storage>

    public init(capacity: Int = 1024) {
        let capacity = Swift.max(1, capacity)
        state = UncheckedState(Storage(rows: .allocate(capacity: capacity), capacity: capacity, owning: .allocate(capacity: capacity)))
    }

    deinit {
        removeAll()
        state.value.rows.deallocate()
        state.value.owning.deallocate()
        state.free()
    }

    public var count: Int { state.value.count }
    public var startIndex: Int { 0 }
    public var endIndex: Int { state.value.count }

    public subscript(position: Int) -> LogEntry {
        precondition(position >= 0 && position < state.value.count, "LogBatch index out of range")
        return state.value.rows[position]
    }

    /// Adds a row at the end.
    public func append(_ e: consuming LogEntry) {
        let holds = e.holdsStorage
        nextSlot().initialize(to: e)
        added(holdingStorage: holds)
    }

    /// Where the next row goes, uninitialized; `added` counts it once it is there. The log
    /// builds its rows straight into the batch this way, without a copy to hand them over.
    @inline(__always)
    func nextSlot() -> UnsafeMutablePointer<LogEntry> {
        if state.value.count == state.value.capacity { grow() }
        return state.value.rows + state.value.count
    }

    /// Counts the row put at `nextSlot()`; returns how many rows there are now.
    @inline(__always) @discardableResult
    func added(holdingStorage holds: Bool) -> Int {
        if holds {
            state.value.owning[state.value.owningCount] = Int32(truncatingIfNeeded: state.value.count)
            state.value.owningCount += 1
        }
        state.value.count += 1
        return state.value.count
    }

    /// Hands the rows to `body` where they lie, to be read in place (a row passed by value is
    /// copied, its strings and arrays retained and released again). `body` must not change them:
    /// which rows `removeAll` frees was decided as they were added.
    public func withUnsafeMutableRows<R>(_ body: (UnsafeMutableBufferPointer<LogEntry>) throws -> R) rethrows -> R {
        try body(UnsafeMutableBufferPointer(start: state.value.rows, count: state.value.count))
    }

    /// Frees the rows and keeps the storage.
    public func removeAll() {
        let s = state.value
        for i in 0..<s.owningCount { (s.rows + Int(s.owning[i])).deinitialize(count: 1) }
        state.value.owningCount = 0
        state.value.count = 0
    }

    private func grow() {
        state.value.capacity *= 2
        let s = state.value
        state.value.rows = Self.moved(s.rows, count: s.count, capacity: s.capacity)
        state.value.owning = Self.moved(s.owning, count: s.owningCount, capacity: s.capacity)
    }

    /// `count` values moved from `old` (then freed) into new storage for `capacity`.
    private static func moved<T>(_ old: UnsafeMutablePointer<T>, count: Int, capacity: Int) -> UnsafeMutablePointer<T> {
        let new = UnsafeMutablePointer<T>.allocate(capacity: capacity)
        new.moveInitialize(from: old, count: count)
        old.deallocate()
        return new
    }
}

extension LogEntry {
    /// Whether the row holds storage that freeing it releases: a cause's strings or evidence, or
    /// a third touch's array. Exact, because `CauseText` keeps an empty string as the empty
    /// literal and an array without storage has no capacity; every other field is plain data
    /// (a test walks the row's fields to keep it so).
    @inlinable @inline(__always) package var holdsStorage: Bool {
        cause.message.holdsStorage || cause.evidence.capacity != 0 || touches.holdsStorage
    }
}
