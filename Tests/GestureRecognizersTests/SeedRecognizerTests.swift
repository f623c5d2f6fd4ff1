import GestureEngine
import GestureRecognizers
import GestureTestSupport
import Testing

/// Feeds one stroke (window points, 8 ms apart) to a recognizer alone on a full-window view.
func stroke(_ r: GestureRecognizer, _ points: [(Double, Double)], start: Double = 0, step: Double = 8, lift: Bool = true, harness: Harness? = nil) -> Harness {
    let h = harness ?? alone(r)
    h.down(1, points[0].0, points[0].1, at: start)
    for (i, p) in points.enumerated().dropFirst() { h.move(1, p.0, p.1, at: start + Double(i) * step) }
    if lift { h.up(1, points.last!.0, points.last!.1, at: start + Double(points.count - 1) * step + step) }
    return h
}

/// Points from a to b in n equal steps (excluding a).
func line(_ a: (Double, Double), _ b: (Double, Double), _ n: Int) -> [(Double, Double)] {
    (1...n).map { i in (a.0 + (b.0 - a.0) * Double(i) / Double(n), a.1 + (b.1 - a.1) * Double(i) / Double(n)) }
}

@Suite("Seed 000: strict two-stroke checkmark")
struct StrictCheckmarkTests {
    @Test("Down-right then an up stroke more than twice as tall: recognized at touch-up")
    func accepts() {
        let r = StrictCheckmarkRecognizer(id: "check")
        var turn: Point?
        r.addAction { turn = ($0 as! StrictCheckmarkRecognizer).turnPoint }
        // Down 40 pt, then up 100 pt: 100 > 2 * 40.
        let h = stroke(r, [(100, 300)] + line((100, 300), (140, 340), 8) + line((140, 340), (240, 240), 10))
        #expect(h.states("check") == ["recognized"])
        #expect(h.time(of: "check", to: "recognized") == 152, "at touch-up: 18 moves 8 ms apart, lifted 8 ms later")
        #expect(turn == Point(x: 140, y: 340))
    }

    @Test("An up stroke only as tall as twice the down stroke fails at touch-up")
    func rejectsShortUpStroke() {
        // Down 40, up exactly 80: 80 > 80 is false.
        let h = stroke(StrictCheckmarkRecognizer(id: "check"), [(100, 300)] + line((100, 300), (140, 340), 8) + line((140, 340), (220, 260), 8))
        #expect(h.states("check") == ["failed"])
        #expect(h.last("check")?.cause.evidence.first?.value == 80)
    }

    @Test("A move to the left in the first stroke fails at once; in the second stroke too")
    func leftMoveFails() {
        var h = stroke(StrictCheckmarkRecognizer(id: "check"), [(100, 300), (104, 304), (102, 308)], lift: false)
        #expect(h.states("check") == ["failed"])
        #expect(h.time(of: "check", to: "failed") == 16)
        h = stroke(StrictCheckmarkRecognizer(id: "check"), [(100, 300), (110, 310), (120, 300), (118, 290)], lift: false)
        #expect(h.states("check") == ["failed"])
    }

    @Test("Quirk: in the second stroke only x is checked, so going back down is fine")
    func secondStrokeIgnoresY() {
        let h = stroke(StrictCheckmarkRecognizer(id: "check"), [(100, 300)] + line((100, 300), (120, 320), 4) + line((120, 320), (200, 200), 8) + line((200, 200), (210, 230), 2))
        #expect(h.states("check") == ["recognized"], "up 120 - 30 back down = 90 > 2 * 20")
    }

    @Test("Quirk: a stroke that ends while still going down leaves it possible, not failed")
    func endsInFirstStroke() {
        let h = stroke(StrictCheckmarkRecognizer(id: "check"), [(100, 300)] + line((100, 300), (150, 350), 5))
        h.finish()
        #expect(h.states("check").isEmpty)
    }

    @Test("Quirk: the initial turn point is (0, 0), used when the first move already goes up")
    func initialTurnPoint() {
        // Start at y=300, go straight up-right to y=200: turn stays (0,0), so
        // first = 0 - 300 = -300, second = 0 - 200 = -200 > -600: recognized.
        let r = StrictCheckmarkRecognizer(id: "check")
        let h = stroke(r, [(100, 300)] + line((100, 300), (150, 200), 5))
        #expect(h.states("check") == ["recognized"])
    }

