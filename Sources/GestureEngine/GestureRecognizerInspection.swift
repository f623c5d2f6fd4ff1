/// Read-outs about a recognizer for tests, tools and the log: what others see of it, which
/// touches it receives. A subclass reads its own `state`; these are for looking from outside.
extension GestureRecognizer {
    /// The published state's name as written in logs ("recognized" for a discrete recognizer's
    /// ended).
    public var stateName: String { publishedState.name(discrete: isDiscrete) }

    /// Whether `ignore(_:for:)` was called for `touch` in this attempt.
    /// Asked for every touch of every event: the set is only hashed when something is ignored.
    @inline(__always)
    public func isIgnoring(_ touch: Touch) -> Bool { ignoresAny && ignoredSetHolds(touch) }

    @inline(never)
    private func ignoredSetHolds(_ touch: Touch) -> Bool { ignoredSerials.contains(touch.serial) }

    /// Whether the recognizer currently receives `touch`.
    public func isTracking(_ touch: Touch) -> Bool {
        guard !isIgnoring(touch) else { return false }
        return attemptTouchLinks.contains { $0.refers(to: touch) }
    }
}
