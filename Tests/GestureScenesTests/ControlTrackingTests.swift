import GestureEngine
import GestureScenes
import GestureTrace
import Testing

/// Issue 14 item 2, reference F.2 and A.2.12: controls track their touch and send control events.
@Suite("F.2 controls")
struct ControlTrackingTests {
    /// A panel (with whatever recognizers a test gives it) holding a control at [100, 100, 100, 40].
    func replay(control: String, settings: String = "", panel: String = "", controlRecognizers: String = "", options: String = "",
                reactions: String = "", _ events: [TraceEvent]) throws -> [LogEntry] {
        let text = """
            scene: controls
            viewport: [400, 800]
            \(options)views:
              - id: panel
                frame: [0, 0, 400, 800]
                recognizers: [\(panel)]
                subviews:
                  - id: c
                    kind: control
                    control: \(control)
                    frame: [100, 100, 100, 40]
            \(settings)        recognizers: [\(controlRecognizers)]
            \(reactions)
            """
        let doc = try SceneLoader.parse(text, file: "controls.yaml")
        return try Replay.run(events: events, scene: doc).environment.log.entries
    }

    static func controlEvents(_ log: [LogEntry]) -> [String] {
        log.filter { $0.kind == .control }.compactMap(\.phase)
    }

    static func touch(_ points: [(Double, Double, Double)], pointer: Int = 1) -> [TraceEvent] {
        points.enumerated().map { i, p in
            TraceEvent(time: .milliseconds(p.0), type: i == 0 ? .down : (i == points.count - 1 ? .up : .move), pointer: pointer, x: p.1, y: p.2, device: .touch)
        }
    }

    @Test("F.2.2: a tap on a button: touchDown, then touchUpInside at the lift")
    func buttonTap() throws {
        let log = try replay(control: "button", Self.touch([(0, 150, 120), (80, 150, 120)]))
        #expect(Self.controlEvents(log) == ["touchDown", "touchUpInside"])
        #expect(log.first { $0.kind == .control && $0.phase == "touchUpInside" }?.time == .milliseconds(80))
    }

