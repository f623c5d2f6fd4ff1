import GestureEngine
import GesturePlatforms
import GestureTrace
import Testing

/// Replays under Android's rules (AOSP API 34), each expectation written from the code path the
/// platform reference cites (`ViewGroup.java`, `View.java`, `GestureDetector.java`,
/// `ScrollView.java`), not from our output.
@Suite("Android's rules")
struct AndroidReplayTests {
    typealias S = Strokes

    static func card(_ recognizers: String) -> String {
        """
        scene: card
        views:
          - id: card
            frame: [0, 0, 300, 300]
            recognizers:
        \(recognizers)
        """
    }

    static let tapAndDoubleTap = card("      - id: single\n        type: tap\n      - id: double\n        type: tap\n        numberOfTapsRequired: 2")

    /// A vertical ScrollView holding `item`; `itemExtra` is added to the item's keys.
    static func list(_ item: String, contentHeight: Int = 3000, listOptions: String = "") -> String {
        """
        scene: list
        views:
          - id: list
            kind: scroll
            frame: [0, 0, 390, 800]
            contentSize: [390, \(contentHeight)]
        \(listOptions)
            subviews:
              - id: item
                frame: [0, 100, 390, 200]
        \(item)
        """
    }

    // MARK: 1. Single vs double tap (GestureDetector.java:608-655, 740-788, 869-886)

    @Test("onSingleTapConfirmed comes at the first down + 300 ms (the TAP message), not at the lift")
    func singleTapConfirmedAtDownPlus300() throws {
        let run = try PlatformRun(.android, scene: Self.tapAndDoubleTap, S.tap(150, 150, down: 0, up: 80))
        #expect(run.callbacks("single") == ["onSingleTapConfirmed@300"])
        #expect(run.transitions("double") == ["failed@300"])
    }

    @Test("A finger still down when TAP runs is confirmed at its lift (GestureDetector.java:316-344, 751-757)")
    func singleTapConfirmedDeferredToTheLift() throws {
        let run = try PlatformRun(.android, scene: Self.tapAndDoubleTap, S.tap(150, 150, down: 0, up: 350))
        #expect(run.callbacks("single") == ["onSingleTapConfirmed@350"])
    }

    @Test("onDoubleTap fires at the second down; the first tap is never confirmed")
    func doubleTapAtTheSecondDown() throws {
        let run = try PlatformRun(.android, scene: Self.tapAndDoubleTap, S.merge(S.tap(150, 150, down: 0, up: 80), S.tap(155, 152, down: 200, up: 260)))
        #expect(run.callbacks("double") == ["onDoubleTap@200"])
        #expect(run.callbacks("single").isEmpty)
        #expect(run.winners == ["double"])
    }

    @Test("A long first press makes two single taps on Android (the TAP message, from the first down, ran out) where Flutter sees a double tap")
    func longFirstPressIsNoDoubleTap() throws {
        let events = S.merge(S.tap(150, 150, down: 0, up: 150), S.tap(150, 150, down: 350, up: 400))
        let android = try PlatformRun(.android, scene: Self.tapAndDoubleTap, events)
        #expect(android.callbacks("single") == ["onSingleTapConfirmed@300", "onSingleTapConfirmed@650"])
        #expect(android.callbacks("double").isEmpty)
        let flutter = try PlatformRun(.flutter, scene: Self.tapAndDoubleTap, events)
        #expect(flutter.callbacks("double") == ["onDoubleTapDown@350", "onDoubleTap@400"])
    }

    @Test("onSingleTapUp fires at every lift within the slop, the first tap of a double tap included (GestureDetector.java:751-757)")
    func singleTapUpAtOnce() throws {
        let scene = Self.card("      - id: single\n        type: tap\n        android: {callback: singleTapUp}\n      - id: double\n        type: tap\n        numberOfTapsRequired: 2")
        let run = try PlatformRun(.android, scene: scene, S.merge(S.tap(150, 150, down: 0, up: 80), S.tap(155, 152, down: 200, up: 260)))
        #expect(run.callbacks("single") == ["onSingleTapUp@80"])
        #expect(run.callbacks("double") == ["onDoubleTap@200"])
    }

    @Test("A second down within 300 ms of the first down that is no double tap (too far) discards the first tap's confirmation (GestureDetector.java:609-627)")
    func farSecondDownDiscardsTheFirstTap() throws {
        let run = try PlatformRun(.android, scene: Self.tapAndDoubleTap, S.merge(S.tap(20, 20, down: 0, up: 80), S.tap(200, 200, down: 200, up: 260)))
        #expect(run.callbacks("single") == ["onSingleTapConfirmed@500"], "only the second tap is confirmed, 300 ms after its down")
        #expect(run.transitions("single").first == "failed@200")
    }

    // MARK: 2. A tap inside a scroll container (View.java:17037-17244, ScrollView.java:613-746)

