import Foundation
import GestureEngine

/// Formats and writes a replay's log on a thread of its own, so that the engine (one core) and
/// the log's formatting and writing (another) overlap: a full JSON Lines log costs about as much
/// to write as the replay itself.
///
/// The engine's log hands its rows over in batches (`DecisionLog.batchSink`); `take` queues a
/// batch and gives back an empty one from earlier, so rows are built straight into arrays that
/// are reused and never copied, and they are freed on the writing thread. At most `depth` batches
/// wait, so memory stays flat however long the trace. `consume` sees every row, in order, on the
/// writing thread only; it is handed the batch `inout` so that it can read rows in place
/// (`JSONLinesWriter.append(inPlace:)`), and what it leaves is freed.
public final class LogPipeline: @unchecked Sendable {
    private let consume: (inout [LogEntry]) -> Void
    private let depth: Int
    private let condition = NSCondition()
    private var waiting: [[LogEntry]] = []
    private var spare: [[LogEntry]] = []
    private var closed = false
    private var drained = false

    public init(depth: Int = 4, consume: @escaping (inout [LogEntry]) -> Void) {
        self.consume = consume
        self.depth = max(1, depth)
        let thread = Thread { [self] in drain() }
        thread.name = "gesturelab log writer"
        thread.start()
    }

    /// Queues the rows in `batch` (waiting while `depth` batches are queued) and leaves an empty
    /// array in its place.
    public func take(_ batch: inout [LogEntry]) {
        guard !batch.isEmpty else { return }
        condition.lock()
        while waiting.count >= depth { condition.wait() }
        let capacity = batch.capacity
        var empty = spare.popLast() ?? []
        if empty.capacity < capacity { empty.reserveCapacity(capacity) }
        swap(&batch, &empty)
        waiting.append(empty)
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until every queued row has been consumed; the thread then ends. Call it once when
    /// the replay is over, also when it failed: until then the thread waits for more rows (and
    /// keeps this pipeline alive).
    public func finish() {
        condition.lock()
        closed = true
        condition.broadcast()
        while !drained { condition.wait() }
        condition.unlock()
    }

    private func drain() {
        while true {
            condition.lock()
            while waiting.isEmpty && !closed { condition.wait() }
            if waiting.isEmpty {
                drained = true
                condition.broadcast()
                condition.unlock()
                return
            }
            var batch = waiting.removeFirst()
            condition.broadcast()
            condition.unlock()
            consume(&batch)
            // The rows are freed here, on this thread, not the engine's.
            batch.removeAll(keepingCapacity: true)
            condition.lock()
            spare.append(batch)
            condition.unlock()
        }
    }
}
