import GestureEngine
import GestureRecognizers
import GestureTestSupport
import Testing

func alone(_ r: GestureRecognizer) -> Harness {
    let h = Harness()
    h.view("v", Rect(x: 0, y: 0, width: 400, height: 800)).addGestureRecognizer(r)
    return h
}

/// Reference A.6 and Part B: the built-in recognizers and their documented or assumed numbers.
@Suite("A.6 built-in recognizers")
struct BuiltInRecognizerTests {
    @Test("Part B: UIKit's documented defaults")
    func defaults() {
        let tap = TapGestureRecognizer(id: "t")
        #expect(tap.numberOfTapsRequired == 1 && tap.numberOfTouchesRequired == 1)
        #expect(tap.cancelsTouchesInView && !tap.delaysTouchesBegan && tap.delaysTouchesEnded)
        let press = LongPressGestureRecognizer(id: "p")
        #expect(press.minimumPressDuration.seconds == 0.5 && press.allowableMovement == 10)
        #expect(press.numberOfTapsRequired == 0 && press.numberOfTouchesRequired == 1)
        let pan = PanGestureRecognizer(id: "pan")
        #expect(pan.minimumNumberOfTouches == 1 && pan.maximumNumberOfTouches == Int.max)
        #expect(SwipeGestureRecognizer(id: "s").direction == .right)
        #expect(tap.maximumTapInterval.seconds == 0.35 && tap.allowableMovement == 45)
    }

    @Test("A.6.1: a tap fails when the finger wanders more than 45 pt")
    func tapMovement() {
        let tap = TapGestureRecognizer(id: "tap")
        let h = alone(tap)
        h.down(1, 100, 100, at: 0)
        h.move(1, 140, 100, at: 10)
        #expect(h.states("tap").isEmpty, "40 pt is within the allowable movement")
        h.move(1, 146, 100, at: 20)
        #expect(h.states("tap") == ["failed"])
        #expect(h.last("tap")?.cause.evidence.first?.parameter == "allowableMovement")
    }

    @Test("A.6.1: a tap held too long fails (maximumTapDuration, assumed 0.75 s)")
    func tapDuration() {
        let h = alone(TapGestureRecognizer(id: "tap"))
        h.down(1, 100, 100, at: 0)
        h.advance(to: 749)
        #expect(h.states("tap").isEmpty)
        h.advance(to: 750)
        #expect(h.states("tap") == ["failed"])
    }

    @Test("A.6.1: a double tap fails when the second tap comes later than 0.35 s after the first lift")
    func tapInterval() {
        let double = TapGestureRecognizer(id: "double")
        double.numberOfTapsRequired = 2
        let h = alone(double)
        h.tap(100, 100, at: 0)
        h.tap(100, 100, at: 401)
        #expect(h.states("double") == ["failed"])
        #expect(h.time(of: "double", to: "failed") == 400)
        // Within the interval it is a double tap.
        h.tap(100, 100, at: 1000)
        h.tap(100, 100, at: 1399)
        #expect(h.states("double") == ["failed", "failed", "recognized"])
    }

    @Test("A.6.1: a two-finger tap needs both fingers; one finger fails it, three fail it")
    func twoFingerTap() {
        let tap = TapGestureRecognizer(id: "tap")
        tap.numberOfTouchesRequired = 2
        let h = alone(tap)
        h.tap(100, 100, at: 0)
        #expect(h.states("tap") == ["failed"])
        h.batch([(.down, 1, 100, 100), (.down, 2, 150, 100)], at: 100)
        h.batch([(.up, 1, 100, 100), (.up, 2, 150, 100)], at: 150)
        #expect(h.states("tap") == ["failed", "recognized"])
        h.batch([(.down, 1, 100, 100), (.down, 2, 150, 100), (.down, 3, 200, 100)], at: 300)
        #expect(h.states("tap") == ["failed", "recognized", "failed"])
    }

    @Test("A.6.1: location is the centroid of the first tap")
    func tapLocation() {
        let double = TapGestureRecognizer(id: "double")
        double.numberOfTapsRequired = 2
        var location: Point?
        double.addAction { r in location = r.location(in: nil) }
        let h = alone(double)
        h.tap(100, 100, at: 0)
        h.tap(110, 104, at: 150)
        #expect(location == Point(x: 100, y: 100))
    }

