import GestureEngine
import GestureRecognizers
import GestureScenes
import GestureTrace
import Testing

/// Reference A.7 (UIScrollView) and A.7.8 (dragging items out of a scroll view), on the shipped
/// scenes and recordings. Expectations come from the rules, not from the output.
@Suite("A.7 scroll views and the drag-out hand-off")
struct ScrollViewTests {
    func replay(_ trace: String, _ scene: String) throws -> ReplayResult {
        try Replay.run(tracePath: tracePath(trace), scene: SceneLoader.load(path: scenePath(scene)))
    }

    func fate(_ r: ReplayResult, _ id: String) -> [String] {
        var out: [String] = []
        for e in r.log.entries where e.kind == .transition && e.recognizer == id {
            if e.to == "changed" && out.last == "changed" { continue }
            out.append(e.to!)
        }
        return out
    }

    func viewPhases(_ r: ReplayResult, _ id: String) -> [String] {
        var out: [String] = []
        for e in r.log.entries where e.kind == .view && e.view == id {
            if e.phase == "moved" && out.last == "moved" { continue }
            out.append(e.phase!)
        }
        return out
    }

    func appEffects(_ r: ReplayResult) -> [String] {
        r.log.entries.filter { $0.kind == .app && $0.phase != "scroll" && $0.phase != "copyMoved" }.compactMap(\.phase)
    }

    @Test("A.7.2: a quick tap on content arrives as began and ended together at touch-up")
    func quickTap() throws {
        let r = try replay("tile-tap", "scroll-with-button")
        let tile = r.log.entries.filter { $0.kind == .view && $0.view == "tile" }
        #expect(tile.map(\.phase) == ["began", "ended"])
        #expect(tile.allSatisfy { $0.time.milliseconds == 80 })
    }

    @Test("A.7.2, A.7.4: after the delay the tile has its touch; a drag then cancels it and scrolls")
    func tileDrag() throws {
        let r = try replay("tile-slow-drag", "scroll-with-button")
        #expect(viewPhases(r, "tile") == ["began", "moved", "cancelled"], "it tracks the first moves, then the scroll takes the touch")
        #expect(r.log.entries.first { $0.kind == .view && $0.view == "tile" }?.time.milliseconds == 170, "began after 150 ms")
        #expect(fate(r, "shelf.pan") == ["began", "changed", "ended"])
        #expect(r.scene!.window.find("shelf")!.boundsOrigin.x > 150)
    }

    @Test("A.7.4: a control keeps a touch it already has: the drag does not scroll")
    func buttonKeepsTouch() throws {
        let r = try replay("button-slow-drag", "scroll-with-button")
        #expect(viewPhases(r, "button") == ["began", "moved", "ended"])
        #expect(fate(r, "shelf.pan") == ["failed"])
        #expect(r.scene!.window.find("shelf")!.boundsOrigin == .zero)
    }

    @Test("A.7.2, A.7.4: a fast drag from the button scrolls before the button ever sees the touch")
    func fastDragFromButton() throws {
        let r = try replay("button-quick-drag", "scroll-with-button")
        #expect(viewPhases(r, "button").isEmpty, "no began and so no cancelled")
        #expect(fate(r, "shelf.pan") == ["began", "changed", "ended"])
    }

    @Test("A.7.7: nested scroll views are decided by direction")
    func nested() throws {
        let v = try replay("carousel-vertical", "nested-scroll-views")
        #expect(fate(v, "page.pan").first == "began")
        #expect(fate(v, "carousel.pan") == ["failed"])
        #expect(v.scene!.window.find("page")!.boundsOrigin.y > 100)
        #expect(v.scene!.window.find("carousel")!.boundsOrigin == .zero)
        let h = try replay("carousel-horizontal", "nested-scroll-views")
        #expect(fate(h, "carousel.pan").first == "began")
        #expect(fate(h, "page.pan") == ["failed"])
        #expect(h.scene!.window.find("carousel")!.boundsOrigin.x > 100)
    }

    @Test("Recipe 6: a horizontal drag scrolls the strip and creates no copy")
    func recipe6Scrolls() throws {
        let r = try replay("strip-swipe-left", "drag-out-simultaneous")
        #expect(fate(r, "strip.pan") == ["began", "changed", "ended"])
        #expect(fate(r, "item2Pan") == ["began", "changed", "ended"], "simultaneous with the scroll view's pan")
        #expect(!appEffects(r).contains("copyCreated"))
    }

    @Test("Recipe 6: a downward drag creates a copy, disables scrolling (cancelling the strip's pan) and re-enables it at the end")
    func recipe6DragsOut() throws {
        let r = try replay("strip-drag-down", "drag-out-simultaneous")
        #expect(appEffects(r) == ["copyCreated", "scrollDisabled", "copyDropped", "scrollEnabled"])
        #expect(fate(r, "strip.pan") == ["failed"])
        #expect(r.log.entries.last { $0.recognizer == "strip.pan" && $0.kind == .transition }?.cause.kind == .disabled)
        // The copy appears once the finger is 16 pt below where the item's pan began, not where it touched down.
        let began = r.log.entries.first { $0.recognizer == "item2Pan" && $0.to == "began" }!.time
        let created = r.log.entries.first { $0.phase == "copyCreated" }!.time
        #expect(created > began)
        let copy = r.scene!.window.find("item2.copy1")
        #expect(copy != nil)
        #expect(abs(copy!.frame.center.y - 520) < 2)
    }