    @Test("Two touches in one touchesBegan fail")
    func twoTouches() {
        let h = alone(StrictCheckmarkRecognizer(id: "check"))
        h.batch([(.down, 1, 100, 100), (.down, 2, 200, 100)], at: 0)
        #expect(h.states("check") == ["failed"])
    }
}

@Suite("Seed 001: CheckPlease angle checkmark")
struct AngleCheckmarkTests {
    @Test("The book's angleBetweenLines: degrees from the arccosine; NaN for a zero-length line")
    func angleHelper() {
        let o = Point(x: 0, y: 0)
        #expect(abs(AngleCheckmarkRecognizer.angleBetweenLines(o, Point(x: 1, y: 0), o, Point(x: 0, y: 1)) - 90) < 1e-9)
        #expect(abs(AngleCheckmarkRecognizer.angleBetweenLines(o, Point(x: 1, y: 0), o, Point(x: 1, y: 1)) - 45) < 1e-9)
        #expect(abs(AngleCheckmarkRecognizer.angleBetweenLines(o, Point(x: 1, y: 0), o, Point(x: -1, y: 0)) - 180) < 1e-9)
        #expect(AngleCheckmarkRecognizer.angleBetweenLines(o, o, o, Point(x: 1, y: 1)).isNaN)
    }

    @Test("Fires during the move where consecutive segments turn 50 to 135 degrees after more than 10 pt")
    func firesMidStroke() {
        let h = stroke(AngleCheckmarkRecognizer(id: "check"), [(100, 300)] + line((100, 300), (130, 330), 5) + line((130, 330), (200, 260), 5), lift: false)
        // Segment 5 goes down-right, segment 6 up-right: a 90 degree turn after 42 pt.
        #expect(h.states("check") == ["recognized"])
        #expect(h.time(of: "check", to: "recognized") == 48)
    }

    @Test("A turn after 10 pt or less of travel does not count")
    func needsTravel() {
        // 2 moves of 5 pt down-right (10 pt, not more than 10), then a turn.
        let h = stroke(AngleCheckmarkRecognizer(id: "check"), [(100, 300), (103, 304), (106, 308), (111, 303)], lift: false)
        #expect(h.states("check").isEmpty)
    }

    @Test("Turns sharper than 135 or gentler than 50 degrees do not count")
    func angleRange() {
        // A reversal (180 degrees) and a gentle bend (about 20 degrees).
        var h = stroke(AngleCheckmarkRecognizer(id: "check"), [(100, 300)] + line((100, 300), (150, 300), 5) + line((150, 300), (100, 300), 5), lift: false)
        #expect(h.states("check").isEmpty)
        h = stroke(AngleCheckmarkRecognizer(id: "check"), [(100, 300)] + line((100, 300), (150, 300), 5) + line((150, 300), (197, 317), 5), lift: false)
        #expect(h.states("check").isEmpty)
    }

    @Test("Quirk: nothing fails it; lifting leaves it possible")
    func neverFails() {
        let h = stroke(AngleCheckmarkRecognizer(id: "check"), [(100, 300)] + line((100, 300), (200, 300), 10))
        h.finish()
        #expect(h.states("check").isEmpty)
    }
}

@Suite("Seed 002: Apple's checkmark")
struct AppleCheckmarkTests {
    @Test("Recognized at touch-up once the stroke turned up; midPoint is the last point of the downstroke")
    func accepts() {
        let r = AppleCheckmarkRecognizer(id: "check")
        var mid: Point?
        r.addAction { g in mid = (g as! AppleCheckmarkRecognizer).midPoint }
        let h = stroke(r, [(100, 300)] + line((100, 300), (130, 330), 3) + line((130, 330), (140, 320), 1))
        #expect(h.states("check") == ["recognized"])
        #expect(mid == Point(x: 130, y: 330))
    }

    @Test("Quirk: after the upstroke starts, any movement is accepted")
    func anythingAfterUpstroke() {
        let h = stroke(AppleCheckmarkRecognizer(id: "check"), [(100, 300), (110, 310), (120, 300), (50, 400), (20, 500)])
        #expect(h.states("check") == ["recognized"])
    }

