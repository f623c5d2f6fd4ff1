/// What the engine is doing when a recognizer sets its state.
enum DispatchContext {
    case idle
    case touches
    /// The touches are in `GestureEnvironment.deliveringTouches` (kept only when the log is).
    case delivering(phase: TouchPhase)
    case timer(name: String, owner: String, seq: Int)
    case reaction(source: String, seq: Int)
    case external
}
