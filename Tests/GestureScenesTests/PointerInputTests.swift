import GestureEngine
import GestureRecognizers
import GestureScenes
import GestureTrace
import Testing

/// Issue 14 item 5, reference F.5: a mouse or pen hovering, scroll wheels and trackpads, button
/// masks and touch types.
@Suite("F.5 pointer input")
struct PointerInputTests {
    func replay(_ views: String, _ events: [TraceEvent]) throws -> BuiltScene {
        let doc = try SceneLoader.parse("scene: pointer\nviewport: [400, 800]\nviews:\n" + views, file: "pointer.yaml")
        return try Replay.run(events: events, scene: doc)
    }

    static func hover(_ t: Double, _ x: Double, _ y: Double) -> TraceEvent {
        TraceEvent(time: .milliseconds(t), type: .hover, pointer: 9, x: x, y: y, device: .mouse)
    }

    static func scroll(_ t: Double, _ dx: Double, _ dy: Double, _ phase: ScrollSample.Phase, _ kind: ScrollSample.Kind, at p: (Double, Double) = (100, 100)) -> TraceEvent {
        TraceEvent(time: .milliseconds(t), type: .scroll, pointer: 9, x: p.0, y: p.1, device: .mouse, scroll: ScrollSample(dx: dx, dy: dy, phase: phase, kind: kind))
    }

    static func click(_ t: Double, _ x: Double, _ y: Double, buttons: Int?, device: InputDevice = .mouse) -> [TraceEvent] {
        [TraceEvent(time: .milliseconds(t), type: .down, pointer: 9, x: x, y: y, device: device, buttons: buttons),
         TraceEvent(time: .milliseconds(t + 60), type: .up, pointer: 9, x: x, y: y, device: device, buttons: 0)]
    }

    static func states(_ scene: BuiltScene, _ id: String) -> [String] {
        scene.environment.log.entries.filter { $0.kind == .transition && $0.recognizer == id }.compactMap(\.to)
    }

    static let twoCards = """
          - id: a
            frame: [0, 0, 200, 200]
            recognizers: [{id: hoverA, type: hover}]
            subviews:
              - {id: inner, frame: [50, 50, 50, 50]}
          - id: b
            frame: [200, 0, 200, 200]
            recognizers: [{id: hoverB, type: hover}]

        """

    @Test("F.5.6: hover begins when the pointer enters the view, changes as it moves within (over a child too), ends when it leaves; into the sibling in one sample, one ends and the other begins")
    func hoverEntersMovesLeaves() throws {
        let scene = try replay(Self.twoCards, [Self.hover(0, 10, 300), Self.hover(10, 20, 100), Self.hover(20, 60, 60), Self.hover(30, 150, 100),
                                               Self.hover(40, 250, 100), Self.hover(50, 250, 300)])
        #expect(Self.states(scene, "hoverA") == ["began", "changed", "changed", "ended"])
        #expect(Self.states(scene, "hoverB") == ["began", "ended"])
        let log = scene.environment.log.entries
        #expect(log.first { $0.recognizer == "hoverA" && $0.to == "ended" }?.time == .milliseconds(40))
        #expect(log.first { $0.recognizer == "hoverB" && $0.to == "began" }?.time == .milliseconds(40))
        // Hover samples are not touches: the views' touch methods never see them (F.5.2).
        #expect(!log.contains { $0.kind == .view })
    }

    @Test("F.5.6, D-14: while a button is pressed hover is paused; the next hover sample inside gives changed, not a new began; the hover recognizer gets no touches")
    func hoverPausedWhilePressed() throws {
        let scene = try replay(Self.twoCards, [Self.hover(0, 20, 100)] + Self.click(10, 30, 100, buttons: 1) + [Self.hover(100, 40, 100)])
        #expect(Self.states(scene, "hoverA") == ["began", "changed"])
        #expect(scene.recognizer("hoverA")?.numberOfTouches == 0)
        // The option for the other reading of D-14: the press ends the hover; the next one begins again.
        let ending = try replay(Self.twoCards.replacingOccurrences(of: "{id: hoverA, type: hover}", with: "{id: hoverA, type: hover, resumesAfterPress: false}"),
                                [Self.hover(0, 20, 100)] + Self.click(10, 30, 100, buttons: 1) + [Self.hover(100, 40, 100)])
        #expect(Self.states(ending, "hoverA") == ["began", "ended", "began"])
    }