    @Test("A left move before the upstroke fails; a stroke that never turns up stays possible")
    func rejects() {
        var h = stroke(AppleCheckmarkRecognizer(id: "check"), [(100, 300), (110, 310), (105, 320)])
        #expect(h.states("check") == ["failed"])
        h = stroke(AppleCheckmarkRecognizer(id: "check"), [(100, 300)] + line((100, 300), (160, 360), 6))
        #expect(h.states("check").isEmpty)
    }

    @Test("touchesCancelled clears midPoint and strokeUp and fails")
    func cancelled() {
        let r = AppleCheckmarkRecognizer(id: "check")
        let h = stroke(r, [(100, 300), (110, 310), (120, 300)], lift: false)
        h.cancel(1, 120, 300, at: 30)
        #expect(h.states("check") == ["failed"])
        #expect(!r.strokeUp && r.midPoint == .zero)
    }
}

@Suite("Seed 003: direction strokes")
struct DirectionStrokeTests {
    @Test("Velocity is the per-move displacement; its gradient runs 0..<2pi with y down")
    func gradient() {
        #expect(TouchVelocity(vx: 1, vy: 0).gradient == 0)
        #expect(abs(TouchVelocity(vx: 1, vy: 1).gradient - .pi / 4) < 1e-12)
        #expect(abs(TouchVelocity(vx: 0, vy: 1).gradient - .pi / 2) < 1e-12)
        #expect(abs(TouchVelocity(vx: -1, vy: 0).gradient - .pi) < 1e-12)
        #expect(abs(TouchVelocity(vx: 1, vy: -1).gradient - 7 * .pi / 4) < 1e-12)
        // The sample code's folded gradient cannot tell down-right from up-left.
        #expect(TouchVelocity(vx: 1, vy: 1).halfTurnGradient == TouchVelocity(vx: -1, vy: -1).halfTurnGradient)
        #expect(StrokeDirection.classify(.pi / 4 + 0.2, tolerance: 0.25) == .downRight)
        #expect(StrokeDirection.classify(.pi / 4 + 0.3, tolerance: 0.25) == nil)
    }

    @Test("A stroke segments into directional strokes; slow moves do not start a segment")
    func segmentation() {
        let pts = [(0.0, 0.0)] + line((0, 0), (60, 60), 6) + [(61, 59)] + line((61, 59), (121, -1), 6)
        let segments = DirectionalSegmenter.segments(of: pts.map { Point(x: $0.0, y: $0.1) })
        #expect(segments.map(\.direction) == [.downRight, .upRight])
        #expect(segments[0].moves == 7)
    }

    @Test("One continuous touch: down-right then up-right is recognized at touch-up")
    func continuous() {
        let h = stroke(DirectionSequenceRecognizer(id: "v"), [(100, 300)] + line((100, 300), (160, 360), 6) + line((160, 360), (220, 300), 6))
        #expect(h.states("v") == ["recognized"])
    }

    @Test("One continuous touch: lifting after the first stroke fails")
    func continuousTooShort() {
        let h = stroke(DirectionSequenceRecognizer(id: "v"), [(100, 300)] + line((100, 300), (160, 360), 6))
        #expect(h.states("v") == ["failed"])
    }

    @Test("The first move must be in the first direction, even a small one")
    func firstMove() {
        let h = stroke(DirectionSequenceRecognizer(id: "v"), [(100, 300), (102, 300)] + line((102, 300), (160, 360), 6), lift: false)
        #expect(h.states("v") == ["failed"])
    }

    @Test("A move in a third direction fails; a slow one does not")
    func otherDirections() {
        var h = stroke(DirectionSequenceRecognizer(id: "v"), [(100, 300)] + line((100, 300), (160, 360), 6) + [(150, 370)], lift: false)
        #expect(h.states("v") == ["failed"])
        h = stroke(DirectionSequenceRecognizer(id: "v"), [(100, 300)] + line((100, 300), (160, 360), 6) + [(157, 362)] + line((157, 362), (217, 302), 6))
        #expect(h.states("v") == ["recognized"])
    }

