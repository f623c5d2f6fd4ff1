import GestureEngine
import GestureTrace

/// A trace run through a scene: the decision log and what the trace reader had to say.
public struct ReplayResult {
    public var header: TraceHeader
    public var log: DecisionLog
    public var warnings: [TraceDiagnostic]
    public var eventCount: Int
    /// The scene as UIKit objects; nil for a replay under another platform's rules.
    public var scene: BuiltScene?
    /// The recognizers' ids, in the scene's order (a scroll view's own among them).
    public var recognizerIDs: [String]
    /// The views' ids, parents before children.
    public var viewIDs: [String]

    public init(header: TraceHeader, log: DecisionLog, warnings: [TraceDiagnostic], eventCount: Int, scene: BuiltScene?, recognizerIDs: [String], viewIDs: [String]) {
        self.header = header
        self.log = log
        self.warnings = warnings
        self.eventCount = eventCount
        self.scene = scene
        self.recognizerIDs = recognizerIDs
        self.viewIDs = viewIDs
    }
}

/// Feeds a trace through a freshly built scene, batching events that share a timestamp into
/// one UIKit event, and runs the timers left at the end.
public enum Replay {
    public static func run(tracePath: String, scene doc: SceneDocument, registry: RecognizerRegistry = .current,
                           log: ReplayLog = .entries) throws -> ReplayResult {
        let reader = try TraceReader(path: tracePath)
        return try run(reader: reader, scene: doc, registry: registry, log: log)
    }

    /// Reader -> engine -> `log`: the trace's events fed through the scene one UIKit event at a
    /// time, each decision handed where `log` says as it is made. `observe` sees each event first.
    public static func run(reader: some TraceEventSource, scene doc: SceneDocument, registry: RecognizerRegistry = .current,
                           log: ReplayLog = .entries, observe: ((TraceEvent) -> Void)? = nil) throws -> ReplayResult {
        let scene = try SceneBuilder.build(doc, registry: registry, recordLog: log.records, keptKinds: log.kinds)
        let env = scene.environment
        let connection = log.connect(&env.log)
        // Runs after the log's last batch is handed over, on success and on error alike.
        defer { connection.finish() }
        var batcher = EventBatcher(batching: doc.options.batchSimultaneousEvents)
        do {
            if observe == nil, let chunked = reader as? any TraceChunkSource, chunked.readsInChunks {
                // The events where the reading thread or the tape put them, a chunk at a time.
                while let chunk = try chunked.nextChunk() { batcher.add(chunk: chunk, to: env) }
            } else {
                while let e = try reader.nextEvent() {
                    observe?(e)
                    batcher.add(e, to: env)
                }
            }
        } catch {
            // Everything before a bad line is replayed (the last good event too, held back only
            // to see whether the next one shares its moment) and its rows handed over: the
            // output shows what came before the error.
            batcher.flush(to: env)
            env.log.flushBatch()
            throw error
        }
        batcher.flush(to: env)
        env.finish()
        env.log.flushBatch()
        return ReplayResult(header: reader.header, log: env.log, warnings: reader.warnings, eventCount: reader.eventCount, scene: scene,
                            recognizerIDs: scene.recognizers.map(\.id), viewIDs: scene.window.subtree.map(\.id))
    }

    /// Replays events held in memory (tests, generators, the studio), each decision handed where
    /// `log` says.
    public static func run(events: [TraceEvent], scene doc: SceneDocument, registry: RecognizerRegistry = .current,
                           log: ReplayLog = .entries) throws -> BuiltScene {
        let scene = try SceneBuilder.build(doc, registry: registry, recordLog: log.records, keptKinds: log.kinds)
        let env = scene.environment
        let connection = log.connect(&env.log)
        defer { connection.finish() }
        env.feed(events: events)
        env.finish()
        env.log.flushBatch()
        return scene
    }
}
