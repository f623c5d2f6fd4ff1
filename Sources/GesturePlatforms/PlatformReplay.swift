import GestureEngine
import GestureScenes
import GestureTrace

/// Whose rules a replay follows (`--platform`): UIKit's engine, Flutter's gesture arena, or
/// Android's touch dispatch. Each shares the trace reading, the views, the clock and the decision
/// log; each decides by its own rules (docs/platforms.md).
public enum Platform: String, Sendable, CaseIterable {
    case uikit, flutter, android

    /// How the platform is named in prose.
    public var title: String {
        switch self {
        case .uikit: return "UIKit"
        case .flutter: return "Flutter"
        case .android: return "Android"
        }
    }
}

/// A replay under a platform's rules, with the same result whatever the platform, so every
/// tool that reads a replay's log works for each.
public enum PlatformReplay {
    public static func run(platform: Platform, reader: some TraceEventSource, scene doc: SceneDocument, registry: RecognizerRegistry = .current,
                           log replayLog: ReplayLog = .entries, observe: ((TraceEvent) -> Void)? = nil) throws -> ReplayResult {
        switch platform {
        case .uikit:
            return try Replay.run(reader: reader, scene: doc, registry: registry, log: replayLog, observe: observe)
        case .flutter:
            let (log, connection) = platformLog(replayLog)
            defer { connection.finish() }
            let built = try FlutterSceneBuilder.build(doc, log: log)
            let binding = built.binding
            do {
                try forEachEvent(of: reader, observe: observe) { binding.handle($0) }
            } catch {
                binding.out.log.flushBatch()
                throw error
            }
            binding.finish()
            binding.out.log.flushBatch()
            return ReplayResult(header: reader.header, log: binding.log, warnings: reader.warnings, eventCount: reader.eventCount, scene: nil,
                                recognizerIDs: built.recognizerIDs, viewIDs: built.window.subtree.map(\.id))
        case .android:
            let (log, connection) = platformLog(replayLog)
            defer { connection.finish() }
            let built = try AndroidSceneBuilder.build(doc, log: log)
            let dispatch = built.dispatch
            do {
                try forEachEvent(of: reader, observe: observe) { dispatch.handle($0) }
            } catch {
                dispatch.out.log.flushBatch()
                throw error
            }
            dispatch.finish()
            dispatch.out.log.flushBatch()
            return ReplayResult(header: reader.header, log: dispatch.log, warnings: reader.warnings, eventCount: reader.eventCount, scene: nil,
                                recognizerIDs: built.recognizerIDs, viewIDs: built.window.subtree.map(\.id))
        }
    }

    /// Each event of `reader` in order, taken a run at a time where the source hands runs over
    /// (a tape, a stretch of one, the pipelined reader: `TraceChunkSource`).
    @inline(__always)
    private static func forEachEvent(of reader: some TraceEventSource, observe: ((TraceEvent) -> Void)?,
                                     _ body: (TraceEvent) -> Void) throws(TraceDiagnostic) {
        if let chunked = reader as? any TraceChunkSource, chunked.readsInChunks {
            while let run = try chunked.nextChunk() {
                for e in run {
                    observe?(e)
                    body(e)
                }
            }
        } else {
            while let e = try reader.nextEvent() {
                observe?(e)
                body(e)
            }
        }
    }

    /// The decision log of a Flutter or Android replay, connected as `replayLog` says. Their
    /// recognizers write every update, unless the reader wants updates only numbered, not even
    /// an empty note for each (`explain`'s text): then a routine update and its callback are
    /// numbered and left out, as the UIKit engine leaves them out (`PlatformLog.publish`).
    private static func platformLog(_ replayLog: ReplayLog) -> (DecisionLog, ReplayLog.Connection) {
        var log = DecisionLog(keptKinds: replayLog.kinds)
        let connection = replayLog.connect(&log)
        log.keepsRoutineUpdates = log.keepsRoutineUpdates || log.keepsUpdateNotes
        return (log, connection)
    }

    /// The recognizers a scene has under the platform's rules (a scroll view's own among them),
    /// or the scene's located problem.
    public static func recognizerIDs(platform: Platform, scene doc: SceneDocument, registry: RecognizerRegistry = .current) throws(SceneError) -> [String] {
        switch platform {
        case .uikit: return try SceneBuilder.build(doc, registry: registry).recognizers.map(\.id)
        case .flutter: return try FlutterSceneBuilder.build(doc).recognizerIDs
        case .android: return try AndroidSceneBuilder.build(doc).recognizerIDs
        }
    }

    /// The scene with one of the platform's values (a slop, a timeout: `FlutterSettings.names`,
    /// `AndroidSettings.names`) set at the scene's top, as `flutter: {touchSlop: 12}` would; nil
    /// when the platform has no such value (UIKit's parameters are the recognizers' own).
    public static func setting(_ name: String, to value: Double, in doc: SceneDocument, platform: Platform) -> SceneDocument? {
        let names: [String]
        switch platform {
        case .uikit: return nil
        case .flutter: names = FlutterSettings.names
        case .android: names = AndroidSettings.names
        }
        guard names.contains(name) else { return nil }
        var d = doc
        var block = d.platformOptions[platform.rawValue] ?? PlatformOptions(assignments: [], line: 0)
        block.assignments.removeAll { $0.name == name }
        block.assignments.append(ParameterAssignment(name: name, value: .number(value), line: 0, column: 0))
        d.platformOptions[platform.rawValue] = block
        return d
    }

    /// Replays events held in memory (tests, `minimize`): the decision log.
    public static func run(platform: Platform, events: [TraceEvent], scene doc: SceneDocument, registry: RecognizerRegistry = .current,
                           recordLog: Bool = true) throws -> DecisionLog {
        switch platform {
        case .uikit:
            let scene = try SceneBuilder.build(doc, registry: registry, recordLog: recordLog)
            scene.environment.feed(events: events)
            scene.environment.finish()
            return scene.environment.log
        case .flutter:
            let built = try FlutterSceneBuilder.build(doc, log: DecisionLog(recordLog ? .entries : .counted))
            for e in events { built.binding.handle(e) }
            built.binding.finish()
            return built.binding.log
        case .android:
            let built = try AndroidSceneBuilder.build(doc, log: DecisionLog(recordLog ? .entries : .counted))
            for e in events { built.dispatch.handle(e) }
            built.dispatch.finish()
            return built.dispatch.log
        }
    }
}
