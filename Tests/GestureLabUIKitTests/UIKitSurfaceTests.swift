import Foundation
@testable import GestureLabTesting
import GestureLabUIKit
import GestureRecognizers
import Testing

@MainActor
@Suite("UIKit's initializers")
struct InitializerTests {
    @Test("init() is a convenience initializer: a subclass that overrides init(target:action:) inherits it, and it runs the override; built-ins keep their engine recognizer")
    func convenienceInit() {
        let z = ZigzagRecognizer()
        #expect(z.configured, "init() went through the subclass's init(target:action:)")
        #expect(z.maximumNumberOfTouches == 1)
        #expect(z.engine is PanGestureRecognizer, "a pan subclass keeps the pan's logic behind super")
        #expect(UIScreenEdgePanGestureRecognizer().engine is ScreenEdgePanGestureRecognizer, "the most derived built-in's engine")
        #expect(UITapGestureRecognizer().engine is TapGestureRecognizer)
        #expect(!(HoldToDragRecognizer().engine is TapGestureRecognizer))
    }
}

/// A.7.9: deceleration after a flick, from UIKit's documented rates (0.998 of the velocity kept
/// per millisecond, `.normal`): a flick at v pt/s carries the content v/1000 / −ln(0.998) points
/// further, less the half point where GestureLab lets it rest.
@MainActor
@Suite("UIScrollView decelerates after a flick; isTracking, isDragging, isDecelerating")
struct ScrollDecelerationTests {
    let tester: GestureTester
    let scroll: UIScrollView
    let row: UIView
    let rowTap: UITapGestureRecognizer

    init() {
        tester = GestureTester()
        scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 800))
        scroll.contentSize = CGSize(width: 390, height: 20_000)
        row = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 20_000))
        rowTap = UITapGestureRecognizer()
        row.addGestureRecognizer(rowTap)
        scroll.addSubview(row)
        tester.window.addSubview(scroll)
    }

    /// 300 pt up in 0.2 s at constant speed: 1,500 pt/s.
    func flick() {
        tester.path([CGPoint(x: 200, y: 600), CGPoint(x: 200, y: 300)], duration: 0.2)
    }

    @Test("A 1,500 pt/s flick keeps moving the content after the lift, 748.75 pt in all, then rests")
    func flickDecelerates() {
        flick()
        let atLift = scroll.contentOffset.y
        #expect(!scroll.isTracking && !scroll.isDragging)
        #expect(scroll.isDecelerating)
        tester.wait(1)
        #expect(scroll.isDecelerating)
        // After 1 s, at the last 60 Hz frame (the 59th, 983.35 ms): 1.5 · (1 − 0.998^t) / −ln 0.998 points.
        let lastFrame = 1.5 * (1 - pow(0.998, 59 * 16.667)) / -log(0.998)
        #expect(abs(Double(scroll.contentOffset.y - atLift) - lastFrame) < 0.5, "\(scroll.contentOffset.y - atLift) vs \(lastFrame)")
        tester.wait(3)
        #expect(!scroll.isDecelerating)
        let travel = 1.5 / -log(0.998) - 0.5
        #expect(abs(Double(scroll.contentOffset.y - atLift) - travel) < 1, "\(scroll.contentOffset.y - atLift) vs \(travel)")
        #expect(tester.timelineText.contains("stops decelerating"))
    }

    @Test("A touch on the decelerating scroll view stops it and begins its pan at once: the row's tap does not fire")
    func touchCatches() throws {
        flick()
        tester.wait(0.3)
        let lastFrame = scroll.contentOffset.y
        tester.tap(at: CGPoint(x: 200, y: 400))
        let caught = scroll.contentOffset.y
        // Stopped where the motion was at the touch: less than a frame (16.7 ms at 0.82 pt/ms) on.
        #expect(caught >= lastFrame && caught - lastFrame < 14)
        try tester.expectNotRecognized(rowTap)
        #expect(!scroll.isDecelerating)
        #expect(tester.states(of: scroll.panGestureRecognizer).suffix(2) == [.began, .ended], "the second touch drags the scroll view")
        tester.wait(2)
        #expect(scroll.contentOffset.y == caught, "the content stays where the touch caught it")
    }

    @Test("With touchCatchesDeceleration off the touch only stops the motion, and the row's tap fires")
    func touchOnlyStops() throws {
        tester.environment.options.touchCatchesDeceleration = false
        flick()
        tester.wait(0.3)
        tester.tap(at: CGPoint(x: 200, y: 400))
        try tester.expectRecognized(rowTap)
        #expect(!scroll.isDecelerating)
    }

    @Test("A flick toward the end of the content stops at the edge, without bounce")
    func stopsAtEdge() {
        scroll.contentOffset = CGPoint(x: 0, y: 20_000 - 800 - 100)
        flick()
        tester.wait(4)
        #expect(abs(scroll.contentOffset.y - (20_000 - 800)) < 0.001, "\(scroll.contentOffset.y)")
        #expect(tester.timelineText.contains("it reached the edge of its content"))
    }

    @Test("isTracking while the finger is down before dragging; isDragging once it scrolls")
    func trackingAndDragging() {
        var seen: [(Bool, Bool)] = []
        scroll.panGestureRecognizer.addTarget { [scroll] _ in seen.append((scroll.isTracking, scroll.isDragging)) }
        tester.drag(from: CGPoint(x: 200, y: 600), to: CGPoint(x: 200, y: 400), duration: 0.3)
        #expect(seen.first.map { $0.0 && $0.1 } == true, "tracking and dragging while the pan runs")
        #expect(!scroll.isTracking && !scroll.isDragging)
    }
}
