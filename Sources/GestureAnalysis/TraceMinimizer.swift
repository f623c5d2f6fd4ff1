import GestureEngine
import GestureTrace

/// Delta debugging (Zeller's ddmin) on a trace: the smallest set of strokes, then of moves
/// within them, for which a condition still holds. Every candidate stays a valid trace: whole
/// strokes are removed, or single moves, never a down or an up alone.
public struct TraceMinimizer {
    public typealias Condition = ([TraceEvent]) -> Bool

    /// A stroke: one pointer from down to up (indices into the event list).
    struct Stroke { var indices: [Int] }

    public let events: [TraceEvent]
    public let holds: Condition
    public private(set) var tests = 0

    public init(events: [TraceEvent], holds: @escaping Condition) {
        self.events = events
        self.holds = holds
    }

    func strokes(_ list: [TraceEvent]) -> [Stroke] {
        var open: [Int: Int] = [:]
        var out: [Stroke] = []
        for (i, e) in list.enumerated() {
            switch e.type {
            case .down:
                out.append(Stroke(indices: [i]))
                open[e.pointer] = out.count - 1
            case .hover, .scroll:
                // Pointer samples that are not touches: each one a unit the minimizer may drop.
                out.append(Stroke(indices: [i]))
            default:
                if let s = open[e.pointer] { out[s].indices.append(i) }
                if e.type == .up || e.type == .cancel { open[e.pointer] = nil }
            }
        }
        return out
    }

    /// Classic ddmin over `units`, keeping the complement tests; `build` turns kept units into a trace.
    mutating func ddmin<U>(_ units: [U], _ build: ([U]) -> [TraceEvent]) -> [U] {
        var current = units
        var n = 2
        while current.count >= 2 {
            let chunk = max(1, current.count / n)
            var reduced = false
            var start = 0
            while start < current.count {
                let end = min(current.count, start + chunk)
                let complement = Array(current[..<start]) + Array(current[end...])
                tests += 1
                if !complement.isEmpty && holds(build(complement)) {
                    current = complement
                    n = max(n - 1, 2)
                    reduced = true
                    break
                }
                start = end
            }
            if !reduced {
                if n >= current.count { break }
                n = min(current.count, n * 2)
            }
        }
        return current
    }

    /// The minimized events (in their original order and times), or nil if the condition does not
    /// hold for the whole trace to begin with.
    public mutating func minimize() -> [TraceEvent]? {
        tests += 1
        guard holds(events) else { return nil }
        // 1. Whole strokes.
        let all = strokes(events)
        let source = events
        let keptStrokes = ddmin(all) { kept in
            let idx = Set(kept.flatMap(\.indices))
            return source.enumerated().filter { idx.contains($0.offset) }.map(\.element)
        }
        var kept = Set(keptStrokes.flatMap(\.indices))
        // 2. Moves within the kept strokes.
        let moves = kept.sorted().filter { source[$0].type == .move }
        let fixed = kept.subtracting(moves)
        let keptMoves = ddmin(moves) { m in
            let idx = fixed.union(m)
            return source.enumerated().filter { idx.contains($0.offset) }.map(\.element)
        }
        // ddmin never tries the empty set; try dropping every move.
        let noMoves = events.enumerated().filter { fixed.contains($0.offset) }.map(\.element)
        tests += 1
        kept = holds(noMoves) ? fixed : fixed.union(keptMoves)
        return events.enumerated().filter { kept.contains($0.offset) }.map(\.element)
    }
}
