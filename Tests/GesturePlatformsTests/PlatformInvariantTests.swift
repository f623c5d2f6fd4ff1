import GestureEngine
import GesturePlatforms
import GestureScenes
import GestureSynth
import GestureTrace
import Testing

/// Random scenes and random touches (GestureSynth's, the UIKit engine's property tests') replayed
/// under Flutter's and Android's rules, with the scene's UIKit-only parts taken out: whatever the
/// input, the replay finishes, times never go back, every transition is one the log's state
/// machine allows, and every attempt is closed once the last finger has lifted and the timers
/// have run.
@Suite("Invariants of the platform replays over random scenes and input")
struct PlatformInvariantTests {
    static let seeds: [UInt64] = Array(1...150)

    /// The scene without what only UIKit means (refused on the other platforms by design).
    static func portable(_ doc: SceneDocument) -> SceneDocument {
        var d = doc
        d.relationships = []
        d.policies = []
        d.reactions = []
        d.behaviors = []
        func strip(_ v: inout ViewSpec) {
            v.className = nil
            v.rejects = []
            v.recognizers = v.recognizers.filter { ["tap", "longPress", "pan", "pinch"].contains($0.type) }
            for i in v.recognizers.indices {
                v.recognizers[i].delegate = nil
                v.recognizers[i].parameters.removeAll { $0.name == "numberOfTouchesRequired" || ($0.name == "numberOfTapsRequired" && $0.value != .number(2)) }
            }
            if v.kind == .control { v.control.type = .button }
            for i in v.subviews.indices { strip(&v.subviews[i]) }
        }
        strip(&d.root)
        return d
    }

    static let allowed: [String: Set<String>] = [
        "possible": ["recognized", "began", "failed"],
        "began": ["changed", "ended", "cancelled"],
        "changed": ["changed", "ended", "cancelled"],
    ]

    @Test("Flutter and Android: legal transitions, ordered times, every attempt closed at the end", arguments: [Platform.flutter, Platform.android])
    func invariants(_ platform: Platform) throws {
        for seed in Self.seeds {
            var rng = SeededRandom(seed: seed)
            let (yaml, _) = RandomScene.yaml(using: &rng)
            let doc = Self.portable(try SceneLoader.parse(yaml, file: "random-\(seed).yaml"))
            let events = RandomTouches.events(using: &rng)
            let log = try PlatformReplay.run(platform: platform, events: events, scene: doc)
            var last = Timestamp.zero
            var state: [String: String] = [:]
            for e in log.entries {
                #expect(e.time >= last, "seed \(seed) \(platform): row \(e.seq) goes back in time")
                last = e.time
                guard let r = e.recognizer else { continue }
                switch e.kind {
                case .transition:
                    let from = e.from ?? "?", to = e.to ?? "?"
                    #expect(from == (state[r] ?? "possible"), "seed \(seed) \(platform): \(r) moves from \(from) but was \(state[r] ?? "possible") (row \(e.seq))")
                    #expect(Self.allowed[from]?.contains(to) == true, "seed \(seed) \(platform): \(r) \(from) -> \(to) (row \(e.seq))")
                    state[r] = to
                case .reset:
                    state[r] = "possible"
                default:
                    break
                }
            }
            let open = state.filter { $0.value != "possible" }
            #expect(open.isEmpty, "seed \(seed) \(platform): attempts left open at the end: \(open)\n\(yaml)")
        }
    }
}
