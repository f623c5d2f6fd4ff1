import GestureEngine
import GestureRecognizers
import GestureTestSupport
import Testing

/// Reference A.4: failure requirements, static and dynamic.
@Suite("A.4 failure requirements")
struct FailureRequirementTests {
    func singleDouble(require: Bool = true) -> (Harness, TapGestureRecognizer, TapGestureRecognizer, View) {
        let h = Harness()
        let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
        let single = TapGestureRecognizer(id: "single"), double = TapGestureRecognizer(id: "double")
        double.numberOfTapsRequired = 2
        v.addGestureRecognizer(single)
        v.addGestureRecognizer(double)
        if require { single.require(toFail: double) }
        return (h, single, double, v)
    }

    @Test("A.4.4: a single tap waits for the double tap to fail, 0.35 s after the lift")
    func singleWaits() {
        let (h, _, _, _) = singleDouble()
        h.tap(100, 100, at: 0, hold: 60)
        let pending = h.entries.first { $0.kind == .pending && $0.recognizer == "single" }
        #expect(pending?.time.milliseconds == 60)
        #expect(h.states("single").isEmpty)
        h.finish()
        #expect(h.time(of: "double", to: "failed") == 410)
        #expect(h.time(of: "single", to: "recognized") == 410)
        #expect(h.actions("single") == ["recognized"])
        let released = h.entries.first { $0.kind == .released && $0.recognizer == "single" }
        #expect(released?.cause.other == "double")
    }

    @Test("A.4.2: when the required recognizer recognizes, the waiting one fails")
    func requiredRecognizes() {
        let (h, _, _, _) = singleDouble()
        h.tap(100, 100, at: 0)
        h.tap(100, 100, at: 150)
        h.finish()
        #expect(h.states("double") == ["recognized"])
        #expect(h.states("single") == ["failed"])
        #expect(h.actions("single").isEmpty)
        #expect(h.last("single")?.cause.kind == .requirement)
    }

    @Test("A.4.2: while waiting a recognizer keeps receiving touches")
    func waitingKeepsReceiving() {
        let h = Harness()
        let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
        let waiter = ScriptedRecognizer("waiter")
        let blocker = ScriptedRecognizer("blocker")
        waiter.onMoved = { r, _ in r.state = r.state == .possible ? .began : .changed }
        v.addGestureRecognizer(waiter)
        v.addGestureRecognizer(blocker)
        waiter.require(toFail: blocker)
        h.down(1, 10, 10, at: 0)
        h.move(1, 20, 10, at: 10)
        h.move(1, 30, 10, at: 20)
        #expect(waiter.received == ["began 1", "moved 1", "moved 1"])
        #expect(h.states("waiter").isEmpty)
        #expect(waiter.publishedState == .possible)
        blocker.state = .failed
        #expect(h.states("waiter") == ["began"])
    }

    @Test("A.4.2, A.1.9: disabling the required recognizer fails it and releases the waiter")
    func disablingRequiredReleases() {
        let h = Harness()
        let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
        let waiter = ScriptedRecognizer("waiter")
        let required = ScriptedRecognizer("required")
        waiter.onMoved = { r, _ in if r.state == .possible { r.state = .began } }
        v.addGestureRecognizer(waiter)
        v.addGestureRecognizer(required)
        waiter.require(toFail: required)
        h.down(1, 10, 10, at: 0)
        h.move(1, 20, 10, at: 10)
        #expect(h.states("waiter").isEmpty)
        required.isEnabled = false
        #expect(h.states("required") == ["failed"])
        #expect(h.states("waiter") == ["began"])
    }

    @Test("A.4.1: delegate shouldRequireFailureOf sets up a requirement for the attempt")
    func delegateRequireFailureOf() {
        let (h, single, _, _) = singleDouble(require: false)
        let d = TestDelegate()
        d.requireFailureOf = ["double"]
        single.delegate = d
        h.tap(100, 100, at: 0)
        h.finish()
        #expect(h.time(of: "single", to: "recognized") == 400)
    }

    @Test("A.4.1: delegate shouldBeRequiredToFailBy on the other side does the same")
    func delegateBeRequiredToFailBy() {
        let (h, _, double, _) = singleDouble(require: false)
        let d = TestDelegate()
        d.beRequiredToFailBy = ["single"]
        double.delegate = d
        h.tap(100, 100, at: 0)
        h.finish()
        #expect(h.time(of: "single", to: "recognized") == 400)
    }

    @Test("A.4.1: a subclass's own shouldBeRequiredToFail(by:) sets up a requirement, also in a subclass of the open pan")
    func subclassOverrideIsAsked() {
        // The built-ins are not asked (they never override the two); a user's subclass of one
        // that may be subclassed must still be.
        let (h, _, _, v) = singleDouble(require: false)
        v.addGestureRecognizer(TapBlockingPan(id: "blocker"))
        h.tap(100, 100, at: 0, hold: 60)
        h.finish()
        let requirements = h.entries.filter { $0.kind == .note && $0.cause.kind == .requirement }.map(\.cause.text)
        #expect(requirements.contains("single requires blocker to fail for this attempt: pan shouldBeRequiredToFail(by: tap)"))
        #expect(requirements.contains("double requires blocker to fail for this attempt: pan shouldBeRequiredToFail(by: tap)"))
        #expect(requirements.count == 2)
    }

