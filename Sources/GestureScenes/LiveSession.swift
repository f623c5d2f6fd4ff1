import GestureEngine
import GestureTrace

/// The scene's recognizers running on the same engine as replay, fed as input arrives (record)
/// or as the playhead moves (play), in the studio's window and in the web recorder. Events with
/// equal times are batched as in `Replay`.
public final class LiveSession {
    public private(set) var document: SceneDocument
    public private(set) var scene: BuiltScene
    private var pending: [TraceEvent] = []
    public private(set) var fed: [TraceEvent] = []
    /// Lanes-only: the log keeps just the entries lanes and the decision line read, and `fed`
    /// stays empty, so a long take costs no more memory than a short one (the web recorder).
    private let lanesOnly: Bool
    static let laneKinds: Set<LogEntry.Kind> = [.transition, .pending, .released, .reset]

    public init(document: SceneDocument, lanesOnly: Bool = false) throws {
        self.document = document
        self.lanesOnly = lanesOnly
        scene = try SceneBuilder.build(document, keptKinds: lanesOnly ? Self.laneKinds : nil)
    }

    public var log: DecisionLog { scene.environment.log }
    public var recognizerIDs: [String] { scene.recognizers.map(\.id) }

    /// Starts over (a cleared canvas, a reloaded scene, or scrubbing backwards).
    public func restart(with document: SceneDocument? = nil) throws {
        if let document { self.document = document }
        scene = try SceneBuilder.build(self.document, keptKinds: lanesOnly ? Self.laneKinds : nil)
        pending.removeAll()
        fed.removeAll()
    }

    public func feed(_ e: TraceEvent) {
        if let first = pending.first, first.time != e.time || pending.contains(where: { $0.pointer == e.pointer }) { flush() }
        pending.append(e)
        if !lanesOnly { fed.append(e) }
    }

    public func flush() {
        guard !pending.isEmpty else { return }
        scene.environment.feed(batch: pending)
        pending.removeAll()
    }

    /// Fires the timers due by `time` (a long press that is being held, a tap interval).
    public func advance(to time: Timestamp) {
        flush()
        scene.environment.advance(to: time)
    }

    private var changesCache: [String: [(Timestamp, String)]] = [:]
    private var changesSeen = 0
    private var changesScene: ObjectIdentifier?

    /// Each recognizer's states over time: [(time, state)] from the log, read incrementally
    /// (the studio asks every frame).
    public func stateChanges() -> [String: [(Timestamp, String)]] {
        if changesScene != ObjectIdentifier(scene) || changesSeen > log.entries.count {
            changesCache = [:]
            changesSeen = 0
            changesScene = ObjectIdentifier(scene)
        }
        // Appended in place: a copy would make every call cost the length of the whole take.
        for e in log.entries[changesSeen...] {
            guard let r = e.recognizer else { continue }
            let state: String
            switch e.kind {
            case .transition: state = e.to ?? "?"
            case .pending: state = "waiting"
            case .reset: state = "possible"
            default: continue
            }
            // A run of the same state (a pan's changes) is one change: the lane reads the same.
            if changesCache[r]?.last?.1 == state { continue }
            changesCache[r, default: []].append((e.time, state))
        }
        changesSeen = log.entries.count
        return changesCache
    }

    /// A recognizer's state at `now` in its list of changes: what its lane shows.
    public static func state(in changes: [(Timestamp, String)], at now: Timestamp) -> String {
        changes.last { $0.0 <= now }?.1 ?? "possible"
    }

    /// The word a decision's lane shows for it.
    public static func word(for e: LogEntry) -> String {
        switch e.kind {
        case .pending: return "waiting"
        case .released: return "released"
        default: return e.to ?? "?"
        }
    }

    private var latestDecisionIndex: Int?
    private var decisionsScanned = 0
    private var decisionsScene: ObjectIdentifier?

    private static func isDecision(_ e: LogEntry) -> Bool {
        (e.kind == .transition && e.to != "changed") || e.kind == .pending || e.kind == .released
    }

    /// The latest decision worth showing (a transition, wait or release) at or before `time`.
    /// Without a time (the newest), only the entries logged since the last call are looked at: a
    /// long pan or pinch logs thousands of changes after its last decision, and the recorder asks
    /// after every batch of events.
    public func latestDecision(before time: Timestamp? = nil) -> LogEntry? {
        guard let limit = time else {
            let entries = log.entries
            if decisionsScene != ObjectIdentifier(scene) || decisionsScanned > entries.count {
                latestDecisionIndex = nil
                decisionsScanned = 0
                decisionsScene = ObjectIdentifier(scene)
            }
            var k = entries.count - 1
            while k >= decisionsScanned {
                if Self.isDecision(entries[k]) { latestDecisionIndex = k; break }
                k -= 1
            }
            decisionsScanned = entries.count
            return latestDecisionIndex.map { entries[$0] }
        }
        return log.entries.last { e in e.time <= limit && Self.isDecision(e) }
    }

    /// The studio's line under the lanes: the latest decision and its cause. When the
    /// recognizer's lane has moved on since (a reset, a pan's changes), the line says what the
    /// lane shows now, so the two never disagree.
    /// `newest`: the latest decision logged, whatever its time (the recorder, where `now` is the
    /// last event's time and nothing is later).
    public func decisionLine(at now: Timestamp, changes: [String: [(Timestamp, String)]], newest: Bool = false) -> String {
        guard let d = latestDecision(before: newest ? nil : now) else { return "no decision yet" }
        let id = d.recognizer ?? ""
        let word = LiveSession.word(for: d)
        let lane = LiveSession.state(in: changes[id] ?? [], at: now)
        let state = word == lane ? word : "\(word) (now \(lane))"
        return "\(d.time.millisecondsText) ms  \(id): \(state) - \(d.cause.text)"
    }
}