    static let button = list("        kind: control")

    @Test("A still tap on a button in a ScrollView clicks at the lift")
    func clickInScrollView() throws {
        let run = try PlatformRun(.android, scene: Self.button, S.tap(195, 200, down: 0, up: 60))
        #expect(run.callbacks("item") == ["onClick@60"])
        #expect(run.transitions("list.pan") == ["failed@60"])
    }

    @Test("A 9 dp vertical drift: the ScrollView intercepts on that move, the button gets ACTION_CANCEL and no click; scrolling starts on the next move")
    func driftInterceptsAtNine() throws {
        let events = [S.at(0, .down, 1, 195, 200), S.at(20, .move, 1, 195, 196), S.at(40, .move, 1, 195, 191), S.at(60, .move, 1, 195, 180), S.at(80, .up, 1, 195, 180)]
        let run = try PlatformRun(.android, scene: Self.button, events)
        #expect(run.transitions("item") == ["failed@40"])
        #expect(run.callbacks("item").isEmpty)
        #expect(run.transitions("list.pan") == ["began@40", "ended@80"])
        let scrolls = run.log.entries.filter { $0.kind == .app && $0.view == "list" }.map { PlatformRun.ms($0.time) }
        #expect(scrolls == ["60"], "the intercepting move is not delivered to the ScrollView's onTouchEvent (ViewGroup.java:2799-2813)")
        let cancel = run.log.entries.first { $0.kind == .view && $0.view == "item" && $0.phase == "cancelled" }
        #expect(cancel.map { PlatformRun.ms($0.time) } == "40")
    }

    @Test("Content that fits: the framework ScrollView never intercepts, and a drift inside the button keeps the click (ScrollView.java:638-640, View.java:17213-17223)")
    func unscrollableNeverIntercepts() throws {
        let events = S.stroke(from: (195, 150), to: (195, 190), start: 0, end: 100, steps: 5)
        let run = try PlatformRun(.android, scene: Self.list("        kind: control", contentHeight: 800), events)
        #expect(run.callbacks("item") == ["onClick@100"])
        #expect(!run.winners.contains("list.pan"))
    }

    // MARK: 3. Cross-axis drag in a scroll container

    static let horizontalChild = list("        recognizers:\n          - id: swipe\n            type: pan")

    @Test("A naive horizontal child loses to a vertical drift of 9 dp in the middle of its drag: ACTION_CANCEL (ScrollView checks every move)")
    func naiveChildLosesMidDrag() throws {
        let events = S.merge(S.stroke(from: (100, 200), to: (200, 200), start: 0, end: 100, steps: 10, lift: false),
                             [S.at(120, .move, 1, 205, 205), S.at(140, .move, 1, 210, 210), S.at(160, .up, 1, 210, 210)])
        let run = try PlatformRun(.android, scene: Self.horizontalChild, events)
        #expect(run.transitions("swipe") == ["began@10", "cancelled@140"])
        #expect(run.transitions("list.pan").first == "began@140")
    }

    @Test("With requestDisallowInterceptTouchEvent when its scroll starts, the child keeps the gesture")
    func disallowOnScrollKeepsIt() throws {
        let scene = Self.list("        android: {disallowIntercept: onScroll}\n        recognizers:\n          - id: swipe\n            type: pan")
        let events = S.merge(S.stroke(from: (100, 200), to: (200, 200), start: 0, end: 100, steps: 10, lift: false),
                             [S.at(120, .move, 1, 205, 205), S.at(140, .move, 1, 210, 230), S.at(160, .up, 1, 210, 230)])
        let run = try PlatformRun(.android, scene: scene, events)
        #expect(run.transitions("swipe") == ["began@10", "ended@160"])
        #expect(run.transitions("list.pan") == ["failed@160"])
    }

    @Test("On the same move the parent wins: a diagonal 10 dp on both axes goes to the ScrollView before the child sees it")
    func sameMoveParentWins() throws {
        let run = try PlatformRun(.android, scene: Self.horizontalChild, S.stroke(from: (100, 200), to: (110, 210), start: 0, end: 20, steps: 1))
        #expect(run.transitions("list.pan").first == "began@20")
        #expect(run.transitions("swipe") == ["failed@20"])
    }

    @Test("A HorizontalScrollView inside a ScrollView claims first on a horizontal move and disallows the outer one's interception")
    func horizontalScrollViewDisallowsTheOuter() throws {
        let scene = """
            scene: nested
            views:
              - id: page
                kind: scroll
                frame: [0, 0, 390, 800]
                contentSize: [390, 3000]
                subviews:
                  - id: carousel
                    kind: scroll
                    frame: [0, 100, 390, 200]
                    contentSize: [2000, 200]
            """
        let events = S.merge(S.stroke(from: (300, 200), to: (250, 200), start: 0, end: 50, steps: 5, lift: false),
                             S.stroke(from: (250, 200), to: (250, 300), start: 60, end: 160, steps: 5).dropFirst().map { $0 })
        let run = try PlatformRun(.android, scene: scene, events)
        #expect(run.winners == ["carousel.pan"])
        #expect(run.transitions("page.pan") == ["failed@160"])
    }

