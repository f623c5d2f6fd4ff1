import Foundation

/// What a replay reads events from: a `TraceReader`, or one running on another core.
public protocol TraceEventSource: AnyObject {
    var header: TraceHeader { get }
    /// Problems that did not stop the reading (a last line cut short); complete once
    /// `nextEvent()` has returned nil.
    var warnings: [TraceDiagnostic] { get }
    var eventCount: Int { get }
    func nextEvent() throws(TraceDiagnostic) -> TraceEvent?
}

extension TraceReader: TraceEventSource {}

/// A `TraceReader` handing events over in chunks, read on a thread of its own so that reading
/// and parsing (one core) overlap with the engine (another), or on the caller's thread when the
/// cores are busy already (`worthAThread`). At most `depth` chunks wait to be taken, so memory
/// stays flat however long the trace. Events, errors and warnings come out exactly as the reader
/// gives them: an error arrives after the events before it.
public final class PipelinedTraceReader: TraceEventSource {
    public let header: TraceHeader
    public let path: String
    public private(set) var warnings: [TraceDiagnostic] = []
    public private(set) var eventCount = 0

    private let channel: Channel?
    /// The reader, when chunks are read on the threads that take them or help (`readAhead`).
    private let shared: Shared?
    private var current: [TraceEvent] = []
    private var index = 0
    private var finished = false

    /// Starts reading `reader` on a new thread at once, or (`onOwnThread` false) reads it a
    /// chunk at a time on the thread that takes the chunks, or on one that helps (`readAhead`).
    public init(_ reader: TraceReader, chunkSize: Int = 4096, depth: Int = 4, onOwnThread: Bool = true) {
        header = reader.header
        path = reader.path
        guard onOwnThread else {
            channel = nil
            shared = Shared(reader: reader, chunk: max(1, chunkSize), depth: max(1, depth))
            return
        }
        shared = nil
        let channel = Channel(reader: reader, chunk: max(1, chunkSize), depth: max(1, depth))
        self.channel = channel
        // The thread holds the channel, not this object, so dropping a reader half-way (an
        // error of the consumer's own) stops the thread instead of keeping both alive.
        let thread = Thread { channel.produce() }
        thread.name = "gesturelab trace reader"
        thread.start()
    }

    /// When chunks are read on the caller's thread: reads one ahead on the thread that calls
    /// it, if there is room and no one else is reading, and says whether it did. For a thread
    /// with nothing else to do for a moment (the log's writer waiting for rows), which then
    /// takes a share of the reading off the engine's thread. Nil when a thread of its own reads.
    public var readAhead: (@Sendable () -> Bool)? {
        guard let shared else { return nil }
        return { shared.readAhead() }
    }

    public convenience init(path: String, onOwnThread: Bool = true) throws(TraceDiagnostic) {
        self.init(try TraceReader(path: path), onOwnThread: onOwnThread)
    }

    /// Whether a reading thread would have a core to itself, beside `busyThreads` threads that
    /// are busy for the whole replay (the engine's; a log writer's). On two cores, a third busy
    /// thread made `replay --format jsonl` slower than reading on the engine's thread: the three
    /// took turns on the cores, and the engine and the writer waited for each other.
    public static func worthAThread(beside busyThreads: Int) -> Bool {
        ProcessInfo.processInfo.activeProcessorCount > busyThreads
    }

    deinit { channel?.stop() }

    public func nextEvent() throws(TraceDiagnostic) -> TraceEvent? {
        if index < current.count {
            defer { index += 1 }
            eventCount += 1
            return current[index]
        }
        guard let next = try takeChunk() else { return nil }
        current = next
        index = 1
        eventCount += 1
        return current[0]
    }

