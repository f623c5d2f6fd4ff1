import Foundation

/// Batches passed from one thread to another, at most `depth` waiting: the trace reader's
/// chunks of events to the engine, the engine's batches of log rows to the log's writer.
///
/// Waking a thread costs more than the words say on a shared machine: the woken thread often
/// takes the waker's core for a moment, and waking an idle virtual CPU goes through the host.
/// So each side is woken only when it has something to do in bulk: a producer that found the
/// queue full sleeps until it is down to half (not at every batch taken), and a consumer is
/// signalled only when it is waiting. Batches the consumer has finished with can come back to
/// the producer for reuse (`put` returns one), so their storage is not allocated again.
public final class HandoffQueue<Batch>: @unchecked Sendable {
    private let depth: Int
    /// When a producer waiting for room is woken.
    private let lowWater: Int
    private let condition = NSCondition()
    /// At most `depth`, so taking from the front is cheap.
    private var queued: [Batch] = []
    private var spare: [Batch] = []
    private var producerWaits = false
    private var consumerWaits = false
    private var finished = false
    private var stopped = false

    public init(depth: Int) {
        self.depth = Swift.max(1, depth)
        lowWater = self.depth / 2
    }

    private var count: Int { queued.count }

    /// Queues `batch`, first waiting while `depth` batches wait. Returns a batch the consumer
    /// has given back, if any, or nil; `stopped` is true when the consumer has stopped (the
    /// batch is dropped then).
    public func put(_ batch: consuming Batch) -> (reused: Batch?, stopped: Bool) {
        condition.lock()
        defer { condition.unlock() }
        while count >= depth && !stopped {
            producerWaits = true
            condition.wait()
        }
        producerWaits = false
        if stopped { return (nil, true) }
        queued.append(batch)
        if consumerWaits { condition.signal() }
        return (spare.popLast(), false)
    }

    /// The next batch, waiting while none is queued; nil once the producer has finished and
    /// everything is taken. `done` is the batch taken before, given back for reuse. While none
    /// is queued, `whileEmpty` is called (without the lock) as long as it finds something to
    /// do and says so; the consumer sleeps only when it does not.
    public func take(returning done: consuming Batch? = nil, whileEmpty: (() -> Bool)? = nil) -> Batch? {
        condition.lock()
        defer { condition.unlock() }
        if let done { spare.append(done) }
        while count == 0 && !finished {
            if let whileEmpty {
                condition.unlock()
                let worked = whileEmpty()
                condition.lock()
                // A batch or the end may have come while the lock was not held; its signal
                // went to no one.
                if worked || count > 0 || finished { continue }
            }
            consumerWaits = true
            condition.wait()
        }
        consumerWaits = false
        guard count > 0 else { return nil }
        let batch = queued.removeFirst()
        if producerWaits && count <= lowWater { condition.signal() }
        return batch
    }

    /// The producer's last word: `take` returns nil once the queue is empty.
    public func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// The consumer has gone: a producer waiting for room, or putting later, stops.
    public func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }
}
