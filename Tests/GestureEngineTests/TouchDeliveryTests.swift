import GestureEngine
import GestureRecognizers
import GestureTestSupport
import Testing

/// Reference A.2.1-A.2.6: hit-testing, who sees a touch, filters, ordering.
@Suite("A.2 touch delivery")
struct TouchDeliveryTests {
    @Test("A.2.1: the front-most (last) subview that contains the point is hit; hidden and non-interactive views are skipped")
    func hitTesting() {
        let h = Harness()
        let back = h.view("back", Rect(x: 0, y: 0, width: 200, height: 200))
        let front = h.view("front", Rect(x: 50, y: 50, width: 100, height: 100))
        let inner = h.view("inner", Rect(x: 10, y: 10, width: 20, height: 20), in: front)
        #expect(h.window.hitTest(Point(x: 60, y: 60)) === inner)
        #expect(h.window.hitTest(Point(x: 120, y: 120)) === front)
        #expect(h.window.hitTest(Point(x: 20, y: 20)) === back)
        #expect(h.window.hitTest(Point(x: 300, y: 300)) === h.window)
        front.isHidden = true
        #expect(h.window.hitTest(Point(x: 60, y: 60)) === back)
        front.isHidden = false
        front.isUserInteractionEnabled = false
        #expect(h.window.hitTest(Point(x: 120, y: 120)) === back)
        #expect(h.window.hitTest(Point(x: 1000, y: 10)) == nil)
    }

    /// The engine keeps the last event's touch list between events; an event for a finger that
    /// is no longer down must not deliver that list again.
    @Test("Events for a pointer that is not down are noted and ignored; nothing is delivered again")
    func eventsForLiftedPointer() {
        let h = Harness()
        let pad = h.view("pad", Rect(x: 0, y: 0, width: 300, height: 300))
        let r = ScriptedRecognizer("rec")
        pad.addGestureRecognizer(r)
        h.down(1, 10, 10, at: 0)
        h.move(1, 20, 10, at: 10)
        h.up(1, 20, 10, at: 20)
        let viewEntries = h.viewPhases("pad").count
        let hooks = r.received.count
        h.move(1, 30, 10, at: 30)
        h.up(1, 30, 10, at: 40)
        #expect(h.viewPhases("pad").count == viewEntries, "the view got phases again: \(h.viewPhases("pad"))")
        #expect(r.received.count == hooks, "the recognizer got hooks again: \(r.received)")
        #expect(h.entries.filter { $0.kind == .note && $0.cause.text.contains("which is not down: ignored") }.count == 2)
    }

    @Test("A.2.1: hit-testing and conversions follow the bounds origin (scrolling)")
    func boundsOrigin() {
        let h = Harness()
        let scroller = h.view("scroller", Rect(x: 0, y: 100, width: 300, height: 200))
        let item = h.view("item", Rect(x: 400, y: 0, width: 100, height: 100), in: scroller)
        #expect(h.window.hitTest(Point(x: 50, y: 150)) === scroller)
        scroller.boundsOrigin = Point(x: 380, y: 0)
        #expect(h.window.hitTest(Point(x: 50, y: 150)) === item)
        #expect(item.convertFromWindow(Point(x: 50, y: 150)) == Point(x: 30, y: 50))
        #expect(item.convertToWindow(Point(x: 30, y: 50)) == Point(x: 50, y: 150))
    }

    @Test("A.2.1: a touch stays bound to its view when it moves outside it")
    func touchStaysBound() {
        let h = Harness()
        let a = h.view("a", Rect(x: 0, y: 0, width: 100, height: 100))
        h.view("b", Rect(x: 200, y: 0, width: 100, height: 100))
        let r = ScriptedRecognizer("r")
        // r never decides; without this it would (rightly) hold the view's ended back.
        r.delaysTouchesEnded = false
        a.addGestureRecognizer(r)
        h.down(1, 50, 50, at: 0)
        h.move(1, 250, 50, at: 10)
        h.up(1, 250, 50, at: 20)
        #expect(r.received == ["began 1", "moved 1", "ended 1"])
        #expect(h.viewPhases("a") == ["began", "moved", "ended"])
        #expect(h.viewPhases("b").isEmpty)
    }

    @Test("A.2.2: recognizers on the hit view and on every ancestor see the touch; siblings do not")
    func ancestorsSeeTouch() {
        let h = Harness()
        let parent = h.view("parent", Rect(x: 0, y: 0, width: 400, height: 400))
        let child = h.view("child", Rect(x: 0, y: 0, width: 100, height: 100), in: parent)
        let sibling = h.view("sibling", Rect(x: 200, y: 0, width: 100, height: 100), in: parent)
        let onWindow = ScriptedRecognizer("onWindow"), onParent = ScriptedRecognizer("onParent")
        let onChild = ScriptedRecognizer("onChild"), onSibling = ScriptedRecognizer("onSibling")
        h.window.addGestureRecognizer(onWindow)
        parent.addGestureRecognizer(onParent)
        child.addGestureRecognizer(onChild)
        sibling.addGestureRecognizer(onSibling)
        h.tap(10, 10, at: 0)
        #expect(onWindow.received == ["began 1", "ended 1"])
        #expect(onParent.received == ["began 1", "ended 1"])
        #expect(onChild.received == ["began 1", "ended 1"])
        #expect(onSibling.received.isEmpty)
    }

    @Test("A.2.3: shouldReceive false keeps the touch from the recognizer and leaves its state alone")
    func shouldReceive() {
        let h = Harness()
        let r = ScriptedRecognizer("r")
        let d = TestDelegate()
        d.receive = { $0.locationInWindow.x > 100 }
        r.delegate = d
        h.view("v", Rect(x: 0, y: 0, width: 400, height: 400)).addGestureRecognizer(r)
        h.tap(50, 50, at: 0)
        #expect(r.received.isEmpty)
        #expect(h.states("r").isEmpty)
        h.tap(150, 50, at: 100)
        #expect(r.received == ["began 1", "ended 1"])
    }

    @Test("A.2.6: each call carries only the touches in that phase; one event can carry several")
    func touchSets() {
        let h = Harness()
        let r = ScriptedRecognizer("r")
        h.view("v", Rect(x: 0, y: 0, width: 400, height: 400)).addGestureRecognizer(r)
        h.batch([(.down, 1, 10, 10), (.down, 2, 50, 50)], at: 0)
        h.batch([(.move, 1, 12, 10), (.up, 2, 50, 50)], at: 10)
        #expect(r.received == ["began 1", "began 2", "moved 1", "ended 2"])
    }

    @Test("A.2.11: an ignored touch is not cancelled in its view when the recognizer recognizes")
    func ignoredTouchNotCancelled() {
        let h = Harness()
        let r = ScriptedRecognizer("r")
        r.onBegan = { r, touches in
            for t in touches where t.pointer == 2 { r.ignore(t) }
        }
        r.onMoved = { r, _ in r.state = .began }
        let v = h.view("v", Rect(x: 0, y: 0, width: 400, height: 400))
        v.addGestureRecognizer(r)
        h.down(1, 10, 10, at: 0)
        h.down(2, 100, 100, at: 5)
        h.move(1, 30, 10, at: 10)
        #expect(h.states("r") == ["began"])
        let cancelled = h.entries.filter { $0.kind == .view && $0.phase == "cancelled" }.flatMap(\.touches)
        #expect(cancelled == [1])
        h.move(2, 110, 100, at: 20)
        #expect(!r.received.contains("moved 2"))
    }
}
