import Foundation
import GestureLabTesting
import GestureLabUIKit
import Testing

/// A tap subclass as apps write them: it calls super, and records what it saw.
final class CountingTap: UITapGestureRecognizer {
    var began = 0, ended = 0, resets = 0
    var touchesSeen: [UITouch] = []

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        began += 1
        touchesSeen += touches
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        ended += 1
        touchesSeen += touches
    }

    override func reset() {
        super.reset()
        resets += 1
    }
}

/// A pan that begins at once, a common subclass: `state = .began` in touchesBegan.
final class ImmediatePanGestureRecognizer: UIPanGestureRecognizer {
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        state = .began
    }
}

/// A pinch subclass that records the scale after each `super` call; with `rebuildsSet` it hands
/// `super` a set it made itself (equal to the delivered one, not the same storage).
final class ScaleRecordingPinch: UIPinchGestureRecognizer {
    var rebuildsSet = false
    var scales: [CGFloat] = []
    var fingersPerMove: [Int] = []

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(rebuildsSet ? Set(Array(touches)) : touches, with: event)
        scales.append(scale)
        fingersPerMove.append(touches.count)
    }
}

/// A button with a hit area 20 pt larger on every side, a common view subclass.
final class GenerousButton: UIView {
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.insetBy(dx: -20, dy: -20).contains(point)
    }
}

@MainActor
@Suite("GestureTester: gesture tests on hierarchies built in code")
struct GestureTesterTests {
    func card(in tester: GestureTester) -> UIView {
        let card = UIView(frame: CGRect(x: 40, y: 100, width: 300, height: 300))
        tester.window.addSubview(card)
        return card
    }

    @Test("A tap subclass calling super still taps; its overrides see the touches, one UITouch object per finger")
    func tapSubclass() throws {
        let tester = GestureTester()
        let tap = CountingTap()
        card(in: tester).addGestureRecognizer(tap)
        tester.tap(at: CGPoint(x: 100, y: 200))
        try tester.expectRecognized(tap)
        #expect(tap.began == 1 && tap.ended == 1 && tap.resets == 1)
        #expect(tap.touchesSeen.count == 2 && tap.touchesSeen[0] === tap.touchesSeen[1], "the same finger is the same UITouch")
        #expect(tester.states(of: tap) == [.recognized])
        #expect(tester.stateNames(of: tap) == ["recognized"], "the log's words stay for messages")
        #expect(tap.view?.frame == CGRect(x: 40, y: 100, width: 300, height: 300))
    }

    @Test("A double tap's second touch has tapCount 2; the tester's synthesizers are deterministic")
    func doubleTap() throws {
        let tester = GestureTester()
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        let single = CountingTap()
        single.require(toFail: double)
        let v = card(in: tester)
        v.addGestureRecognizer(double)
        v.addGestureRecognizer(single)
        tester.doubleTap(at: CGPoint(x: 150, y: 250))
        try tester.expectRecognized(double)
        try tester.expectNotRecognized(single)
        #expect(single.touchesSeen.last?.tapCount == 2)
        #expect(tester.winners().last == [double])
        #expect(tester.winnerNames().last == [double.engine.id])
        let again = GestureTester()
        let w = card(in: again)
        w.addGestureRecognizer(UITapGestureRecognizer())
        again.doubleTap(at: CGPoint(x: 150, y: 250))
        #expect(again.inputEvents == tester.inputEvents)
    }

    @Test("An immediate pan (state = .began in touchesBegan) beats a tap: the log says who set it, where")
    func immediatePan() throws {
        let tester = GestureTester()
        let pan = ImmediatePanGestureRecognizer(), tap = UITapGestureRecognizer()
        let v = card(in: tester)
        v.addGestureRecognizer(pan)
        v.addGestureRecognizer(tap)
        tester.tap(at: CGPoint(x: 100, y: 200))
        try tester.expectRecognized(pan)
        try tester.expectNotRecognized(tap)
        #expect(tester.transitions(of: pan).first?.cause == "set by ImmediatePanGestureRecognizer.touchesBegan")
        #expect(tester.states(of: pan) == [.began, .ended])
    }