    @Test("A.7.8 pattern 1: the direction filter fails the item's pan on a horizontal drag and picks the item up on a vertical one")
    func directionFilter() throws {
        let h = try replay("strip-swipe-left", "drag-out-direction-filter")
        #expect(fate(h, "item2Pan") == ["failed"])
        #expect(fate(h, "strip.pan").first == "began")
        let v = try replay("strip-drag-down", "drag-out-direction-filter")
        #expect(fate(v, "item2Pan") == ["began", "changed", "ended"])
        #expect(fate(v, "strip.pan") == ["failed"])
        #expect(appEffects(v) == ["copyCreated", "copyDropped"])
    }

    @Test("A.7.8 pattern 2: holding picks the item up and excludes the scroll pan; a quick drag scrolls and fails the long press")
    func longPressPickUp() throws {
        let hold = try replay("strip-hold-then-drag", "drag-out-long-press")
        #expect(fate(hold, "item2Press") == ["began", "changed", "ended"])
        #expect(fate(hold, "strip.pan") == ["failed"])
        #expect(hold.log.entries.first { $0.recognizer == "item2Press" && $0.to == "began" }?.time.milliseconds == 520)
        let quick = try replay("strip-swipe-left", "drag-out-long-press")
        #expect(fate(quick, "strip.pan").first == "began")
        #expect(fate(quick, "item2Press") == ["failed"])
    }

    @Test("A.7.5: disabling scrolling cancels an active scroll pan, with an action")
    func disableWhileScrolling() throws {
        let doc = try SceneLoader.parse("""
        views:
          - id: s
            kind: scroll
            frame: [0, 0, 390, 400]
            contentSize: [2000, 400]
        """, file: "s.yaml")
        let scene = try SceneBuilder.build(doc)
        let env = scene.environment
        func e(_ t: Double, _ type: TouchEventType, _ x: Double) -> TraceEvent { TraceEvent(time: .milliseconds(t), type: type, pointer: 1, x: x, y: 200) }
        env.feed(e(0, .down, 300))
        env.feed(e(10, .move, 280))
        env.feed(e(20, .move, 260))
        let scroll = scene.window.find("s") as! ScrollView
        #expect(scroll.panGestureRecognizer.publishedState == .changed)
        scroll.isScrollEnabled = false
        let last = env.log.entries.last { $0.recognizer == "s.pan" && $0.kind == .transition }
        #expect(last?.to == "cancelled")
        #expect(env.log.entries.last { $0.kind == .action }?.to == "cancelled")
    }

    @Test("A.7.6: with directional lock a mostly horizontal drag does not scroll vertically")
    func directionalLock() throws {
        for lock in [false, true] {
            let doc = try SceneLoader.parse("""
            views:
              - id: s
                kind: scroll
                frame: [0, 0, 300, 300]
                contentSize: [1000, 1000]
                contentOffset: [100, 100]
                directionalLock: \(lock)
            """, file: "s.yaml")
            let scene = try SceneBuilder.build(doc)
            var t = 0.0
            scene.environment.feed(TraceEvent(time: .milliseconds(0), type: .down, pointer: 1, x: 200, y: 150))
            for i in 1...10 {
                t += 10
                scene.environment.feed(TraceEvent(time: .milliseconds(t), type: .move, pointer: 1, x: 200 - Double(i) * 8, y: 150 - Double(i) * 2))
            }
            let offset = scene.window.find("s")!.boundsOrigin
            #expect(offset.x == 180)
            #expect(offset.y == (lock ? 100 : 120))
        }
    }

    @Test("A.7.3: touchesShouldBegin false keeps the touch from the content view")
    func touchesShouldBegin() throws {
        let doc = try SceneLoader.parse("""
        views:
          - id: s
            kind: scroll
            frame: [0, 0, 390, 400]
            contentSize: [2000, 400]
            touchesShouldBegin: {refuse: [tile]}
            subviews:
              - id: tile
                frame: [0, 0, 100, 100]
        """, file: "s.yaml")
        let scene = try SceneBuilder.build(doc)
        scene.environment.feed(TraceEvent(time: .milliseconds(0), type: .down, pointer: 1, x: 50, y: 50))
        scene.environment.advance(to: .milliseconds(300))
        scene.environment.feed(TraceEvent(time: .milliseconds(300), type: .up, pointer: 1, x: 50, y: 50))
        #expect(scene.environment.log.entries.filter { $0.kind == .view && $0.view == "tile" }.isEmpty)
        #expect(scene.environment.log.entries.contains { $0.kind == .drop && $0.view == "tile" })
    }
}
