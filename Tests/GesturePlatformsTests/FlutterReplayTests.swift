import GestureEngine
import GesturePlatforms
import GestureTrace
import Testing

/// Replays under Flutter's rules, each expectation written from the code path the platform
/// reference (`flutter-android-rules.md`, Flutter 3.27.4) cites, not from our output.
@Suite("Flutter's rules")
struct FlutterReplayTests {
    typealias S = Strokes

    static let tapAndDoubleTap = """
        scene: s1
        views:
          - id: card
            frame: [0, 0, 300, 300]
            recognizers:
              - id: single
                type: tap
              - id: double
                type: tap
                numberOfTapsRequired: 2
        """

    /// A vertical list with an item; `recognizers` are the item's.
    static func list(_ recognizers: String, contentHeight: Int = 3000, listOptions: String = "", sceneOptions: String = "") -> String {
        """
        scene: list
        \(sceneOptions)
        views:
          - id: list
            kind: scroll
            frame: [0, 0, 390, 800]
            contentSize: [390, \(contentHeight)]
        \(listOptions)
            subviews:
              - id: item
                frame: [0, 100, 390, 200]
                recognizers:
        \(recognizers)
        """
    }

    // MARK: 1. Single vs double tap (reference section 1.6, DoubleTap; table row 1)

    @Test("A single tap beside a double tap fires onTapDown, onTapUp and onTap together at the first lift + 300 ms (multitap.dart:328-337, 357-359)")
    func singleTapWaitsForTheDoubleTapTimer() throws {
        let run = try PlatformRun(.flutter, scene: Self.tapAndDoubleTap, S.tap(150, 150, down: 0, up: 80))
        #expect(run.callbacks("single") == ["onTapDown@380", "onTapUp@380", "onTap@380"])
        #expect(run.transitions("single") == ["recognized@380"])
        #expect(run.transitions("double") == ["failed@380"])
        #expect(run.callbacks("double").isEmpty, "no onDoubleTapCancel: no second tap was in progress (multitap.dart:298, 315-317)")
    }

    @Test("A press longer than 100 ms sends onTapDown at the press deadline; onTapUp and onTap still wait for the double-tap timer (tap.dart:272-275)")
    func pressDeadlineSendsTapDownEarly() throws {
        let run = try PlatformRun(.flutter, scene: Self.tapAndDoubleTap, S.tap(150, 150, down: 0, up: 150))
        #expect(run.callbacks("single") == ["onTapDown@100", "onTapUp@450", "onTap@450"])
    }

    @Test("A double tap: onDoubleTapDown at the second down, onDoubleTap at the second lift; the single tap never fires (multitap.dart:220-241, 339-346)")
    func doubleTap() throws {
        let run = try PlatformRun(.flutter, scene: Self.tapAndDoubleTap, S.merge(S.tap(150, 150, down: 0, up: 80), S.tap(155, 152, down: 200, up: 260)))
        #expect(run.callbacks("double") == ["onDoubleTapDown@200", "onDoubleTap@260"])
        #expect(run.transitions("double") == ["recognized@260"])
        #expect(!run.callbacks("single").contains { $0.hasPrefix("onTap@") })
        #expect(run.winners == ["double"])
    }

    @Test("The window runs from the first lift: a second down 350 ms after the first down but 250 ms after its lift still makes a double tap (multitap.dart:329, 358)")
    func doubleTapWindowFromTheFirstLift() throws {
        let run = try PlatformRun(.flutter, scene: Self.tapAndDoubleTap, S.merge(S.tap(150, 150, down: 0, up: 100), S.tap(150, 150, down: 350, up: 400)))
        #expect(run.callbacks("double") == ["onDoubleTapDown@350", "onDoubleTap@400"])
    }

    @Test("A second tap more than 100 px away is ignored by the double tap; the first tap, still held, is dropped without a callback (tap.dart:207-216)")
    func farSecondTapDropsTheFirst() throws {
        let run = try PlatformRun(.flutter, scene: Self.tapAndDoubleTap, S.merge(S.tap(20, 20, down: 0, up: 80), S.tap(200, 200, down: 200, up: 260)))
        // Alone in the second tap's arena, the tap wins it at the down (arena.dart:247-259).
        #expect(run.callbacks("single") == ["onTapDown@200", "onTapUp@260", "onTap@260"])
        #expect(run.transitions("single") == ["failed@200", "recognized@260"])
        #expect(run.transitions("double") == ["failed@380"])
    }

    // MARK: 2. A tap inside a scroll container (section 1.7; table row 2)

