import GestureEngine
import GestureRecognizers
import GestureTestSupport
import GestureTrace
import Testing

/// The engine reads touches and recognizers through unretained lists during a dispatch (see
/// `UnretainedList`), so feeding an event from inside one must stop the program, not corrupt it.
@Suite("Feeding from inside a dispatch")
struct ReentrancyTests {
    @Test("An action that feeds an event stops the process with a clear precondition failure")
    func feedFromAction() async {
        await #expect(processExitsWith: .failure) {
            let h = Harness()
            let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
            let tap = TapGestureRecognizer(id: "tap")
            let env = h.env
            tap.addAction { _ in env.feed(TraceEvent(time: Timestamp(microseconds: 50_000), type: .down, pointer: 9, x: 5, y: 5)) }
            v.addGestureRecognizer(tap)
            h.tap(100, 100, at: 0)
        }
    }

    @Test("Feeding between cycles, after an action ran, works as usual")
    func feedAfterAction() {
        let h = Harness()
        let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
        let tap = TapGestureRecognizer(id: "tap")
        var recognized = 0
        tap.addAction { _ in recognized += 1 }
        v.addGestureRecognizer(tap)
        h.tap(100, 100, at: 0)
        h.tap(300, 300, at: 1000)
        #expect(recognized == 2)
    }
}
