import GestureTrace

/// Timers on the trace's clock. Nothing in replay reads wall time: a timer fires when the
/// replay reaches its due time, in due-time order, ties in scheduling order.
public struct VirtualClock {
    /// A scheduled timer: its slot, and the slot's generation when it was scheduled, so the id of
    /// a timer that fired or was cancelled names nothing once the slot is reused.
    public struct TimerID: Hashable, Sendable { let raw: Int }

    struct Entry {
        var due: Timestamp
        var order: Int
        var id: Int
    }

    struct Scheduled {
        let name: String
        let owner: String
        let due: Timestamp
        let action: () -> Void
    }

    /// Due-time order; cancelled timers stay in it until they reach the top.
    private var heap: [Entry] = []
    /// Live timers by slot. A slot table rather than a dictionary: every tap schedules and
    /// cancels a few timers, and hashing their ids cost more than the timers' own work.
    private var slots: [Scheduled?] = []
    private var generations: [UInt32] = []
    private var freeSlots: [Int] = []
    private var nextOrder = 0
    package private(set) var pendingCount = 0

    package init() {}

    /// Who scheduled each pending timer, in no particular order.
    package var pendingOwners: [String] { slots.compactMap { $0?.owner } }

    private static func id(slot: Int, generation: UInt32) -> Int { slot | Int(generation) << 32 }
    private static func slot(of id: Int) -> Int { id & 0xFFFF_FFFF }

    /// The slot of a live timer with this id, if it is still scheduled.
    private func liveSlot(_ id: Int) -> Int? {
        let slot = Self.slot(of: id)
        // A slot's generation moves on whenever its timer fires or is cancelled, so an id whose
        // generation is the slot's names the timer in it (comparing the slot with nil copied
        // the timer, retaining its strings and closure).
        guard slot < slots.count, Self.id(slot: slot, generation: generations[slot]) == id else { return nil }
        return slot
    }

    mutating func schedule(name: String, owner: String, at due: Timestamp, _ action: @escaping () -> Void) -> TimerID {
        let slot: Int
        if let reused = freeSlots.popLast() {
            slot = reused
        } else {
            slot = slots.count
            slots.append(nil)
            generations.append(0)
        }
        slots[slot] = Scheduled(name: name, owner: owner, due: due, action: action)
        pendingCount += 1
        let id = Self.id(slot: slot, generation: generations[slot])
        heap.append(Entry(due: due, order: nextOrder, id: id))
        nextOrder += 1
        siftUp(heap.count - 1)
        return TimerID(raw: id)
    }

    /// Empties a live slot: its id goes stale and the slot can be reused.
    private mutating func release(_ slot: Int) -> Scheduled? {
        // Moved out, not copied: a copy retains the timer's strings and closure, only to release
        // them again when the slot is cleared.
        let timer = slots[slot].take()
        generations[slot] &+= 1
        freeSlots.append(slot)
        pendingCount -= 1
        return timer
    }

    mutating func cancel(_ id: TimerID) {
        if let slot = liveSlot(id.raw) { _ = release(slot) }
    }

    func isScheduled(_ id: TimerID) -> Bool { liveSlot(id.raw) != nil }

    /// Whether a timer (live or cancelled) may be due at or before `limit`: asked before every
    /// event, inlined, so the usual answer (no) costs a comparison rather than a call.
    @inline(__always)
    func mayHaveDue(upTo limit: Timestamp, inclusive: Bool) -> Bool {
        guard let top = heap.first else { return false }
        return inclusive ? top.due <= limit : top.due < limit
    }

    /// The earliest live timer due at or before `limit` (strictly before when `inclusive` is false).
    mutating func popDue(upTo limit: Timestamp, inclusive: Bool) -> Scheduled? {
        while let top = heap.first {
            // Not due yet: nothing to do, whether or not it was cancelled (asked on every event,
            // so the time is compared before the table is consulted).
            guard inclusive ? top.due <= limit : top.due < limit else { return nil }
            removeTop()
            if let slot = liveSlot(top.id) { return release(slot) }
        }
        return nil
    }

    var nextDue: Timestamp? {
        heap.lazy.filter { self.liveSlot($0.id) != nil }.map(\.due).min()
    }

    private mutating func removeTop() {
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
        if !heap.isEmpty { siftDown(0) }
    }

    private func less(_ a: Entry, _ b: Entry) -> Bool { a.due != b.due ? a.due < b.due : a.order < b.order }

    private mutating func siftUp(_ i: Int) {
        var c = i
        while c > 0 {
            let p = (c - 1) / 2
            if less(heap[c], heap[p]) { heap.swapAt(c, p); c = p } else { return }
        }
    }

    private mutating func siftDown(_ i: Int) {
        var p = i
        while true {
            let l = 2 * p + 1, r = l + 1
            var m = p
            if l < heap.count && less(heap[l], heap[m]) { m = l }
            if r < heap.count && less(heap[r], heap[m]) { m = r }
            if m == p { return }
            heap.swapAt(p, m)
            p = m
        }
    }
}