    @Test("A.6.2: a long press begins from its timer at 0.5 s with no touch event, changes on moves, ends when the finger lifts")
    func longPress() {
        let h = alone(LongPressGestureRecognizer(id: "press"))
        h.down(1, 100, 100, at: 0)
        h.advance(to: 500)
        #expect(h.states("press") == ["began"])
        h.move(1, 300, 300, at: 600)
        h.up(1, 300, 300, at: 700)
        #expect(h.states("press") == ["began", "changed", "ended"])
    }

    @Test("A.6.2: moving more than 10 pt before 0.5 s, or lifting early, fails a long press")
    func longPressFails() {
        let h = alone(LongPressGestureRecognizer(id: "press"))
        h.down(1, 100, 100, at: 0)
        h.move(1, 109, 100, at: 100)
        #expect(h.states("press").isEmpty)
        h.move(1, 111, 100, at: 200)
        #expect(h.states("press") == ["failed"])
        h.up(1, 111, 100, at: 250)
        h.tap(100, 100, at: 300, hold: 200)
        #expect(h.states("press") == ["failed", "failed"])
    }

    @Test("A.6.3: a pan begins after 10 pt along either axis, not before")
    func panThreshold() {
        let pan = PanGestureRecognizer(id: "pan")
        let h = alone(pan)
        h.down(1, 100, 100, at: 0)
        h.move(1, 107, 107, at: 10)
        #expect(h.states("pan").isEmpty, "9.9 pt diagonally is under 10 pt on each axis")
        h.move(1, 100, 110, at: 20)
        #expect(h.states("pan") == ["began"])
        #expect(h.last("pan")?.cause.evidence.first?.value == 10)
    }

    @Test("A.6.3: a pan fails if all fingers lift before the threshold")
    func panFailsShort() {
        let h = alone(PanGestureRecognizer(id: "pan"))
        h.down(1, 100, 100, at: 0)
        h.move(1, 105, 100, at: 10)
        h.up(1, 105, 100, at: 20)
        #expect(h.states("pan") == ["failed"])
    }

    @Test("A.6.3: lifting one of two fingers does not end a pan and does not make the translation jump")
    func panFingersLift() {
        let pan = PanGestureRecognizer(id: "pan")
        let h = alone(pan)
        h.batch([(.down, 1, 100, 100), (.down, 2, 200, 100)], at: 0)
        h.batch([(.move, 1, 130, 100), (.move, 2, 230, 100)], at: 20)
        #expect(pan.translation(in: nil).dx == 30)
        h.up(2, 230, 100, at: 30)
        #expect(pan.publishedState == .began || pan.publishedState == .changed)
        #expect(pan.translation(in: nil).dx == 30)
        h.move(1, 140, 100, at: 40)
        #expect(pan.translation(in: nil).dx == 40)
        h.up(1, 140, 100, at: 50)
        #expect(h.path("pan") == ["began", "changed", "ended"])
    }

    @Test("A.6.3: minimumNumberOfTouches 2 keeps a one-finger drag from panning")
    func panMinimumTouches() {
        let pan = PanGestureRecognizer(id: "pan")
        pan.minimumNumberOfTouches = 2
        let h = alone(pan)
        h.drag(from: (100, 100), to: (200, 100), at: 0, duration: 100)
        #expect(h.states("pan") == ["failed"])
    }

    @Test("D-8: subtractsHysteresis reports a translation of zero at began")
    func panHysteresisFlag() {
        for subtract in [false, true] {
            let pan = PanGestureRecognizer(id: "pan")
            pan.subtractsHysteresis = subtract
            var atBegan: Double?
            pan.addAction { r in if r.publishedState == .began { atBegan = (r as! PanGestureRecognizer).translation(in: nil).dx } }
            let h = alone(pan)
            h.down(1, 100, 100, at: 0)
            h.move(1, 112, 100, at: 10)
            #expect(atBegan == (subtract ? 2 : 12))
        }
    }

    @Test("A.6.4: a swipe right is recognized during the movement once it has travelled 50 pt fast enough")
    func swipe() {
        let swipe = SwipeGestureRecognizer(id: "swipe")
        let h = alone(swipe)
        h.drag(from: (50, 100), to: (250, 105), at: 0, duration: 100, steps: 10, lift: false)
        #expect(h.time(of: "swipe", to: "recognized") == 30, "at 60 pt, 30 ms in")
    }

