import GestureAnalysis
import GestureEngine
import GestureRecognizers
import GestureScenes
import GestureTrace
import Testing

/// Issue 14 item 1, reference F.1: what the app does on its own at a moment (a time, a view
/// receiving a touch, a recognizer's action), and UIKit's rules for each change.
@Suite("F.1 app actions")
struct AppActionTests {
    static let base = """
        scene: app-actions
        viewport: [400, 800]
        views:
          - id: card
            frame: [0, 0, 400, 400]
            recognizers:
              - {id: pan, type: pan}
          - id: lower
            frame: [0, 400, 400, 400]
            recognizers:
              - {id: tap, type: tap}

        """

    func replay(_ reactions: String, options: String = "", _ events: [TraceEvent]) throws -> [LogEntry] {
        let doc = try SceneLoader.parse(Self.base + options + reactions, file: "s.yaml")
        let scene = try Replay.run(events: events, scene: doc)
        return scene.environment.log.entries
    }

    static func drag(_ p: Int = 1, from a: (Double, Double), to b: (Double, Double), at t: Double, steps: Int, every dt: Double, lift: Bool = true) -> [TraceEvent] {
        var out = [TraceEvent(time: .milliseconds(t), type: .down, pointer: p, x: a.0, y: a.1, device: .touch)]
        for i in 1...steps {
            let u = Double(i) / Double(steps)
            out.append(TraceEvent(time: .milliseconds(t + dt * Double(i)), type: .move, pointer: p, x: a.0 + (b.0 - a.0) * u, y: a.1 + (b.1 - a.1) * u, device: .touch))
        }
        if lift { out.append(TraceEvent(time: .milliseconds(t + dt * Double(steps)), type: .up, pointer: p, x: b.0, y: b.1, device: .touch)) }
        return out
    }

    static func states(_ log: [LogEntry], _ id: String) -> [String] {
        log.filter { $0.kind == .transition && $0.recognizer == id }.compactMap(\.to)
    }

