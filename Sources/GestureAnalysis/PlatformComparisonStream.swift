import Foundation
import GestureEngine
import GesturePlatforms
import GestureTrace

extension PlatformComparison {
    /// Several platforms' replays set side by side sequence by sequence while they run, each
    /// replay on a thread of its own (`compare` on a long trace, issue 35): a sequence is compared
    /// as soon as every platform has finished it, and then forgotten. A replay that gets
    /// `ahead` sequences in front of the slowest waits for it, so the memory is that of a few
    /// sequences whatever the trace's length.
    ///
    /// Each platform's log goes to its `Feeder` (`feed` as the log sink, `finish` at the end);
    /// the reader calls `next()` until it returns nil. The decisive rows keep their causes
    /// unformatted: only the rows where the platforms part ways have their text made.
    public final class Stream: @unchecked Sendable {
        // @unchecked: every field below is read and written under `condition`.
        private let condition = NSCondition()
        /// Per platform, its finished sequences not yet compared: start and decisive rows.
        private var queues: [[(start: Timestamp, rows: [Decision])]]
        private var heads: [Int]
        private var finished: [Bool]
        private var stopped = false
        private let ahead: Int
        private var compared = 0
        public let platforms: [Platform]

        /// `ahead`: how many finished sequences a platform may hold before its replay waits; a
        /// replay that runs before the others on the same thread (users' main-actor code) must
        /// not wait: `Int.max`.
        public init(platforms: [Platform], ahead: Int = 64) {
            self.platforms = platforms
            self.ahead = max(1, ahead)
            queues = Array(repeating: [], count: platforms.count)
            heads = Array(repeating: 0, count: platforms.count)
            finished = Array(repeating: false, count: platforms.count)
        }

        /// The sink of platform number `i`'s log.
        public func feeder(_ i: Int) -> Feeder { Feeder(stream: self, platform: i) }

        /// Nothing more will be compared (a replay failed): waiting replays go on without waiting,
        /// and `next()` returns nil.
        public func stop() {
            condition.lock()
            stopped = true
            condition.broadcast()
            condition.unlock()
        }

        fileprivate func push(_ i: Int, start: Timestamp, rows: [Decision]) {
            condition.lock()
            defer { condition.unlock() }
            while !stopped && queues[i].count - heads[i] >= ahead { condition.wait() }
            guard !stopped else { return }
            queues[i].append((start, rows))
            condition.broadcast()
        }

        fileprivate func finish(_ i: Int) {
            condition.lock()
            finished[i] = true
            condition.broadcast()
            condition.unlock()
        }

        /// The next sequence every platform has finished, compared; nil once every replay has
        /// finished and every sequence was given (or after `stop`).
        public func next() -> SequenceComparison? {
            condition.lock()
            var taken: [(start: Timestamp, rows: [Decision])?] = []
            while true {
                if stopped {
                    condition.unlock()
                    return nil
                }
                let waiting = platforms.indices.map { queues[$0].count - heads[$0] }
                let ready = platforms.indices.allSatisfy { waiting[$0] > 0 || finished[$0] }
                if ready {
                    // Every platform read the same trace, so they have the same sequences; one
                    // that has none left is given none.
                    guard waiting.contains(where: { $0 > 0 }) else {
                        condition.unlock()
                        return nil
                    }
                    taken = platforms.indices.map { i in
                        guard waiting[i] > 0 else { return nil }
                        let q = queues[i][heads[i]]
                        heads[i] += 1
                        // The taken part of a queue is dropped now and then rather than shifted each time.
                        if heads[i] >= 64 && heads[i] * 2 >= queues[i].count {
                            queues[i].removeFirst(heads[i])
                            heads[i] = 0
                        }
                        return q
                    }
                    condition.broadcast()
                    break
                }
                condition.wait()
            }
            compared += 1
            let index = compared
            condition.unlock()
            let start = taken.first { $0 != nil }!!.start
            var sides: [Side] = [], inSequence: [(Platform, ArraySlice<Decision>)] = []
            var end = start
            for (i, platform) in platforms.enumerated() {
                let rows = taken[i]?.rows ?? []
                if let last = rows.last { end = max(end, last.time) }
                // A winner is shown by its name, state and time: its cause is let go (the page
                // keeps every sequence until its timelines are done).
                sides.append(Side(platform: platform, winners: PlatformComparison.winners(rows[...]).map { w in
                    var w = w
                    w.unformatted = nil
                    return w
                }))
                inSequence.append((platform, rows[...]))
            }
            var divergence = PlatformComparison.divergence(inSequence)
            // Only the rows shown get the text of their causes.
            if let d = divergence {
                divergence!.rows = d.rows.map { p, row in (p, row.map { $0.withCauseText() }) }
            }
            return SequenceComparison(index: index, start: start, end: end, sides: sides, divergence: divergence)
        }
    }

    /// One platform's decisive rows cut into its touch sequences as its log is written. A
    /// sequence's rows are those from its first finger down (by time) to the next sequence's,
    /// as `init(gathered:)` cuts them.
    public final class Feeder: @unchecked Sendable {
        // @unchecked: fed by one replay's thread only.
        let stream: Stream
        let platform: Int
        var counter = TouchSequenceCounter()
        var rows: [Decision] = []
        var start: Timestamp?

        init(stream: Stream, platform: Int) {
            self.stream = stream
            self.platform = platform
        }

        public func feed(_ e: LogEntry) {
            if counter.step(e) == .firstFingerDown {
                // Rows logged before the touch but at its time or later are the new sequence's.
                let split = rows.firstIndex { $0.time >= e.time } ?? rows.count
                if let start { stream.push(platform, start: start, rows: Array(rows[..<split])) }
                rows.removeFirst(split)
                start = e.time
            }
            guard let d = PlatformComparison.decision(e, cause: false, keepingCause: true) else { return }
            rows.append(d)
        }

        /// The replay ended (or failed): its last sequence is complete.
        public func finish() {
            if let start { stream.push(platform, start: start, rows: rows) }
            rows = []
            stream.finish(platform)
        }
    }
}