    @Test("A failing assertion explains itself: the states and the explain text")
    func failureMessage() throws {
        let tester = GestureTester()
        let swipe = UISwipeGestureRecognizer()
        let pan = UIPanGestureRecognizer()
        let v = card(in: tester)
        v.addGestureRecognizer(pan)
        v.addGestureRecognizer(swipe)
        tester.fling(from: CGPoint(x: 60, y: 250), to: CGPoint(x: 300, y: 250))
        #expect(tester.didRecognize(pan))
        do {
            try tester.expectRecognized(swipe)
            Issue.record("the swipe should have lost to the pan")
        } catch let failure as GestureExpectationFailure {
            #expect(failure.description.contains("expected UISwipeGestureRecognizer to recognize"))
            #expect(failure.description.contains("excluded by UIPanGestureRecognizer"), "\(failure.description)")
        }
    }

    @Test("A view subclass's point(inside:with:) widens what it is hit by")
    func viewSubclassHitTest() throws {
        let tester = GestureTester()
        let button = GenerousButton(frame: CGRect(x: 100, y: 100, width: 40, height: 40))
        tester.window.addSubview(button)
        let tap = UITapGestureRecognizer()
        button.addGestureRecognizer(tap)
        tester.tap(at: CGPoint(x: 90, y: 90))   // 10 pt outside the frame, inside the wider area
        try tester.expectRecognized(tap)
        #expect(tester.window.hitTest(CGPoint(x: 90, y: 90), with: nil) === button)
        #expect(tester.window.hitTest(CGPoint(x: 70, y: 70), with: nil) === tester.window)
    }

    @Test("Pinch, rotation, long press, edge pan and two-finger tap synthesizers reach the built-ins")
    func synthesizers() throws {
        let tester = GestureTester()
        let v = card(in: tester)
        let pinch = UIPinchGestureRecognizer(), rotation = UIRotationGestureRecognizer()
        v.addGestureRecognizer(pinch)
        v.addGestureRecognizer(rotation)
        tester.pinch(center: CGPoint(x: 190, y: 250), fromSpan: 60, toSpan: 200)
        try tester.expectRecognized(pinch)
        tester.wait(0.5)
        tester.rotate(center: CGPoint(x: 190, y: 250), by: 1.2)
        #expect(tester.states(of: rotation).contains(.began))

        let other = GestureTester()
        let w = card(in: other)
        let press = UILongPressGestureRecognizer(), twoTap = UITapGestureRecognizer()
        twoTap.numberOfTouchesRequired = 2
        w.addGestureRecognizer(press)
        w.addGestureRecognizer(twoTap)
        other.longPress(at: CGPoint(x: 150, y: 200))
        try other.expectRecognized(press)
        other.wait(0.5)
        other.twoFingerTap(at: CGPoint(x: 150, y: 200))
        try other.expectRecognized(twoTap)

        let edge = GestureTester()
        let edgePan = UIScreenEdgePanGestureRecognizer()
        edgePan.edges = .left
        edge.window.addGestureRecognizer(edgePan)
        edge.edgePan(from: .left)
        try edge.expectRecognized(edgePan)
    }

    @Test("Two-finger subclasses calling super run the built-in pinch as it runs alone, with the set as delivered or rebuilt")
    func pinchSubclassSuper() throws {
        func pinchStates(_ make: () -> UIPinchGestureRecognizer) throws -> (UIPinchGestureRecognizer, [UIGestureRecognizer.State], CGFloat) {
            let tester = GestureTester()
            let pinch = make()
            var scales: [CGFloat] = []
            pinch.addTarget(handler: { scales.append(($0 as! UIPinchGestureRecognizer).scale) })
            card(in: tester).addGestureRecognizer(pinch)
            tester.pinch(center: CGPoint(x: 190, y: 250), fromSpan: 60, toSpan: 200)
            try tester.expectRecognized(pinch)
            return (pinch, tester.states(of: pinch), scales.last ?? 0)
        }
        let (_, plainStates, plainScale) = try pinchStates { UIPinchGestureRecognizer() }
        let (delivered, deliveredStates, deliveredScale) = try pinchStates { ScaleRecordingPinch() }
        let (rebuilt, rebuiltStates, rebuiltScale) = try pinchStates {
            let p = ScaleRecordingPinch()
            p.rebuildsSet = true
            return p
        }
        // From the synthesizer: the span goes from 60 to 200 points, so the scale ends near 200/60.
        #expect(abs(plainScale - 200.0 / 60.0) < 0.05)
        #expect(deliveredStates == plainStates && rebuiltStates == plainStates)
        #expect(deliveredScale == plainScale && rebuiltScale == plainScale)
        let d = delivered as! ScaleRecordingPinch, r = rebuilt as! ScaleRecordingPinch
        #expect(d.fingersPerMove.contains(2), "both fingers moved in one event at least once")
        #expect(d.scales == r.scales && !d.scales.isEmpty)
    }

