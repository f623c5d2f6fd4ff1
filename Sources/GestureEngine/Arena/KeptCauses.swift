/// The causes of the requests waiting for settlement, by slot (`TransitionRequest.causeSlot`),
/// kept only when the log keeps them.
///
/// A cause is read where its request is processed: copied (`cause(at:)`) by the rules that may
/// read it more than once, moved out (`take(at:)`) by the one that reads it once, the update of
/// an active recognizer, on every logged move. A copy costs a call per string and array of the
/// cause, and freeing the slot as many again; an array of optionals, emptied by a move, still
/// frees each slot through the optional's generic value witness. Here a slot that was moved out
/// is only marked, and skipped when the slots are cleared. Not copyable: the slots have one owner.
struct KeptCauses: ~Copyable {
    private var base: UnsafeMutablePointer<Cause>
    /// Whether each slot's cause was moved out (its memory is then uninitialized).
    private var taken: UnsafeMutablePointer<Bool>
    private var capacity: Int
    private(set) var count = 0

    init() {
        capacity = 8
        base = .allocate(capacity: capacity)
        taken = .allocate(capacity: capacity)
    }

    var isEmpty: Bool { @inline(__always) get { count == 0 } }

    /// Keeps `cause` in a new slot and returns the slot. Left a call: inlined, it made
    /// `GestureEnvironment.request` too big to be inlined in turn, which cost every request a
    /// call, also those of a replay that logs nothing.
    @inline(never)
    mutating func append(_ cause: consuming Cause) -> Int32 {
        if count == capacity { grow() }
        (base + count).initialize(to: cause)
        taken[count] = false
        count += 1
        return Int32(count - 1)
    }

    /// A copy of the cause in `slot` (the placeholder of an unlogged cause if it was taken).
    @inline(__always)
    func cause(at slot: Int) -> Cause {
        precondition(slot >= 0 && slot < count, "KeptCauses slot out of range")
        return taken[slot] ? Cause.unlogged : base[slot]
    }

    /// The cause in `slot`, moved out: a later read of the slot finds the placeholder.
    @inline(__always)
    mutating func take(at slot: Int) -> Cause {
        precondition(slot >= 0 && slot < count, "KeptCauses slot out of range")
        guard !taken[slot] else { return Cause.unlogged }
        taken[slot] = true
        return (base + slot).move()
    }

    /// Frees the causes not taken; the storage is kept for the next settlement.
    mutating func removeAll() {
        for i in 0..<count where !taken[i] { (base + i).deinitialize(count: 1) }
        count = 0
    }

    deinit {
        for i in 0..<count where !taken[i] { (base + i).deinitialize(count: 1) }
        base.deallocate()
        taken.deallocate()
    }

    private mutating func grow() {
        let bigger = capacity * 2
        let newBase = UnsafeMutablePointer<Cause>.allocate(capacity: bigger)
        let newTaken = UnsafeMutablePointer<Bool>.allocate(capacity: bigger)
        for i in 0..<count {
            newTaken[i] = taken[i]
            if !taken[i] { (newBase + i).moveInitialize(from: base + i, count: 1) }
        }
        base.deallocate()
        taken.deallocate()
        base = newBase
        taken = newTaken
        capacity = bigger
    }
}
