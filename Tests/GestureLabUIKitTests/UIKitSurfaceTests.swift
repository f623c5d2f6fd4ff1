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

/// The controls and geometry gesture code uses (issue 30, part 3), with UIKit's meanings.
@MainActor
@Suite("Controls, insets and clocks as gesture code uses them")
struct ControlsAndGeometryTests {
    @Test("A scene's controls are UIButton, UISwitch and UISlider, so `is` answers as on iOS")
    func sceneControlsHaveUIKitClasses() throws {
        let tester = try GestureTester(sceneText: """
        scene: controls
        viewport: [390, 844]
        views:
          - id: go
            kind: control
            control: button
            frame: [20, 100, 120, 44]
          - id: wifi
            kind: control
            control: switch
            frame: [20, 200, 51, 31]
          - id: volume
            kind: control
            control: slider
            frame: [20, 300, 300, 30]
        """, recognizers: [String: () -> UIGestureRecognizer]())
        #expect(tester.view("go") is UIButton)
        #expect(tester.view("wifi") is UISwitch && !(tester.view("wifi") is UIButton))
        #expect(tester.view("volume") is UISlider)
        let wifi = try #require(tester.view("wifi") as? UISwitch)
        #expect(!wifi.isOn)
        tester.tap(at: CGPoint(x: 45, y: 215))
        #expect(wifi.isOn, "a tap inside flips a switch (F.2)")
        let volume = try #require(tester.view("volume") as? UISlider)
        volume.minimumValue = 0
        volume.maximumValue = 10
        volume.value = 7.5
        #expect(volume.value == 7.5)
        volume.value = 20
        #expect(volume.value == 10, "clamped to maximumValue")
    }