    @Test("Faces are stable: a recognizer's view, a view's recognizers and superview are the same objects")
    func identity() {
        let tester = GestureTester()
        let v = card(in: tester)
        let tap = UITapGestureRecognizer()
        v.addGestureRecognizer(tap)
        #expect(tap.view === v)
        #expect(v.gestureRecognizers?.first === tap)
        #expect(v.superview === tester.window)
        #expect(v.window === tester.window)
        #expect(tester.window.subviews.first === v)
        #expect(v.convert(CGPoint(x: 10, y: 10), to: nil) == CGPoint(x: 50, y: 110))
        #expect(v.convert(CGPoint(x: 50, y: 110), from: nil) == CGPoint(x: 10, y: 10))
    }

    @Test("Nothing is kept alive after a tester goes: views, recognizers, touches")
    func noLeaks() {
        weak var weakView: UIView?
        weak var weakTap: CountingTap?
        weak var weakTouch: UITouch?
        do {
            let tester = GestureTester()
            let v = card(in: tester)
            let tap = CountingTap()
            v.addGestureRecognizer(tap)
            tester.tap(at: CGPoint(x: 100, y: 200))
            tester.finish()
            weakView = v
            weakTap = tap
            weakTouch = tap.touchesSeen.first
            tap.touchesSeen.removeAll()
            #expect(weakTouch == nil, "a lifted finger's UITouch goes when nobody keeps it")
        }
        #expect(weakView == nil && weakTap == nil)
    }

    @Test("A scene file with UIKit-style types, through the tester")
    func fromScene() throws {
        let tester = try GestureTester(sceneText: """
        scene: s
        viewport: [390, 844]
        views:
          - id: pad
            frame: [0, 0, 390, 844]
            recognizers:
              - id: stroke
                type: rightStroke
        """, recognizers: ["rightStroke": { RightStrokeRecognizer() }])
        tester.drag(from: CGPoint(x: 50, y: 300), to: CGPoint(x: 300, y: 310))
        let stroke = try #require(tester.recognizer("stroke"))
        #expect(stroke is RightStrokeRecognizer)
        #expect(stroke.view === tester.view("pad"))
        try tester.expectStates(stroke, [.recognized])
    }
}

@MainActor
@Suite("UIKit's built-ins under their names")
struct UIKitBuiltInTests {
    @Test("An action that resets a pinch's scale to 1 reads each change alone; their product is the whole pinch (A.6.5)")
    func pinchScaleReset() throws {
        let tester = GestureTester()
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        tester.window.addSubview(card)
        let pinch = UIPinchGestureRecognizer()
        card.addGestureRecognizer(pinch)
        var product: CGFloat = 1, calls = 0
        pinch.addTarget { r in
            let p = r as! UIPinchGestureRecognizer
            product *= p.scale
            p.scale = 1
            calls += 1
        }
        tester.pinch(center: CGPoint(x: 195, y: 400), fromSpan: 100, toSpan: 250)
        try tester.expectRecognized(pinch)
        #expect(calls > 5)
        // The span went from 100 to 250; the scale at the first action (after 10 pt) was not reset before.
        #expect(abs(product - 2.5) < 0.01, "product of incremental scales \(product)")
    }

