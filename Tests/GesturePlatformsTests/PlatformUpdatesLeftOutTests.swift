import GestureAnalysis
import GestureEngine
import GesturePlatforms
import GestureScenes
import GestureTrace
import Testing

/// `explain`'s text reads no update: under Flutter's and Android's rules, as under UIKit's, a
/// replay for it numbers each routine update (changed to changed) and its callback and leaves
/// them out. What it says must be what the whole log says, and every other row keeps its number.
@Suite("Routine updates left out of Flutter's and Android's logs for explain's text")
struct PlatformUpdatesLeftOutTests {
    typealias S = Strokes

    static let scene = """
        scene: card
        views:
          - id: card
            frame: [0, 0, 400, 800]
            recognizers:
              - id: tap
                type: tap
              - id: drag
                type: pan
              - id: zoom
                type: pinch
        """

    /// A drag, a pinch, a tap, a drag that goes on after a second finger lifts.
    static let events = S.merge(
        S.stroke(from: (100, 100), to: (300, 180), start: 0, end: 200, steps: 25),
        S.stroke(id: 2, from: (180, 400), to: (100, 400), start: 400, end: 560, steps: 20),
        S.stroke(id: 3, from: (220, 400), to: (300, 400), start: 400, end: 640, steps: 30),
        S.tap(200, 600, id: 4, down: 900, up: 960),
        S.stroke(id: 5, from: (50, 700), to: (350, 650), start: 1200, end: 1500, steps: 40))

    func reader() throws -> TraceReader {
        let header = #"{"format":"gesturelab-trace","version":1,"viewport":{"width":400,"height":800},"scale":1,"clock":{"source":"synthetic"},"devices":["touch"]}"#
        return try TraceReader(bytes: Array(([header] + Self.events.map(\.jsonLine)).joined(separator: "\n").utf8))
    }

    @Test("Under each platform: the same explanation as the whole log's, no routine update or update callback, every other row numbered as in the whole log", arguments: [Platform.flutter, .android])
    func textWithoutUpdates(_ platform: Platform) throws {
        let doc = try SceneLoader.parse(Self.scene, file: "card.yaml")
        let ids = try PlatformReplay.recognizerIDs(platform: platform, scene: doc)
        let whole = try PlatformReplay.run(platform: platform, events: Self.events, scene: doc)
        let expected = Explanation(log: whole).sequences(recognizers: ids).enumerated().map { Explanation.text($1, number: $0 + 1) }
        var got: [String] = []
        var stream = ExplanationStream(.sequences(recognizers: ids, chains: false) { got.append(Explanation.text($0, number: got.count + 1)) })
        var rows: [LogEntry] = []
        _ = try PlatformReplay.run(platform: platform, reader: reader(), scene: doc, log: .withoutUpdates { e in
            rows.append(e)
            stream.feed(e)
        })
        _ = stream.finish()
        #expect(got == expected && got.count == 4)
        func isRoutineUpdate(_ e: LogEntry) -> Bool {
            e.kind == .transition && e.from == "changed" && e.to == "changed"
        }
        // The whole log has routine updates, each followed by its callback where the recognizer
        // has one (Flutter's onUpdate, Android's onScroll): the rows left out.
        var leftOut = Set(whole.entries.filter(isRoutineUpdate).map(\.seq))
        #expect(leftOut.count > 40)
        for e in whole.entries where e.kind == .action && (e.toName?.isUpdate ?? false) && leftOut.contains(e.seq - 1) { leftOut.insert(e.seq) }
        #expect(!rows.contains(where: isRoutineUpdate) && !rows.contains { $0.kind == .note && $0.cause.text.isEmpty })
        let others = whole.entries.filter { !leftOut.contains($0.seq) }
        #expect(rows.map(\.seq) == others.map(\.seq) && rows.map(\.time) == others.map(\.time) && rows.map(\.kind) == others.map(\.kind))
        #expect(rows.map(\.recognizer) == others.map(\.recognizer) && rows.map(\.to) == others.map(\.to))
    }
}
