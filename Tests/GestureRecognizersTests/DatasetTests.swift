import Foundation
import GestureEngine
import GestureImport
import GestureRecognizers
import GestureTestSupport
import Testing

/// The development set of real strokes, read in place (never copied into the repo).
let datasetRoot = DollarDataset.root

let dataset: [DollarGesture] = {
    DollarXMLReader.files(under: datasetRoot).compactMap { try? DollarXMLReader.read(path: $0) }
}()

func points(_ g: DollarGesture) -> [Point] { g.points.map { Point(x: $0.x, y: $0.y) } }

struct Score {
    var tp = 0, fp = 0, fn = 0
    var f1: Double {
        let p = Double(tp) / Double(max(tp + fp, 1)), r = Double(tp) / Double(max(tp + fn, 1))
        return p + r > 0 ? 2 * p * r / (p + r) : 0
    }
}

func score(_ target: String, speed: String?, _ accepts: (DollarGesture) -> Bool) -> Score {
    var s = Score()
    for g in dataset where speed == nil || g.speed == speed {
        let yes = accepts(g)
        if g.gestureClass == target { if yes { s.tp += 1 } else { s.fn += 1 } } else if yes { s.fp += 1 }
    }
    return s
}

@Suite("Better checkmark and circle on the $1 development set", .enabled(if: DollarDataset.isPresent, Comment(rawValue: DollarDataset.absence)))
struct DatasetTests {
    @Test("The development set is there: 6 subjects, 3 speeds, 16 classes, 10 repetitions")
    func datasetPresent() {
        #expect(dataset.count == 2880, "read \(dataset.count) strokes from \(datasetRoot)")
        #expect(Set(dataset.map(\.gestureClass)).count == 16)
        #expect(dataset.filter { $0.gestureClass == "check" }.count == 180)
    }

    @Test("Checkmark: F1 at least 0.95 against the 15 other classes, at every speed", arguments: ["slow", "medium", "fast"])
    func checkmark(speed: String) {
        let r = CheckmarkRecognizer(id: "check")
        let s = score("check", speed: speed) { r.analyze(points($0)).accepted }
        #expect(s.f1 >= 0.95, "\(speed): tp \(s.tp) fp \(s.fp) fn \(s.fn) F1 \(s.f1)")
    }

    @Test("Circle: F1 at least 0.97 against the 15 other classes, at every speed", arguments: ["slow", "medium", "fast"])
    func circle(speed: String) {
        let r = CircleRecognizer(id: "circle")
        let s = score("circle", speed: speed) { r.analyze(points($0)).circle != nil }
        #expect(s.f1 >= 0.97, "\(speed): tp \(s.tp) fp \(s.fp) fn \(s.fn) F1 \(s.f1)")
    }

    @Test("The better variants survive what breaks the ports: size, jitter, a hook at the end")
    func robustness() {
        let check = CheckmarkRecognizer(id: "c"), circle = CircleRecognizer(id: "o")
        var rng = SystemRandomNumberGeneratorStandIn(seed: 7)
        for g in dataset where g.gestureClass == "check" && g.subject == "3" {
            let p = points(g)
            // Four times larger, with 1.5 pt of jitter.
            let big = p.map { Point(x: $0.x * 4 + rng.next(1.5), y: $0.y * 4 + rng.next(1.5)) }
            #expect(check.analyze(big).accepted, "\(g.sourcePath) scaled and jittered")
            // A small hook at the end (the finger flicks down-left as it lifts).
            let last = p[p.count - 1]
            #expect(check.analyze(p + [Point(x: last.x - 2, y: last.y + 3)]).accepted, "\(g.sourcePath) with a hook")
        }
        for g in dataset where g.gestureClass == "circle" && g.subject == "3" {
            let small = points(g).map { Point(x: $0.x / 3 + rng.next(0.3), y: $0.y / 3 + rng.next(0.3)) }
            #expect(circle.analyze(small).circle != nil, "\(g.sourcePath) a third of the size, jittered")
        }
    }

    @Test("Through the engine: a real check replayed in a scene is recognized at touch-up by the better checkmark")
    func throughEngine() throws {
        let g = try #require(dataset.first { $0.gestureClass == "check" && $0.speed == "fast" }, "the development set is needed, in \(datasetRoot)")
        let r = CheckmarkRecognizer(id: "check")
        let h = Harness(width: 240, height: 320)
        h.view("pad", Rect(x: 0, y: 0, width: 240, height: 320)).addGestureRecognizer(r)
        let (_, events) = g.trace()
        for e in events { h.env.feed(e) }
        h.finish()
        #expect(h.states("check") == ["recognized"])
        #expect(h.time(of: "check", to: "recognized") == events.last!.time.milliseconds)
    }
}

/// A seeded generator for test noise (the library's is in GestureSynth, not a test dependency here).
struct SystemRandomNumberGeneratorStandIn {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ amplitude: Double) -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        let u = Double(state >> 11) / Double(1 << 53)
        return (u * 2 - 1) * amplitude
    }
}

/// A half circle is not a circle, however open circles may be: its ends are its whole size apart,
/// and it turns only half way round.
@Test("The better circle: half a circle is too open and turns too little; 0.8 of one and a whole one pass")
func circleArcs() {
    func arc(_ turns: Double) -> [Point] {
        (0...60).map { i in
            let a = 2 * Double.pi * turns * Double(i) / 60
            return Point(x: 200 + 80 * cos(a), y: 300 + 80 * sin(a))
        }
    }
    let r = CircleRecognizer(id: "c")
    #expect(r.analyze(arc(0.5)).circle == nil)
    #expect(r.analyze(arc(0.5)).reason.hasPrefix("it turns 0.49"), "\(r.analyze(arc(0.5)).reason)")
    r.minimumTurns = 0.45
    #expect(r.analyze(arc(0.5)).reason.hasPrefix("it does not close: it comes back no nearer than 1 of its size"), "\(r.analyze(arc(0.5)).reason)")
    #expect(r.analyze(arc(0.8)).circle != nil)
    #expect(r.analyze(arc(1.0)).circle != nil)
}
