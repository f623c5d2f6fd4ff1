import GestureAnalysis
import GestureEngine
import GestureScenes
import GestureSynth
import GestureTimeline
import GestureTrace
import Testing

/// Random scenes (nested views and scroll views, relationships, delegate policies, reactions,
/// engine options) with random input, checked against the rules that hold for any scene
/// (`EngineInvariants`). A failing seed is reproduced by running that seed alone.
@Suite("Invariants over random scenes and input")
struct RandomSceneInvariantTests {
    static let seeds: [UInt64] = Array(1...300)

    struct Run {
        var yaml: String
        var scene: BuiltScene
        var events: [TraceEvent]
        var strayTimers: [String]
    }

    /// Loads a random scene and replays random input through it, checking timers between events.
    static func run(seed: UInt64) throws -> Run {
        var rng = SeededRandom(seed: seed)
        let (yaml, _) = RandomScene.yaml(using: &rng)
        let doc = try SceneLoader.parse(yaml, file: "random-\(seed).yaml")
        let events = RandomTouches.events(using: &rng)
        let scene = try SceneBuilder.build(doc)
        let env = scene.environment
        var stray: [String] = []
        for e in events {
            env.feed(e)
            stray += EngineInvariants.strayTimers(in: env).map { "after t=\(e.time.millisecondsText) ms: \($0)" }
            // A quiet moment mid-trace (no finger down, no timer left) must look like the end.
            if env.carriedState.touchesDown == 0 && env.scheduledTimerCount == 0 {
                stray += EngineInvariants.idle(env).map { "quiet at t=\(e.time.millisecondsText) ms: \($0)" }
            }
        }
        env.finish()
        return Run(yaml: yaml, scene: scene, events: events, strayTimers: stray)
    }

    @Test("Every generated scene loads and every generated trace is valid")
    func generatorsMakeValidInput() throws {
        for seed in Self.seeds {
            var rng = SeededRandom(seed: seed)
            let (yaml, _) = RandomScene.yaml(using: &rng)
            #expect(throws: Never.self, "seed \(seed):\n\(yaml)") { _ = try SceneLoader.parse(yaml, file: "random-\(seed).yaml") }
            var validator = TraceValidator()
            for e in RandomTouches.events(using: &rng) {
                let problem = validator.check(e)
                #expect(problem == nil, "seed \(seed): \(problem ?? "")")
                if problem != nil { break }
            }
            #expect(validator.pointersDown.isEmpty)
        }
    }

    @Test("Legal transitions, exclusivity, well-formed view touches, ordered log, no stray timers, idle at the end",
          arguments: seeds)
    func invariants(seed: UInt64) throws {
        let run = try Self.run(seed: seed)
        let env = run.scene.environment
        let problems = EngineInvariants.check(env.log.entries, environment: env) + run.strayTimers + EngineInvariants.idle(env)
        #expect(problems.isEmpty, "seed \(seed): \(problems.prefix(5).joined(separator: "; "))\nscene:\n\(run.yaml)")
    }

    @Test("The same scene and input give byte-identical output", arguments: Array(seeds.prefix(40)))
    func deterministic(seed: UInt64) throws {
        let a = try Self.run(seed: seed), b = try Self.run(seed: seed)
        #expect(a.yaml == b.yaml && a.events == b.events)
        let first = JSONLinesTimeline.render(a.scene.environment.log), second = JSONLinesTimeline.render(b.scene.environment.log)
        #expect(first == second, "seed \(seed): two replays differ")
        #expect(first.count > 100)
    }

    /// Invariants that nothing exercises prove nothing: the random scenes must reach the cases
    /// the rules are about.
    @Test("The random scenes reach recognitions, waits, simultaneous wins, scroll pans, delegate refusals and cancels")
    func coverage() throws {
        var reached: Set<String> = []
        var simultaneousWins = 0
        for seed in Self.seeds {
            let run = try Self.run(seed: seed)
            let env = run.scene.environment
            var active: [String: Set<Int>] = [:]
            for e in env.log.entries {
                switch e.kind {
                case .transition:
                    guard let r = e.recognizer, let to = e.to, let type = env.recognizer(r)?.typeName else { continue }
                    reached.insert("\(type) \(to)")
                    if to == "began" || to == "recognized" {
                        if active.contains(where: { $0.key != r && !$0.value.isDisjoint(with: e.touches) }) { simultaneousWins += 1 }
                        active[r] = Set(e.touches)
                    }
                    if to == "failed" || to == "cancelled" { active[r] = nil }
                    if to == "failed" { reached.insert("failed: \(e.cause.kind.rawValue)") }
                case .reset:
                    if let r = e.recognizer { active[r] = nil }
                case .pending, .released, .hold, .drop:
                    reached.insert(e.kind.rawValue)
                default:
                    break
                }
            }
        }
        for expected in ["tap recognized", "longPress began", "pan began", "pan ended", "swipe recognized", "pinch began",
                         "rotation began", "scrollPan began", "pan cancelled", "failed: exclusion", "failed: requirement",
                         "failed: delegate", "failed: prevention", "pending", "released", "hold"] {
            #expect(reached.contains(expected), "no seed reached \(expected); reached: \(reached.sorted())")
        }
        #expect(simultaneousWins > 10, "only \(simultaneousWins) simultaneous wins")
    }
}