    @Test("Separate touches: possible between the touches, recognized when the second ends")
    func separate() {
        let r = DirectionSequenceRecognizer(id: "v")
        r.drawing = .separateTouches
        let h = stroke(r, [(100, 300)] + line((100, 300), (160, 360), 6))
        #expect(h.states("v").isEmpty)
        #expect(r.publishedState == .possible && r.drawn == [.downRight])
        _ = stroke(r, [(160, 360)] + line((160, 360), (220, 300), 6), start: 200, harness: h)
        #expect(h.states("v") == ["recognized"])
    }

    @Test("Separate touches (the slides): an X in either order, one stroke per touch")
    func separateEitherOrder() {
        for order in [[(100.0, 300.0), (160.0, 360.0), (160.0, 300.0), (100.0, 360.0)], [(160.0, 300.0), (100.0, 360.0), (100.0, 300.0), (160.0, 360.0)]] {
            let r = DirectionSequenceRecognizer(id: "x")
            r.drawing = .separateTouches
            r.directions = [.downRight, .downLeft]
            let h = stroke(r, [order[0]] + line(order[0], order[1], 6))
            #expect(h.states("x").isEmpty, "possible between the touches")
            _ = stroke(r, [order[2]] + line(order[2], order[3], 6), start: 200, harness: h)
            #expect(h.states("x") == ["recognized"], "\(order)")
        }
    }

    @Test("Separate touches: a touch that turns into the next direction fails (a touch is one stroke); the sample code's mode takes it")
    func separateTouchTurns() {
        let points = [(100.0, 300.0)] + line((100, 300), (160, 360), 6) + line((160, 360), (100, 420), 6)
        let slides = DirectionSequenceRecognizer(id: "x")
        slides.drawing = .separateTouches
        slides.directions = [.downRight, .downLeft]
        #expect(stroke(slides, points).states("x") == ["failed"])
        let sample = DirectionSequenceRecognizer(id: "x")
        sample.drawing = .acrossTouches
        sample.directions = [.downRight, .downLeft]
        #expect(stroke(sample, points).states("x") == ["recognized"])
    }

    @Test("The sample code's mode: two touches in the same direction leave it undecided, as the sample's phases do")
    func acrossTouchesSameDirection() {
        let r = DirectionSequenceRecognizer(id: "x")
        r.drawing = .acrossTouches
        r.directions = [.downRight, .downLeft]
        let h = stroke(r, [(100, 300)] + line((100, 300), (160, 360), 6))
        _ = stroke(r, [(100, 300)] + line((100, 300), (160, 360), 6), start: 200, harness: h)
        #expect(h.states("x").isEmpty)
        #expect(r.publishedState == .possible && r.drawn == [.downRight])
    }

    @Test("Separate touches: a second touch in the wrong direction fails")
    func separateWrong() {
        let r = DirectionSequenceRecognizer(id: "v")
        r.drawing = .separateTouches
        let h = stroke(r, [(100, 300)] + line((100, 300), (160, 360), 6))
        _ = stroke(r, [(160, 360)] + line((160, 360), (100, 420), 6), start: 200, harness: h)
        #expect(h.states("v") == ["failed"])
    }
}

@Suite("Seed 004: cookbook circle")
struct CookbookCircleTests {
    func circlePoints(center: (Double, Double) = (200, 400), radius: Double = 80, turns: Double = 1, count: Int = 40) -> [(Double, Double)] {
        (0...count).map { i in
            let a = 2 * Double.pi * turns * Double(i) / Double(count)
            return (center.0 + radius * cos(a), center.1 + radius * sin(a))
        }
    }

    @Test("A quick full circle is recognized and its bounding rectangle reported")
    func accepts() {
        let r = CookbookCircleRecognizer(id: "circle")
        let h = stroke(r, circlePoints())
        #expect(h.states("circle") == ["recognized"])
        let c = try! #require(r.circle)
        #expect(abs(c.minX - 120) < 1e-6 && abs(c.width - 160) < 1e-6)
    }

    @Test("Test 1: longer than 2 s fails")
    func duration() {
        let h = stroke(CookbookCircleRecognizer(id: "circle"), circlePoints(), step: 60)
        #expect(h.states("circle") == ["failed"])
        #expect(h.last("circle")?.cause.text.hasPrefix("excessive duration") == true)
    }

