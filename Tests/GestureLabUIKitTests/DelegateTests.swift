import Foundation
import GestureEngine
import GestureLabCLI
import GestureLabUIKit
import GestureScenes
import GestureTrace
import SeedRecognizersUIKit
import Testing

let allTraces: [String] = {
    let dir = repositoryRoot + "/recordings/traces"
    return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".jsonl") }.sorted().map { dir + "/" + $0 }
}()

/// A shipped scene with its `policies:` section replaced by `delegate: NAME` on the recognizers
/// the policies named: the same rules, written as UIKit code instead of YAML.
func withDelegates(_ scene: String, delegate: String) throws -> (yaml: SceneDocument, uikit: SceneDocument) {
    let path = repositoryRoot + "/recordings/scenes/\(scene).yaml"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var out: [String] = []
    var inPolicies = false
    for line in text.components(separatedBy: "\n") {
        if line.hasPrefix("policies:") { inPolicies = true; continue }
        if inPolicies && !line.hasPrefix(" ") && !line.hasPrefix("-") && !line.isEmpty { inPolicies = false }
        if inPolicies { continue }
        out.append(line)
        if let r = line.range(of: "- id: "), line.hasSuffix("Pan"), line.contains("item") {
            let indent = String(repeating: " ", count: line.distance(from: line.startIndex, to: r.lowerBound) + 2)
            out.append(indent + "type: pan")
            out.append(indent + "delegate: \(delegate)")
        }
    }
    let uikitText = out.joined(separator: "\n").replacingOccurrences(of: "delegate: \(delegate)\n            type: pan", with: "delegate: \(delegate)")
    return (try SceneLoader.load(path: path), try SceneLoader.parse(uikitText, file: path))
}

@MainActor
let delegateRegistry = GestureLabCLI.registry(recognizers: [:], delegates: [
    "simultaneousDrag": { SimultaneousDragDelegate() },
    "verticalDrag": { VerticalDragDelegate() },
])

@MainActor
@Suite("Delegates written for UIKit")
struct DelegateTests {
    @Test("Seed 004's drag out of a scroll view: the UIKit delegate replays every recording as the YAML policy does",
          arguments: [("drag-out-simultaneous", "simultaneousDrag"), ("drag-out-direction-filter", "verticalDrag")])
    func dragOut(scene: String, delegate: String) throws {
        let (yaml, uikit) = try withDelegates(scene, delegate: delegate)
        #expect(yaml.policies.count == 4 && uikit.policies.isEmpty)
        #expect(uikit.recognizerSpecs.filter { $0.delegate == delegate }.count == 4)
        #expect(allTraces.count > 20)
        var began = 0
        for trace in allTraces {
            let a = try Replay.run(tracePath: trace, scene: yaml, registry: delegateRegistry)
            let b = try Replay.run(tracePath: trace, scene: uikit, registry: delegateRegistry)
            for id in ["item1Pan", "item2Pan", "item3Pan", "item4Pan", "strip.pan"] {
                #expect(transitions(a.log, of: id) == transitions(b.log, of: id), "\(trace): \(id)")
            }
            // The app's effects (copies dragged out, scrolling) are the same too.
            let effects = { (r: ReplayResult) in r.log.entries.filter { $0.kind == .app }.map { "\($0.time.milliseconds) \($0.cause.text)" } }
            #expect(effects(a) == effects(b), "\(trace)")
            for id in ["item1Pan", "item2Pan", "item3Pan", "item4Pan"] {
                began += transitions(b.log, of: id).filter { $0.hasPrefix("possible>began") }.count
            }
        }
        #expect(began > 0, "no recording dragged an item: the comparison would prove little")
    }

    @Test("A delegate the scene names but nobody registered is a scene error with the line")
    func unknownDelegate() throws {
        let doc = try padScene(type: "tap", extra: "        delegate: nobody")
        #expect(throws: SceneError.self) { try SceneBuilder.build(doc, registry: delegateRegistry) }
        do { _ = try SceneBuilder.build(doc, registry: delegateRegistry) } catch {
            #expect(error.description.contains("pad.yaml:9"))
            #expect(error.description.contains("unknown delegate \"nobody\"; delegates are simultaneousDrag, verticalDrag"))
        }
    }

    @Test("UIKit's delegate is weak; one a scene made lives as long as its recognizer")
    func weakDelegate() {
        let r = UIPanGestureRecognizer()
        weak var gone: SimultaneousDragDelegate?
        do {
            let d = SimultaneousDragDelegate()
            gone = d
            r.delegate = d
            #expect(r.delegate === d)
        }
        #expect(gone == nil && r.delegate == nil)
    }
}
