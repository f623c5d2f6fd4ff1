/// Rows of the decision log handed over together (`DecisionLog.batchSink`): storage that the log
/// fills, a receiver reads, and `removeAll` empties for the next batch.
///
/// A replay's log is millions of rows, and freeing each through an array's generic path (a call
/// per row, and one per string or array field, though nearly every row holds only numbers and
/// names) cost the writing thread a tenth of its time. Here the rows that hold storage of their
/// own (a cause's text or evidence, a row naming a third touch) are noted as they are added, and
/// only they are freed: the rest hold nothing to release and are simply overwritten.
///
/// A reference type, so that a batch moves between threads (`LogPipeline`) without copying its
/// rows; whoever holds it must not share it while it is being filled or read.
public final class LogBatch: RandomAccessCollection, @unchecked Sendable {
    // Touched for every row the engine logs, so without exclusivity checks: a batch is used by
    // one thread at a time (see above).
    @exclusivity(unchecked) private var rows: UnsafeMutablePointer<LogEntry>
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) public private(set) var count = 0
    /// The positions of the rows `LogEntry.holdsStorage` said must be freed.
    @exclusivity(unchecked) private var owning: UnsafeMutablePointer<Int32>
    @exclusivity(unchecked) private var owningCount = 0

    public init(capacity: Int = 1024) {
        self.capacity = Swift.max(1, capacity)
        rows = .allocate(capacity: self.capacity)
        owning = .allocate(capacity: self.capacity)
    }

    deinit {
        removeAll()
        rows.deallocate()
        owning.deallocate()
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> LogEntry {
        precondition(position >= 0 && position < count, "LogBatch index out of range")
        return rows[position]
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
        if count == capacity { grow() }
        return rows + count
    }

    /// Counts the row put at `nextSlot()`; returns how many rows there are now.
    @inline(__always) @discardableResult
    func added(holdingStorage holds: Bool) -> Int {
        if holds {
            owning[owningCount] = Int32(truncatingIfNeeded: count)
            owningCount += 1
        }
        count += 1
        return count
    }

    /// Hands the rows to `body` where they lie, to be read in place (a row passed by value is
    /// copied, its strings and arrays retained and released again). `body` must not change them:
    /// which rows `removeAll` frees was decided as they were added.
    public func withUnsafeMutableRows<R>(_ body: (UnsafeMutableBufferPointer<LogEntry>) throws -> R) rethrows -> R {
        try body(UnsafeMutableBufferPointer(start: rows, count: count))
    }

    /// Frees the rows and keeps the storage.
    public func removeAll() {
        for i in 0..<owningCount { (rows + Int(owning[i])).deinitialize(count: 1) }
        owningCount = 0
        count = 0
    }

    private func grow() {
        capacity *= 2
        rows = Self.moved(rows, count: count, capacity: capacity)
        owning = Self.moved(owning, count: owningCount, capacity: capacity)
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
