extension Array {
    /// Empties the array and keeps its buffer. `removeAll(keepingCapacity:)` goes through the
    /// generic `replaceSubrange` (about 170 instructions even for one element, measured with
    /// callgrind); the engine empties its few-element scratch lists on every event.
    @inline(__always)
    public mutating func clearKeepingCapacity() {
        while !isEmpty { removeLast() }
    }
}
