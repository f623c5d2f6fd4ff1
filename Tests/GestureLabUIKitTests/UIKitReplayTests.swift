import Foundation
import GestureEngine
import GestureLabCLI
import GestureLabUIKit
import GestureRecognizers
import GestureScenes
import GestureTrace
import Testing

let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

func tracePath(_ name: String) -> String { repositoryRoot + "/recordings/traces/\(name).jsonl" }

/// The transitions of one recognizer, as "from>to@ms" strings, for comparing two replays.
func transitions(_ log: DecisionLog, of id: String) -> [String] {
    log.entries.filter { $0.kind == .transition && $0.recognizer == id }
        .map { "\($0.from ?? "")>\($0.to ?? "")@\($0.time.milliseconds)" }
}

/// A one-view scene with one recognizer of `type` (and more YAML for its entry, indented).
func padScene(type: String, extra: String = "", more: String = "") throws -> SceneDocument {
    try SceneLoader.parse("""
    scene: pad
    viewport: [390, 844]
    views:
      - id: pad
        frame: [45, 222, 300, 400]
        recognizers:
          - id: gesture
            type: \(type)
    \(extra)
    \(more)
    """, file: "pad.yaml")
}

// Written as for iOS: a recognizer that recognizes a long enough stroke to the right.
final class RightStrokeRecognizer: UIGestureRecognizer {
    private var start: CGPoint?

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        guard touches.count == 1, let t = touches.first else { state = .failed; return }
        start = t.location(in: view)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        guard let start, let p = touches.first?.location(in: view) else { return }
        if p.x < start.x - 5 { state = .failed }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        guard let start, let p = touches.first?.location(in: view) else { return }
        state = p.x - start.x > 100 ? .recognized : .failed
    }

    override func reset() {
        super.reset()
        start = nil
    }
}

@MainActor
@Suite("UIKit-style recognizers replayed in the engine")
struct UIKitReplayTests {
    let registry = GestureLabCLI.registry(recognizers: ["rightStroke": { RightStrokeRecognizer() }], delegates: [:])

    @Test("A subclass's state changes are logged with its class and the method that set them")
    func causeNamesClassAndMethod() throws {
        let r = try Replay.run(tracePath: tracePath("slow-drag-right"), scene: padScene(type: "rightStroke"), registry: registry)
        let t = r.log.entries.filter { $0.kind == .transition && $0.recognizer == "gesture" }
        #expect(t.map(\.to) == ["recognized"])
        #expect(t.first?.cause.text == "set by RightStrokeRecognizer.touchesEnded")
        // Reading the state right after setting it gives the set state (A.1.8); the log's
        // reset entry shows it went back to possible after the cycle (A.1.7).
        #expect(r.log.entries.contains { $0.kind == .reset && $0.recognizer == "gesture" })
    }

    @Test("F.5 through UIKit's names: a scene's hover is a UIHoverGestureRecognizer; a pan's allowedScrollTypesMask and a tap's buttonMaskRequired set the engine's")
    func pointerFaces() throws {
        let scene = try SceneBuilder.build(padScene(type: "hover"), registry: registry)
        let face = UIGestureRecognizer.face(of: scene.recognizer("gesture")!)
        #expect(face is UIHoverGestureRecognizer)
        let pan = UIPanGestureRecognizer()
        #expect(pan.allowedScrollTypesMask == [])
        pan.allowedScrollTypesMask = .discrete
        #expect((pan.engine as? PanGestureRecognizer)?.allowedScrollTypes == [.discrete])
        let tap = UITapGestureRecognizer()
        #expect(tap.buttonMaskRequired == .primary)
        tap.buttonMaskRequired = .secondary
        #expect((tap.engine as? TapGestureRecognizer)?.buttonMaskRequired == 2)
    }

    @Test("A stroke the other way fails in touchesMoved, named so in the log")
    func failsInMoved() throws {
        let r = try Replay.run(tracePath: tracePath("strip-swipe-left"), scene: padScene(type: "rightStroke"), registry: registry)
        let t = r.log.entries.filter { $0.kind == .transition && $0.recognizer == "gesture" }
        #expect(t.map(\.to).last == "failed")
    }
}

// Compiles as on iOS, in Swift 6 mode: UIKit's types are main-actor isolated (so Sendable), and
// code written for iOS hands `self` to main-queue and main-actor closures. Not run: it reads
// the wall clock, which a replay does not use.
final class DeferredFailRecognizer: UIGestureRecognizer {
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { self.state = .failed }
        Task { @MainActor in self.state = .failed }
    }
}

@MainActor final class ExplicitlyIsolatedDelegate: NSObject, UIGestureRecognizerDelegate {
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { gestureRecognizer.numberOfTouches == 1 }
}
