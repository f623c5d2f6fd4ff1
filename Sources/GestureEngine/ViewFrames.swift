import GestureTrace

/// Frames of a view's own motion on the virtual clock (a scroll view decelerating): each runs in
/// a dispatch cycle of its own, like a timer, with no row of its own; what it changes (the
/// content offset) logs itself.
extension GestureEnvironment {
    /// The owner the clock knows view frames by.
    static let viewFrameOwner = "view frame"

    /// Runs `body` after `delay` unless cancelled.
    package func scheduleViewFrame(after delay: Duration, _ body: @escaping () -> Void) -> VirtualClock.TimerID {
        clock.schedule(name: "frame", owner: Self.viewFrameOwner, at: now + delay, body)
    }

    package func cancelViewFrame(_ id: VirtualClock.TimerID) { clock.cancel(id) }
}
