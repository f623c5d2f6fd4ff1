import GestureAnalysis
import GestureEngine
import GesturePlatforms
import GestureScenes
import GestureTrace
import Testing

/// The platform reference's side-by-side situations (section 3), each replayed under all three
/// platforms from one scene and one trace. The UIKit expectations come from docs/uikit-rules.md
/// (the ids cited), Flutter's and Android's from the platform reference; `compare` must find
/// where they part ways.
@Suite("One trace, three platforms")
struct CrossPlatformSituationTests {
    typealias S = Strokes

    /// Who won each touch sequence, per platform, as `compare` counts it.
    func winners(_ yaml: String, _ events: [TraceEvent]) throws -> (PlatformComparison, [Platform: [[String]]]) {
        let doc = try SceneLoader.parse(yaml, file: "test.yaml")
        let logs = try Platform.allCases.map { ($0, try PlatformReplay.run(platform: $0, events: events, scene: doc)) }
        let c = PlatformComparison(logs: logs)
        // The long-trace path (the sequences compared as the replays write their logs, each
        // platform cutting its own rows into sequences) must write the same text as the whole logs.
        let stream = PlatformComparison.Stream(platforms: logs.map(\.0), ahead: .max)
        for (i, (_, log)) in logs.enumerated() {
            let feeder = stream.feeder(i)
            for e in log.entries { feeder.feed(e) }
            feeder.finish()
        }
        var writer = PlatformComparison.TextWriter(title: "t", platforms: logs.map(\.0))
        var streamed = ""
        while let q = stream.next() { streamed += writer.take(q) }
        streamed += writer.finish()
        #expect(streamed == c.text(title: "t"))
        var out: [Platform: [[String]]] = [:]
        for p in Platform.allCases {
            out[p] = c.sequences.map { q in q.sides.first { $0.platform == p }!.winners.map(\.recognizer) }
        }
        return (c, out)
    }

    @Test("1. Single vs double tap: UIKit fires both taps (A.3.5); Flutter and Android only the double tap, Android at the second down")
    func singleVsDoubleTap() throws {
        let scene = "scene: s\nviews:\n  - id: card\n    frame: [0, 0, 300, 300]\n    recognizers:\n      - id: single\n        type: tap\n      - id: double\n        type: tap\n        numberOfTapsRequired: 2\n"
        let (c, w) = try winners(scene, S.merge(S.tap(150, 150, down: 0, up: 80), S.tap(155, 152, down: 200, up: 260)))
        #expect(w[.uikit] == [["single"], ["double"]])
        #expect(w[.flutter] == [[], ["double"]])
        #expect(w[.android] == [[], ["double"]])
        #expect(c.sequences[0].divergence?.recognizer == "single")
        let doubleTimes = c.sequences[1].sides.map { $0.winners.first.map { PlatformRun.ms($0.time) } }
        #expect(doubleTimes == ["260", "260", "200"])
    }

    static let buttonInList = """
        scene: list
        views:
          - id: list
            kind: scroll
            frame: [0, 0, 390, 800]
            contentSize: [390, 3000]
            subviews:
              - id: item
                kind: control
                frame: [0, 100, 390, 200]
        """

    @Test("2. A still tap on a button in a scroll container: the button fires at the lift on every platform (A.7.2; sweep; click)")
    func tapInScrollContainer() throws {
        let (c, w) = try winners(Self.buttonInList, S.tap(195, 200, down: 0, up: 60))
        for p in Platform.allCases { #expect(w[p] == [["item"]], "\(p)") }
        #expect(c.sequences[0].sameWinners)
    }

    @Test("2b. A 12 pt vertical drift on the button: UIKit keeps the control (touchesShouldCancel, A.7.4), Flutter keeps the tap (18 px slop), Android's ScrollView intercepts (> 8 dp)")
    func driftOnAButton() throws {
        let (c, w) = try winners(Self.buttonInList, S.stroke(from: (195, 200), to: (195, 188), start: 0, end: 200, steps: 6))
        // 2 pt per 33 ms: the 10 pt pan threshold comes after the 150 ms content delay, so the
        // control has the touch and keeps it.
        #expect(w[.uikit] == [["item"]])
        #expect(w[.flutter] == [["item"]])
        #expect(w[.android] == [["list.pan"]])
        #expect(c.sequences[0].divergence != nil)
    }

    static let horizontalChildInList = """
        scene: list
        views:
          - id: list
            kind: scroll
            frame: [0, 0, 390, 800]
            contentSize: [390, 3000]
            subviews:
              - id: item
                frame: [0, 100, 390, 200]
                recognizers:
                  - id: swipe
                    type: pan
        policies:
          - recognizer: swipe
            shouldBegin:
              direction: horizontal
        """

    @Test("3. A horizontal drag that drifts 12 pt down mid-way: UIKit and Flutter keep the child; Android's ScrollView takes it (it checks |dy| on every move)")
    func crossAxisDrag() throws {
        let events = S.merge(S.stroke(from: (100, 200), to: (200, 200), start: 0, end: 100, steps: 10, lift: false),
                             [S.at(120, .move, 1, 205, 206), S.at(140, .move, 1, 210, 212), S.at(160, .up, 1, 210, 212)])
        let (c, w) = try winners(Self.horizontalChildInList, events)
        #expect(w[.uikit] == [["swipe"]])
        #expect(w[.flutter] == [["swipe"]])
        #expect(w[.android] == [["swipe", "list.pan"]], "the child began, then lost the gesture to ACTION_CANCEL")
        #expect(c.sequences[0].divergence?.recognizer == "swipe" || c.sequences[0].divergence?.recognizer == "list.pan")
    }

    @Test("4. A same-axis drag child: the deeper recognizer wins on UIKit (A.3.4) and Flutter (routes deepest first); the parent on Android")
    func sameAxisDrag() throws {
        let scene = Self.horizontalChildInList.replacingOccurrences(of: "direction: horizontal", with: "direction: vertical")
        let (_, w) = try winners(scene, S.stroke(from: (195, 200), to: (195, 140), start: 0, end: 120, steps: 12))
        #expect(w[.uikit] == [["swipe"]])
        #expect(w[.flutter] == [["swipe"]])
        #expect(w[.android] == [["list.pan"]])
    }

    @Test("5. Long press vs drag in a list, a still finger: the long press on every platform, at 500 ms (A.6.2, kLongPressTimeout) or 400 ms (Android)")
    func longPressStill() throws {
        let scene = Self.buttonInList.replacingOccurrences(of: "kind: control", with: "recognizers:\n          - id: hold\n            type: longPress")
        let (c, w) = try winners(scene, S.tap(195, 200, down: 0, up: 700))
        for p in Platform.allCases { #expect(w[p] == [["hold"]], "\(p)") }
        #expect(c.sequences[0].sides.map { PlatformRun.ms($0.winners[0].time) } == ["500", "500", "400"])
    }

    @Test("6. Two fingers spreading sideways on a pinchable item in a list: the pinch on every platform; Android only once the span reaches minScalingSpan")
    func scaleInList() throws {
        let scene = Self.buttonInList.replacingOccurrences(of: "kind: control", with: "recognizers:\n          - id: zoom\n            type: pinch")
        let events = S.merge(S.stroke(id: 1, from: (150, 200), to: (100, 200), start: 0, end: 100, steps: 10),
                             S.stroke(id: 2, from: (250, 200), to: (300, 200), start: 0, end: 100, steps: 10))
        let (_, w) = try winners(scene, events)
        for p in Platform.allCases { #expect(w[p] == [["zoom"]], "\(p)") }
    }
}
