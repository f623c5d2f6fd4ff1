import GestureEngine
@testable import GesturePlatforms
import GestureTrace
import Testing

/// The small pieces Flutter's and Android's dispatch keep per pointer, held to what the
/// structures they stand for do: a dictionary by pointer id, and `MotionEvent`'s focus and
/// `ScaleGestureDetector`'s deviations as Android's loops compute them.
@Suite("Per-pointer bookkeeping of the other platforms")
struct PlatformBookkeepingTests {
    @Test("A pointer map answers every lookup as a dictionary does, through adds, changes and removals in any order")
    func pointerMapIsADictionary() {
        var map: PointerMap<String> = [:]
        var dictionary: [Int: String] = [:]
        var state: UInt64 = 7
        for step in 0..<2000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let key = Int(state >> 33) % 6 - 1  // ids -1...4: a handful, as pointers are
            switch state >> 60 {
            case 0...6:
                map[key] = "v\(step)"
                dictionary[key] = "v\(step)"
            case 7...10:
                map[key] = nil
                dictionary[key] = nil
            default:
                map[key, default: "none"] += "+"
                dictionary[key, default: "none"] += "+"
            }
            for k in -2...5 { #expect(map[k] == dictionary[k], "step \(step), key \(k)") }
            #expect(map.count == dictionary.count)
            #expect(map.isEmpty == dictionary.isEmpty)
        }
        let literal: PointerMap<Int> = [3: 30, 1: 10]
        #expect(literal[3] == 30 && literal[1] == 10 && literal[2] == nil && literal.count == 2)
        // Removing by key keeps the rest as they were (Flutter's binding forgets lifted pointers so).
        var pruned: PointerMap<Int> = [5: 50, 2: 20, 8: 80, 3: 30, 4: 40]
        pruned.removeAll { $0 % 2 == 0 }
        #expect(pruned[5] == 50 && pruned[3] == 30 && pruned[2] == nil && pruned[8] == nil && pruned[4] == nil && pruned.count == 2)
        #expect(pruned.containsValue { $0 == 30 } && !pruned.containsValue { $0 == 20 })
    }

    func event(_ action: AndroidMotionEvent.Action, _ pointer: Int, _ points: [(Int, Double, Double)]) -> AndroidMotionEvent {
        AndroidMotionEvent(action: action, actionPointer: pointer, pointers: points.map { (id: $0.0, at: Point(x: $0.1, y: $0.2)) }, time: .zero)
    }

    @Test("The focus is the mean of the pointers but one going up, summed in order as Android's loops do; so are the scale detector's deviations")
    func focusAndDeviation() {
        // Values whose sums depend on the order they are added in.
        let points: [(Int, Double, Double)] = [(1, 0.1, 1e16), (2, 0.2, 1), (3, 0.3, -1e16), (4, 1e-17, 3)]
        for action in [AndroidMotionEvent.Action.move, .pointerUp, .pointerDown] {
            for actionPointer in [1, 3] {
                let e = event(action, actionPointer, points)
                let counted = points.filter { !(action == .pointerUp && $0.0 == actionPointer) }
                var sx = 0.0, sy = 0.0
                for p in counted { sx += p.1; sy += p.2 }
                let n = Double(counted.count)
                let focus = Point(x: sx / n, y: sy / n)
                #expect(e.counted?.count == counted.count)
                #expect(e.focus == focus, "\(action), \(actionPointer)")
                var dx = 0.0, dy = 0.0
                for p in counted { dx += abs(p.1 - focus.x); dy += abs(p.2 - focus.y) }
                let deviation = e.meanDeviation(from: focus, count: counted.count)
                #expect(deviation.x == dx / n && deviation.y == dy / n)
            }
        }
        // The only pointer going up: nothing counts, and the focus is that pointer.
        let last = event(.pointerUp, 5, [(5, 7, 8)])
        #expect(last.counted == nil)
        #expect(last.focus == Point(x: 7, y: 8))
    }

    @Test("A motion event's touch ids are its pointers' ids in order, however many")
    func touchIDs() {
        for count in 0...4 {
            let e = event(.move, 1, (0..<count).map { (10 - $0, 0, 0) })
            #expect(Array(e.touchIDs) == (0..<count).map { 10 - $0 })
            #expect(e.touchIDs == TouchIDs((0..<count).map { 10 - $0 }))
        }
    }
}
