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

/// A `TraceReader` running on a thread of its own, handing events over in chunks, so that
/// reading and parsing (one core) overlap with the engine (another). At most `depth` chunks wait
/// to be taken, so memory stays flat however long the trace. Events, errors and warnings come out
/// exactly as the reader gives them: an error arrives after the events before it.
public final class PipelinedTraceReader: TraceEventSource {
    public let header: TraceHeader
    public let path: String
    public private(set) var warnings: [TraceDiagnostic] = []
    public private(set) var eventCount = 0

    private let channel: Channel
    private var current: [TraceEvent] = []
    private var index = 0
    private var finished = false

    /// Starts reading `reader` on a new thread at once.
    public init(_ reader: TraceReader, chunkSize: Int = 4096, depth: Int = 4) {
        header = reader.header
        path = reader.path
        let channel = Channel(reader: reader, chunk: max(1, chunkSize), depth: max(1, depth))
        self.channel = channel
        // The thread holds the channel, not this object, so dropping a reader half-way (an
        // error of the consumer's own) stops the thread instead of keeping both alive.
        let thread = Thread { channel.produce() }
        thread.name = "gesturelab trace reader"
        thread.start()
    }

    public convenience init(path: String) throws(TraceDiagnostic) {
        self.init(try TraceReader(path: path))
    }

    deinit { channel.stop() }

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

    /// The next chunk from the reading thread; nil at the end, when its warnings have come.
    private func takeChunk() throws(TraceDiagnostic) -> [TraceEvent]? {
        if finished { return nil }
        switch channel.take() {
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

    /// The reader's side and the queue between the two threads.
    private final class Channel: @unchecked Sendable {
        enum Taken { case events([TraceEvent]), end(TraceDiagnostic?, [TraceDiagnostic]) }

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
            var buffer: [TraceEvent] = []
            buffer.reserveCapacity(chunk)
            var error: TraceDiagnostic?
            while true {
                do {
                    guard let e = try reader.nextEvent() else { break }
                    buffer.append(e)
                } catch let d {
                    error = d
                    break
                }
                if buffer.count == chunk {
                    if queue.put(buffer).stopped { return }
                    buffer = []
                    buffer.reserveCapacity(chunk)
                }
            }
            if !buffer.isEmpty && queue.put(buffer).stopped { return }
            failure = error
            warnings = reader.warnings
            queue.finish()
        }

        func take() -> Taken {
            if let events = queue.take() { return .events(events) }
            return .end(failure, warnings)
        }

        func stop() { queue.stop() }
    }
}
