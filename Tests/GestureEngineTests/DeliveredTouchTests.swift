import GestureEngine
import GestureRecognizers
import GestureTestSupport
import GestureTrace
import Testing

/// A view that notes the touch as each call shows it: what UIKit code in touchesBegan and the
/// others would read.
final class NotingView: View {
    struct Seen: Equatable {
        var call: String
        var phase: TouchPhase
        var location: Point
        var milliseconds: Double
    }
    var seen: [Seen] = []

    private func note(_ call: String, _ touches: [Touch]) {
        for t in touches { seen.append(Seen(call: call, phase: t.phase, location: t.locationInWindow, milliseconds: t.timestamp.milliseconds)) }
    }
    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { note("began", touches) }
    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) { note("moved", touches) }
    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) { note("ended", touches) }
    override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) { note("cancelled", touches) }
}

/// Issue 14 item 3, reference A.2.8 and F.3.2: what a view receives, and what the log says it received.
@Suite("A.2.8, F.3.2: the touch a view receives")
struct DeliveredTouchTests {
    /// A noting view under a long press that holds back began (delaysTouchesBegan).
    static func viewUnderDelayingPress() -> (Harness, NotingView) {
        let h = Harness()
        let v = NotingView(id: "v", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        h.window.addSubview(v)
        let press = LongPressGestureRecognizer(id: "press")
        press.delaysTouchesBegan = true
        v.addGestureRecognizer(press)
        return (h, v)
    }

    @Test("every view row carries the touch's place in the window and in the view, and its own time stamp")
    func viewRowsCarryTheTouch() {
        let h = Harness()
        let v = h.view("v", Rect(x: 50, y: 60, width: 300, height: 300))
        v.addGestureRecognizer(PanGestureRecognizer(id: "pan"))
        h.down(1, 100, 100, at: 0)
        h.move(1, 104, 101, at: 8)
        let rows = h.entries.filter { $0.kind == .view }
        #expect(rows.count == 2)
        #expect(rows[0].delivered == DeliveredTouch(inWindow: Point(x: 100, y: 100), inView: Point(x: 50, y: 40), timestamp: .zero))
        #expect(rows[1].delivered == DeliveredTouch(inWindow: Point(x: 104, y: 101), inView: Point(x: 54, y: 41), timestamp: .milliseconds(8)))
    }

    @Test("F.3.2: a began held by delaysTouchesBegan and released by a failure is the touch as it went down; one move then brings the view to where it is now")
    func releasedBeganIsTheTouchAsItWas() {
        let (h, v) = Self.viewUnderDelayingPress()
        h.down(1, 100, 100, at: 0)
        h.move(1, 104, 100, at: 10)
        h.move(1, 130, 100, at: 30)  // beyond allowableMovement: the press fails, the began is released
        #expect(v.seen == [
            .init(call: "began", phase: .began, location: Point(x: 100, y: 100), milliseconds: 0),
            .init(call: "moved", phase: .moved, location: Point(x: 130, y: 100), milliseconds: 30),
        ])
        // The log says the same: delivered at 30 ms, stamped when it happened.
        let rows = h.entries.filter { $0.kind == .view }
        #expect(rows.map(\.time.milliseconds) == [30, 30])
        #expect(rows[0].delivered?.timestamp == .zero && rows[0].delivered?.inWindow == Point(x: 100, y: 100))
        #expect(rows[1].delivered?.timestamp == .milliseconds(30) && rows[1].delivered?.inWindow == Point(x: 130, y: 100))
        // After the delivery the touch is itself again.
        h.move(1, 140, 100, at: 40)
        #expect(v.seen.last == .init(call: "moved", phase: .moved, location: Point(x: 140, y: 100), milliseconds: 40))
    }

    @Test("F.3.2: a touch that lifted before its held began was released: began as it went down, the move, then ended, each call showing its own phase")
    func wholeSequenceDelayed() {
        let (h, v) = Self.viewUnderDelayingPress()
        h.down(1, 100, 100, at: 0)
        h.move(1, 103, 100, at: 20)
        h.up(1, 103, 100, at: 60)  // lifted before minimumPressDuration: the press fails at the lift
        #expect(v.seen == [
            .init(call: "began", phase: .began, location: Point(x: 100, y: 100), milliseconds: 0),
            .init(call: "moved", phase: .moved, location: Point(x: 103, y: 100), milliseconds: 60),
            .init(call: "ended", phase: .ended, location: Point(x: 103, y: 100), milliseconds: 60),
        ])
    }

    @Test("A.2.9: an ended held by delaysTouchesEnded and released later keeps the lift's place and time stamp")
    func releasedEndedKeepsTheLift() {
        let h = Harness()
        let v = NotingView(id: "v", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        h.window.addSubview(v)
        let double = TapGestureRecognizer(id: "double")
        double.numberOfTapsRequired = 2
        v.addGestureRecognizer(double)
        h.tap(100, 100, at: 0, hold: 50)
        h.finish()
        #expect(v.seen.map(\.call) == ["began", "ended"])
        #expect(v.seen.last == .init(call: "ended", phase: .ended, location: Point(x: 100, y: 100), milliseconds: 50))
        let ended = h.entries.last { $0.kind == .view && $0.phase == "ended" }
        #expect(ended?.time.milliseconds == 400 && ended?.delivered?.timestamp == .milliseconds(50))
    }

    @Test("A.2.7: a touch cancelled in its view by a recognizer shows the cancelled phase in the call, not the phase it has")
    func cancelledCallShowsCancelled() {
        let h = Harness()
        let v = NotingView(id: "v", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        h.window.addSubview(v)
        v.addGestureRecognizer(PanGestureRecognizer(id: "pan"))
        h.down(1, 100, 100, at: 0)
        h.move(1, 140, 100, at: 20)  // the pan begins and cancels the view's touch while it moves
        #expect(v.seen.last?.call == "cancelled" && v.seen.last?.phase == .cancelled)
        h.move(1, 150, 100, at: 30)
        #expect(v.seen.count == 2, "nothing more after the cancel")
    }
}
