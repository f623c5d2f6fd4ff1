/// `GestureArenaTeam` (`gestures/team.dart`): the team's recognizers for one pointer join the
/// arena as one member. When one of them accepts, the team wins with its captain, or with that
/// member when there is no captain; when the team wins by default or at the sweep, the captain
/// or the first member added wins. The team leaves the arena only when all its members have
/// rejected. Flutter's Slider (tap and horizontal drag, no captain) is the documented use.
final class FlutterGestureArenaTeam {
    let name: String
    var captain: FlutterGestureRecognizer?
    private var combiners: [Int: Combiner] = [:]

    init(name: String) { self.name = name }

    /// `_CombiningGestureArenaMember`.
    final class Combiner: FlutterGestureArena.Member {
        unowned let team: FlutterGestureArenaTeam
        let pointer: Int
        var members: [FlutterGestureRecognizer] = []
        var winner: FlutterGestureRecognizer?
        var resolved = false
        var entered = false

        init(team: FlutterGestureArenaTeam, pointer: Int) {
            self.team = team
            self.pointer = pointer
        }

        var arenaName: String { "team \(team.name) (\(members.map(\.id).joined(separator: ", ")))" }

        func acceptGesture(pointer: Int) {
            close()
            let w = winner ?? team.captain ?? members[0]
            winner = w
            for m in members where m !== w { m.rejectGesture(pointer: pointer) }
            w.acceptGesture(pointer: pointer)
        }

        func rejectGesture(pointer: Int) {
            close()
            for m in members { m.rejectGesture(pointer: pointer) }
        }

        private func close() {
            resolved = true
            team.combiners[pointer] = nil
        }
    }

    func add(_ pointer: Int, _ member: FlutterGestureRecognizer, arena: FlutterGestureArena) {
        let c = combiners[pointer] ?? Combiner(team: self, pointer: pointer)
        combiners[pointer] = c
        c.members.append(member)
        if !c.entered {
            c.entered = true
            arena.add(pointer: pointer, c)
        }
    }

    /// A member's verdict, through its team (`_CombiningGestureArenaMember._resolve`); true when
    /// the team took it.
    func resolve(_ pointer: Int, _ member: FlutterGestureRecognizer, _ disposition: FlutterOneSequenceRecognizer.Disposition, arena: FlutterGestureArena) -> Bool {
        guard let c = combiners[pointer] else { return true }
        if c.resolved { return true }
        switch disposition {
        case .rejected:
            c.members.removeAll { $0 === member }
            member.rejectGesture(pointer: pointer)
            if c.members.isEmpty { arena.reject(pointer: pointer, c) }
        case .accepted:
            if c.winner == nil { c.winner = captain ?? member }
            arena.accept(pointer: pointer, c)
        }
        return true
    }
}
