import GestureEngine
import GestureScenes
import GestureTrace

/// The scene's recognizers running on the same engine as replay, fed as input arrives (record)
/// or as the playhead moves (play). Events with equal times are batched as in `Replay`.
final class LiveSession {
    private(set) var document: SceneDocument
    private(set) var scene: BuiltScene
    private var pending: [TraceEvent] = []
    private(set) var fed: [TraceEvent] = []

    init(document: SceneDocument) throws {
        self.document = document
        scene = try SceneBuilder.build(document)
    }

    var log: DecisionLog { scene.environment.log }
    var recognizerIDs: [String] { scene.recognizers.map(\.id) }

    /// Starts over (a cleared canvas, a reloaded scene, or scrubbing backwards).
    func restart(with document: SceneDocument? = nil) throws {
        if let document { self.document = document }
        scene = try SceneBuilder.build(self.document)
        pending.removeAll()
        fed.removeAll()
    }

    func feed(_ e: TraceEvent) {
        if let first = pending.first, first.time != e.time || pending.contains(where: { $0.pointer == e.pointer }) { flush() }
        pending.append(e)
        fed.append(e)
    }

    func flush() {
        guard !pending.isEmpty else { return }
        scene.environment.feed(batch: pending)
        pending.removeAll()
    }

    /// Fires the timers due by `time` (a long press that is being held, a tap interval).
    func advance(to time: Timestamp) {
        flush()
        scene.environment.advance(to: time)
    }

    private var changesCache: [String: [(Timestamp, String)]] = [:]
    private var changesSeen = 0
    private var changesScene: ObjectIdentifier?

    /// Each recognizer's states over time: [(time, state)] from the log, read incrementally
    /// (the studio asks every frame).
    func stateChanges() -> [String: [(Timestamp, String)]] {
        if changesScene != ObjectIdentifier(scene) || changesSeen > log.entries.count {
            changesCache = [:]
            changesSeen = 0
            changesScene = ObjectIdentifier(scene)
        }
        var out = changesCache
        for e in log.entries[changesSeen...] {
            guard let r = e.recognizer else { continue }
            switch e.kind {
            case .transition: out[r, default: []].append((e.time, e.to ?? "?"))
            case .pending: out[r, default: []].append((e.time, "waiting"))
            case .reset: out[r, default: []].append((e.time, "possible"))
            default: break
            }
        }
        changesCache = out
        changesSeen = log.entries.count
        return out
    }

    /// A recognizer's state at `now` in its list of changes: what its lane shows.
    static func state(in changes: [(Timestamp, String)], at now: Timestamp) -> String {
        changes.last { $0.0 <= now }?.1 ?? "possible"
    }

    /// The word a decision's lane shows for it.
    static func word(for e: LogEntry) -> String {
        switch e.kind {
        case .pending: return "waiting"
        case .released: return "released"
        default: return e.to ?? "?"
        }
    }

    /// The latest decision worth showing (a transition, wait or release) at or before `time`.
    func latestDecision(before time: Timestamp? = nil) -> LogEntry? {
        let limit = time ?? Timestamp(microseconds: .max)
        return log.entries.last { e in
            e.time <= limit && ((e.kind == .transition && e.to != "changed") || e.kind == .pending || e.kind == .released)
        }
    }

    /// The studio's line under the lanes: the latest decision and its cause. When the
    /// recognizer's lane has moved on since (a reset, a pan's changes), the line says what the
    /// lane shows now, so the two never disagree.
    func decisionLine(at now: Timestamp, changes: [String: [(Timestamp, String)]]) -> String {
        guard let d = latestDecision(before: now) else { return "no decision yet" }
        let id = d.recognizer ?? ""
        let word = LiveSession.word(for: d)
        let lane = LiveSession.state(in: changes[id] ?? [], at: now)
        let state = word == lane ? word : "\(word) (now \(lane))"
        return "\(d.time.millisecondsText) ms  \(id): \(state) - \(d.cause.text)"
    }
}
