import GestureEngine
import GestureRecognizers
import GestureTestSupport
import GestureTrace
import Testing

/// The same input always gives the same log, whatever the machine; no wall time is read.
@Suite("Determinism and the virtual clock")
struct DeterminismTests {
    func run() -> [LogEntry] {
        let h = Harness()
        let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
        let single = TapGestureRecognizer(id: "single"), double = TapGestureRecognizer(id: "double")
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        v.addGestureRecognizer(single)
        v.addGestureRecognizer(double)
        v.addGestureRecognizer(LongPressGestureRecognizer(id: "press"))
        v.addGestureRecognizer(PanGestureRecognizer(id: "pan"))
        h.tap(100, 100, at: 0)
        h.down(1, 100, 100, at: 1000)
        h.advance(to: 1700)
        h.up(1, 100, 100, at: 1800)
        h.drag(from: (10, 10), to: (200, 300), at: 2000, duration: 200, steps: 25)
        h.finish()
        return h.entries
    }

    @Test("Two replays of the same input give identical logs")
    func identical() {
        #expect(run() == run())
    }

    @Test("Timers fire at their due time on the virtual clock, with no touch event then")
    func timerDriven() {
        let h = Harness()
        let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
        v.addGestureRecognizer(LongPressGestureRecognizer(id: "press"))
        h.down(1, 100, 100, at: 10)
        h.advance(to: 509)
        #expect(h.states("press").isEmpty)
        h.advance(to: 510)
        #expect(h.states("press") == ["began"])
        #expect(h.time(of: "press", to: "began") == 510)
    }

    @Test("A timer due at the same time as a touch fires first")
    func timerBeforeTouch() {
        let h = Harness()
        let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
        v.addGestureRecognizer(LongPressGestureRecognizer(id: "press"))
        h.down(1, 100, 100, at: 0)
        h.up(1, 100, 100, at: 500)
        #expect(h.path("press") == ["began", "ended"])
    }

    @Test("No timer outlives its recognizer's attempt")
    func timersCancelledOnReset() {
        let h = Harness()
        let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
        let double = TapGestureRecognizer(id: "double")
        double.numberOfTapsRequired = 2
        v.addGestureRecognizer(double)
        v.addGestureRecognizer(PanGestureRecognizer(id: "pan"))
        h.tap(100, 100, at: 0)
        #expect(h.env.scheduledTimerCount == 1)
        h.drag(from: (100, 100), to: (200, 100), at: 100, duration: 100)
        #expect(h.states("double") == ["failed"])
        #expect(h.env.scheduledTimerCount == 0)
    }
}