    @Test("A.6.4: a swipe in the wrong direction, too slow, or drifting sideways fails")
    func swipeFails() {
        let left = SwipeGestureRecognizer(id: "swipe")
        var h = alone(left)
        h.drag(from: (250, 100), to: (50, 100), at: 0, duration: 100)
        #expect(h.states("swipe") == ["failed"])

        h = alone(SwipeGestureRecognizer(id: "swipe"))
        h.drag(from: (50, 100), to: (150, 100), at: 0, duration: 900, steps: 30)
        #expect(h.states("swipe") == ["failed"])

        h = alone(SwipeGestureRecognizer(id: "swipe"))
        h.drag(from: (50, 100), to: (150, 200), at: 0, duration: 100)
        #expect(h.states("swipe") == ["failed"])
    }

    @Test("D-7: with timing atTouchUp a swipe is recognized only when the finger lifts")
    func swipeAtTouchUp() {
        let swipe = SwipeGestureRecognizer(id: "swipe")
        swipe.timing = .atTouchUp
        let h = alone(swipe)
        h.drag(from: (50, 100), to: (250, 100), at: 0, duration: 100)
        #expect(h.time(of: "swipe", to: "recognized") == 100)
    }

    @Test("A.6.5: a pinch begins after the finger distance changes 10 pt and reports the scale; ends when both fingers lift")
    func pinch() {
        let pinch = PinchGestureRecognizer(id: "pinch")
        let h = alone(pinch)
        h.batch([(.down, 1, 150, 300), (.down, 2, 250, 300)], at: 0)
        h.batch([(.move, 1, 146, 300), (.move, 2, 254, 300)], at: 10)
        #expect(h.states("pinch").isEmpty)
        h.batch([(.move, 1, 140, 300), (.move, 2, 260, 300)], at: 20)
        #expect(h.states("pinch") == ["began"])
        #expect(abs(pinch.scale - 1.2) < 1e-9)
        h.up(1, 140, 300, at: 30)
        #expect(h.states("pinch") == ["began"])
        h.up(2, 260, 300, at: 40)
        #expect(h.path("pinch") == ["began", "ended"])
    }

    @Test("A.6.5: a pinch and a rotation exclude each other by default")
    func pinchRotationExclusive() {
        let h = Harness()
        let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 800))
        let pinch = PinchGestureRecognizer(id: "pinch"), rotation = RotationGestureRecognizer(id: "rotation")
        v.addGestureRecognizer(pinch)
        v.addGestureRecognizer(rotation)
        h.batch([(.down, 1, 150, 300), (.down, 2, 250, 300)], at: 0)
        // Turn the line between the fingers by about 0.2 rad without changing its length.
        h.batch([(.move, 1, 150.99, 290.07), (.move, 2, 249.01, 309.93)], at: 10)
        #expect(h.states("rotation") == ["began"])
        #expect(h.states("pinch") == ["failed"])
    }

    @Test("A.6.6: a screen edge pan begins only from near its edge and ignores later touches")
    func screenEdge() {
        let edge = ScreenEdgePanGestureRecognizer(id: "edge")
        let h = Harness()
        h.window.addGestureRecognizer(edge)
        h.drag(from: (100, 300), to: (200, 300), at: 0, duration: 100)
        #expect(h.states("edge") == ["failed"])
        h.drag(from: (5, 300), to: (105, 300), at: 200, duration: 100, lift: false)
        #expect(h.path("edge") == ["failed", "began", "changed"])
        h.down(2, 50, 500, at: 310)
        h.move(2, 300, 700, at: 320)
        h.up(1, 105, 300, at: 330)
        #expect(h.path("edge").last == "ended", "the second finger is ignored, so lifting the first ends it")
    }

    @Test("Parameters are set by name with units; unknown names and bad values are refused")
    func parameters() throws {
        let pan = PanGestureRecognizer(id: "pan")
        try pan.setParameter("minimumDistance", .number(18))
        #expect(pan.minimumDistance == 18)
        let tap = TapGestureRecognizer(id: "tap")
        try tap.setParameter("maximumTapInterval", .number(0.5))
        #expect(tap.maximumTapInterval.seconds == 0.5)
        #expect(throws: ParameterError.self) { try tap.setParameter("numberOfTapsRequired", .number(1.5)) }
        #expect(throws: ParameterError.self) { try tap.setParameter("minimumDistance", .number(1)) }
        #expect(throws: ParameterError.self) { try pan.setParameter("cancelsTouchesInView", .number(1)) }
        let swipe = SwipeGestureRecognizer(id: "s")
        try swipe.setParameter("direction", .list(["left", "up"]))
        #expect(swipe.direction == [.left, .up])
    }
}
