import Foundation
import GestureEngine
import GestureImport
import GestureLabCLI
import GestureLabUIKit
import GestureScenes
import GestureTestSupport
import GestureTrace
import SeedRecognizersUIKit
import Testing

/// The development set, read in place; empty (and the suite skipped) when it is absent.
let dollarStrokes: [DollarGesture] = {
    guard DollarDataset.isPresent else { return [] }
    return DollarXMLReader.files(under: DollarDataset.root).compactMap { try? DollarXMLReader.read(path: $0) }
}()

/// A pad the size of the data set's viewport with one recognizer of `type`.
func dollarPad(type: String) throws -> SceneDocument {
    try SceneLoader.parse("""
    scene: dollar-pad
    viewport: [240, 320]
    views:
      - id: pad
        frame: [0, 0, 240, 320]
        recognizers:
          - id: gesture
            type: \(type)
    """, file: "dollar-pad.yaml")
}

/// Each seed's built-in faithful port beside the same recognizer written for iOS in Examples/.
let seedPairs: [(builtIn: String, uikit: String)] = [
    ("checkmarkStrict", "TwoStrokeCheckmarkRecognizer"),
    ("checkmarkAngle", "CheckPleaseGestureRecognizer"),
    ("checkmarkApple", "CheckmarkGestureRecognizer"),
    ("directionSequence", "DownUpStrokeRecognizer"),
    ("circleCookbook", "CircleRecognizer"),
]

@MainActor
let seedRegistry = GestureLabCLI.registry(recognizers: [
    "TwoStrokeCheckmarkRecognizer": { TwoStrokeCheckmarkRecognizer() },
    "CheckPleaseGestureRecognizer": { CheckPleaseGestureRecognizer() },
    "CheckmarkGestureRecognizer": { CheckmarkGestureRecognizer() },
    "DownUpStrokeRecognizer": { DownUpStrokeRecognizer() },
    "CircleRecognizer": { CircleRecognizer() },
], delegates: [:])

@MainActor
@Suite("The seed recognizers written for iOS decide as the faithful ports do", .enabled(if: DollarDataset.isPresent, Comment(rawValue: DollarDataset.absence)))
struct SeedExampleTests {
    @Test("Every stroke of the $1 development set: same transitions, same times", arguments: seedPairs.map(\.builtIn))
    func sameDecisions(builtIn: String) throws {
        let uikit = try #require(seedPairs.first { $0.builtIn == builtIn }).uikit
        let portScene = try dollarPad(type: builtIn), uikitScene = try dollarPad(type: uikit)
        #expect(dollarStrokes.count == 2880)
        var recognized = 0, differing: [String] = []
        for g in dollarStrokes {
            let (_, events) = g.trace()
            let port = transitions(try Replay.run(events: events, scene: portScene, registry: seedRegistry).environment.log, of: "gesture")
            let mine = transitions(try Replay.run(events: events, scene: uikitScene, registry: seedRegistry).environment.log, of: "gesture")
            if port != mine { differing.append("\(g.sourcePath): port \(port), UIKit-style \(mine)") }
            if port.last?.hasPrefix("possible>recognized") == true || port.contains(where: { $0.contains(">recognized@") }) { recognized += 1 }
        }
        #expect(differing.isEmpty, "\(differing.count) strokes differ, first: \(differing.first ?? "")")
        // Not a vacuous comparison: each seed recognizes some strokes and rejects others.
        #expect(recognized > 0 && recognized < dollarStrokes.count, "\(builtIn) recognized \(recognized) strokes")
    }
}

@MainActor
@Suite("The seed recognizers written for iOS on the shipped recordings (no data set needed)")
struct SeedExampleRecordingTests {
    @Test("Every shipped recording: same transitions, same times as the faithful ports", arguments: seedPairs.map(\.builtIn))
    func sameDecisions(builtIn: String) throws {
        let uikit = try #require(seedPairs.first { $0.builtIn == builtIn }).uikit
        let portScene = try padScene(type: builtIn), uikitScene = try padScene(type: uikit)
        var recognizedIn = 0
        for trace in allTraces {
            let port = transitions(try Replay.run(tracePath: trace, scene: portScene, registry: seedRegistry).log, of: "gesture")
            let mine = transitions(try Replay.run(tracePath: trace, scene: uikitScene, registry: seedRegistry).log, of: "gesture")
            #expect(port == mine, "\(trace)")
            if port.contains(where: { $0.hasPrefix("possible>recognized") }) { recognizedIn += 1 }
        }
        // Each seed recognizes some recordings and not others, so the comparison has teeth
        // (CheckPlease never fails, a quirk of the listing: it just stays possible).
        #expect(recognizedIn > 0 && recognizedIn < allTraces.count, "\(builtIn) recognized in \(recognizedIn) of \(allTraces.count)")
    }
}