    @Test("F.2.3: a drag out goes on counting as inside up to the 70 pt margin; beyond it touchDragExit, back within touchDragEnter; a lift outside is touchUpOutside")
    func dragOutAndBack() throws {
        // The control spans x 100...200; the margin reaches x 270.
        let log = try replay(control: "button", Self.touch([(0, 150, 120), (10, 250, 120), (20, 290, 120), (30, 260, 120), (40, 300, 120), (50, 300, 120)]))
        #expect(Self.controlEvents(log) == ["touchDown", "touchDragInside", "touchDragExit", "touchDragOutside", "touchDragEnter", "touchDragInside",
                                            "touchDragExit", "touchDragOutside", "touchUpOutside"])
    }

    @Test("F.2.3 option: with trackingMargin 0 the touch leaves as soon as it leaves the bounds")
    func noMargin() throws {
        let log = try replay(control: "button", settings: "        trackingMargin: 0\n", Self.touch([(0, 150, 120), (10, 210, 120), (20, 210, 120)]))
        #expect(Self.controlEvents(log) == ["touchDown", "touchDragExit", "touchDragOutside", "touchUpOutside"])
    }

    @Test("F.2.1: a second tap in quick succession also sends touchDownRepeat")
    func downRepeat() throws {
        let log = try replay(control: "button", Self.touch([(0, 150, 120), (60, 150, 120)]) + Self.touch([(150, 150, 120), (210, 150, 120)]))
        #expect(Self.controlEvents(log) == ["touchDown", "touchUpInside", "touchDown", "touchDownRepeat", "touchUpInside"])
    }

    @Test("F.2.4: a switch flips and sends valueChanged on touchUpInside; not on a lift outside")
    func switchFlips() throws {
        let log = try replay(control: "switch", Self.touch([(0, 150, 120), (60, 150, 120)]) + Self.touch([(500, 150, 120), (510, 400, 400), (560, 400, 400)]))
        #expect(Self.controlEvents(log) == ["touchDown", "touchUpInside", "valueChanged", "touchDown", "touchDragExit", "touchDragOutside", "touchUpOutside"])
        #expect(log.first { $0.kind == .control && $0.phase == "valueChanged" }?.cause.text == "the switch turned on")
    }

    @Test("F.2.4: a continuous slider sends valueChanged as the thumb moves; a non-continuous one once, at the lift")
    func sliderValues() throws {
        let drag = Self.touch([(0, 150, 120), (10, 160, 120), (20, 170, 120), (30, 180, 120), (40, 180, 120)])
        let continuous = try replay(control: "slider", drag)
        #expect(Self.controlEvents(continuous).filter { $0 == "valueChanged" }.count == 3)
        let once = try replay(control: "slider", settings: "        continuous: false\n", drag)
        #expect(Self.controlEvents(once).filter { $0 == "valueChanged" }.count == 1)
        #expect(Self.controlEvents(once).last == "valueChanged")
        // 30 pt across a 100 pt slider from 0.5.
        #expect(once.last { $0.kind == .control }?.cause.text.contains("0.8") == true)
    }

    @Test("F.2.4: a disabled control ignores touches: they go to the view behind it")
    func disabledControl() throws {
        let log = try replay(control: "button", settings: "        enabled: false\n", Self.touch([(0, 150, 120), (60, 150, 120)]))
        #expect(Self.controlEvents(log).isEmpty)
        #expect(log.first { $0.kind == .input }?.view == "panel")
    }

    @Test("A.2.12, F.2.5: a tap on the button's ancestor does not stop the button's action; a tap on the button itself does, and the button gets touchCancel")
    func tapPrecedence() throws {
        let ancestor = try replay(control: "button", panel: "{id: tap, type: tap}", Self.touch([(0, 150, 120), (60, 150, 120)]))
        #expect(Self.controlEvents(ancestor) == ["touchDown", "touchUpInside"])
        #expect(!ancestor.contains { $0.kind == .transition && $0.recognizer == "tap" && $0.to == "recognized" })
        let own = try replay(control: "button", controlRecognizers: "{id: tap, type: tap}", Self.touch([(0, 150, 120), (60, 150, 120)]))
        #expect(own.contains { $0.kind == .transition && $0.recognizer == "tap" && $0.to == "recognized" })
        #expect(Self.controlEvents(own) == ["touchDown", "touchCancel"])
    }

    @Test("A.2.12, F.2.5, F.2.6: a horizontal pan on a switch's ancestor yields to the switch; a vertical one recognizes and the switch's tracking is cancelled")
    func switchAndPan() throws {
        let horizontal = try replay(control: "switch", panel: "{id: pan, type: pan}", Self.touch([(0, 120, 120), (10, 140, 121), (20, 160, 122), (30, 180, 122), (40, 180, 122)]))
        #expect(!horizontal.contains { $0.kind == .transition && $0.recognizer == "pan" && $0.to == "began" })
        #expect(Self.controlEvents(horizontal).last == "valueChanged")
        let vertical = try replay(control: "switch", panel: "{id: pan, type: pan}", Self.touch([(0, 150, 120), (10, 151, 140), (20, 152, 160), (30, 152, 170)]))
        #expect(vertical.contains { $0.kind == .transition && $0.recognizer == "pan" && $0.to == "began" })
        // The pan begins on the first move, before the view gets that move (recognizers first, A.2.4).
        #expect(Self.controlEvents(vertical) == ["touchDown", "touchCancel"])
    }

    @Test("A.2.12: a horizontal swipe on a slider's ancestor yields to the slider")
    func sliderAndSwipe() throws {
        // Typed: inferring the tuples of the closure took the type checker three seconds.
        let samples: [(Double, Double, Double)] = (0...10).map { (i: Int) -> (Double, Double, Double) in
            let k = Double(i)
            return (k * 8, 110 + k * 12, 120)
        }
        let log = try replay(control: "slider", panel: "{id: swipe, type: swipe, direction: right}", Self.touch(samples))
        #expect(!log.contains { $0.kind == .transition && $0.recognizer == "swipe" && $0.to == "recognized" })
        #expect(Self.controlEvents(log).contains("valueChanged"))
    }

    @Test("F.2.6: a pan on the button's ancestor (not one of A.2.12's gestures) recognizes, and the button sends touchCancel, never touchUpInside")
    func panCancelsButtonTracking() throws {
        let log = try replay(control: "button", panel: "{id: pan, type: pan}", Self.touch([(0, 150, 120), (10, 150, 140), (20, 150, 160), (30, 150, 160)]))
        #expect(Self.controlEvents(log) == ["touchDown", "touchCancel"])
    }

    @Test("F.1.5: a control removed from the window while tracking sends touchCancel")
    func removedWhileTracking() throws {
        let log = try replay(control: "button", reactions: "reactions:\n  - at: 30\n    do: [{removeView: c}]\n",
                             Self.touch([(0, 150, 120), (60, 150, 120)]))
        #expect(Self.controlEvents(log) == ["touchDown", "touchCancel"])
        #expect(log.first { $0.kind == .control && $0.phase == "touchCancel" }?.time == .milliseconds(30))
    }

    @Test("a reaction to a control event: when the button sends touchUpInside, the app disables the panel's pan")
    func reactionToControlEvent() throws {
        let log = try replay(control: "button", panel: "{id: pan, type: pan}",
                             reactions: "reactions:\n  - when: c\n    event: touchUpInside\n    do: [{disable: pan}]\n",
                             Self.touch([(0, 150, 120), (60, 150, 120)]) + Self.touch([(200, 300, 400), (210, 300, 430), (220, 300, 460), (230, 300, 460)]))
        let trigger = try #require(log.first { $0.kind == .app && $0.cause.text.hasPrefix("control c sent touchUpInside") })
        #expect(log.contains { $0.kind == .app && $0.cause.text == "disable pan" && $0.cause.causedBy == trigger.seq })
        // The later drag on the panel finds the pan disabled (it failed on the tap's lift before).
        #expect(!log.contains { $0.kind == .transition && $0.recognizer == "pan" && $0.time >= .milliseconds(200) })
    }
}