    @Test("Test 2: more than 5 inflections fails (a zigzag)")
    func inflections() {
        var zigzag: [Point] = []
        for i in 0..<20 {
            let y: Double = i % 2 == 0 ? 300 : 310
            zigzag.append(Point(x: 100 + Double(i) * 5, y: y))
        }
        let verdict = CookbookCircleRecognizer.test(zigzag, duration: 0.5, windowWidth: 390)
        if case let .rejected(reason, _) = verdict { #expect(reason.hasPrefix("excessive inflections")) } else { Issue.record("accepted a zigzag") }
    }

    @Test("The inflection count follows the listing's arithmetic: dx(POINT(i), POINT(i-1)) is earlier minus later, sign(0) is +1, the last point is left out")
    func inflectionQuirks() {
        // By hand, with the listing's dx(p1, p2) = p2.x - p1.x called as dx(POINT(i), POINT(i-1)):
        //   i = 2: deltx = 1 - 1 = 0 -> +1, delty = 1 - 2 = -1 -> -1; px = 0 - 1 -> -1, py = 0 - 1 -> -1:
        //          x signs differ -> inflection 1
        //   i = 3: deltx = 1 - 2 -> -1, delty = 2 - 3 -> -1; px = 1 - 1 = 0 -> +1, py = 1 - 2 -> -1:
        //          x signs differ -> inflection 2
        //   i = 4 is the last point: never compared.
        // Later minus earlier (the mirror of the listing) counts 0 here.
        let pts = [(0.0, 0.0), (1, 1), (1, 2), (2, 3), (1, 2)].map { Point(x: $0.0, y: $0.1) }
        #expect(CookbookCircleRecognizer.inflectionCount(pts) == 2)
        // A stroke that holds x still between two rightward steps: the listing counts both ends
        // of the hold, the mirror neither.
        let hold = [(0.0, 0.0), (1, 1), (1, 2), (1, 3), (2, 4), (3, 5)].map { Point(x: $0.0, y: $0.1) }
        #expect(CookbookCircleRecognizer.inflectionCount(hold) == 2)
        // Straight lines have none, whichever way they go.
        let line = (0..<8).map { Point(x: Double(-$0), y: Double($0 * 2)) }
        #expect(CookbookCircleRecognizer.inflectionCount(line) == 0)
    }

    @Test("Test 3: start and end more than a third of the window width apart fails")
    func closure() {
        let arc = circlePoints(turns: 0.6)
        let h = stroke(CookbookCircleRecognizer(id: "circle"), arc)
        #expect(h.last("circle")?.cause.text.hasPrefix("start too far from end") == true)
    }

    @Test("Test 4: swept angle between 315 and 540 degrees passes; 300 or 560 fail")
    func transit() {
        func verdict(_ turns: Double) -> String {
            let pts = circlePoints(radius: 30, turns: turns, count: 80).map { Point(x: $0.0, y: $0.1) }
            switch CookbookCircleRecognizer.test(pts, duration: 1, windowWidth: 3000) {
            case .circle: return "circle"
            case let .rejected(reason, _): return reason
            }
        }
        #expect(verdict(1) == "circle")
        #expect(verdict(300.0 / 360).hasPrefix("transit too short"))
        #expect(verdict(1.4) == "circle")
        // Past 1.5 turns a circle already has more than 5 inflections: test 2 rejects it first.
        #expect(verdict(1.6).hasPrefix("excessive inflections"))
        // A square traced with only its corners sweeps 90 degrees a step with 3 inflections:
        // 7 steps are 630 degrees.
        let square = [(0.0, 0.0), (100, 0), (100, 100), (0, 100), (0, 0), (100, 0), (100, 100), (0, 100)].map { Point(x: $0.0, y: $0.1) }
        if case let .rejected(reason, _) = CookbookCircleRecognizer.test(square, duration: 1, windowWidth: 3000) {
            #expect(reason.hasPrefix("transit too long"))
        } else { Issue.record("accepted 630 degrees") }
    }

    @Test("Fewer than 2 points fail")
    func tooFew() {
        let h = alone(CookbookCircleRecognizer(id: "circle"))
        h.tap(100, 100, at: 0)
        #expect(h.states("circle") == ["failed"])
    }
}

#if canImport(Glibc)
import Glibc
#endif
