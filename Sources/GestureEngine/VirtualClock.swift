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

    package struct Scheduled {
        package let name: String
        package let owner: String
        package let due: Timestamp
        package let action: () -> Void
    }

    /// Due-time order; cancelled timers stay in it until they reach the top.
    private var heap: [Entry] = []
    /// Live timers by slot. A slot table rather than a dictionary: every tap schedules and
    /// cancels a few timers, and hashing their ids costs more than the timers' own work.
    private var slots: [Slot] = []
    private var freeSlots: [Int] = []
    private var nextOrder = 0
    package private(set) var pendingCount = 0

    package init() {}

    /// Who scheduled each pending timer, in no particular order.
    package var pendingOwners: [String] { slots.compactMap { $0.timer?.owner } }

    /// A slot of the table: its timer while live, and a generation that moves on whenever the
    /// timer fires or is cancelled. One array rather than two: a tap schedules and cancels a few
    /// timers, and every write to an array checks that its buffer is not shared.
    private struct Slot {
        var generation: UInt32 = 0
        var timer: Scheduled?
    }

    private static func id(slot: Int, generation: UInt32) -> Int { slot | Int(generation) << 32 }
    private static func slot(of id: Int) -> Int { id & 0xFFFF_FFFF }

    /// The slot of a live timer with this id, if it is still scheduled.
    private func liveSlot(_ id: Int) -> Int? {
        let slot = Self.slot(of: id)
        // A slot's generation moves on whenever its timer fires or is cancelled, so an id whose
        // generation is the slot's names the timer in it (comparing the slot with nil copied
        // the timer, retaining its strings and closure).
        guard slot < slots.count, Self.id(slot: slot, generation: slots[slot].generation) == id else { return nil }
        return slot
    }

    package mutating func schedule(name: String, owner: String, at due: Timestamp, _ action: @escaping () -> Void) -> TimerID {
        let slot: Int
        if let reused = freeSlots.popLast() {
            slot = reused
        } else {
            slot = slots.count
            slots.append(Slot())
        }
        slots[slot].timer = Scheduled(name: name, owner: owner, due: due, action: action)
        pendingCount += 1
        let id = Self.id(slot: slot, generation: slots[slot].generation)
        heap.append(Entry(due: due, order: nextOrder, id: id))
        nextOrder += 1
        siftUp(heap.count - 1)
        return TimerID(raw: id)
    }

    /// Empties a live slot: its id goes stale and the slot can be reused.
    private mutating func release(_ slot: Int) -> Scheduled? {
        // Moved out, not copied: a copy retains the timer's strings and closure, only to release
        // them again when the slot is cleared.
        let timer = slots[slot].timer.take()
        slots[slot].generation &+= 1
        freeSlots.append(slot)
        pendingCount -= 1
        return timer
    }

    package mutating func cancel(_ id: TimerID) {
        if let slot = liveSlot(id.raw) { _ = release(slot) }
    }

    package func isScheduled(_ id: TimerID) -> Bool { liveSlot(id.raw) != nil }

    /// Whether a timer (live or cancelled) may be due at or before `limit`: asked before every
    /// event, inlined, so the usual answer (no) costs a comparison rather than a call.
    @inline(__always)
    func mayHaveDue(upTo limit: Timestamp, inclusive: Bool) -> Bool {
        guard let top = heap.first else { return false }
        return inclusive ? top.due <= limit : top.due < limit
    }

    /// The earliest live timer due at or before `limit` (strictly before when `inclusive` is false).
    package mutating func popDue(upTo limit: Timestamp, inclusive: Bool) -> Scheduled? {
        while let top = heap.first {
            // Not due yet: nothing to do, whether or not it was cancelled (asked on every event,
            // so the time is compared before the table is consulted).
            guard inclusive ? top.due <= limit : top.due < limit else { return nil }
            removeTop()
            if let slot = liveSlot(top.id) { return release(slot) }
        }
        return nil
    }

    package var nextDue: Timestamp? {
        heap.lazy.filter { self.liveSlot($0.id) != nil }.map(\.due).min()
    }

    private mutating func removeTop() {
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            siftDown(0)
        }
    }

    private static func less(_ a: Entry, _ b: Entry) -> Bool { a.due != b.due ? a.due < b.due : a.order < b.order }

    // The sifts move a hole through the heap in one pass over its buffer (one check that the
    // buffer is not shared, instead of one per swap).
    private mutating func siftUp(_ i: Int) {
        heap.withUnsafeMutableBufferPointer { h in
            let x = h[i]
            var c = i
            while c > 0 {
                let p = (c - 1) / 2
                guard Self.less(x, h[p]) else { break }
                h[c] = h[p]
                c = p
            }
            h[c] = x
        }
    }

    private mutating func siftDown(_ i: Int) {
        heap.withUnsafeMutableBufferPointer { h in
            let x = h[i]
            var p = i
            while true {
                let l = 2 * p + 1, r = l + 1
                var m = p
                var best = x
                if l < h.count && Self.less(h[l], best) { m = l; best = h[l] }
                if r < h.count && Self.less(h[r], best) { m = r; best = h[r] }
                if m == p { break }
                h[p] = best
                p = m
            }
            h[p] = x
        }
    }
}