    /// The events not taken yet, a chunk at a time as the reading thread handed them over (nil
    /// at the end): for a consumer that reads them where they lie rather than one by one.
    public func nextChunk() throws(TraceDiagnostic) -> [TraceEvent]? {
        if index < current.count {
            let rest = index == 0 ? current : Array(current[index...])
            current = []
            index = 0
            eventCount += rest.count
            return rest
        }
        guard let next = try takeChunk() else { return nil }
        current = []
        index = 0
        eventCount += next.count
        return next
    }

    /// The next chunk; nil at the end, when the warnings have come.
    private func takeChunk() throws(TraceDiagnostic) -> [TraceEvent]? {
        if finished { return nil }
        switch channel?.take() ?? shared.unsafelyUnwrapped.take() {
        case let .events(next):
            return next
        case let .end(failure, warnings):
            finished = true
            current = []
            self.warnings = warnings
            if let failure { throw failure }
            return nil
        }
    }

    /// A chunk of events, or the end: the error that stopped the reading, if one did, and the warnings.
    private enum Taken { case events([TraceEvent]), end(TraceDiagnostic?, [TraceDiagnostic]) }

    /// Up to `count` events from `reader`, and whether it has no more: at its end, or at an error
    /// (`failure`), which comes after the events read before it. What both ways of reading hand over.
    private static func chunk(of count: Int, from reader: TraceReader) -> (events: [TraceEvent], ended: Bool, failure: TraceDiagnostic?) {
        var events: [TraceEvent] = []
        events.reserveCapacity(count)
        do {
            while events.count < count {
                guard let e = try reader.nextEvent() else { return (events, true, nil) }
                events.append(e)
            }
        } catch {
            return (events, true, error)
        }
        return (events, false, nil)
    }

    /// The reader shared by the thread that takes chunks and one that reads ahead when idle:
    /// whoever holds the lock reads the next chunk, so chunks come out in order.
    private final class Shared: @unchecked Sendable {
        private let reader: TraceReader
        private let chunk: Int
        private let depth: Int
        private let lock = NSLock()
        // Guarded by `lock`.
        private var ready: [[TraceEvent]] = []
        private var failure: TraceDiagnostic?
        private var ended = false

        init(reader: TraceReader, chunk: Int, depth: Int) {
            self.reader = reader
            self.chunk = chunk
            self.depth = depth
        }

        func take() -> Taken {
            lock.lock()
            defer { lock.unlock() }
            if ready.isEmpty && !ended { read() }
            if !ready.isEmpty { return .events(ready.removeFirst()) }
            return .end(failure, reader.warnings)
        }

        func readAhead() -> Bool {
            guard lock.try() else { return false }
            defer { lock.unlock() }
            guard !ended && ready.count < depth else { return false }
            read()
            return true
        }

        /// The next chunk into `ready`, with the lock held.
        private func read() {
            let next = PipelinedTraceReader.chunk(of: chunk, from: reader)
            if next.ended { (ended, failure) = (true, next.failure) }
            if !next.events.isEmpty { ready.append(next.events) }
        }
    }

    /// The reader's side and the queue between the two threads.
    private final class Channel: @unchecked Sendable {
        private let reader: TraceReader
        private let chunk: Int
        private let queue: HandoffQueue<[TraceEvent]>
        // Written by the reading thread before `queue.finish()`, read after `take` returned nil.
        private var failure: TraceDiagnostic?
        private var warnings: [TraceDiagnostic] = []

        init(reader: TraceReader, chunk: Int, depth: Int) {
            self.reader = reader
            self.chunk = chunk
            queue = HandoffQueue(depth: depth)
        }

        func produce() {
            while true {
                let next = PipelinedTraceReader.chunk(of: chunk, from: reader)
                if !next.events.isEmpty && queue.put(next.events).stopped { return }
                guard next.ended else { continue }
                failure = next.failure
                warnings = reader.warnings
                queue.finish()
                return
            }
        }

        func take() -> Taken {
            if let events = queue.take() { return .events(events) }
            return .end(failure, warnings)
        }

        func stop() { queue.stop() }
    }
}
