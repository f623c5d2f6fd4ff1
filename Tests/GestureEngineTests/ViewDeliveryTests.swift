import GestureEngine
import GestureRecognizers
import GestureTestSupport
import Testing

/// Reference A.2.7-A.2.10 and D-3: what the view receives.
@Suite("A.2 view delivery")
struct ViewDeliveryTests {
    @Test("A.2.7: when a recognizer recognizes, the view's touch is cancelled; without it the view gets the whole sequence")
    func cancelsTouchesInView() {
        for cancels in [true, false] {
            let h = Harness()
            let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
            let pan = PanGestureRecognizer(id: "pan")
            pan.cancelsTouchesInView = cancels
            v.addGestureRecognizer(pan)
            h.drag(from: (20, 200), to: (120, 200), at: 0, duration: 100, steps: 10)
            let phases = h.viewPhases("v")
            if cancels {
                #expect(phases.first == "began")
                #expect(phases.last == "cancelled")
                #expect(!phases.contains("ended"))
            } else {
                #expect(phases.first == "began")
                #expect(phases.last == "ended")
                #expect(phases.filter { $0 == "moved" }.count == 10)
            }
        }
    }

    @Test("A.2.7, O1, D-3: a tap on a view: began, tap action, then cancelled (default order)")
    func tapOrder() {
        let h = Harness()
        let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
        v.addGestureRecognizer(TapGestureRecognizer(id: "tap"))
        h.tap(50, 50, at: 0)
        let sequence = h.entries.filter { $0.kind == .action || ($0.kind == .view && $0.view == "v") }.map { $0.kind == .action ? "action" : $0.phase! }
        #expect(sequence == ["began", "action", "cancelled"])
    }

    @Test("D-3 option: cancelThenAction sends the view's cancel before the action")
    func cancelBeforeAction() {
        var o = EngineOptions()
        o.cancellationOrder = .cancelThenAction
        let h = Harness(options: o)
        let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
        v.addGestureRecognizer(TapGestureRecognizer(id: "tap"))
        h.tap(50, 50, at: 0)
        let sequence = h.entries.filter { $0.kind == .action || ($0.kind == .view && $0.view == "v") }.map { $0.kind == .action ? "action" : $0.phase! }
        #expect(sequence == ["began", "cancelled", "action"])
    }

    @Test("A.2.8: with delaysTouchesBegan a recognized gesture's touch never reaches the view")
    func delaysBeganRecognized() {
        let h = Harness()
        let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
        let pan = PanGestureRecognizer(id: "pan")
        pan.delaysTouchesBegan = true
        v.addGestureRecognizer(pan)
        h.drag(from: (20, 200), to: (120, 200), at: 0, duration: 100)
        #expect(h.viewPhases("v").isEmpty, "no began, and so no cancelled either")
        #expect(h.viewPhases("v", markers: true) == ["held-began", "dropped"])
    }

    @Test("A.2.8: with delaysTouchesBegan a failed gesture releases began plus one move to the current location")
    func delaysBeganFailed() {
        let h = Harness()
        let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
        let press = LongPressGestureRecognizer(id: "press")
        press.delaysTouchesBegan = true
        v.addGestureRecognizer(press)
        h.down(1, 100, 100, at: 0)
        h.move(1, 102, 100, at: 10)
        h.move(1, 104, 100, at: 20)
        h.move(1, 130, 100, at: 30)  // beyond allowableMovement: the press fails
        #expect(h.viewPhases("v") == ["began", "moved"])
        let moved = h.entries.last { $0.kind == .view && $0.phase == "moved" }
        #expect(moved?.time.milliseconds == 30)
        h.up(1, 130, 100, at: 40)
        #expect(h.viewPhases("v") == ["began", "moved", "ended"])
    }

    @Test("A.2.9, G1: a double tap on a view with a 2-tap recognizer: began, began, cancelled, cancelled")
    func doubleTapDelaysEnded() {
        let h = Harness()
        let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
        let double = TapGestureRecognizer(id: "double")
        double.numberOfTapsRequired = 2
        v.addGestureRecognizer(double)
        h.tap(100, 100, at: 0)
        h.tap(100, 100, at: 150)
        #expect(h.viewPhases("v") == ["began", "began", "cancelled", "cancelled"])
    }

    @Test("A.2.9, G1: without delaysTouchesEnded: began, ended, began, cancelled")
    func doubleTapNoDelay() {
        let h = Harness()
        let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
        let double = TapGestureRecognizer(id: "double")
        double.numberOfTapsRequired = 2
        double.delaysTouchesEnded = false
        v.addGestureRecognizer(double)
        h.tap(100, 100, at: 0)
        h.tap(100, 100, at: 150)
        #expect(h.viewPhases("v") == ["began", "ended", "began", "cancelled"])
    }

    @Test("A.2.9: a held-back ended is released when the recognizer fails")
    func heldEndedReleased() {
        let h = Harness()
        let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
        let double = TapGestureRecognizer(id: "double")
        double.numberOfTapsRequired = 2
        v.addGestureRecognizer(double)
        h.tap(100, 100, at: 0)
        #expect(h.viewPhases("v") == ["began"])
        h.finish()
        #expect(h.viewPhases("v") == ["began", "ended"])
        let ended = h.entries.last { $0.kind == .view && $0.phase == "ended" }
        #expect(ended?.time.milliseconds == 400)
        #expect(ended?.cause.other == "double")
    }

    @Test("A.2.10: a phase held by two recognizers is released only when the last of them fails")
    func heldByTwo() {
        let h = Harness()
        let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
        let a = ScriptedRecognizer("a"), b = ScriptedRecognizer("b")
        a.delaysTouchesBegan = true
        b.delaysTouchesBegan = true
        v.addGestureRecognizer(a)
        v.addGestureRecognizer(b)
        h.down(1, 10, 10, at: 0)
        a.state = .failed
        #expect(h.viewPhases("v").isEmpty)
        b.state = .failed
        #expect(h.viewPhases("v") == ["began"])
    }

    @Test("A.5.3: when shouldBegin says no, the view gets its held-back ended at touch up")
    func shouldBeginFalseReleasesEnded() {
        let h = Harness()
        let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
        let tap = TapGestureRecognizer(id: "tap")
        let d = TestDelegate()
        d.shouldBegin = false
        tap.delegate = d
        v.addGestureRecognizer(tap)
        h.tap(50, 50, at: 0)
        #expect(h.viewPhases("v") == ["began", "ended"])
    }
}
