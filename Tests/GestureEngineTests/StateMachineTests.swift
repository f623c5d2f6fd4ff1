import GestureEngine
import GestureRecognizers
import GestureTestSupport
import Testing

/// Reference A.1: states, transitions, actions, coercions.
@Suite("A.1 state machine")
struct StateMachineTests {
    @Test("A.1.5: invalid transitions are coerced, not rejected")
    func coercions() {
        #expect(RecognizerState.possible.coerced(to: .changed) == .state(.began))
        #expect(RecognizerState.possible.coerced(to: .cancelled) == .state(.failed))
        #expect(RecognizerState.began.coerced(to: .failed) == .state(.cancelled))
        #expect(RecognizerState.changed.coerced(to: .failed) == .state(.cancelled))
        #expect(RecognizerState.changed.coerced(to: .began) == .state(.changed))
        #expect(RecognizerState.changed.coerced(to: .changed) == .state(.changed))
        #expect(RecognizerState.began.coerced(to: .began) == .unchanged)
        #expect(RecognizerState.possible.coerced(to: .possible) == .unchanged)
        for terminal in [RecognizerState.ended, .cancelled, .failed] {
            for next in RecognizerState.allCases {
                if case .ignored = terminal.coerced(to: next) {} else { Issue.record("\(terminal) -> \(next) must be ignored until reset") }
            }
        }
    }

    @Test("A.1.2: a discrete recognizer goes possible -> recognized with exactly one action")
    func discreteOneAction() {
        let h = Harness()
        let tap = TapGestureRecognizer(id: "tap")
        h.view("v", Rect(x: 0, y: 0, width: 200, height: 200)).addGestureRecognizer(tap)
        h.tap(50, 50, at: 0)
        h.finish()
        #expect(h.states("tap") == ["recognized"])
        #expect(h.actions("tap") == ["recognized"])
    }

    @Test("A.1.3: a continuous recognizer fires its action on began, every changed, and ended")
    func continuousActions() {
        let h = Harness()
        let pan = PanGestureRecognizer(id: "pan")
        h.view("v", Rect(x: 0, y: 0, width: 400, height: 400)).addGestureRecognizer(pan)
        h.drag(from: (10, 10), to: (110, 10), at: 0, duration: 100, steps: 10)
        #expect(h.path("pan") == ["began", "changed", "ended"])
        let changes = h.states("pan").filter { $0 == "changed" }.count
        #expect(h.actions("pan").count == h.states("pan").count)
        #expect(changes >= 8)
    }

    @Test("A.1.3, D-1: cancelled fires the action one final time; the option turns it off")
    func cancelledAction() {
        for actionOnCancelled in [true, false] {
            var o = EngineOptions()
            o.actionOnCancelled = actionOnCancelled
            let h = Harness(options: o)
            let pan = PanGestureRecognizer(id: "pan")
            h.view("v", Rect(x: 0, y: 0, width: 400, height: 400)).addGestureRecognizer(pan)
            h.drag(from: (10, 10), to: (60, 10), at: 0, duration: 50, steps: 5, lift: false)
            h.cancel(1, 60, 10, at: 60)
            #expect(h.path("pan") == ["began", "changed", "cancelled"])
            #expect(h.actions("pan").contains("cancelled") == actionOnCancelled)
        }
    }

    @Test("A.1.6, A.5.3: gestureRecognizerShouldBegin false makes it fail with no action")
    func shouldBeginFalse() {
        let h = Harness()
        let pan = PanGestureRecognizer(id: "pan")
        let d = TestDelegate()
        d.shouldBegin = false
        pan.delegate = d
        h.view("v", Rect(x: 0, y: 0, width: 400, height: 400)).addGestureRecognizer(pan)
        h.drag(from: (10, 10), to: (110, 10), at: 0, duration: 100)
        #expect(h.states("pan") == ["failed"])
        #expect(h.actions("pan").isEmpty)
        #expect(d.shouldBeginAsked == 1, "asked once per attempt: a no ends the attempt")
        #expect(h.last("pan")?.cause.kind == .delegate)
    }

    @Test("A.1.7: after reset the recognizer gets no more of the old touches, but does get new ones")
    func resetIgnoresOldTouches() {
        let h = Harness()
        let r = ScriptedRecognizer("r", discrete: true)
        r.onBegan = { r, _ in r.state = .recognized }
        h.view("v", Rect(x: 0, y: 0, width: 400, height: 400)).addGestureRecognizer(r)
        h.down(1, 10, 10, at: 0)
        h.move(1, 20, 10, at: 10)
        h.up(1, 20, 10, at: 20)
        #expect(r.received == ["began 1"])
        #expect(r.resets == 1)
        h.down(2, 10, 10, at: 30)
        #expect(r.received == ["began 1", "began 2"])
        #expect(h.states("r") == ["recognized", "recognized"])
    }

    @Test("D-2 option: with endOfTouchSequence the recognizer stays final until its touches end")
    func resetAtEndOfSequence() {
        var o = EngineOptions()
        o.resetTiming = .endOfTouchSequence
        let h = Harness(options: o)
        let r = ScriptedRecognizer("r", discrete: true)
        r.onBegan = { r, _ in r.state = .recognized }
        h.view("v", Rect(x: 0, y: 0, width: 400, height: 400)).addGestureRecognizer(r)
        h.down(1, 10, 10, at: 0)
        #expect(r.resets == 0)
        #expect(r.publishedState == .ended)
        h.up(1, 10, 10, at: 20)
        #expect(r.resets == 1)
        #expect(r.publishedState == .possible)
    }

    @Test("A.1.9: disabling an active recognizer cancels it with an action; a possible one fails")
    func disabling() {
        let h = Harness()
        let pan = PanGestureRecognizer(id: "pan")
        let tap = TapGestureRecognizer(id: "tap")
        let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
        v.addGestureRecognizer(pan)
        h.view("w", Rect(x: 0, y: 500, width: 400, height: 200)).addGestureRecognizer(tap)
        h.drag(from: (10, 10), to: (60, 10), at: 0, duration: 50, steps: 5, lift: false)
        pan.isEnabled = false
        #expect(h.path("pan") == ["began", "changed", "cancelled"])
        #expect(h.actions("pan").last == "cancelled")
        // Re-enabled at once: the old finger is not tracked again, a new one is (W3's trick).
        pan.isEnabled = true
        h.move(1, 100, 10, at: 70)
        #expect(h.path("pan") == ["began", "changed", "cancelled"])
        h.down(2, 10, 300, at: 80)
        h.move(2, 60, 300, at: 90)
        #expect(h.path("pan") == ["began", "changed", "cancelled", "began"])
        // A possible recognizer that is disabled fails.
        h.down(3, 50, 550, at: 100)
        tap.isEnabled = false
        #expect(h.states("tap") == ["failed"])
        #expect(h.last("tap")?.cause.kind == .disabled)
    }

    @Test("A.2.3: a disabled recognizer receives no touches")
    func disabledReceivesNothing() {
        let h = Harness()
        let r = ScriptedRecognizer("r")
        r.isEnabled = false
        h.view("v", Rect(x: 0, y: 0, width: 400, height: 400)).addGestureRecognizer(r)
        h.tap(10, 10, at: 0)
        #expect(r.received.isEmpty)
    }
}
