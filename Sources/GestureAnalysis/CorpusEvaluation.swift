import Dispatch
import Foundation
import GestureEngine
import GesturePlatforms
import GestureScenes
import GestureTrace

/// Replays every trace of a corpus through a scene, in parallel, and keeps each outcome in
/// corpus order, so the same corpus gives the same numbers on every run and any core count.
public struct CorpusEvaluation {
    public var scene: SceneDocument
    public var registry: RecognizerRegistry
    /// Whose rules the traces replay under.
    public var platform: Platform = .uikit
    public var jobs: Int

    public init(scene: SceneDocument, registry: RecognizerRegistry = .current, jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.scene = scene
        self.registry = registry
        self.jobs = registry.requiresMainThread ? 1 : max(1, jobs)
    }

    /// Replays one trace; a trace that cannot be read becomes an outcome with a problem.
    public func outcome(path: String) -> TraceOutcome {
        do {
            let reader = try TraceReader(path: path)
            var firstTouch: Timestamp?
            // Transitions are gathered as they are written, not kept.
            var gathered = TraceOutcome.Gatherer()
            let result = try PlatformReplay.run(platform: platform, reader: reader, scene: scene, registry: registry,
                                                log: ReplayLog(.rows { gathered.feed($0) }, kinds: [.transition], routineUpdates: false),
                                                observe: { e in if firstTouch == nil && e.type == .down { firstTouch = e.time } })
            return TraceOutcome(path: path, labels: result.header.labels, events: result.eventCount, firstTouch: firstTouch,
                                recognized: gathered.recognized, losses: gathered.losses)
        } catch let d as TraceDiagnostic {
            return TraceOutcome(path: path, problem: d.description)
        } catch {
            return TraceOutcome(path: path, problem: "\(path): \(error)")
        }
    }

    /// Replays all traces; `progress` is called with the number done so far (from any thread).
    public func run(paths: [String], progress: (@Sendable (Int) -> Void)? = nil) -> [TraceOutcome] {
        if jobs == 1 {
            var out: [TraceOutcome] = []
            for (i, p) in paths.enumerated() {
                out.append(outcome(path: p))
                progress?(i + 1)
            }
            return out
        }
        let box = OutcomeBox(count: paths.count)
        let chunk = max(1, paths.count / (jobs * 8))
        let chunks = (paths.count + chunk - 1) / chunk
        let me = self
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            let lo = c * chunk, hi = min(paths.count, lo + chunk)
            for i in lo..<hi {
                let o = me.outcome(path: paths[i])
                let done = box.set(i, o)
                progress?(done)
            }
        }
        return box.results
    }
}

/// Outcomes filled in from several threads, each index once.
final class OutcomeBox: @unchecked Sendable {
    private var storage: [TraceOutcome?]
    private let lock = NSLock()
    private var done = 0

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func set(_ i: Int, _ o: TraceOutcome) -> Int {
        lock.lock()
        defer { lock.unlock() }
        storage[i] = o
        done += 1
        return done
    }

    var results: [TraceOutcome] { storage.map { $0! } }
}

extension CorpusEvaluation: @unchecked Sendable {}