    @Test("Controls made in code: UIButton(type:), UISwitch.setOn, and a button's touchUpInside handler runs")
    func controlsInCode() {
        let tester = GestureTester()
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 100, y: 100, width: 100, height: 44)
        var taps = 0
        button.addAction(for: .touchUpInside) { _, _ in taps += 1 }
        tester.window.addSubview(button)
        tester.tap(at: CGPoint(x: 150, y: 120))
        #expect(taps == 1)
        #expect(button.buttonType == .system)
        let toggle = UISwitch(frame: CGRect(x: 0, y: 0, width: 51, height: 31))
        toggle.setOn(true, animated: true)
        #expect(toggle.isOn)
    }

    @Test("UIEdgeInsets: negative insets grow a handle's hit area by 20 pt; inset(by:) and UIEdgeInsetsInsetRect agree")
    func edgeInsets() {
        let r = CGRect(x: 10, y: 20, width: 100, height: 50)
        let insets = UIEdgeInsets(top: 5, left: 10, bottom: 15, right: 20)
        #expect(r.inset(by: insets) == CGRect(x: 20, y: 25, width: 70, height: 30))
        #expect(UIEdgeInsetsInsetRect(r, insets) == r.inset(by: insets))
        #expect(UIEdgeInsets.zero == UIEdgeInsets())

        let tester = GestureTester()
        let handle = HandleView(frame: CGRect(x: 100, y: 400, width: 190, height: 4))
        let pan = UIPanGestureRecognizer()
        handle.addGestureRecognizer(pan)
        tester.window.addSubview(handle)
        tester.drag(from: CGPoint(x: 150, y: 385), to: CGPoint(x: 150, y: 300), duration: 0.3)
        #expect(tester.didRecognize(pan), "15 pt above a 4 pt handle is inside its touch area")
        handle.isHidden = true
        let before = tester.states(of: pan).count
        tester.drag(from: CGPoint(x: 150, y: 385), to: CGPoint(x: 150, y: 300), duration: 0.3)
        #expect(tester.states(of: pan).count == before, "hidden: no touch reaches it")
    }

    @Test("A scroll view subclass scrolls from a UIButton but leaves a UISwitch its touch (touchesShouldCancel)")
    func scrollViewSubclassAsksByClass() {
        let tester = GestureTester()
        let list = ButtonFriendlyScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 800))
        list.contentSize = CGSize(width: 390, height: 4000)
        list.delaysContentTouches = false
        let button = UIButton(frame: CGRect(x: 20, y: 100, width: 200, height: 60))
        let toggle = UISwitch(frame: CGRect(x: 20, y: 300, width: 200, height: 60))
        list.addSubview(button)
        list.addSubview(toggle)
        tester.window.addSubview(list)
        tester.drag(from: CGPoint(x: 100, y: 130), to: CGPoint(x: 100, y: 30), duration: 0.3)
        #expect(list.contentOffset.y > 50, "the drag from the button scrolled")
        let afterButton = list.contentOffset.y
        tester.wait(5)
        let settled = list.contentOffset.y
        tester.drag(from: CGPoint(x: 100, y: 330 - settled), to: CGPoint(x: 100, y: 230 - settled), duration: 0.3)
        #expect(list.contentOffset.y == settled, "the switch kept its touch: no scrolling (from \(afterButton))")
    }

    @Test("An NSObject coordinator reads isDecelerating and refuses a row's swipe while the list coasts; CACurrentMediaTime is the replay's clock")
    func coordinatorReadsScrollState() throws {
        let tester = GestureTester()
        let list = UIScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 800))
        list.contentSize = CGSize(width: 390, height: 20_000)
        let row = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 20_000))
        let swipe = UIPanGestureRecognizer()
        let coordinator = ListGestureCoordinator()
        coordinator.listView = list
        swipe.delegate = coordinator
        row.addGestureRecognizer(swipe)
        list.addSubview(row)
        tester.window.addSubview(list)
        // A flick up, then a horizontal swipe 0.2 s later while the list still coasts.
        tester.path([CGPoint(x: 200, y: 600), CGPoint(x: 200, y: 300)], duration: 0.2)
        tester.wait(0.2)
        tester.drag(from: CGPoint(x: 100, y: 400), to: CGPoint(x: 300, y: 400), duration: 0.3)
        #expect(coordinator.refusals >= 1, "refused while decelerating or dragging")
        // Once the list rests, the swipe begins; its delegate read the replay's clock.
        tester.wait(5)
        let start = tester.inputEvents.count
        tester.drag(from: CGPoint(x: 100, y: 400), to: CGPoint(x: 300, y: 400), duration: 0.3)
        let began = try #require(tester.transitions(of: swipe).last { $0.to == .began })
        let asked = try #require(coordinator.startedAt.last)
        #expect(abs(asked - began.time) < 1e-9, "CACurrentMediaTime() inside the delegate is the replay's time")
        #expect(tester.inputEvents.count > start)
    }

    @Test("insertSubview and bringSubviewToFront change which sibling a touch hits")
    func subviewOrder() {
        let tester = GestureTester()
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let front = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let backTap = UITapGestureRecognizer(), frontTap = UITapGestureRecognizer()
        back.addGestureRecognizer(backTap)
        front.addGestureRecognizer(frontTap)
        tester.window.addSubview(back)
        tester.window.insertSubview(front, belowSubview: back)
        tester.tap(at: CGPoint(x: 50, y: 50))
        #expect(tester.didRecognize(backTap) && !tester.didRecognize(frontTap))
        tester.window.bringSubviewToFront(front)
        tester.wait(1)
        tester.tap(at: CGPoint(x: 50, y: 50))
        #expect(tester.didRecognize(frontTap))
    }
}

@MainActor
@Test("isKind(of:) answers as `is` does (NSObject's, used by delegates that skip controls)")
func isKindOfControl() {
    let button = UIButton(frame: .zero)
    #expect(button.isKind(of: UIControl.self) && button.isKind(of: UIButton.self) && !button.isKind(of: UISwitch.self))
}