    @Test("A pan's translation and velocity in a view; setTranslation restarts it")
    func panTranslation() throws {
        let tester = GestureTester()
        let card = UIView(frame: CGRect(x: 50, y: 50, width: 300, height: 600))
        tester.window.addSubview(card)
        let pan = UIPanGestureRecognizer()
        card.addGestureRecognizer(pan)
        var last = CGPoint.zero, resets = 0
        pan.addTarget { r in
            let p = r as! UIPanGestureRecognizer
            last = p.translation(in: card)
            if p.state == .began { p.setTranslation(.zero, in: card); resets += 1 }
        }
        tester.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 100, y: 300), duration: 0.4)
        try tester.expectRecognized(pan)
        #expect(resets == 1)
        // Reset to zero where it began (about 10 pt down), so the rest is about 190 pt.
        #expect(last.x == 0 && last.y > 180 && last.y < 195, "\(last)")
        #expect(tester.states(of: pan).first == .began && tester.states(of: pan).last == .ended)
    }
}

/// A scroll view that scrolls even when the drag starts on a button (a common subclass, A.7.4).
final class ScrollsOverButtons: UIScrollView {
    override func touchesShouldCancel(in view: UIView) -> Bool {
        view is UIControl ? true : super.touchesShouldCancel(in: view)
    }
}

/// A view that records the touch methods it receives (A.2.4, A.2.7).
final class RecordingView: UIView {
    var calls: [String] = []
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { calls.append("began") }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { if calls.last != "moved" { calls.append("moved") } }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { calls.append("ended") }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { calls.append("cancelled") }
}

@MainActor
@Suite("UIKit-style views: touch methods and scroll view questions")
struct UIKitViewTests {
    func strip(_ make: (CGRect) -> UIScrollView, in tester: GestureTester) -> (UIScrollView, UIControl) {
        let strip = make(CGRect(x: 0, y: 200, width: 390, height: 120))
        strip.contentSize = CGSize(width: 1200, height: 120)
        let button = UIControl(frame: CGRect(x: 20, y: 10, width: 150, height: 100))
        strip.addSubview(button)
        tester.window.addSubview(strip)
        return (strip, button)
    }

    @Test("Held on a control until it tracks, then dragged: a plain scroll view leaves the control its touch; a subclass answering touchesShouldCancel = true scrolls (A.7.4)")
    func touchesShouldCancel() throws {
        let plain = GestureTester()
        let (s1, _) = strip({ UIScrollView(frame: $0) }, in: plain)
        plain.drag(from: CGPoint(x: 150, y: 260), to: CGPoint(x: 20, y: 262), duration: 0.3, holdFirst: 0.3)
        try plain.expectNotRecognized(s1.panGestureRecognizer)
        #expect(s1.contentOffset == .zero)

        let custom = GestureTester()
        let (s2, _) = strip({ ScrollsOverButtons(frame: $0) }, in: custom)
        custom.drag(from: CGPoint(x: 150, y: 260), to: CGPoint(x: 20, y: 262), duration: 0.3, holdFirst: 0.3)
        try custom.expectRecognized(s2.panGestureRecognizer)
        #expect(s2.contentOffset.x > 100, "\(s2.contentOffset)")
    }

    @Test("A view subclass gets its touches after the recognizers: a tap that recognizes cancels them (A.2.7)")
    func viewTouchMethods() throws {
        let tester = GestureTester()
        let v = RecordingView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        tester.window.addSubview(v)
        tester.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 60, y: 55), duration: 0.2)
        #expect(v.calls == ["began", "moved", "ended"])
        let tap = UITapGestureRecognizer()
        v.addGestureRecognizer(tap)
        v.calls = []
        tester.wait(1)
        tester.tap(at: CGPoint(x: 100, y: 100))
        try tester.expectRecognized(tap)
        #expect(v.calls == ["began", "cancelled"])
    }
}

/// Records the state it reads right after setting it.
final class ReadBackRecognizer: UIGestureRecognizer {
    var readBack: [UIGestureRecognizer.State] = []
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        state = .recognized
        readBack.append(state)
        state = .failed   // ignored: already recognized (A.1.5)
        readBack.append(state)
    }
}

