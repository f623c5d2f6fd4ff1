import GestureTrace

/// Groups a trace's events into UIKit events as every replay does: events at the same moment,
/// one per finger, go to the environment as one event (`EngineOptions.batchSimultaneousEvents`),
/// in trace order. A second event of a finger at the same moment starts a new event.
public struct EventBatcher {
    @usableFromInline var batch: [TraceEvent] = []
    @usableFromInline let batching: Bool

    public init(batching: Bool = true) {
        self.batching = batching
        batch.reserveCapacity(4)
    }

    /// Adds an event, feeding the events before it first when it starts a new moment: when
    /// batching is off, when its time differs, or when its finger already has an event in the
    /// moment (`GestureEnvironment.feed(events:)` applies the same rule in place).
    /// Inlinable: replays call it per event from other modules.
    @inlinable
    public mutating func add(_ e: TraceEvent, to env: GestureEnvironment) {
        if let first = batch.first, !batching || first.time != e.time || batch.contains(where: { $0.pointer == e.pointer }) {
            env.feed(batch: batch)
            batch.clearKeepingCapacity()
        }
        batch.append(e)
    }

    /// Adds a chunk of events (as a pipelined reader hands them over), feeding every moment
    /// the chunk completes where the events lie; the last moment may go on in the next chunk,
    /// so it is kept. The same UIKit events as adding the events one by one.
    public mutating func add(chunk: [TraceEvent], to env: GestureEnvironment) {
        chunk.withUnsafeBufferPointer { all in
            var i = 0
            // The moment kept from the chunk before takes the events that belong to it.
            while let first = batch.first, i < all.count {
                let e = all[i]
                if !batching || first.time != e.time || batch.contains(where: { $0.pointer == e.pointer }) {
                    env.feed(batch: batch)
                    batch.clearKeepingCapacity()
                    break
                }
                batch.append(e)
                i += 1
            }
            guard i < all.count else { return }
            let kept = i + env.feedMoments(UnsafeBufferPointer(rebasing: all[i...]), keepingLast: true)
            batch.append(contentsOf: UnsafeBufferPointer(rebasing: all[kept...]))
        }
    }

    /// Feeds what is left.
    @inlinable
    public mutating func flush(to env: GestureEnvironment) {
        guard !batch.isEmpty else { return }
        env.feed(batch: batch)
        batch.clearKeepingCapacity()
    }
}

extension GestureEnvironment {
    /// Feeds events held in memory, batched as replays batch them (see `EventBatcher`).
    public func feed(events: [TraceEvent]) {
        _ = events.withUnsafeBufferPointer { feedMoments($0, keepingLast: false) }
    }

    /// Feeds `events` moment by moment, with the batcher's grouping (`add(_:to:)`: same time, a
    /// finger not in the moment yet) applied where they lie: each moment is a slice, and no
    /// event is copied. With `keepingLast` the last moment is not fed (more events may belong
    /// to it); returns where the events not fed start.
    func feedMoments(_ all: UnsafeBufferPointer<TraceEvent>, keepingLast: Bool) -> Int {
        let batching = options.batchSimultaneousEvents
        var start = 0
        while start < all.count {
            var end = start + 1
            if batching {
                let t = all[start].time
                while end < all.count, all[end].time == t, !all[start..<end].contains(where: { $0.pointer == all[end].pointer }) {
                    end += 1
                }
            }
            if keepingLast && end == all.count { return start }
            feed(moment: UnsafeBufferPointer(rebasing: all[start..<end]))
            start = end
        }
        return all.count
    }
}
