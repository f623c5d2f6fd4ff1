import GestureEngine
import GestureRecognizers
import GestureTestSupport
import Testing

/// Reference A.3: exclusive recognition, simultaneous recognition, one-way prevention, ties.
@Suite("A.3 exclusion")
struct ExclusionTests {
    func twoPans(sameView: Bool = true) -> (Harness, PanGestureRecognizer, PanGestureRecognizer) {
        let h = Harness()
        let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
        let a = PanGestureRecognizer(id: "a"), b = PanGestureRecognizer(id: "b")
        v.addGestureRecognizer(a)
        v.addGestureRecognizer(b)
        return (h, a, b)
    }

    @Test("A.3.1: with a pan and a swipe on one view the swipe is never recognized")
    func panBeatsSwipe() {
        let h = Harness()
        let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
        v.addGestureRecognizer(PanGestureRecognizer(id: "pan"))
        v.addGestureRecognizer(SwipeGestureRecognizer(id: "swipe"))
        h.drag(from: (20, 200), to: (220, 200), at: 0, duration: 100, steps: 12)
        #expect(h.path("pan") == ["began", "changed", "ended"])
        #expect(h.states("swipe") == ["failed"])
        #expect(h.last("swipe")?.cause.kind == .exclusion)
        #expect(h.last("swipe")?.cause.other == "pan")
    }

    @Test("A.3.3: the first to recognize excludes a possible competitor: it fails with no action")
    func firstWins() {
        let h = Harness()
        let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
        v.addGestureRecognizer(TapGestureRecognizer(id: "tap"))
        v.addGestureRecognizer(PanGestureRecognizer(id: "pan"))
        h.drag(from: (20, 200), to: (100, 200), at: 0, duration: 80, steps: 8)
        #expect(h.states("tap") == ["failed"])
        #expect(h.actions("tap").isEmpty)
        #expect(h.last("tap")?.cause.text.contains("excluded by pan") == true)
    }

    @Test("A.3.3: either delegate saying yes lets both recognize together")
    func simultaneousEitherSide() {
        for side in ["a", "b"] {
            let (h, a, b) = twoPans()
            let d = TestDelegate()
            if side == "a" { d.simultaneousWith = ["b"]; a.delegate = d } else { d.simultaneousWith = ["a"]; b.delegate = d }
            h.drag(from: (20, 200), to: (120, 200), at: 0, duration: 100)
            #expect(h.path("a") == ["began", "changed", "ended"])
            #expect(h.path("b") == ["began", "changed", "ended"])
        }
    }

    /// A pan on a parent is active with finger 1; finger 2 lands on a child whose recognizer
    /// sees only finger 2, which the pan (on the ancestor) also receives.
    func activeParentPan() -> (Harness, PanGestureRecognizer, ScriptedRecognizer) {
        let h = Harness()
        let parent = h.view("parent", Rect(x: 0, y: 0, width: 400, height: 400))
        let child = h.view("child", Rect(x: 300, y: 300, width: 100, height: 100), in: parent)
        let pan = PanGestureRecognizer(id: "pan")
        let late = ScriptedRecognizer("late")
        late.onBegan = { r, _ in r.state = .began }
        parent.addGestureRecognizer(pan)
        child.addGestureRecognizer(late)
        return (h, pan, late)
    }

    @Test("A.3.3: a recognizer that tries to begin while a preventing competitor is active fails")
    func preventedWhileActive() {
        let (h, _, _) = activeParentPan()
        h.drag(from: (20, 200), to: (120, 200), at: 0, duration: 100, lift: false)
        #expect(h.path("pan") == ["began", "changed"])
        h.down(2, 350, 350, at: 150)
        #expect(h.states("late") == ["failed"])
        #expect(h.last("late")?.cause.kind == .prevention)
        #expect(h.last("late")?.cause.other == "pan")
    }

