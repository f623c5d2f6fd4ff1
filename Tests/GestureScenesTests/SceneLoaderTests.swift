import GestureEngine
import GestureRecognizers
import GestureScenes
import Testing

func sceneError(_ yaml: String) -> String? {
    do {
        let doc = try SceneLoader.parse(yaml, file: "s.yaml")
        _ = try SceneBuilder.build(doc)
        return nil
    } catch {
        return error.description
    }
}

@Suite("Scene files")
struct SceneLoaderTests {
    @Test("Every shipped scene loads and builds")
    func shippedScenes() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/recordings/scenes").filter { $0.hasSuffix(".yaml") }
        #expect(names.count >= 8)
        for name in names {
            let doc = try SceneLoader.load(path: repositoryRoot + "/recordings/scenes/" + name)
            let built = try SceneBuilder.build(doc)
            #expect(!built.recognizers.isEmpty, "\(name)")
        }
    }

    @Test("A scene builds views, recognizers with parameters, relationships and policies")
    func building() throws {
        let yaml = """
        scene: demo
        viewport: {width: 320, height: 480}
        options:
          resetTiming: endOfTouchSequence
        window:
          recognizers:
            - id: edge
              type: screenEdgePan
              edges: [left, right]
        views:
          - id: card
            frame: [10, 20, 300, 200]
            rejects: [edge]
            recognizers:
              - id: single
                type: tap
              - id: double
                type: tap
                numberOfTapsRequired: 2
                maximumTapInterval: 0.25
            subviews:
              - id: button
                kind: control
                frame: [0, 0, 50, 30]
        relationships:
          - require: single
            toFail: double
          - simultaneous: [single, edge]
          - recognizer: edge
            cannotPrevent: double
        policies:
          - recognizer: single
            shouldReceive: {notInside: [button]}
        """
        let doc = try SceneLoader.parse(yaml, file: "demo.yaml")
        let s = try SceneBuilder.build(doc)
        #expect(doc.options.resetTiming == .endOfTouchSequence)
        #expect(s.window.frame == Rect(x: 0, y: 0, width: 320, height: 480))
        let double = try #require(s.recognizer("double") as? TapGestureRecognizer)
        #expect(double.numberOfTapsRequired == 2)
        #expect(double.maximumTapInterval.seconds == 0.25)
        let single = try #require(s.recognizer("single"))
        #expect(single.failureRequirements.map(\.id) == ["double"])
        #expect(single.delegate != nil)
        #expect(s.recognizer("edge")?.cannotPreventIDs == ["double"])
        #expect(s.window.find("button")?.isControl == true)
        #expect(s.window.find("card")?.rejectedRecognizers == ["edge"])
        let edge = try #require(s.recognizer("edge") as? ScreenEdgePanGestureRecognizer)
        #expect(edge.edges == SwipeDirection([.left, .right]))
    }

    static let errors: [(String, String, String)] = [
        ("empty", "", "s.yaml: empty file"),
        ("not a mapping", "- a\n- b\n", "s.yaml:1:1: a scene must be a mapping"),
        ("unknown top key", "views: []\ncolour: red\n", "s.yaml:2:1: unknown key \"colour\""),
        ("no views", "scene: x\n", "s.yaml:1:1: a scene needs `views:`"),
        ("YAML syntax", "views:\n  - id: a\n   frame: [0, 0, 1, 1]\n", "s.yaml:3:"),
        ("view without id", "views:\n  - frame: [0, 0, 1, 1]\n", "s.yaml:2:5: a view needs an `id`"),
        ("bad frame", "views:\n  - id: a\n    frame: [0, 0, 1]\n", "s.yaml:3:12: frame is [x, y, width, height]"),
        ("frame not numbers", "views:\n  - id: a\n    frame: [0, 0, wide, 1]\n", "s.yaml:3:19: width must be a number"),
        ("duplicate view id", "views:\n  - id: a\n    frame: [0, 0, 1, 1]\n  - id: a\n    frame: [0, 0, 1, 1]\n", "s.yaml:4: duplicate view id \"a\" (first used at line 2)"),
        ("duplicate recognizer id", "views:\n  - id: a\n    frame: [0, 0, 1, 1]\n    recognizers:\n      - {id: t, type: tap}\n      - {id: t, type: pan}\n", "s.yaml:6: duplicate recognizer id \"t\""),
        ("unknown type", "views:\n  - id: a\n    frame: [0, 0, 1, 1]\n    recognizers:\n      - id: t\n        type: tapp\n", "s.yaml:5: unknown recognizer type \"tapp\""),
        ("unknown parameter", "views:\n  - id: a\n    frame: [0, 0, 1, 1]\n    recognizers:\n      - id: t\n        type: tap\n        taps: 2\n", "s.yaml:7:9: recognizer t: tap has no parameter \"taps\""),
        ("bad parameter value", "views:\n  - id: a\n    frame: [0, 0, 1, 1]\n    recognizers:\n      - id: t\n        type: tap\n        numberOfTapsRequired: two\n", "s.yaml:7:9: recognizer t: numberOfTapsRequired must be a whole number"),
        ("dangling requirement", "views:\n  - id: a\n    frame: [0, 0, 1, 1]\n    recognizers:\n      - {id: t, type: tap}\nrelationships:\n  - require: t\n    toFail: dbl\n", "s.yaml:7: toFail names unknown recognizer \"dbl\""),
        ("self requirement", "views:\n  - id: a\n    frame: [0, 0, 1, 1]\n    recognizers:\n      - {id: t, type: tap}\nrelationships:\n  - require: t\n    toFail: t\n", "s.yaml:7: t cannot require itself to fail"),
        ("dangling policy view", "views:\n  - id: a\n    frame: [0, 0, 1, 1]\n    recognizers:\n      - {id: t, type: tap}\npolicies:\n  - recognizer: t\n    shouldReceive: {notInside: [nowhere]}\n", "s.yaml:7: policy for t names unknown view \"nowhere\""),
        ("unknown option", "options:\n  speed: 2\nviews: []\n", "s.yaml:2:3: unknown option \"speed\""),
        ("alias", "views:\n  - &v\n    id: a\n    frame: [0, 0, 1, 1]\n  - *v\n", "s.yaml:"),
        ("deep nesting", "views: " + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "\n", "s.yaml: nesting deeper than 200 levels"),
        ("negative size", "views:\n  - id: a\n    frame: [0, 0, -5, 1]\n", "s.yaml:3:12: frame width and height must not be negative"),
        ("bad reaction", "views:\n  - id: a\n    frame: [0, 0, 1, 1]\n    recognizers:\n      - {id: t, type: tap}\nreactions:\n  - when: t\n    state: recognized\n    do:\n      - explode: t\n", "s.yaml:10:9: unknown action \"explode\""),
    ]

    @Test("Bad scenes get FILE:LINE messages naming the problem", arguments: errors)
    func badScenes(_ c: (String, String, String)) {
        let message = sceneError(c.1)
        #expect(message?.hasPrefix(c.2) == true, "\(c.0): got \(message ?? "no error")")
    }

    @Test("Missing files and directories are reported, not crashed on")
    func fileProblems() {
        do { _ = try SceneLoader.load(path: "/nonexistent.yaml") } catch { #expect(error.description == "/nonexistent.yaml: no such file") }
        do { _ = try SceneLoader.load(path: "/tmp") } catch { #expect(error.description == "/tmp: is a directory, not a scene file") }
    }

    @Test("--set overrides a parameter of one recognizer")
    func override() throws {
        var doc = try SceneLoader.load(path: scenePath("long-press-vs-pan"))
        let found = doc.override(recognizer: "pan", parameter: "minimumDistance", value: .number(18))
        let missing = doc.override(recognizer: "nobody", parameter: "x", value: .number(1))
        #expect(found)
        #expect(!missing)
        let s = try SceneBuilder.build(doc)
        #expect((s.recognizer("pan") as? PanGestureRecognizer)?.minimumDistance == 18)
    }
}

import Foundation