    // MARK: 4. Same-axis drag and nested scroll views

    @Test("A vertical child drag in a ScrollView: the parent wins at |dy| > 8 unless the child disallowed interception at its down")
    func sameAxisParentWins() throws {
        let events = S.stroke(from: (195, 200), to: (195, 140), start: 0, end: 120, steps: 12)
        let naive = try PlatformRun(.android, scene: Self.list("        recognizers:\n          - id: drag\n            type: pan"), events)
        #expect(naive.winners == ["list.pan"])
        let disallowing = try PlatformRun(.android, scene: Self.list("        android: {disallowIntercept: onDown}\n        recognizers:\n          - id: drag\n            type: pan"), events)
        #expect(disallowing.winners == ["drag"])
    }

    static func nestedLists(_ options: String) -> String {
        """
        scene: nested
        views:
          - id: outer
            kind: scroll
            frame: [0, 0, 390, 800]
            contentSize: [390, 3000]
        \(options)
            subviews:
              - id: inner
                kind: scroll
                frame: [0, 100, 390, 300]
                contentSize: [390, 310]
        \(options.replacingOccurrences(of: "    android", with: "        android"))
        """
    }

    @Test("Nested framework ScrollViews: the outer one intercepts first and wins")
    func nestedScrollViewsOuterWins() throws {
        let run = try PlatformRun(.android, scene: Self.nestedLists(""), S.stroke(from: (195, 300), to: (195, 100), start: 0, end: 200, steps: 20))
        #expect(run.winners == ["outer.pan"])
    }

    @Test("Nested androidx NestedScrollViews: the inner one drags and hands what it cannot scroll to the outer one (scroll chaining)")
    func nestedScrollViewChaining() throws {
        let run = try PlatformRun(.android, scene: Self.nestedLists("    android: {kind: nested}"), S.stroke(from: (195, 300), to: (195, 100), start: 0, end: 200, steps: 20))
        #expect(run.winners == ["inner.pan"])
        #expect(run.scrolled("inner"))
        #expect(run.scrolled("outer"), "the inner list's 10 dp of range run out; the rest goes to the outer one")
    }

    // MARK: 5. Long press vs drag

    static let longClickItem = list("        recognizers:\n          - id: hold\n            type: longPress")

    @Test("A long click at 400 ms; after it the ScrollView still intercepts a vertical drag and the item gets ACTION_CANCEL")
    func longClickThenInterception() throws {
        let events = [S.at(0, .down, 1, 195, 200), S.at(500, .move, 1, 195, 190), S.at(520, .move, 1, 195, 170), S.at(600, .up, 1, 195, 170)]
        let run = try PlatformRun(.android, scene: Self.longClickItem, events)
        #expect(run.callbacks("hold") == ["onLongClick@400"])
        #expect(run.transitions("hold") == ["began@400", "cancelled@500"])
        #expect(run.transitions("list.pan").first == "began@500")
    }

    @Test("A drift beyond 8 dp before 400 ms: the ScrollView intercepts and the long click never comes")
    func dragBeforeTheLongClick() throws {
        let run = try PlatformRun(.android, scene: Self.longClickItem, S.stroke(from: (195, 200), to: (195, 100), start: 0, end: 200, steps: 20))
        #expect(run.callbacks("hold").isEmpty)
        #expect(run.transitions("hold") == ["failed@20"])
        #expect(run.winners == ["list.pan"])
    }

    // MARK: 6. A two-finger scale in a list

    @Test("Two fingers spreading sideways on an item in a ScrollView: no vertical travel, no interception; the scale begins once the span reaches minScalingSpan")
    func scaleInScrollView() throws {
        let events = S.merge(S.stroke(id: 1, from: (150, 200), to: (100, 200), start: 0, end: 100, steps: 10),
                             S.stroke(id: 2, from: (250, 200), to: (300, 200), start: 0, end: 100, steps: 10))
        let run = try PlatformRun(.android, scene: Self.list("        recognizers:\n          - id: zoom\n            type: pinch"), events)
        // The span (the fingers' distance) is 100 + 10 per step: 180 >= 170 dp at the eighth step.
        #expect(run.transitions("zoom").first == "began@80")
        #expect(!run.winners.contains("list.pan"))
    }

    @Test("What has no Android meaning is refused with the scene's line")
    func refusals() throws {
        let rotation = Self.card("      - id: turn\n        type: rotation")
        #expect {
            _ = try PlatformRun(.android, scene: rotation, [])
        } throws: { error in
            "\(error)".contains("test.yaml:6") && "\(error)".contains("no Android counterpart")
        }
    }
}