    @Test("A.4.1: a custom recognizer's shouldRequireFailure(of:) makes it wait for the other to fail")
    func customShouldRequireFailure() {
        let h = Harness()
        let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
        let double = TapGestureRecognizer(id: "double")
        double.numberOfTapsRequired = 2
        v.addGestureRecognizer(double)
        v.addGestureRecognizer(WaitsForDoubleTaps(id: "waiter"))
        h.tap(100, 100, at: 0, hold: 60)
        h.finish()
        // It asks to recognize at the lift, and may only once the double tap has failed.
        #expect(h.entries.contains { $0.kind == .pending && $0.recognizer == "waiter" })
        #expect(h.time(of: "double", to: "failed") == 410)
        #expect(h.time(of: "waiter", to: "recognized") == 410)
    }

    @Test("A.4.3: a waiting recognizer does not exclude others; one that recognizes meanwhile excludes it")
    func waitingDoesNotExclude() {
        let h = Harness()
        let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
        let waiter = ScriptedRecognizer("waiter")
        let blocker = ScriptedRecognizer("blocker")
        let third = ScriptedRecognizer("third")
        waiter.onMoved = { r, _ in if r.state == .possible { r.state = .began } }
        third.onEnded = { r, _ in r.state = .began }
        v.addGestureRecognizer(third)
        v.addGestureRecognizer(waiter)
        v.addGestureRecognizer(blocker)
        waiter.require(toFail: blocker)
        h.down(1, 10, 10, at: 0)
        h.move(1, 20, 10, at: 10)
        #expect(third.publishedState == .possible, "the waiting recognizer has not excluded anyone")
        h.up(1, 20, 10, at: 20)
        #expect(h.states("third").first == "began")
        #expect(h.states("waiter") == ["failed"])
    }

    @Test("A.4.5: linked recognizers reset together: a failed single tap waits for the double tap")
    func linkedReset() {
        let (h, single, double, _) = singleDouble()
        single.allowableMovement = 5
        h.down(1, 100, 100, at: 0)
        h.move(1, 120, 100, at: 10)
        #expect(single.publishedState == .failed)
        h.up(1, 120, 100, at: 20)
        #expect(single.publishedState == .failed, "not reset while double is still deciding")
        #expect(double.publishedState == .possible)
        h.finish()
        #expect(single.publishedState == .possible)
        #expect(double.publishedState == .possible)
        let resets = h.entries.filter { $0.kind == .reset }.map(\.time.milliseconds)
        #expect(resets == [370, 370])
    }

    @Test("Recognizers waiting on each other in a cycle fail together instead of waiting forever")
    func requirementCycle() {
        let h = Harness()
        let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
        let a = ScriptedRecognizer("a", discrete: true), b = ScriptedRecognizer("b", discrete: true)
        a.onEnded = { r, _ in r.state = .recognized }
        b.onEnded = { r, _ in r.state = .recognized }
        v.addGestureRecognizer(a)
        v.addGestureRecognizer(b)
        a.require(toFail: b)
        b.require(toFail: a)
        h.tap(10, 10, at: 0)
        #expect(h.states("a") == ["failed"])
        #expect(h.states("b") == ["failed"])
        #expect(h.last("a")?.cause.kind == .deadlock)
    }

    @Test("A.4.6: a pan released after a swipe fails starts its translation from zero")
    func panTranslationResetOnRelease() {
        let h = Harness()
        let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
        let pan = PanGestureRecognizer(id: "pan"), swipe = SwipeGestureRecognizer(id: "swipe")
        v.addGestureRecognizer(pan)
        v.addGestureRecognizer(swipe)
        pan.require(toFail: swipe)
        h.down(1, 20, 200, at: 0)
        for i in 1...60 { h.move(1, 20 + Double(i), 200, at: Double(i) * 10) }
        // The swipe gave up after 0.5 s; the pan began then, with its translation restarted.
        #expect(h.time(of: "swipe", to: "failed") == 510)
        #expect(h.time(of: "pan", to: "began") == 510)
        #expect(pan.translation(in: nil).dx == 9)
    }
}

/// A user's subclass of the open pan that wants every tap to wait for it to fail.
final class TapBlockingPan: PanGestureRecognizer {
    override func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { other is TapGestureRecognizer }
}

/// A discrete custom recognizer that recognizes when its touch lifts, after any double tap fails.
final class WaitsForDoubleTaps: GestureRecognizer {
    override var isDiscrete: Bool { true }
    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) { setState(.recognized) }
    override func shouldRequireFailure(of other: GestureRecognizer) -> Bool {
        (other as? TapGestureRecognizer)?.numberOfTapsRequired == 2
    }
}
