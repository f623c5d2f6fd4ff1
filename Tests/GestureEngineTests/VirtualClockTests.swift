import GestureEngine
import GestureTestSupport
import GestureTrace
import Testing

/// Timers on the virtual clock, through the recognizer API: due-time order, ties in scheduling
/// order, and ids that go stale once their timer fired or was cancelled, even when the clock
/// reuses the timer's slot for a new one.
@Suite("Virtual clock timers")
struct VirtualClockTests {
    /// Runs `script` when its touch goes down, and records which timers fire.
    final class TimerScript: GestureRecognizer {
        var fired: [String] = []
        var script: (TimerScript) -> Void = { _ in }
        override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { script(self) }
        func start(_ name: String, _ ms: Double) -> VirtualClock.TimerID? {
            startTimer(name, after: .milliseconds(ms)) { [unowned self] in self.fired.append(name) }
        }
    }

    func run(_ script: @escaping (TimerScript) -> Void) -> (TimerScript, Harness) {
        let h = Harness()
        let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
        let r = TimerScript(id: "timers")
        r.script = script
        v.addGestureRecognizer(r)
        h.down(1, 100, 100, at: 0)
        return (r, h)
    }

    @Test("Timers fire in due-time order, and ties in the order they were scheduled")
    func order() {
        let (r, h) = run { r in
            _ = r.start("late", 300)
            _ = r.start("tie-first", 100)
            _ = r.start("early", 50)
            _ = r.start("tie-second", 100)
        }
        #expect(h.env.scheduledTimerCount == 4)
        h.advance(to: 1000)
        #expect(r.fired == ["early", "tie-first", "tie-second", "late"])
        #expect(h.env.scheduledTimerCount == 0)
    }

    @Test("Cancelling a stale id does not cancel the timer that reuses its slot")
    func staleIDs() {
        var stale: VirtualClock.TimerID?
        let (r, h) = run { r in
            stale = r.start("cancelled", 100)
            r.cancelTimer(stale)
            _ = r.start("kept", 100)  // may take the cancelled timer's slot
            r.cancelTimer(stale)      // must name nothing now
        }
        #expect(h.env.scheduledTimerCount == 1)
        h.advance(to: 200)
        #expect(r.fired == ["kept"])
    }

    @Test("A fired timer's id names nothing afterwards")
    func firedIDs() {
        var first: VirtualClock.TimerID?
        let (r, h) = run { r in first = r.start("first", 10) }
        h.advance(to: 20)
        #expect(r.fired == ["first"])
        // A new timer may reuse the fired one's slot; the old id must not cancel it.
        _ = r.start("second", 10)
        r.cancelTimer(first)
        h.advance(to: 40)
        #expect(r.fired == ["first", "second"])
    }
}
