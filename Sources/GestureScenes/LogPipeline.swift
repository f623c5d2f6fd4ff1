import Foundation
import GestureEngine
import GestureTrace

/// Formats and writes a replay's log on a thread of its own, so that the engine (one core) and
/// the log's formatting and writing (another) overlap: a full JSON Lines log costs about as much
/// to write as the replay itself.
///
/// A replay starts one when its log says so (`ReplayLog.batchesOnItsOwnThread`) and waits for it
/// to drain before it returns or throws. The engine's log hands its rows over in batches
/// (`DecisionLog.Destination.batches`); `take` queues a
/// batch and gives back an empty one from earlier, so rows are built straight into storage that
/// is reused and never copied, and they are freed on the writing thread. At most `depth` batches
/// wait, so memory stays flat however long the trace. `consume` sees every row, in order, on the
/// writing thread only, and may read them in place (`LogBatch.withUnsafeMutableRows`); the batch
/// is emptied after it.
public final class LogPipeline: @unchecked Sendable {
    private let queue: HandoffQueue<LogBatch>
    private let consume: (LogBatch) -> Void
    private let ended = NSCondition()
    private var drained = false

    /// `whileIdle`, when given, is called on the writing thread whenever no rows are waiting, as
    /// long as it finds work (reading the trace ahead: `PipelinedTraceReader.readAhead`).
    public init(depth: Int = 4, whileIdle: (@Sendable () -> Bool)? = nil, consume: @escaping (LogBatch) -> Void) {
        queue = HandoffQueue(depth: depth)
        self.consume = consume
        let thread = Thread { [self] in
            var done: LogBatch?
            while let batch = queue.take(returning: done, whileEmpty: whileIdle) {
                self.consume(batch)
                // The rows are freed here, on this thread, not the engine's.
                batch.removeAll()
                done = batch
            }
            ended.lock()
            drained = true
            ended.broadcast()
            ended.unlock()
        }
        thread.name = "gesturelab log writer"
        thread.start()
    }

    /// Queues the rows in `batch` (waiting while `depth` batches are queued) and leaves an empty
    /// batch in its place.
    public func take(_ batch: inout LogBatch) {
        guard !batch.isEmpty else { return }
        let capacity = batch.count
        batch = queue.put(batch).reused ?? LogBatch(capacity: capacity)
    }

    /// Waits until every queued row has been consumed; the thread then ends. Call it once when
    /// the replay is over, also when it failed: until then the thread waits for more rows (and
    /// keeps this pipeline alive).
    public func finish() {
        queue.finish()
        ended.lock()
        while !drained { ended.wait() }
        ended.unlock()
    }
}