    static let scroller = """
          - id: page
            frame: [0, 0, 400, 800]
            recognizers: [{id: pan, type: pan, allowedScrollTypesMask: [discrete, continuous]}, {id: touchPan, type: pan}]
            subviews:
              - {id: card, frame: [50, 50, 200, 200]}

        """

    @Test("F.5.7: a wheel drives a pan that allows discrete scrolls: it begins on the first delta (over a child view too), translation is the sum of the deltas, the scroll's end ends it; a pan without the mask ignores it")
    func wheelDrivesPan() throws {
        let scene = try replay(Self.scroller, [Self.scroll(0, 0, -10, .began, .discrete), Self.scroll(16, 0, -10, .changed, .discrete),
                                               Self.scroll(32, 0, -10, .changed, .discrete)])
        #expect(Self.states(scene, "pan") == ["began", "changed", "changed"])
        let pan = try #require(scene.recognizer("pan") as? PanGestureRecognizer)
        #expect(pan.translation(in: nil) == Vector(dx: 0, dy: -30))
        #expect(Self.states(scene, "touchPan").isEmpty)
        let ended = try replay(Self.scroller, [Self.scroll(0, 0, -10, .began, .discrete), Self.scroll(16, 0, 0, .ended, .discrete)])
        #expect(Self.states(ended, "pan") == ["began", "ended"])
    }

    @Test("F.5.7: a trackpad scroll begins the pan only at minimumDistance; one that ends first fails it")
    func trackpadThreshold() throws {
        let scene = try replay(Self.scroller, [Self.scroll(0, 4, 0, .began, .continuous), Self.scroll(10, 4, 0, .changed, .continuous),
                                               Self.scroll(20, 4, 0, .changed, .continuous), Self.scroll(30, 0, 0, .ended, .continuous)])
        let log = scene.environment.log.entries
        #expect(Self.states(scene, "pan") == ["began", "ended"])
        #expect(log.first { $0.recognizer == "pan" && $0.to == "began" }?.time == .milliseconds(20))
        let short = try replay(Self.scroller, [Self.scroll(0, 3, 0, .began, .continuous), Self.scroll(10, 0, 0, .ended, .continuous)])
        #expect(Self.states(short, "pan") == ["failed"])
        // A pan that allows only wheels does not take a trackpad.
        let wheelOnly = try replay(Self.scroller.replacingOccurrences(of: "[discrete, continuous]", with: "[discrete]"),
                                   [Self.scroll(0, 40, 0, .began, .continuous), Self.scroll(10, 0, 0, .ended, .continuous)])
        #expect(Self.states(wheelOnly, "pan").isEmpty)
    }

    static let tapCard = """
          - id: card
            frame: [0, 0, 400, 400]
            recognizers: [{id: tap, type: tap}, {id: rightTap, type: tap, buttonMaskRequired: 2}]

        """

    @Test("F.5.4: a click must press buttonMaskRequired (primary by default); a finger tap ignores the mask")
    func buttonMask() throws {
        let secondary = try replay(Self.tapCard, Self.click(0, 100, 100, buttons: 2))
        #expect(Self.states(secondary, "tap") == ["failed"])
        #expect(secondary.environment.log.entries.contains { $0.recognizer == "tap" && $0.cause.text.hasPrefix("unexpectedButton") })
        #expect(Self.states(secondary, "rightTap") == ["recognized"])
        let primary = try replay(Self.tapCard, Self.click(0, 100, 100, buttons: 1))
        #expect(Self.states(primary, "tap").contains("recognized"))
        #expect(Self.states(primary, "rightTap") == ["failed"])
        // A finger: the mask is "only evaluated on indirect input devices".
        let onlyRight = Self.tapCard.replacingOccurrences(of: "{id: tap, type: tap}, ", with: "")
        let finger = try replay(onlyRight, Self.click(0, 100, 100, buttons: nil, device: .touch))
        #expect(Self.states(finger, "rightTap") == ["recognized"])
    }

