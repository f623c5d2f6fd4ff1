/// The rules a stream of events must follow beyond being well-formed JSON: time never goes
/// backwards, and each pointer goes down, moves, and then lifts or is cancelled, in that order.
public struct TraceValidator: Sendable {
    public private(set) var lastTime = Timestamp.zero
    /// The pointers down now. A short list rather than a set: it is asked on every event and
    /// holds one or two ids (at most 64), where a scan beats hashing.
    private var down: [Int] = []
    public var pointersDown: Set<Int> { Set(down) }
    /// Pointers beyond this many at once are refused: no input device has that many fingers,
    /// and an unbounded set is a memory hazard with hostile files.
    public static let maximumSimultaneousPointers = 64
    /// Pointers in the middle of a scroll gesture (began, not yet ended or cancelled).
    private var scrolling: [Int] = []

    public init() {}

    /// Checks `event` against what came before; returns a message when it breaks a rule.
    @inline(__always)
    public mutating func check(_ event: TraceEvent) -> String? {
        if acceptsMove(event.type, of: event.pointer, at: event.time) { return nil }
        return checkEvery(event)
    }

    /// Most events are moves of a pointer that is down, in time: a few compares, inline. True
    /// (and the event taken) when this one is; false when `check` must look at it.
    @inline(__always)
    mutating func acceptsMove(_ type: TouchEventType, of pointer: Int, at time: Timestamp) -> Bool {
        guard type == .move && time >= lastTime && down.contains(pointer) else { return false }
        lastTime = time
        return true
    }

    private mutating func checkEvery(_ event: TraceEvent) -> String? {
        if event.time < lastTime {
            return "time goes backwards: t=\(event.time.millisecondsText) ms after t=\(lastTime.millisecondsText) ms"
        }
        switch event.type {
        case .down:
            if down.contains(event.pointer) {
                return "pointer \(event.pointer) goes down again while it is already down"
            }
            if down.count >= TraceValidator.maximumSimultaneousPointers {
                return "more than \(TraceValidator.maximumSimultaneousPointers) pointers down at once"
            }
            down.append(event.pointer)
        case .move:
            if !down.contains(event.pointer) { return "move for pointer \(event.pointer), which is not down" }
        case .up, .cancel:
            guard let i = down.firstIndex(of: event.pointer) else { return "\(event.type.rawValue) for pointer \(event.pointer), which is not down" }
            down.remove(at: i)
        case .hover:
            if down.contains(event.pointer) { return "hover for pointer \(event.pointer), which is down (a pressed pointer moves with \"move\")" }
        case .scroll:
            guard let phase = event.scroll?.phase else { return "a scroll event without its phase" }
            let open = scrolling.firstIndex(of: event.pointer)
            switch phase {
            case .began:
                if open != nil { return "scroll began for pointer \(event.pointer), whose scroll has not ended" }
                if scrolling.count >= TraceValidator.maximumSimultaneousPointers { return "more than \(TraceValidator.maximumSimultaneousPointers) scrolls at once" }
                scrolling.append(event.pointer)
            case .changed:
                if open == nil { return "scroll changed for pointer \(event.pointer), whose scroll has not begun" }
            case .ended, .cancelled:
                guard let i = open else { return "scroll \(phase.rawValue) for pointer \(event.pointer), whose scroll has not begun" }
                scrolling.remove(at: i)
            }
        }
        lastTime = event.time
        return nil
    }
}
