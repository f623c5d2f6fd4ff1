import GestureEngine
import GestureRecognizers
import GestureTestSupport
import Testing

/// A view that refuses recognizers by id, as UISlider refuses swipes along its track.
final class RefusingView: View {
    var refused: Set<String> = []
    var asked: [String] = []
    override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        asked.append(recognizer.id)
        return !refused.contains(recognizer.id)
    }
}

/// Reference A.5: gestureRecognizerShouldBegin on the delegate and on the touched view.
@Suite("A.5 shouldBegin")
struct ShouldBeginTests {
    @Test("A.5.2: the touched view is asked about a recognizer on its ancestor")
    func touchedViewAsked() {
        let h = Harness()
        let parent = h.view("parent", Rect(x: 0, y: 0, width: 400, height: 400))
        let slider = RefusingView(id: "slider", frame: Rect(x: 0, y: 0, width: 200, height: 40))
        parent.addSubview(slider)
        parent.addGestureRecognizer(PanGestureRecognizer(id: "pan"))
        slider.refused = ["pan"]
        h.drag(from: (20, 20), to: (120, 20), at: 0, duration: 100)
        #expect(slider.asked == ["pan"])
        #expect(h.states("pan") == ["failed"])
        #expect(h.last("pan")?.cause.kind == .view)
        // Outside the slider the pan works.
        h.drag(from: (20, 200), to: (120, 200), at: 200, duration: 100)
        #expect(h.path("pan") == ["failed", "began", "changed", "ended"])
    }

    @Test("A.5.2 (D1 order): views are asked only when the recognizer would cancel their touches")
    func viewsAskedOnlyWhenCancelling() {
        let h = Harness()
        let slider = RefusingView(id: "slider", frame: Rect(x: 0, y: 0, width: 200, height: 40))
        h.window.addSubview(slider)
        let pan = PanGestureRecognizer(id: "pan")
        pan.cancelsTouchesInView = false
        h.window.addGestureRecognizer(pan)
        slider.refused = ["pan"]
        h.drag(from: (20, 20), to: (120, 20), at: 0, duration: 100)
        #expect(slider.asked.isEmpty)
        #expect(h.path("pan") == ["began", "changed", "ended"])
    }

    @Test("A.5.1: the delegate is asked when leaving possible; a waiting recognizer was asked before it waited")
    func delegateAskedOnce() {
        let h = Harness()
        let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
        let single = TapGestureRecognizer(id: "single"), double = TapGestureRecognizer(id: "double")
        double.numberOfTapsRequired = 2
        v.addGestureRecognizer(single)
        v.addGestureRecognizer(double)
        single.require(toFail: double)
        let d = TestDelegate()
        single.delegate = d
        h.tap(100, 100, at: 0)
        h.finish()
        #expect(d.shouldBeginAsked == 1)
        #expect(h.states("single") == ["recognized"])
    }
}

@Suite("A.2.12 controls")
struct ControlTests {
    @Test("A.2.12: a single tap on a button goes to the button, not to a tap recognizer on its ancestor")
    func buttonBeatsAncestorTap() {
        let h = Harness()
        let card = h.view("card", Rect(x: 0, y: 0, width: 400, height: 400))
        h.view("button", Rect(x: 10, y: 10, width: 100, height: 44), in: card, control: true)
        let tap = TapGestureRecognizer(id: "cardTap")
        card.addGestureRecognizer(tap)
        h.tap(50, 30, at: 0)
        #expect(h.states("cardTap") == ["failed"])
        #expect(h.viewPhases("button") == ["began", "ended"])
        h.tap(200, 200, at: 100)
        #expect(h.states("cardTap") == ["failed", "recognized"])
    }

    @Test("A.2.12: a recognizer on the control itself, or a double tap on the ancestor, is not refused")
    func notOverlapping() {
        let h = Harness()
        let card = h.view("card", Rect(x: 0, y: 0, width: 400, height: 400))
        let button = h.view("button", Rect(x: 10, y: 10, width: 100, height: 44), in: card, control: true)
        let own = TapGestureRecognizer(id: "own")
        button.addGestureRecognizer(own)
        let double = TapGestureRecognizer(id: "double")
        double.numberOfTapsRequired = 2
        card.addGestureRecognizer(double)
        h.tap(50, 30, at: 0)
        #expect(h.states("own") == ["recognized"])
        h.tap(50, 30, at: 100)
        #expect(h.states("double") == ["recognized"])
    }
}