    @Test("F.1.1: disabled at a time while changing, the pan is cancelled with an action caused by the app action; enabled again, it does not take the finger still down, only new ones")
    func disableAndEnableAtTimes() throws {
        let log = try replay("""
            reactions:
              - at: 120
                do: [{disable: pan}]
              - at: 200
                do: [{enable: pan}]
            """, Self.drag(from: (50, 100), to: (250, 100), at: 0, steps: 30, every: 10) + Self.drag(2, from: (50, 200), to: (200, 200), at: 400, steps: 10, every: 10))
        let path = Self.states(log, "pan").reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }
        #expect(path == ["began", "changed", "cancelled", "began", "changed", "ended"])
        let cancel = try #require(log.first { $0.kind == .transition && $0.recognizer == "pan" && $0.to == "cancelled" })
        #expect(cancel.time == .milliseconds(120))
        #expect(cancel.cause.kind == .disabled && cancel.cause.text.contains("at 120 ms"))
        let app = try #require(log.first { $0.kind == .app && $0.cause.text.hasPrefix("app action at 120 ms") })
        #expect(cancel.cause.causedBy == app.seq)
        #expect(log.contains { $0.kind == .action && $0.recognizer == "pan" && $0.time == .milliseconds(120) && $0.to == "cancelled" })
        // F.1.6: the app action at 120 ms comes before the input stamped 120 ms.
        let input120 = try #require(log.first { $0.kind == .input && $0.time == .milliseconds(120) })
        #expect(app.seq < input120.seq)
        // Re-enabled at 200 ms with the first finger still down until 300 ms: nothing from it.
        #expect(!log.contains { $0.kind == .transition && $0.recognizer == "pan" && $0.time > .milliseconds(120) && $0.time < .milliseconds(400) })
    }

    @Test("F.1.1: a possible recognizer disabled fails and stops holding back the view's phases")
    func disablePossible() throws {
        let log = try replay("""
            reactions:
              - at: 50
                do: [{disable: tap}]
            """, [TraceEvent(time: .zero, type: .down, pointer: 1, x: 100, y: 500, device: .touch),
                  TraceEvent(time: .milliseconds(100), type: .up, pointer: 1, x: 100, y: 500, device: .touch)])
        #expect(Self.states(log, "tap") == ["failed"])
        #expect(log.first { $0.kind == .transition && $0.recognizer == "tap" }?.time == .milliseconds(50))
        // The lift goes to the view at once: nothing holds it back any more.
        let ended = try #require(log.first { $0.kind == .view && $0.view == "lower" && $0.phase == "ended" })
        #expect(ended.time == .milliseconds(100))
    }

    @Test("F.1.2: hidden at a time, a view is skipped by hit-testing for touches that begin later; the touch already down stays bound to it (option keep)")
    func hiddenSkipsLaterTouches() throws {
        // 8 pt: under the pan's threshold, so the pan never takes the touch from the view.
        let events = Self.drag(from: (100, 100), to: (108, 100), at: 0, steps: 5, every: 40, lift: false)
            + [TraceEvent(time: .milliseconds(300), type: .down, pointer: 2, x: 100, y: 150, device: .touch)]
        let log = try replay("""
            reactions:
              - at: 100
                do: [{set: {card.hidden: true}}]
            """, events)
        let downs = log.filter { $0.kind == .input && $0.cause.text.contains("down at") }
        #expect(downs.first { $0.touches == [1] }?.view == "card")
        #expect(downs.first { $0.touches == [2] }?.view == "window")
        #expect(log.contains { $0.kind == .app && $0.cause.text == "set card.hidden to true" })
        // The first finger's moves after 100 ms still reach card.
        #expect(log.contains { $0.kind == .view && $0.view == "card" && $0.phase == "moved" && $0.time == .milliseconds(200) })
    }

    @Test("D-11 option touchesOfALeavingView: cancel: hiding a view cancels the touches it holds")
    func hiddenWithCancelOption() throws {
        let events = Self.drag(from: (100, 100), to: (200, 100), at: 0, steps: 10, every: 20)
        let log = try replay("""
            reactions:
              - at: 100
                do: [{set: {card.hidden: true}}]
            """, options: "options:\n  touchesOfALeavingView: cancel\n", events)
        let cancelled = log.first { $0.kind == .transition && $0.recognizer == "pan" && $0.to == "cancelled" }
        #expect(cancelled?.time == .milliseconds(100))
        #expect(log.contains { $0.kind == .app && $0.cause.text.contains("the system cancels touch 1: card was hidden") })
        #expect(log.contains { $0.kind == .note && $0.cause.text.contains("ignored: the system cancelled that touch") })
    }

    @Test("F.1.3: a parameter set at a time applies to the touches that begin after it")
    func parameterAtATime() throws {
        // 20 pt drags: the pan's 10 pt threshold passes the first, 60 pt refuses the second.
        let events = Self.drag(from: (100, 100), to: (120, 100), at: 0, steps: 4, every: 20)
            + Self.drag(2, from: (100, 200), to: (120, 200), at: 300, steps: 4, every: 20)
        let log = try replay("""
            reactions:
              - at: 200
                do: [{set: {pan.minimumDistance: 60}}]
            """, events)
        #expect(log.contains { $0.kind == .transition && $0.recognizer == "pan" && $0.to == "began" && $0.time < .milliseconds(200) })
        #expect(!log.contains { $0.kind == .transition && $0.recognizer == "pan" && $0.to == "began" && $0.time > .milliseconds(200) })
        #expect(log.contains { $0.kind == .app && $0.cause.text.hasPrefix("set pan.minimumDistance to 60") })
    }

    @Test("F.1.4: cancel all touches: the active pan is cancelled with an action, the possible tap fails, each view gets one touchesCancelled, later samples of those fingers are ignored")
    func cancelAllTouches() throws {
        let events = Self.drag(from: (100, 100), to: (200, 100), at: 0, steps: 10, every: 20, lift: false)
            + [TraceEvent(time: .milliseconds(150), type: .down, pointer: 2, x: 100, y: 500, device: .touch)]
            + Self.drag(from: (200, 100), to: (220, 100), at: 220, steps: 2, every: 10).dropFirst()
            + [TraceEvent(time: .milliseconds(400), type: .down, pointer: 1, x: 50, y: 50, device: .touch)]
        let log = try replay("""
            reactions:
              - at: 190
                do: [{cancelAllTouches: true}]
            """, events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element))
        #expect(log.first { $0.kind == .transition && $0.recognizer == "pan" && $0.to == "cancelled" }?.time == .milliseconds(190))
        #expect(log.contains { $0.kind == .action && $0.recognizer == "pan" && $0.to == "cancelled" })
        #expect(log.first { $0.kind == .transition && $0.recognizer == "tap" }?.to == "failed")
        // card's touch left it when the pan began (A.2.7); lower's is cancelled by the system: one each.
        #expect(log.filter { $0.kind == .view && $0.phase == "cancelled" }.compactMap(\.view).sorted() == ["card", "lower"])
        #expect(log.first { $0.kind == .view && $0.view == "lower" && $0.phase == "cancelled" }?.time == .milliseconds(190))
        // Finger 1's moves at 200, 230 and 240 ms and its lift are ignored.
        #expect(log.filter { $0.kind == .note && $0.cause.text.contains("ignored: the system cancelled that touch") }.count == 4)
        // A new touch of the same finger after its lift is a touch like any other.
        #expect(log.contains { $0.kind == .input && $0.time == .milliseconds(400) && $0.view == "card" })
    }

    @Test("F.1.5: a view added at a time takes touches that begin later; a removed one no longer does")
    func addAndRemoveViews() throws {
        let events = [TraceEvent(time: .milliseconds(100), type: .down, pointer: 1, x: 50, y: 50, device: .touch),
                      TraceEvent(time: .milliseconds(150), type: .up, pointer: 1, x: 50, y: 50, device: .touch),
                      TraceEvent(time: .milliseconds(300), type: .down, pointer: 1, x: 50, y: 500, device: .touch),
                      TraceEvent(time: .milliseconds(350), type: .up, pointer: 1, x: 50, y: 500, device: .touch)]
        let log = try replay("""
            reactions:
              - at: 50
                do: [{addView: {id: badge, frame: [20, 20, 60, 60], parent: card}}]
              - at: 200
                do: [{removeView: lower}]
            """, events)
        #expect(log.first { $0.kind == .input && $0.time == .milliseconds(100) }?.view == "badge")
        #expect(log.first { $0.kind == .input && $0.time == .milliseconds(300) }?.view == "window")
        #expect(!Self.states(log, "tap").contains("recognized"))
    }

    @Test("F.1.5: a reaction that fires again adds its view once; after the view is removed, it may add it again")
    func addViewTwice() throws {
        let tap = { (t: Int) in [TraceEvent(time: .milliseconds(Double(t)), type: .down, pointer: 1, x: 100, y: 100, device: .touch),
                                 TraceEvent(time: .milliseconds(Double(t + 40)), type: .up, pointer: 1, x: 100, y: 100, device: .touch)] }
        let log = try replay("""
            reactions:
              - when: card
                phase: began
                do: [{addView: {id: badge, frame: [300, 20, 40, 40], parent: card}}]
              - at: 250
                do: [{removeView: badge}]
            """, tap(0) + tap(100) + tap(300))
        let adds = log.filter { $0.kind == .app && $0.cause.text.hasPrefix("add view badge") }.map(\.cause.text)
        #expect(adds.count == 3, "\(adds)")
        #expect(adds[0].hasPrefix("add view badge at") && adds[1].hasPrefix("add view badge skipped: a view badge is in the window already"))
        #expect(adds[2].hasPrefix("add view badge at"), "added again after its removal at 250 ms: \(adds)")
    }

    @Test("a view receiving a phase triggers a reaction: when card receives began, disable the tap below")
    func viewTrigger() throws {
        let events = [TraceEvent(time: .zero, type: .down, pointer: 1, x: 100, y: 100, device: .touch),
                      TraceEvent(time: .milliseconds(10), type: .down, pointer: 2, x: 100, y: 500, device: .touch),
                      TraceEvent(time: .milliseconds(60), type: .up, pointer: 2, x: 100, y: 500, device: .touch)]
        let log = try replay("""
            reactions:
              - when: card
                phase: began
                do: [{disable: tap}]
            """, events)
        let trigger = try #require(log.first { $0.kind == .app && $0.cause.text.hasPrefix("view card received began (touch 1)") })
        let disable = try #require(log.first { $0.kind == .app && $0.cause.text == "disable tap" })
        #expect(disable.cause.causedBy == trigger.seq)
        #expect(!Self.states(log, "tap").contains("recognized"))
    }

    @Test("bad reactions are errors at their line")
    func loaderErrors() {
        let cases: [(String, String)] = [
            ("reactions:\n  - at: 10\n    when: pan\n    state: began\n    do: [{disable: pan}]\n", "either `at:` or `when:`"),
            ("reactions:\n  - when: card\n    do: [{disable: pan}]\n", "needs `state:`"),
            ("reactions:\n  - at: 10\n    do: [{set: {card.opacity: 1}}]\n", "hidden, userInteractionEnabled or alpha"),
            ("reactions:\n  - at: 10\n    do: [{set: {pan.wobble: 1}}]\n", "has no parameter \"wobble\""),
            ("reactions:\n  - at: 10\n    do: [{addView: {id: card, frame: [0, 0, 1, 1]}}]\n", "a view card exists already"),
            ("reactions:\n  - at: 10\n    do: [{removeView: nowhere}]\n", "nowhere"),
            ("reactions:\n  - at: 10\n    do: [{removeView: window}]\n", "removeView: the window cannot be removed"),
            ("reactions:\n  - at: -5\n    do: [{disable: pan}]\n", "0 or more"),
            ("reactions:\n  - at: 10\n    do: []\n", "at least one action"),
        ]
        for (text, words) in cases {
            #expect {
                let doc = try SceneLoader.parse(Self.base + text, file: "s.yaml")
                _ = try SceneBuilder.build(doc)
            } throws: { error in
                let d = "\(error)"
                return d.contains("s.yaml:") && d.contains(words)
            }
        }
    }

    @Test("A.1.9: explain answers why a disabled recognizer did not fire: the touch it was not given, and the app action that disabled it")
    func explainDisabled() throws {
        let doc = try SceneLoader.parse(Self.base + """
            reactions:
              - when: pan
                state: began
                do: [{disable: tap}]
            """, file: "s.yaml")
        let events = Self.drag(from: (50, 100), to: (250, 100), at: 0, steps: 10, every: 10, lift: false)
            + [TraceEvent(time: .milliseconds(150), type: .down, pointer: 2, x: 100, y: 500, device: .touch),
               TraceEvent(time: .milliseconds(200), type: .up, pointer: 2, x: 100, y: 500, device: .touch)]
        let scene = try Replay.run(events: events, scene: doc)
        let outcomes = Explanation(log: scene.environment.log).outcomes(of: "tap")
        let o = try #require(outcomes.first)
        #expect(o.result == "received no touch" && o.time == .milliseconds(150))
        #expect(o.summary.contains("tap does not receive touch 2: it is disabled (isEnabled is false) since pan began"), "\(o.summary)")
        #expect(o.chain.last.map { $0.who == "pan" && $0.what.contains("began") } == true, "\(o.chain.map { "\($0.who) \($0.what)" })")
    }
}
