extension Array {
    /// Empties the array and keeps its buffer, without `removeAll(keepingCapacity:)`'s generic
    /// `replaceSubrange`: the engine empties its few-element scratch lists on every event.
    /// Inlinable: replays in other modules of the package call it per event, and a package
    /// symbol gets no implicit cross-module inlining.
    @inlinable @inline(__always)
    package mutating func clearKeepingCapacity() {
        while !isEmpty { removeLast() }
    }
}

/// Moves a reused scratch list out of the property that keeps it between cycles, leaving the
/// property empty. A swap moves the buffer; reading the property into a local would retain it
/// (atomically), and writing it back release the old value.
@inline(__always)
func takeScratch<Element>(_ storage: inout [Element]) -> [Element] {
    var list: [Element] = []
    swap(&list, &storage)
    return list
}

/// A reused list lent out for a call and put back, without reference counting: while it is out
/// the slot holds nothing. (`takeScratch` leaves an empty array in the slot, which costs a
/// release when it is put back; this is for lists lent on every event.)
struct ScratchSlot<Element> {
    private var list: [Element]? = []

    mutating func take() -> [Element] { list.take() ?? [] }
    mutating func put(_ returned: consuming [Element]) { list = returned }
}