    @Test("A still tap in a list wins at the lift by the sweep; the list's drag gets onDown and onCancel (arena.dart:153-175, monodrag.dart:721-739)")
    func tapInListWinsAtTheSweep() throws {
        let run = try PlatformRun(.flutter, scene: Self.list("          - id: tap\n            type: tap"), S.tap(195, 200, down: 0, up: 60))
        #expect(run.callbacks("tap") == ["onTapDown@60", "onTapUp@60", "onTap@60"])
        #expect(run.callbacks("list.pan") == ["onDown@0", "onCancel@60"])
        #expect(run.winners == ["tap"])
    }

    @Test("A drift past 18 px: the deeper tap rejects itself first, then the list accepts on the same move; onTapCancel only because onTapDown had been sent")
    func driftInListGoesToTheList() throws {
        // 5 px up per move (the content scrolls down): the fourth move (20 px) passes both slops.
        let events = S.stroke(from: (195, 200), to: (195, 160), start: 0, end: 320, steps: 8)
        let run = try PlatformRun(.flutter, scene: Self.list("          - id: tap\n            type: tap"), events)
        #expect(run.callbacks("tap") == ["onTapDown@100", "onTapCancel@160"])
        #expect(run.transitions("tap") == ["failed@160"])
        #expect(run.transitions("list.pan") == ["began@160", "ended@320"])
        #expect(run.scrolled("list"))
    }

    @Test("On an Android host the list's drag slop is Android's 8 px: a 12 px drift that keeps the tap on iOS goes to the list (gesture_settings.dart:31-43)")
    func androidHostSlop() throws {
        let events = S.stroke(from: (195, 200), to: (195, 212), start: 0, end: 60, steps: 3)
        let ios = try PlatformRun(.flutter, scene: Self.list("          - id: tap\n            type: tap"), events)
        let android = try PlatformRun(.flutter, scene: Self.list("          - id: tap\n            type: tap", sceneOptions: "flutter: {host: android}"), events)
        #expect(ios.winners == ["tap"])
        #expect(android.winners == ["list.pan"])
        #expect(android.transitions("list.pan").first == "began@60", "|Σdy| 8 is not > 8 (at 40 ms); 12 is")
    }

    // MARK: 3. Cross-axis drag in a scroll container (table row 3)

    @Test("A horizontal drag child and a vertical list count their own axes: a horizontal move wins for the child, and later vertical movement never scrolls the list")
    func crossAxisChildKeepsThePointer() throws {
        let events = S.merge(S.stroke(from: (100, 200), to: (160, 200), start: 0, end: 100, steps: 6, lift: false),
                             S.stroke(from: (160, 200), to: (160, 300), start: 110, end: 300, steps: 10).dropFirst().map { $0 })
        let run = try PlatformRun(.flutter, scene: Self.list("          - id: swipe\n            type: pan\n            flutter: {axis: horizontal}"), events)
        #expect(run.winners == ["swipe"])
        #expect(run.transitions("list.pan") == ["failed@33.3"], "the second move is 20 px along x")
        #expect(!run.scrolled("list"))
    }

    @Test("When both pass their slops on the same move, the deeper recognizer wins: its route runs first (pointer_router.dart:29-36)")
    func sameEventTieGoesToTheChild() throws {
        // A diagonal: 20 px on each axis in one move.
        let events = S.stroke(from: (100, 200), to: (120, 220), start: 0, end: 20, steps: 1)
        let run = try PlatformRun(.flutter, scene: Self.list("          - id: swipe\n            type: pan\n            flutter: {axis: horizontal}"), events)
        #expect(run.winners == ["swipe"])
    }

    // MARK: 4. Same-axis drag and nested scrollables (table row 4)

    @Test("A vertical drag child in a vertical list, same slop: the child always wins the move that crosses 18; a pan child (path slop 36) loses to the list")
    func sameAxisChild() throws {
        let events = S.stroke(from: (195, 200), to: (195, 260), start: 0, end: 120, steps: 12)
        let vertical = try PlatformRun(.flutter, scene: Self.list("          - id: drag\n            type: pan\n            flutter: {axis: vertical}"), events)
        #expect(vertical.winners == ["drag"])
        #expect(!vertical.scrolled("list"))
        let pan = try PlatformRun(.flutter, scene: Self.list("          - id: drag\n            type: pan"), events)
        #expect(pan.winners == ["list.pan"])
    }

