/// What the engine is doing when a recognizer sets its state, for the causes the log keeps and
/// for what a reaction caused. Touch dispatches and changes made between events keep `.idle`:
/// their causes read the same, so those cycles neither save nor restore it.
enum DispatchContext {
    case idle
    /// The touches are in `GestureEnvironment.deliveringTouches` (kept only when the log is).
    case delivering(phase: TouchPhase)
    case timer(name: String, owner: String, seq: Int)
    case reaction(source: String, seq: Int)
}
