@testable import GestureEngine
import GestureTestSupport
import Testing

@Suite("The causes kept for queued requests")
struct KeptCausesTests {
    /// Long enough that each text has storage of its own, so a cause copied, moved or freed
    /// the wrong way shows as a wrong text (or a crash), not as a coincidence of small strings.
    static func cause(_ i: Int) -> Cause {
        Cause(.touches, "request \(i): a reason long enough to need storage of its own", other: "recognizer \(i)", causedBy: i,
              evidence: [Evidence("p\(i)", value: Double(i), threshold: 10, unit: "pt", comparison: ">")])
    }

    @Test("Each slot gives back its own cause, read as often as asked, also after the slots grew")
    func readsSurviveGrowth() {
        var kept = KeptCauses()
        // Past the first capacity (8) twice, so the slots move.
        let slots = (0..<40).map { kept.append(Self.cause($0)) }
        #expect(slots == (0..<40).map(Int32.init))
        let count = kept.count
        #expect(count == 40)
        for i in 0..<40 {
            #expect(kept.cause(at: i) == Self.cause(i))
            #expect(kept.cause(at: i) == Self.cause(i))
        }
    }

    @Test("A cause taken is the one kept; its slot then reads as unlogged, and the others are untouched")
    func takeMovesOut() {
        var kept = KeptCauses()
        for i in 0..<5 { _ = kept.append(Self.cause(i)) }
        #expect(kept.take(at: 2) == Self.cause(2))
        #expect(kept.cause(at: 2) == Cause.unlogged)
        #expect(kept.take(at: 2) == Cause.unlogged)
        for i in [0, 1, 3, 4] { #expect(kept.cause(at: i) == Self.cause(i)) }
    }

    @Test("Slots taken before the slots grow stay taken; clearing frees the rest and the slots are reused")
    func takenAcrossGrowthAndClearing() {
        var kept = KeptCauses()
        for i in 0..<8 { _ = kept.append(Self.cause(i)) }
        for i in stride(from: 0, to: 8, by: 2) { #expect(kept.take(at: i) == Self.cause(i)) }
        // The ninth grows the slots: the taken ones are not moved, the others are.
        for i in 8..<20 { _ = kept.append(Self.cause(i)) }
        for i in 0..<20 {
            #expect(kept.cause(at: i) == (i < 8 && i % 2 == 0 ? Cause.unlogged : Self.cause(i)))
        }
        kept.removeAll()
        let emptied = kept.isEmpty
        #expect(emptied)
        // A slot taken before the clearing is a fresh slot after it.
        #expect(kept.append(Self.cause(100)) == 0)
        #expect(kept.cause(at: 0) == Self.cause(100))
        #expect(kept.take(at: 0) == Self.cause(100))
    }

    @Test("A logged recognizer's updates keep their own causes, one row each, in order")
    func loggedUpdatesKeepTheirCauses() {
        let h = Harness()
        let updates = ReasonedUpdates(id: "updates")
        h.view("v", Rect(x: 0, y: 0, width: 400, height: 400)).addGestureRecognizer(updates)
        h.drag(from: (10, 10), to: (130, 10), at: 0, duration: 96, steps: 12)
        let changed = h.entries.filter { $0.kind == .transition && $0.recognizer == "updates" && $0.to == "changed" }
        // The first move begins it; each later one is an update with the words it gave.
        #expect(changed.map(\.cause.text) == (2...12).map { "update \($0) of the stroke" })
        #expect(h.path("updates") == ["began", "changed", "ended"])
    }
}

/// Begins on its first move and asks for an update on every later one, each with a reason of
/// its own: the update path that takes its cause rather than copying it.
private final class ReasonedUpdates: GestureRecognizer {
    private var moves = 0

    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        moves += 1
        setState(state == .possible ? .began : .changed, because: "update \(moves) of the stroke" as String)
    }

    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) { setState(.ended) }

    override func reset() {
        super.reset()
        moves = 0
    }
}
