import GestureTrace

/// Timers on the trace's clock. Nothing in replay reads wall time: a timer fires when the
/// replay reaches its due time, in due-time order, ties in scheduling order.
public struct VirtualClock {
    public struct TimerID: Hashable, Sendable { let raw: Int }

    struct Entry {
        var due: Timestamp
        var order: Int
        var id: Int
    }

    final class Scheduled {
        let name: String
        let owner: String
        let due: Timestamp
        let action: () -> Void
        init(name: String, owner: String, due: Timestamp, action: @escaping () -> Void) {
            self.name = name
            self.owner = owner
            self.due = due
            self.action = action
        }
    }

    private var heap: [Entry] = []
    private var live: [Int: Scheduled] = [:]
    private var nextID = 0

    public init() {}

    public var pendingCount: Int { live.count }
    /// Who scheduled each pending timer, in no particular order.
    public var pendingOwners: [String] { live.values.map(\.owner) }

    mutating func schedule(name: String, owner: String, at due: Timestamp, _ action: @escaping () -> Void) -> TimerID {
        let id = nextID
        nextID += 1
        live[id] = Scheduled(name: name, owner: owner, due: due, action: action)
        heap.append(Entry(due: due, order: id, id: id))
        siftUp(heap.count - 1)
        return TimerID(raw: id)
    }

    mutating func cancel(_ id: TimerID) { live[id.raw] = nil }

    func isScheduled(_ id: TimerID) -> Bool { live[id.raw] != nil }

    /// The earliest live timer due at or before `limit` (strictly before when `inclusive` is false).
    mutating func popDue(upTo limit: Timestamp, inclusive: Bool) -> Scheduled? {
        while let top = heap.first {
            // Not due yet: nothing to do, whether or not it was cancelled (asked on every event,
            // so the time is compared before the dictionary is consulted).
            guard inclusive ? top.due <= limit : top.due < limit else { return nil }
            guard live[top.id] != nil else { removeTop(); continue }
            removeTop()
            return live.removeValue(forKey: top.id)
        }
        return nil
    }

    var nextDue: Timestamp? {
        heap.lazy.filter { self.live[$0.id] != nil }.map(\.due).min()
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
