/// Flutter's gesture arena (`gestures/arena.dart`, Flutter 3.27.4; the platform reference's
/// section 1.2): one arena per pointer, whose members are the recognizers that took
/// the pointer, in the order they joined (hit-test order, deepest first). "The first member to
/// accept or the last member to not reject wins":
///
/// - a member that accepts while the arena is open becomes the eager winner (the first one only),
///   and wins when the arena closes; once the arena is closed, an acceptance wins at once;
/// - a member that rejects leaves; when one member is left in a closed arena it wins after the
///   event being handled (Flutter's microtask), at the same time;
/// - at the sweep (after the pointer's up) the first member wins, unless the arena is held (a
///   double tap holds it), in which case the sweep waits for the release.
///
/// Every member of an arena is told exactly once: accepted or rejected. A winner's rivals are
/// rejected before it is accepted when it wins by acceptance or by default; at the sweep the
/// first member is accepted before the others are rejected (arena.dart's order in each case).
/// Each resolution is recorded with its rule, for the decision log.
public final class FlutterGestureArena {
    /// A recognizer in an arena: told once per pointer whether it won.
    public protocol Member: AnyObject {
        func acceptGesture(pointer: Int)
        func rejectGesture(pointer: Int)
        /// How the log names the member.
        var arenaName: String { get }
    }

    /// How an arena was decided, for the log.
    public enum Rule: String, Sendable {
        /// The member accepted while the arena was open and won when it closed.
        case eagerWinner
        /// The member accepted once the arena was closed.
        case acceptedWhenClosed
        /// Every other member rejected: the last one standing wins after the event.
        case lastMemberStanding
        /// The pointer lifted with no decision: the first member wins.
        case firstMemberAtSweep
    }

    public struct Decision: Sendable, Equatable {
        public var pointer: Int
        /// How it was decided, or nil when every member rejected (no winner).
        public var rule: Rule?
        /// The member that won.
        public var winner: ObjectIdentifier?

        public init(pointer: Int, rule: Rule?, winner: ObjectIdentifier?) {
            self.pointer = pointer
            self.rule = rule
            self.winner = winner
        }
    }

    private final class Arena {
        var members: [Member] = []
        var isOpen = true
        var isHeld = false
        var hasPendingSweep = false
        var eagerWinner: Member?
    }

    private var arenas: PointerMap<Arena> = [:]
    /// The arena decided last (only that one is kept: a list of every decision grew with the trace).
    public private(set) var lastDecision: Decision?
    /// Work Flutter schedules as microtasks: run after the event being handled (`drainMicrotasks`).
    private var microtasks: [() -> Void] = []
    /// Called with each decision and the members it tells, around telling them: a replay logs
    /// the decision first, so the members' own rows can name it as their cause.
    public var around: ((Decision, _ winner: Member?, _ losers: [Member], _ tell: () -> Void) -> Void)?

    public init() {}

    /// Adds `member` to the arena of `pointer`, making the arena on first use (at pointer down).
    public func add(pointer: Int, _ member: Member) {
        let arena = arenas[pointer] ?? Arena()
        arenas[pointer] = arena
        arena.members.append(member)
    }

    /// Whether the arena of `pointer` is held (a double tap waits for its second tap).
    public func isHeld(pointer: Int) -> Bool { arenas[pointer]?.isHeld ?? false }

    /// Whether `pointer` has an undecided arena.
    public func hasArena(pointer: Int) -> Bool { arenas[pointer] != nil }

    /// The members still in the arena of `pointer`, in order.
    public func members(pointer: Int) -> [Member] { arenas[pointer]?.members ?? [] }

    /// No more members join (after the down event was routed); may decide the arena.
    public func close(pointer: Int) {
        guard let arena = arenas[pointer] else { return }
        arena.isOpen = false
        tryToResolve(pointer, arena)
    }

    /// The member's verdict on its own gesture (`GestureArenaEntry.resolve`).
    public func accept(pointer: Int, _ member: Member) {
        guard let arena = arenas[pointer], arena.members.contains(where: { $0 === member }) else { return }
        if arena.isOpen {
            if arena.eagerWinner == nil { arena.eagerWinner = member }
        } else {
            resolve(pointer, arena, inFavorOf: member, rule: .acceptedWhenClosed)
        }
    }

    public func reject(pointer: Int, _ member: Member) {
        guard let arena = arenas[pointer], let i = arena.members.firstIndex(where: { $0 === member }) else { return }
        arena.members.remove(at: i)
        member.rejectGesture(pointer: pointer)
        if !arena.isOpen { tryToResolve(pointer, arena) }
    }

    /// After the pointer's up was routed: the first member wins, unless the arena is held.
    public func sweep(pointer: Int) {
        guard let arena = arenas[pointer] else { return }
        if arena.isHeld {
            arena.hasPendingSweep = true
            return
        }
        arenas[pointer] = nil
        guard let first = arena.members.first else { return }
        let losers = Array(arena.members.dropFirst())
        decide(Decision(pointer: pointer, rule: .firstMemberAtSweep, winner: ObjectIdentifier(first)), first, losers) {
            first.acceptGesture(pointer: pointer)
            for m in losers { m.rejectGesture(pointer: pointer) }
        }
    }

    /// Postpones the sweep (a double tap waiting for its second tap).
    public func hold(pointer: Int) {
        arenas[pointer]?.isHeld = true
    }

    /// Ends a hold, running the sweep it postponed.
    public func release(pointer: Int) {
        guard let arena = arenas[pointer] else { return }
        arena.isHeld = false
        if arena.hasPendingSweep { sweep(pointer: pointer) }
    }

    /// Runs what the arena deferred to after the event (a last member's default win).
    public func drainMicrotasks() {
        while !microtasks.isEmpty {
            let task = microtasks.removeFirst()
            task()
        }
    }

    private func tryToResolve(_ pointer: Int, _ arena: Arena) {
        if arena.members.count == 1 {
            // Runs only from `drainMicrotasks`, while the manager lives: unowned. The arena is
            // held until then; it resolves only if it is still the pointer's. (Weak captures gave
            // both a side table, which slows every retain and release of them.)
            microtasks.append { [unowned self, arena] in
                guard self.arenas[pointer] === arena, arena.members.count == 1 else { return }
                self.arenas[pointer] = nil
                let winner = arena.members[0]
                self.decide(Decision(pointer: pointer, rule: .lastMemberStanding, winner: ObjectIdentifier(winner)), winner, []) {
                    winner.acceptGesture(pointer: pointer)
                }
            }
        } else if arena.members.isEmpty {
            arenas[pointer] = nil
            decide(Decision(pointer: pointer, rule: nil, winner: nil), nil, []) {}
        } else if let eager = arena.eagerWinner {
            resolve(pointer, arena, inFavorOf: eager, rule: .eagerWinner)
        }
    }

    private func resolve(_ pointer: Int, _ arena: Arena, inFavorOf winner: Member, rule: Rule) {
        arenas[pointer] = nil
        let losers = arena.members.filter { $0 !== winner }
        decide(Decision(pointer: pointer, rule: rule, winner: ObjectIdentifier(winner)), winner, losers) {
            for m in losers { m.rejectGesture(pointer: pointer) }
            winner.acceptGesture(pointer: pointer)
        }
    }

    private func decide(_ decision: Decision, _ winner: Member?, _ losers: [Member], _ tell: () -> Void) {
        lastDecision = decision
        if let around { around(decision, winner, losers, tell) } else { tell() }
    }
}
