/// The rules a stream of events must follow beyond being well-formed JSON: time never goes
/// backwards, and each pointer goes down, moves, and then lifts or is cancelled, in that order.
public struct TraceValidator: Sendable {
    public private(set) var lastTime = Timestamp.zero
    public private(set) var pointersDown: Set<Int> = []
    /// Pointers beyond this many at once are refused: no input device has that many fingers,
    /// and an unbounded set is a memory hazard with hostile files.
    public static let maximumSimultaneousPointers = 64

    public init() {}

    /// Checks `event` against what came before; returns a message when it breaks a rule.
    public mutating func check(_ event: TraceEvent) -> String? {
        if event.time < lastTime {
            return "time goes backwards: t=\(event.time.millisecondsText) ms after t=\(lastTime.millisecondsText) ms"
        }
        switch event.type {
        case .down:
            if pointersDown.contains(event.pointer) {
                return "pointer \(event.pointer) goes down again while it is already down"
            }
            if pointersDown.count >= TraceValidator.maximumSimultaneousPointers {
                return "more than \(TraceValidator.maximumSimultaneousPointers) pointers down at once"
            }
            pointersDown.insert(event.pointer)
        case .move:
            if !pointersDown.contains(event.pointer) { return "move for pointer \(event.pointer), which is not down" }
        case .up, .cancel:
            if pointersDown.remove(event.pointer) == nil { return "\(event.type.rawValue) for pointer \(event.pointer), which is not down" }
        }
        lastTime = event.time
        return nil
    }
}