    @Test("A.3.3: an active recognizer is never excluded by a later one")
    func activeNotExcluded() {
        let (h, pan, _) = activeParentPan()
        pan.cannotPreventIDs = ["late"]
        h.drag(from: (20, 200), to: (120, 200), at: 0, duration: 100, lift: false)
        h.down(2, 350, 350, at: 150)
        #expect(h.states("late") == ["began"])
        h.move(1, 130, 200, at: 160)
        #expect(h.path("pan") == ["began", "changed"])
    }

    @Test("A.3.6: canPrevent is one-way: a rotation may prevent a pinch that cannot prevent it")
    func oneWay() {
        let h = Harness()
        let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
        let a = ScriptedRecognizer("a"), b = ScriptedRecognizer("b")
        a.onMoved = { r, _ in if r.state == .possible { r.state = .began } }
        b.onMoved = { r, _ in if r.state == .possible { r.state = .began } }
        v.addGestureRecognizer(a)
        v.addGestureRecognizer(b)
        b.cannotPreventIDs = ["a"]
        // b is added last, so it would win the tie; it begins and cannot exclude a... but a wins
        // the tie because one-way prevention goes first (A.3.4 exception), and a excludes b.
        h.down(1, 10, 10, at: 0)
        h.move(1, 30, 10, at: 10)
        #expect(h.states("a") == ["began"])
        #expect(h.states("b") == ["failed"])
    }

    @Test("A.3.6 without the tie rule: b begins first and cannot exclude a, so both run")
    func oneWayWithoutTieRule() {
        var o = EngineOptions()
        o.oneWayPreventionWinsTies = false
        let h = Harness(options: o)
        let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
        let a = ScriptedRecognizer("a"), b = ScriptedRecognizer("b")
        a.onMoved = { r, _ in if r.state == .possible { r.state = .began } }
        b.onMoved = { r, _ in if r.state == .possible { r.state = .began } }
        v.addGestureRecognizer(a)
        v.addGestureRecognizer(b)
        b.cannotPreventIDs = ["a"]
        h.down(1, 10, 10, at: 0)
        h.move(1, 30, 10, at: 10)
        #expect(h.states("b") == ["began"])
        // a then tries while b is active; b cannot prevent a, so a begins too.
        #expect(h.states("a") == ["began"])
    }

    @Test("A.3.4: in a tie the recognizer on the deepest view wins")
    func deepestWins() {
        let h = Harness()
        let outer = h.view("outer", Rect(x: 0, y: 0, width: 400, height: 400))
        let inner = h.view("inner", Rect(x: 0, y: 0, width: 200, height: 200), in: outer)
        outer.addGestureRecognizer(PanGestureRecognizer(id: "outerPan"))
        inner.addGestureRecognizer(PanGestureRecognizer(id: "innerPan"))
        h.drag(from: (20, 20), to: (120, 20), at: 0, duration: 100)
        #expect(h.path("innerPan") == ["began", "changed", "ended"])
        #expect(h.states("outerPan") == ["failed"])
    }

    @Test("A.3.4: in a tie on one view the most recently added recognizer wins")
    func mostRecentWins() {
        let (h, _, _) = twoPans()
        h.drag(from: (20, 200), to: (120, 200), at: 0, duration: 100)
        #expect(h.path("b") == ["began", "changed", "ended"])
        #expect(h.states("a") == ["failed"])
    }

    @Test("A.3.5: taps stack: a double tap reports singleTap at the first tap and doubleTap at the second")
    func tapsStack() {
        let h = Harness()
        let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
        let single = TapGestureRecognizer(id: "single"), double = TapGestureRecognizer(id: "double")
        double.numberOfTapsRequired = 2
        v.addGestureRecognizer(single)
        v.addGestureRecognizer(double)
        h.tap(100, 100, at: 0)
        #expect(h.time(of: "single", to: "recognized") == 50)
        #expect(h.states("double").isEmpty, "a tap never prevents a tap that needs more taps")
        h.tap(102, 101, at: 150)
        h.finish()
        #expect(h.states("double") == ["recognized"])
        #expect(h.states("single") == ["recognized", "failed"], "the second single tap is excluded by the double tap")
        #expect(h.actions("single") == ["recognized"])
    }
}
