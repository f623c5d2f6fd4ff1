import Foundation
import GestureAnalysis
import GestureEngine
import GestureLabCLI
import GestureLabUIKit
import GestureScenes
import GestureTrace
import Testing

/// Issue 30, part 4: your view classes, your recognizers' own properties and your shared
/// delegates, named in scenes and acting in every command (the commands build scenes through the
/// registry `GestureLabCLI.main` installs; these tests build them through the same registry).
@MainActor
@Suite("Your views, properties and delegates in scenes")
struct SceneRegistrationTests {
    let registry = GestureLabCLI.registry(
        recognizers: ["holdToDrag": { HoldToDragRecognizer() }, "pan": { UIPanGestureRecognizer() }],
        delegates: ["list": { ListGestureCoordinator() }],
        parameters: ["holdToDrag": [.seconds("minimumPressDuration", \HoldToDragRecognizer.minimumPressDuration),
                                    .number("allowableMovement", \HoldToDragRecognizer.allowableMovement, unit: "pt")]],
        views: ["HandleView": .make { HandleView(frame: $0) },
                "ButtonFriendlyScrollView": .make { ButtonFriendlyScrollView(frame: $0) }])

    /// The pad scene of UIKitReplayTests with a `holdToDrag` recognizer (`extra`: lines of its entry).
    func holdScene(_ extra: String = "") throws -> SceneDocument { try padScene(type: "holdToDrag", extra: extra) }

    @Test("A registered property is a scene parameter: minimumPressDuration 0.5 makes hold-then-drag begin at 520 ms")
    func propertyFromScene() throws {
        let doc = try holdScene("        minimumPressDuration: 0.5")
        let log = try Replay.run(tracePath: tracePath("hold-then-drag"), scene: doc, registry: registry).log
        let began = try #require(log.entries.first { $0.kind == .transition && $0.recognizer == "gesture" && $0.to == "began" })
        #expect(began.time == .milliseconds(520))
    }

    @Test("--set reaches it too (the scene document's override, as `replay --set gesture.minimumPressDuration=0.1` applies it)")
    func propertyFromSet() throws {
        var doc = try holdScene()
        let overridden = doc.override(recognizer: "gesture", parameter: "minimumPressDuration", value: .number(0.1))
        #expect(overridden)
        let log = try Replay.run(tracePath: tracePath("hold-then-drag"), scene: doc, registry: registry).log
        let began = try #require(log.entries.first { $0.kind == .transition && $0.recognizer == "gesture" && $0.to == "began" })
        #expect(began.time == .milliseconds(120))
    }

    @Test("A bad value or an unknown property is a scene error at its line")
    func badValues() throws {
        let doc = try holdScene("        minimumPressDuration: -1")
        #expect(throws: SceneError.self) { try SceneBuilder.build(doc, registry: registry) }
        do {
            _ = try SceneBuilder.build(try holdScene("        minimumPressDurations: 1"), registry: registry)
            Issue.record("an unknown property was accepted")
        } catch let e as SceneError {
            #expect(e.line == 9 && e.message.contains("minimumPressDuration"), "\(e)")
        }
    }

    @Test("sensitivity moves a registered property both ways: holding longer than the finger stays still loses the drag; holding shorter changes nothing")
    func sweep() throws {
        let doc = try holdScene()
        let result = try Replay.run(tracePath: tracePath("hold-then-drag"), scene: doc, registry: registry)
        let ids = result.recognizerIDs
        let winners = Explanation(log: result.log).sequences(recognizers: ids).map(\.winners)
        #expect(winners == [["gesture"]])
        let items = RegisteredParameterSweep.analyze(recognizers: result.scene!.recognizers, scene: doc, baseline: winners) { variant in
            try? Replay.run(tracePath: tracePath("hold-then-drag"), scene: variant, registry: registry).log
        }
        let hold = try #require(items.first { $0.parameter == "minimumPressDuration" })
        #expect(hold.value == 0.3 && hold.unit == "s")
        #expect(hold.below == nil, "a shorter hold still begins before the finger moves")
        // The finger is still until 628 ms (608 ms after it went down), then moves 10 pt within a
        // few samples: a hold of more than about 0.61 s finds it moving and fails.
        let above = try #require(hold.above)
        #expect(above.value > 0.6 && above.value < 0.7, "\(above.value)")
        #expect(above.winners == "nobody")
        #expect(RegisteredParameterSweep.text(items).contains("gesture.minimumPressDuration = 0.3 s"))
    }

    @Test("A scene view names its class: HandleView's larger touch area and a scroll view subclass's touchesShouldCancel act in a replay")
    func viewClasses() throws {
        let doc = try SceneLoader.parse("""
        scene: handles
        viewport: [390, 844]
        views:
          - id: handle
            class: HandleView
            frame: [100, 400, 190, 4]
            recognizers:
              - id: drag
                type: pan
          - id: list
            kind: scroll
            class: ButtonFriendlyScrollView
            frame: [0, 500, 390, 300]
            contentSize: [390, 3000]
        """, file: "handles.yaml")
        let built = try SceneBuilder.build(doc, registry: registry)
        func view(_ id: String) -> View? { built.window.subtree.first { $0.id == id } }
        #expect(view("handle").map { UIView.face(of: $0) is HandleView } == true)
        #expect(view("list").map { UIView.face(of: $0) is ButtonFriendlyScrollView } == true)
        // slow-drag-right runs at y = 422: 18 pt below the 4 pt handle, inside its touch area.
        let log = try Replay.run(tracePath: tracePath("slow-drag-right"), scene: doc, registry: registry).log
        #expect(log.entries.contains { $0.kind == .transition && $0.recognizer == "drag" && $0.to == "began" })
    }

