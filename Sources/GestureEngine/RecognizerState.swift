/// The states of UIKit's recognizer state machine (docs/uikit-rules.md A.1.1). `recognized` is `ended`.
public enum RecognizerState: Int, Sendable, CaseIterable {
    case possible, began, changed, ended, cancelled, failed

    public static let recognized = RecognizerState.ended

    // Switches, always inlined: every recognizer asks them on every move.
    @inlinable public var isTerminal: Bool {
        @inline(__always) get { switch self { case .ended, .cancelled, .failed: return true; default: return false } }
    }
    @inlinable public var isActive: Bool {
        @inline(__always) get { switch self { case .began, .changed: return true; default: return false } }
    }
    /// Began, changed or ended: the recognizer has claimed its touches.
    @inlinable public var hasRecognized: Bool {
        @inline(__always) get { switch self { case .began, .changed, .ended: return true; default: return false } }
    }

    /// `name(discrete:)` as the log keeps it.
    func logName(discrete: Bool) -> LogName {
        switch self {
        case .possible: return .possible
        case .began: return .began
        case .changed: return .changed
        case .ended: return discrete ? .recognized : .ended
        case .cancelled: return .cancelled
        case .failed: return .failed
        }
    }

    /// The name used in logs and JSON: a discrete recognizer's `ended` is written `recognized`.
    public func name(discrete: Bool) -> String {
        switch self {
        case .possible: return "possible"
        case .began: return "began"
        case .changed: return "changed"
        case .ended: return discrete ? "recognized" : "ended"
        case .cancelled: return "cancelled"
        case .failed: return "failed"
        }
    }

    /// What setting `requested` from `self` turns into (docs/uikit-rules.md A.1.5): invalid transitions
    /// are coerced, not rejected.
    @inline(__always)
    public func coerced(to requested: RecognizerState) -> Coercion {
        // An active recognizer's next update, the commonest request of all, skips the table.
        if requested == .changed && isActive { return .state(.changed) }
        return coercedByTable(to: requested)
    }

    private func coercedByTable(to requested: RecognizerState) -> Coercion {
        if isTerminal { return .ignored("already \(self.name(discrete: false)); further state changes wait for reset") }
        switch (self, requested) {
        case (.possible, .possible), (.began, .began): return .unchanged
        case (.changed, .changed): return .state(.changed)  // a new changed is a new transition
        case (.possible, .changed): return .state(.began)
        case (.possible, .cancelled): return .state(.failed)
        case (.began, .failed), (.changed, .failed): return .state(.cancelled)
        case (.changed, .began): return .state(.changed)
        case (.began, .possible), (.changed, .possible):
            return .ignored("cannot go back to possible from \(self.name(discrete: false))")
        default: return .state(requested)
        }
    }

    public enum Coercion: Equatable, Sendable {
        case state(RecognizerState)
        case unchanged
        case ignored(String)
    }
}