@MainActor
@Suite("Reading the state a subclass set")
struct StateReadBackTests {
    @Test("While waiting on a failure requirement, state reads what the subclass set (A.1.8); the action waits")
    func readBackWhileWaiting() throws {
        let tester = GestureTester()
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        tester.window.addSubview(card)
        let mine = ReadBackRecognizer(), double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        mine.require(toFail: double)
        card.addGestureRecognizer(mine)
        card.addGestureRecognizer(double)
        tester.tap(at: CGPoint(x: 100, y: 100))
        #expect(mine.readBack == [.recognized, .recognized])
        #expect(tester.states(of: mine).isEmpty, "still waiting for the double tap to fail")
        tester.wait(0.5)
        #expect(tester.states(of: mine) == [.recognized])
        #expect(mine.state == .possible, "reset after the cycle it recognized in (A.1.7)")
    }
}

/// Refuses touches that start in the left half of the recognizer's view (A.2.3).
final class RightHalfOnly: NSObject, UIGestureRecognizerDelegate {
    var asked = 0
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        asked += 1
        guard let view = gestureRecognizer.view else { return true }
        return touch.location(in: view).x >= view.bounds.midX
    }
}

/// Records what the event says about the fingers down.
final class FingerCounter: UIGestureRecognizer {
    var allTouchCounts: [Int] = []
    var mine: [Int] = []
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        allTouchCounts.append(event.allTouches?.count ?? 0)
        mine.append(event.touches(for: self)?.count ?? 0)
    }
}

@MainActor
@Suite("UIKit-style delegates and events")
struct UIKitDelegateAndEventTests {
    @Test("A delegate's shouldReceive keeps touches from its recognizer; the log names the delegate's class")
    func shouldReceive() throws {
        let tester = GestureTester()
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        tester.window.addSubview(card)
        let tap = UITapGestureRecognizer()
        let policy = RightHalfOnly()
        tap.delegate = policy
        card.addGestureRecognizer(tap)
        tester.tap(at: CGPoint(x: 50, y: 100))
        try tester.expectNotRecognized(tap)
        tester.wait(1)
        tester.tap(at: CGPoint(x: 250, y: 100))
        try tester.expectRecognized(tap)
        #expect(policy.asked == 2)
        #expect(tester.timelineText.contains("answered by RightHalfOnly"), "\(tester.timelineText)")
    }

    @Test("event.allTouches counts every finger down; touches(for:) those delivered to the recognizer")
    func eventTouches() {
        let tester = GestureTester()
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        tester.window.addSubview(card)
        let counter = FingerCounter()
        card.addGestureRecognizer(counter)
        tester.pinch(center: CGPoint(x: 195, y: 400), fromSpan: 100, toSpan: 150)
        #expect(counter.allTouchCounts == [2])
        #expect(counter.mine == [2])
    }

    @Test("F.2 through UIKit's names: a UIControl subclass made in code tracks its touch; its actions run for touchUpInside, and touchUpOutside after a drag past the margin")
    func controlActions() throws {
        final class SaveButton: UIControl {
            var began = 0
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                began += 1
                super.touchesBegan(touches, with: event)
            }
        }
        let tester = GestureTester()
        let button = SaveButton(frame: CGRect(x: 100, y: 100, width: 120, height: 44))
        tester.window.addSubview(button)
        var sent: [String] = []
        button.addAction(for: [.touchDown, .touchUpInside, .touchUpOutside, .touchDragExit]) { _, event in
            sent.append(event == .touchDown ? "down" : event == .touchUpInside ? "upInside" : event == .touchUpOutside ? "upOutside" : "exit")
        }
        tester.tap(at: CGPoint(x: 150, y: 120))
        #expect(sent == ["down", "upInside"])
        #expect(button.began == 1 && !button.isTracking)
        sent.removeAll()
        tester.drag(from: CGPoint(x: 150, y: 120), to: CGPoint(x: 150, y: 400))
        #expect(sent == ["down", "exit", "upOutside"])
        button.isEnabled = false
        sent.removeAll()
        tester.tap(at: CGPoint(x: 150, y: 120))
        #expect(sent.isEmpty)
    }
}
