import GesturePlatforms
import Testing

/// The arena's rules as Flutter 3.27.4's `gestures/arena.dart` states them (the platform
/// reference, section 1.2): expectations written from those rules, one test per rule.
@Suite("Flutter's gesture arena")
struct FlutterGestureArenaTests {
    /// A member that records what it was told, in one shared journal.
    final class Member: FlutterGestureArena.Member {
        let name: String
        let journal: Journal
        init(_ name: String, _ journal: Journal) { self.name = name; self.journal = journal }
        func acceptGesture(pointer: Int) { journal.lines.append("\(name) accepted") }
        func rejectGesture(pointer: Int) { journal.lines.append("\(name) rejected") }
        var arenaName: String { name }
    }

    final class Journal { var lines: [String] = [] }

    /// An arena with these members in the arena of pointer 1, in this order.
    func arena(_ names: String...) -> (FlutterGestureArena, Journal, [Member]) {
        let arena = FlutterGestureArena(), j = Journal()
        let members = names.map { Member($0, j) }
        for m in members { arena.add(pointer: 1, m) }
        return (arena, j, members)
    }

    @Test("A lone member wins after the event that closed its arena, not during it")
    func loneMemberWinsByMicrotask() {
        let (arena, j, _) = arena("drag")
        arena.close(pointer: 1)
        #expect(j.lines.isEmpty, "the default win is a microtask")
        arena.drainMicrotasks()
        #expect(j.lines == ["drag accepted"])
        #expect(arena.lastDecision?.rule == .lastMemberStanding)
        #expect(!arena.hasArena(pointer: 1))
    }

    @Test("A member that accepts while the arena is open is the eager winner at close: the others are rejected first, in arena order")
    func eagerWinner() {
        let (arena, j, m) = arena("tap", "eager", "pan")
        let (eager, pan) = (m[1], m[2])
        arena.accept(pointer: 1, eager)
        arena.accept(pointer: 1, pan)  // only the first acceptance counts while open
        #expect(j.lines.isEmpty)
        arena.close(pointer: 1)
        #expect(j.lines == ["tap rejected", "pan rejected", "eager accepted"])
        #expect(arena.lastDecision?.rule == .eagerWinner)
    }

    @Test("Once the arena is closed, an acceptance wins at once")
    func acceptedWhenClosed() {
        let (arena, j, m) = arena("tap", "drag")
        arena.close(pointer: 1)
        arena.accept(pointer: 1, m[1])
        #expect(j.lines == ["tap rejected", "drag accepted"])
        #expect(arena.lastDecision?.rule == .acceptedWhenClosed)
    }

    @Test("At the sweep the first member wins (deepest first): accepted before the others are rejected")
    func sweepFirstMemberWins() {
        let (arena, j, _) = arena("childTap", "parentTap")
        arena.close(pointer: 1)
        arena.sweep(pointer: 1)
        #expect(j.lines == ["childTap accepted", "parentTap rejected"])
        #expect(arena.lastDecision?.rule == .firstMemberAtSweep)
    }

    @Test("A held arena's sweep waits for the release (a double tap's first tap)")
    func holdPostponesSweep() {
        let (arena, j, _) = arena("doubleTap", "tap")
        arena.close(pointer: 1)
        arena.hold(pointer: 1)
        arena.sweep(pointer: 1)
        #expect(j.lines.isEmpty && arena.hasArena(pointer: 1))
        arena.release(pointer: 1)
        #expect(j.lines == ["doubleTap accepted", "tap rejected"])
    }

    @Test("Rejections leave the last member standing, who wins after the event; when all reject, nobody wins and the arena goes")
    func rejections() {
        let (arena, j, m) = arena("a", "b")
        arena.close(pointer: 1)
        arena.reject(pointer: 1, m[0])
        #expect(j.lines == ["a rejected"])
        arena.drainMicrotasks()
        #expect(j.lines == ["a rejected", "b accepted"])

        let c = Member("c", j)
        arena.add(pointer: 2, c)
        arena.close(pointer: 2)
        arena.reject(pointer: 2, c)
        arena.drainMicrotasks()
        #expect(j.lines.suffix(1) == ["c rejected"], "no default win for a rejected member")
        #expect(!arena.hasArena(pointer: 2))
        #expect(arena.lastDecision == FlutterGestureArena.Decision(pointer: 2, rule: nil, winner: nil))
    }

    @Test("Each member is told exactly once, whatever happens after the arena is decided")
    func toldOnce() {
        let (arena, j, m) = arena("a", "b")
        let (a, b) = (m[0], m[1])
        arena.close(pointer: 1)
        arena.accept(pointer: 1, a)
        arena.reject(pointer: 1, a)
        arena.accept(pointer: 1, b)
        arena.sweep(pointer: 1)
        arena.drainMicrotasks()
        #expect(j.lines == ["b rejected", "a accepted"])
    }

    @Test("Arenas of different pointers are decided apart")
    func perPointer() {
        let arena = FlutterGestureArena(), j = Journal()
        let a = Member("a", j), b = Member("b", j)
        arena.add(pointer: 1, a)
        arena.add(pointer: 2, b)
        arena.add(pointer: 2, a)
        arena.close(pointer: 1)
        arena.close(pointer: 2)
        arena.drainMicrotasks()
        #expect(j.lines == ["a accepted"], "pointer 1's lone member; pointer 2 still has two")
        arena.sweep(pointer: 2)
        #expect(j.lines == ["a accepted", "b accepted", "a rejected"])
    }
}