    @Test("Nested vertical lists: the inner one wins, and there is no scroll chaining to the outer one")
    func nestedListsInnerWins() throws {
        let scene = """
            scene: nested
            views:
              - id: outer
                kind: scroll
                frame: [0, 0, 390, 800]
                contentSize: [390, 3000]
                subviews:
                  - id: inner
                    kind: scroll
                    frame: [0, 100, 390, 300]
                    contentSize: [390, 310]
            """
        // 200 px down on the inner list: it can scroll only 10 px and stays at its end.
        let run = try PlatformRun(.flutter, scene: scene, S.stroke(from: (195, 300), to: (195, 100), start: 0, end: 200, steps: 20))
        #expect(run.winners == ["inner.pan"])
        #expect(!run.scrolled("outer"))
    }

    // MARK: 5. Long press vs drag (table row 5)

    @Test("A still finger in a list: the long press wins at 500 ms and keeps the pointer; later vertical movement only updates it, the list never scrolls")
    func longPressKeepsThePointer() throws {
        let events = S.merge([S.at(0, .down, 1, 195, 200), S.at(600, .move, 1, 195, 240), S.at(700, .move, 1, 195, 300), S.at(800, .up, 1, 195, 300)])
        let run = try PlatformRun(.flutter, scene: Self.list("          - id: hold\n            type: longPress"), events)
        #expect(run.callbacks("hold") == ["onLongPressDown@0", "onLongPressStart@500", "onLongPress@500", "onLongPressEnd@800", "onLongPressUp@800"])
        #expect(run.transitions("list.pan") == ["failed@500"])
        #expect(run.callbacks("list.pan") == ["onDown@0", "onCancel@500"])
        #expect(!run.scrolled("list"))
    }

    @Test("A drag before 500 ms: the long press rejects itself beyond 18 px with onLongPressCancel, the list wins on that move (long_press.dart:809-821)")
    func dragBeatsLongPress() throws {
        let run = try PlatformRun(.flutter, scene: Self.list("          - id: hold\n            type: longPress"), S.stroke(from: (195, 200), to: (195, 300), start: 0, end: 200, steps: 20))
        #expect(run.callbacks("hold") == ["onLongPressDown@0", "onLongPressCancel@40"])
        #expect(run.transitions("list.pan").first == "began@40")
    }

    @Test("A lone recognizer wins at the down: a lone vertical drag fires onStart with no movement (arena.dart:247-259, monodrag.dart:706-714)")
    func loneDragStartsAtTheDown() throws {
        let scene = """
            scene: lone
            views:
              - id: box
                frame: [0, 0, 300, 300]
                recognizers:
                  - id: drag
                    type: pan
                    flutter: {axis: vertical}
            """
        let run = try PlatformRun(.flutter, scene: scene, S.tap(100, 100, down: 10, up: 50))
        #expect(run.callbacks("drag") == ["onDown@10", "onStart@10", "onEnd@50"])
    }

    // MARK: 6. A two-finger scale in a list

    @Test("Two fingers spreading on a scalable item in a list: the span passes 18 before either finger's vertical travel passes the list's slop, and the scale wins both pointers' arenas")
    func scaleInList() throws {
        let events = S.merge(S.stroke(id: 1, from: (150, 200), to: (110, 200), start: 0, end: 100, steps: 10),
                             S.stroke(id: 2, from: (250, 200), to: (290, 200), start: 5, end: 105, steps: 10))
        let run = try PlatformRun(.flutter, scene: Self.list("          - id: zoom\n            type: pinch"), events)
        #expect(run.winners == ["zoom"])
        #expect(run.transitions("list.pan").allSatisfy { $0.hasPrefix("failed") })
        #expect(!run.scrolled("list"))
    }

    // MARK: What the scene cannot mean

    @Test("What has no Flutter meaning is refused with the scene's line")
    func refusals() throws {
        let simultaneous = """
            scene: s
            views:
              - id: card
                frame: [0, 0, 300, 300]
                recognizers:
                  - id: a
                    type: pan
                  - id: b
                    type: pinch
            relationships:
              - simultaneous: [a, b]
            """
        #expect {
            _ = try PlatformRun(.flutter, scene: simultaneous, [])
        } throws: { error in
            "\(error)".contains("test.yaml:11") && "\(error)".contains("no meaning under Flutter's rules")
        }
        let swipe = "scene: s\nviews:\n  - id: card\n    frame: [0, 0, 300, 300]\n    recognizers:\n      - id: s\n        type: swipe\n"
        #expect {
            _ = try PlatformRun(.flutter, scene: swipe, [])
        } throws: { error in
            "\(error)".contains("test.yaml:6") && "\(error)".contains("no Flutter counterpart")
        }
    }
}
