import GestureEngine
import GestureRecognizers
import GestureScenes
import GestureSynth
import GestureTrace
import Testing

/// A scroll view's own pan takes parameters in scenes and `--set` (issue 14, item 4); its
/// threshold defaults to `GestureDefaults.scrollHysteresis` (A.7.1).
@Suite("A.7.1 the scroll view's pan, configured")
struct ScrollPanParameterTests {
    func scene(_ pan: String = "") throws -> SceneDocument {
        try SceneLoader.parse("""
        scene: strip
        viewport: [390, 844]
        views:
          - id: strip
            kind: scroll
            frame: [0, 300, 390, 200]
            contentSize: [900, 200]
        \(pan)
        """, file: "strip.yaml")
    }

    /// A 30 pt drag to the left across the strip.
    var drag: [TraceEvent] {
        var b = StrokeBuilder()
        b.time = 20
        b.drag(from: (300, 400), to: (270, 400), durationMs: 300)
        return b.events
    }

    func scrolled(_ doc: SceneDocument) throws -> Bool {
        let built = try Replay.run(events: drag, scene: doc)
        return built.environment.log.entries.contains { $0.kind == .transition && $0.recognizer == "strip.pan" && $0.to == "began" }
    }

    @Test("By default the pan begins after GestureDefaults.scrollHysteresis (10 pt)")
    func defaultThreshold() throws {
        let built = try SceneBuilder.build(try scene())
        #expect((built.window.find("strip") as? ScrollView)?.panGestureRecognizer.minimumDistance == GestureDefaults.scrollHysteresis)
        #expect(try scrolled(scene()))
    }

    @Test("`pan: {minimumDistance: 40}` in the scene, or --set strip.pan.minimumDistance=40: a 30 pt drag no longer scrolls")
    func configured() throws {
        #expect(try !scrolled(scene("    pan: {minimumDistance: 40}")))
        var doc = try scene()
        let overridden = doc.override(recognizer: "strip.pan", parameter: "minimumDistance", value: .number(40))
        #expect(overridden)
        #expect(try !scrolled(doc))
    }

    @Test("An unknown pan parameter is a scene error at its line")
    func unknownParameter() throws {
        let doc = try scene("    pan: {minimumDistnace: 40}")
        #expect(throws: SceneError.self) { try SceneBuilder.build(doc) }
        do { _ = try SceneBuilder.build(doc) } catch {
            #expect(error.description.hasPrefix("strip.yaml:8:11:"), "\(error.description)")
            #expect(error.description.contains("recognizer strip.pan"))
            #expect(error.description.contains("no parameter \"minimumDistnace\""))
        }
    }

    @Test("the shipped scroll-with-button-stiff (pan minimumDistance 60) begins scrolling the slow tile drag later than scroll-with-button")
    func shippedStiffScene() throws {
        func began(_ scene: String) throws -> Double? {
            let r = try Replay.run(tracePath: tracePath("tile-slow-drag"), scene: SceneLoader.load(path: scenePath(scene)))
            return r.log.entries.first { $0.kind == .transition && $0.recognizer == "shelf.pan" && $0.to == "began" }?.time.milliseconds
        }
        let normal = try #require(try began("scroll-with-button"))
        let stiff = try #require(try began("scroll-with-button-stiff"))
        #expect(abs(normal - 317.368) < 1 && abs(stiff - 380.526) < 1, "\(normal) \(stiff)")
    }
}