    @Test("An unknown class, or a class of the wrong kind, is an error at the line of `class:`")
    func classErrors() throws {
        func error(_ text: String) -> SceneError? {
            do { _ = try SceneBuilder.build(try SceneLoader.parse(text, file: "c.yaml"), registry: registry); return nil } catch { return error }
        }
        let unknown = error("scene: c\nviewport: [390, 844]\nviews:\n  - id: a\n    class: Nope\n    frame: [0, 0, 10, 10]\n")
        #expect(unknown?.line == 5 && unknown?.message.contains("classes are ButtonFriendlyScrollView, HandleView") == true, "\(String(describing: unknown))")
        let wrong = error("scene: c\nviewport: [390, 844]\nviews:\n  - id: a\n    kind: scroll\n    class: HandleView\n    frame: [0, 0, 10, 10]\n    contentSize: [10, 100]\n")
        #expect(wrong?.line == 6 && wrong?.message.contains("is not a UIScrollView subclass") == true, "\(String(describing: wrong))")
    }

    @Test("A delegate named by several recognizers is one object, as an app's coordinator is")
    func sharedDelegate() throws {
        let doc = try SceneLoader.parse("""
        scene: list
        viewport: [390, 844]
        views:
          - id: row
            frame: [0, 100, 390, 600]
            recognizers:
              - id: a
                type: pan
                delegate: list
              - id: b
                type: holdToDrag
                delegate: list
        """, file: "list.yaml")
        let built = try SceneBuilder.build(doc, registry: registry)
        let a = UIGestureRecognizer.face(of: built.recognizer("a")!), b = UIGestureRecognizer.face(of: built.recognizer("b")!)
        #expect(a.delegate != nil && a.delegate === b.delegate)
    }
}

/// Issue 30, part 5: a UIKit delegate's `gestureRecognizer(_:shouldReceive: UIEvent)` for
/// touches, hover and scroll events (F.5.3), and the app's indirect-input setting (F.5.1).
@MainActor
@Suite("UIEvent questions and indirect input")
struct EventQuestionTests {
    let registry = GestureLabCLI.registry(recognizers: ["pan": { UIPanGestureRecognizer() }],
                                          delegates: ["secondary": { SecondaryButtonDelegate() }])

    func scene(_ options: String = "") throws -> SceneDocument {
        try SceneLoader.parse("""
        scene: pointer
        viewport: [400, 800]
        \(options)
        views:
          - id: card
            frame: [0, 0, 400, 400]
            recognizers:
              - {id: pan, type: pan, delegate: secondary, allowedScrollTypesMask: [discrete]}
        """, file: "pointer.yaml")
    }

    func drag(buttons: Int?, device: InputDevice = .mouse) -> [TraceEvent] {
        var out = [TraceEvent(time: .milliseconds(0), type: .down, pointer: 9, x: 100, y: 100, device: device, buttons: buttons)]
        for i in 1...10 { out.append(TraceEvent(time: .milliseconds(Double(i) * 8), type: .move, pointer: 9, x: 100 + Double(i) * 10, y: 100, device: device, buttons: buttons)) }
        out.append(TraceEvent(time: .milliseconds(96), type: .up, pointer: 9, x: 200, y: 100, device: device, buttons: 0))
        return out
    }

    func states(_ s: BuiltScene) -> [String] { s.environment.log.entries.filter { $0.kind == .transition && $0.recognizer == "pan" }.compactMap(\.to) }
    func delegate(_ s: BuiltScene) -> SecondaryButtonDelegate { UIGestureRecognizer.face(of: s.recognizer("pan")!).delegate as! SecondaryButtonDelegate }

    @Test("The delegate is asked about each event first: a left drag is refused, a right drag pans, a wheel scroll (no buttons) pans")
    func eventQuestion() throws {
        let left = try Replay.run(events: drag(buttons: 1), scene: scene(), registry: registry)
        #expect(states(left).isEmpty)
        #expect(delegate(left).askedTypes == [.touches] && delegate(left).touchTypes.isEmpty, "the touch question is not asked after the event was refused")
        let right = try Replay.run(events: drag(buttons: 2), scene: scene(), registry: registry)
        #expect(states(right).first == "began")
        #expect(delegate(right).touchTypes == [.indirectPointer])
        let wheel = try Replay.run(events: [
            TraceEvent(time: .milliseconds(0), type: .scroll, pointer: 9, x: 100, y: 100, device: .mouse, scroll: ScrollSample(dx: 0, dy: -10, phase: .began, kind: .discrete)),
            TraceEvent(time: .milliseconds(20), type: .scroll, pointer: 9, x: 100, y: 100, device: .mouse, scroll: ScrollSample(dx: 0, dy: 0, phase: .ended, kind: .discrete)),
        ], scene: scene(), registry: registry)
        #expect(states(wheel) == ["began", "ended"])
        #expect(delegate(wheel).askedTypes == [.scroll])
    }

    @Test("Without UIApplicationSupportsIndirectInputEvents a click is a touch of type direct")
    func directClicks() throws {
        let s = try Replay.run(events: drag(buttons: 2), scene: scene("options: {supportsIndirectInputEvents: false}"), registry: registry)
        #expect(delegate(s).touchTypes == [.direct])
    }
}