    @Test("F.5.5: allowedTouchTypes keeps touches of other types from the recognizer")
    func touchTypes() throws {
        let views = """
              - id: card
                frame: [0, 0, 400, 400]
                recognizers: [{id: mouseTap, type: tap, allowedTouchTypes: [indirectPointer]}]

            """
        let finger = try replay(views, Self.click(0, 100, 100, buttons: nil, device: .touch))
        #expect(Self.states(finger, "mouseTap").isEmpty)
        #expect(finger.environment.log.entries.contains { $0.recognizer == "mouseTap" && $0.cause.text.contains("device touch is not allowed") })
        let mouse = try replay(views, Self.click(0, 100, 100, buttons: 1))
        #expect(Self.states(mouse, "mouseTap") == ["recognized"])
    }

    @Test("hover and scroll lines: read, written back the same, and checked like any event")
    func traceLines() throws {
        let text = """
            {"format":"gesturelab-trace","version":1,"devices":["mouse"]}
            {"t":0,"type":"hover","id":9,"x":10,"y":20,"device":"mouse"}
            {"t":5,"type":"scroll","id":9,"x":10,"y":20,"dx":0,"dy":-12.5,"phase":"began","scroll":"discrete"}
            {"t":9,"type":"scroll","id":9,"x":10,"y":20,"dx":0,"dy":0,"phase":"ended","scroll":"discrete"}
            {"t":12,"type":"down","id":9,"x":10,"y":20,"device":"mouse","buttons":2}

            """
        let reader = try TraceReader(bytes: Array(text.utf8), name: "p.jsonl")
        var events: [TraceEvent] = []
        while let e = try reader.nextEvent() { events.append(e) }
        #expect(events.map(\.type) == [.hover, .scroll, .scroll, .down])
        #expect(events[1].scroll == ScrollSample(dx: 0, dy: -12.5, phase: .began, kind: .discrete))
        #expect(events[3].buttons == 2)
        #expect(events.map(\.jsonLine) == text.split(separator: "\n").dropFirst().map(String.init))
        let bad: [(String, String)] = [
            ("{\"t\":0,\"type\":\"scroll\",\"id\":1,\"x\":0,\"y\":0,\"dx\":1,\"dy\":1}", "needs \"dx\", \"dy\" and \"phase\""),
            ("{\"t\":0,\"type\":\"hover\",\"id\":1,\"x\":0,\"y\":0,\"buttons\":1}", "a hover has no button pressed"),
            ("{\"t\":0,\"type\":\"move\",\"id\":1,\"x\":0,\"y\":0,\"dx\":1}", "belong to scroll events"),
            ("{\"t\":0,\"type\":\"scroll\",\"id\":1,\"x\":0,\"y\":0,\"dx\":1,\"dy\":1,\"phase\":\"changed\"}", "whose scroll has not begun"),
            ("{\"t\":0,\"type\":\"down\",\"id\":1,\"x\":0,\"y\":0}\n{\"t\":1,\"type\":\"hover\",\"id\":1,\"x\":0,\"y\":0}", "which is down"),
            ("{\"t\":0,\"type\":\"scroll\",\"id\":1,\"x\":0,\"y\":0,\"dx\":1,\"dy\":1,\"phase\":\"began\",\"scroll\":\"wheel\"}", "unknown scroll kind"),
        ]
        for (lines, words) in bad {
            #expect {
                let r = try TraceReader(bytes: Array(("{\"format\":\"gesturelab-trace\",\"version\":1}\n" + lines + "\n").utf8), name: "bad.jsonl")
                while try r.nextEvent() != nil {}
            } throws: { error in "\(error)".contains(words) }
        }
    }

    static func drag(_ t: Double, buttons: Int?, device: InputDevice = .mouse) -> [TraceEvent] {
        var out = [TraceEvent(time: .milliseconds(t), type: .down, pointer: 9, x: 100, y: 100, device: device, buttons: buttons)]
        for i in 1...10 { out.append(TraceEvent(time: .milliseconds(t + Double(i) * 8), type: .move, pointer: 9, x: 100 + Double(i) * 10, y: 100, device: device, buttons: buttons)) }
        out.append(TraceEvent(time: .milliseconds(t + 96), type: .up, pointer: 9, x: 200, y: 100, device: device, buttons: 0))
        return out
    }

    @Test("F.5.3: a policy `shouldReceive: {buttons: [secondary]}` makes a secondary-button pan: a left drag and a finger drag do not reach it, a right drag pans; the log says why")
    func secondaryButtonPan() throws {
        let views = """
          - id: card
            frame: [0, 0, 400, 400]
            recognizers: [{id: pan, type: pan}]
        policies:
          - recognizer: pan
            shouldReceive: {buttons: [secondary]}

        """
        let left = try replay(views, Self.drag(0, buttons: 1))
        #expect(Self.states(left, "pan").isEmpty)
        #expect(left.environment.log.entries.contains { $0.cause.text.contains("shouldReceive the event of touch 9 = false (policy: only events with buttons secondary, not primary)") })
        let finger = try replay(views, Self.drag(0, buttons: nil, device: .touch))
        #expect(Self.states(finger, "pan").isEmpty, "a finger's events have no buttons")
        let right = try replay(views, Self.drag(0, buttons: 2))
        #expect(Self.states(right, "pan").first == "began")
    }

    @Test("F.5.3: `shouldReceive: {events: [scroll]}` leaves a pan to the wheel and trackpad: touches and hover do not reach it")
    func scrollOnlyPan() throws {
        let views = """
          - id: card
            frame: [0, 0, 400, 400]
            recognizers: [{id: pan, type: pan, allowedScrollTypesMask: [discrete]}]
        policies:
          - recognizer: pan
            shouldReceive: {events: [scroll]}

        """
        let touches = try replay(views, Self.drag(0, buttons: 1))
        #expect(Self.states(touches, "pan").isEmpty)
        let wheel = try replay(views, [Self.scroll(0, 0, -10, .began, .discrete), Self.scroll(20, 0, -10, .changed, .discrete), Self.scroll(40, 0, 0, .ended, .discrete)])
        #expect(Self.states(wheel, "pan") == ["began", "changed", "ended"])
        let refused = try replay(views.replacingOccurrences(of: "[scroll]", with: "[touches]"),
                                 [Self.scroll(0, 0, -10, .began, .discrete), Self.scroll(20, 0, -10, .changed, .discrete)])
        #expect(Self.states(refused, "pan").isEmpty)
        #expect(refused.environment.log.entries.contains { $0.cause.text.contains("shouldReceive the scroll event = false (policy: only touches events, not scroll)") })
    }

    @Test("F.5.1: with supportsIndirectInputEvents false (an app without the Info.plist key) a click is a direct touch, so a tap's buttonMaskRequired is not evaluated and a right click taps")
    func clicksAsDirectTouches() throws {
        let views = """
          - id: card
            frame: [0, 0, 400, 400]
            recognizers: [{id: tap, type: tap}]

        """
        let indirect = try replay(views, Self.click(0, 100, 100, buttons: 2))
        #expect(Self.states(indirect, "tap") == ["failed"], "an indirect secondary click does not match buttonMaskRequired primary (F.5.4)")
        let doc = try SceneLoader.parse("scene: pointer\nviewport: [400, 800]\noptions:\n  supportsIndirectInputEvents: false\nviews:\n" + views, file: "pointer.yaml")
        let direct = try Replay.run(events: Self.click(0, 100, 100, buttons: 2), scene: doc)
        #expect(Self.states(direct, "tap") == ["recognized"])
    }

    @Test("A reaction may set a scroll view's own pan (ID.pan), as docs/scroll-views.md says")
    func reactionSetsScrollPan() throws {
        let doc = try SceneLoader.parse("""
        scene: s
        viewport: [400, 800]
        views:
          - id: list
            kind: scroll
            frame: [0, 0, 400, 800]
            contentSize: [400, 4000]
        reactions:
          - at: 0
            do: [{set: {list.pan.minimumDistance: 60}}]

        """, file: "s.yaml")
        var events = [TraceEvent(time: .milliseconds(10), type: .down, pointer: 1, x: 200, y: 600, device: .touch)]
        for i in 1...5 { events.append(TraceEvent(time: .milliseconds(10 + Double(i) * 8), type: .move, pointer: 1, x: 200, y: 600 - Double(i) * 10, device: .touch)) }
        events.append(TraceEvent(time: .milliseconds(60), type: .up, pointer: 1, x: 200, y: 550, device: .touch))
        let scene = try Replay.run(events: events, scene: doc)
        #expect(Self.states(scene, "list.pan") == ["failed"], "50 pt is short of the 60 pt the reaction set")
        #expect(scene.environment.log.entries.contains { $0.cause.text.contains("set list.pan.minimumDistance to 60") })
    }
}
