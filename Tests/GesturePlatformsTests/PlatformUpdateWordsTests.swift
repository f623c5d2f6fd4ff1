import GestureEngine
import GesturePlatforms
import GestureTrace
import Testing

/// The words of the rows Flutter's and Android's replays log on every move (an update and its
/// callback). They are templates filled where a row is printed, not Strings made for each row;
/// these tests hold the printed words to what the recognizers mean, number for number.
@Suite("Words of the rows logged on every move, under Flutter and Android")
struct PlatformUpdateWordsTests {
    typealias S = Strokes

    static let card = """
        scene: card
        views:
          - id: card
            frame: [0, 0, 400, 400]
            recognizers:
              - id: drag
                type: pan
        """

    static let zoomCard = """
        scene: card
        views:
          - id: card
            frame: [0, 0, 400, 400]
            recognizers:
              - id: zoom
                type: pinch
        """

    func words(_ run: PlatformRun, _ kind: LogEntry.Kind, _ recognizer: String, to name: String) -> [String] {
        run.log.entries.filter { $0.kind == kind && $0.recognizer == recognizer && $0.to == name }.map(\.cause.text)
    }

    @Test("Flutter's drag: each update says how far its pointer moved and its onUpdate names the same delta (monodrag.dart _checkUpdate)")
    func flutterDragUpdate() throws {
        // 10 px to the right every 8 ms: once past the slop every update is one step.
        let run = try PlatformRun(.flutter, scene: Self.card, S.stroke(from: (100, 200), to: (300, 200), start: 0, end: 160, steps: 20))
        let updates = words(run, .transition, "drag", to: "changed")
        let callbacks = words(run, .action, "drag", to: "onUpdate")
        #expect(updates.count >= 10 && callbacks.count == updates.count, "\(updates.count) updates, \(callbacks.count) onUpdate")
        #expect(updates.suffix(5).allSatisfy { $0 == "its pointer moved (10, 0)" }, "\(updates.suffix(5))")
        #expect(callbacks.suffix(5).allSatisfy { $0 == "drag onUpdate delta (10, 0)" }, "\(callbacks.suffix(5))")
    }

    @Test("Flutter's scale: each update gives the scale and the focal point, its onUpdate how many pointers (scale.dart _advanceStateMachine, _update)")
    func flutterScaleUpdate() throws {
        // Two fingers 40 px apart about (200, 200), each moving 4 px outwards every 8 ms, one
        // event per finger: after the first finger's k-th move the focal point is at x = 198
        // and the fingers 36 + 8k apart, after the second's at 200 and 40 + 8k apart. The scale
        // (the span over the span at the start, 40 px) is then 1 + j/10 after the j-th move.
        // The first finger's lift leaves one finger, at (300, 200): a new scale from 1.
        let run = try PlatformRun(.flutter, scene: Self.zoomCard, S.merge(
            S.stroke(id: 1, from: (180, 200), to: (100, 200), start: 0, end: 160, steps: 20),
            S.stroke(id: 2, from: (220, 200), to: (300, 200), start: 0, end: 160, steps: 20)))
        let updates = words(run, .transition, "zoom", to: "changed")
        let callbacks = words(run, .action, "zoom", to: "onUpdate")
        let expected = (1...39).map { j in "scale \(NumberFormat.short(1 + Double(j) / 10)), focal point (\(j % 2 == 1 ? 198 : 200), 200)" }
            + ["scale 1, focal point (300, 200)"]
        #expect(updates == expected)
        #expect(callbacks == Array(repeating: "zoom onUpdate with 2 pointers", count: 39) + ["zoom onUpdate with 1 pointer"])
    }

    @Test("Android's scroll: each onScroll names the distance since the last one, old minus new (GestureDetector.java onTouchEvent ACTION_MOVE)")
    func androidScroll() throws {
        let run = try PlatformRun(.android, scene: Self.card, S.stroke(from: (100, 200), to: (300, 200), start: 0, end: 160, steps: 20))
        let callbacks = words(run, .action, "drag", to: "onScroll")
        #expect(callbacks.count >= 10, "\(callbacks.count) onScroll")
        #expect(callbacks.suffix(5).allSatisfy { $0 == "drag onScroll distance (-10, 0)" }, "\(callbacks.suffix(5))")
    }
}
