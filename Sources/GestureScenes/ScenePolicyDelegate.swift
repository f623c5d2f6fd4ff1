import GestureEngine
import GestureRecognizers

/// The delegate a scene gives each recognizer that has policies or relationships: it answers
/// UIKit's delegate questions from the scene file and says why, for the decision log.
final class ScenePolicyDelegate: FailureRequirementFreeDelegate, TouchFilterFreeDelegate {
    var beginDirection: PolicySpec.Direction?
    var neverBegin = false
    var simultaneousWithAny = false
    var notInside: [View] = [] { didSet { updateMayRefuse() } }
    var onlyInside: [View] = [] { didSet { updateMayRefuse() } }
    /// The event rules (`shouldReceive: {events:, buttons:}`, F.5.3).
    var events: Set<TouchEvent.EventType>? { didSet { updateMayRefuse() } }
    var buttons: Int? { didSet { updateMayRefuse() } }
    // The scene's relationships, by the other recognizer's interned name: the questions are
    // asked for every pair of recognizers at every stroke, and a name is compared as a number
    // where an id would be hashed.
    private var simultaneousWith: [LogName] = []
    private var requiresFailureOf: [LogName] = []
    private var requiredToFailBy: [LogName] = []

    /// The scene says this recognizer recognizes together with `id`.
    func allowSimultaneous(with id: String) { Self.add(id, to: &simultaneousWith) }
    /// The scene says this recognizer waits for `id` to fail (asked through the delegate).
    func requireFailure(of id: String) {
        Self.add(id, to: &requiresFailureOf)
        mayRequireFailures = true
    }
    /// The scene says `id` waits for this recognizer to fail (asked through the delegate).
    func beRequiredToFail(by id: String) {
        Self.add(id, to: &requiredToFailBy)
        mayRequireFailures = true
    }

    private static func add(_ id: String, to names: inout [LogName]) {
        let name = LogName(id)
        if !names.contains(name) { names.append(name) }
    }
    private var lastReason: Reason = .none

    /// Why the last answer was given, kept as its parts: the relationship questions are asked
    /// for every pair of every stroke, and the words are wanted only when the log keeps them.
    private enum Reason {
        case none
        case text(String)
        case simultaneousWithAny
        case simultaneous(LogName, LogName)
        case requires(LogName, LogName)
        case requiredBy(LogName, LogName)

        var words: String? {
            switch self {
            case .none: return nil
            case let .text(s): return s
            case .simultaneousWithAny: return "policy: simultaneous with any recognizer"
            case let .simultaneous(r, other): return "scene: simultaneous [\(r), \(other)]"
            case let .requires(r, other): return "scene: require \(r) toFail \(other) via delegate"
            case let .requiredBy(r, other): return "scene: require \(other) toFail \(r) via requiredDelegate"
            }
        }
    }

    func explanationOfLastAnswer() -> String? { lastReason.words }
    // Kept up to date by the lists they summarize: the engine asks both for every recognizer of
    // every new touch.
    private(set) var mayRequireFailures = false
    private(set) var mayRefuseTouches = false

    func gestureRecognizerShouldBegin(_ r: GestureRecognizer) -> Bool {
        if neverBegin {
            lastReason = .text("the scene's policy says never")
            return false
        }
        guard let direction = beginDirection else { lastReason = .none; return true }
        let v = initialMovement(of: r)
        let unit = (r as? PanGestureRecognizer)?.velocityInWindow == .zero || !(r is PanGestureRecognizer) ? "pt" : "pt/s (velocity)"
        let horizontal = abs(v.dx) > abs(v.dy)
        let ok: Bool
        switch direction {
        case .horizontal: ok = horizontal
        case .vertical: ok = !horizontal && v.dy != 0
        case .left: ok = horizontal && v.dx < 0
        case .right: ok = horizontal && v.dx > 0
        case .up: ok = !horizontal && v.dy < 0
        case .down: ok = !horizontal && v.dy > 0
        }
        lastReason = .text("policy: begin only if the movement is \(direction.rawValue); movement \(v) \(unit)")
        return ok
    }

    /// A pan's velocity, as the O2 recipe uses; otherwise the touches' displacement so far.
    private func initialMovement(of r: GestureRecognizer) -> Vector {
        if let pan = r as? PanGestureRecognizer, pan.velocityInWindow != .zero { return pan.velocityInWindow }
        let touches = r.attemptTouches.filter { !r.isIgnoring($0) }
        guard !touches.isEmpty else { return .zero }
        var d = Vector.zero
        for t in touches { d = d + (t.locationInWindow - t.startLocationInWindow) }
        return d * (1 / Double(touches.count))
    }

    private func updateMayRefuse() {
        mayRefuseTouches = !notInside.isEmpty || !onlyInside.isEmpty || events != nil || buttons != nil
    }

    func gestureRecognizer(_ r: GestureRecognizer, shouldReceive event: TouchEvent) -> Bool {
        if let events, !events.contains(event.type) {
            lastReason = .text("policy: only \(Self.names(of: events)) events, not \(event.type)")
            return false
        }
        if let buttons {
            let pressed = event.type == .touches ? event.allTouches.reduce(0) { $0 | ($1.buttons ?? 0) } : event.pointerButtons
            if pressed != buttons {
                lastReason = .text("policy: only events with buttons \(Self.buttonNames(buttons)), not \(Self.buttonNames(pressed))")
                return false
            }
        }
        lastReason = .none
        return true
    }

    private static func names(of events: Set<TouchEvent.EventType>) -> String {
        [TouchEvent.EventType.touches, .hover, .scroll].filter(events.contains).map { "\($0)" }.joined(separator: ", ")
    }

    private static func buttonNames(_ mask: Int) -> String {
        guard mask != 0 else { return "none" }
        return (1...16).filter { mask & (1 << ($0 - 1)) != 0 }.map { $0 == 1 ? "primary" : $0 == 2 ? "secondary" : "button\($0)" }.joined(separator: "+")
    }

    func gestureRecognizer(_ r: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        guard let hit = touch.view else { lastReason = .none; return true }
        if let v = notInside.first(where: { hit.isDescendant(of: $0) }) {
            lastReason = .text("policy: not inside \(v.id)")
            return false
        }
        if !onlyInside.isEmpty && !onlyInside.contains(where: { hit.isDescendant(of: $0) }) {
            lastReason = .text("policy: only inside \(onlyInside.map(\.id).joined(separator: ", "))")
            return false
        }
        lastReason = .none
        return true
    }

    func gestureRecognizer(_ r: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        let yes = simultaneousWithAny || simultaneousWith.contains(other.logName)
        lastReason = yes ? (simultaneousWithAny ? .simultaneousWithAny : .simultaneous(r.logName, other.logName)) : .none
        return yes
    }

    func gestureRecognizer(_ r: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool {
        let yes = requiresFailureOf.contains(other.logName)
        lastReason = yes ? .requires(r.logName, other.logName) : .none
        return yes
    }

    func gestureRecognizer(_ r: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool {
        let yes = requiredToFailBy.contains(other.logName)
        lastReason = yes ? .requiredBy(r.logName, other.logName) : .none
        return yes
    }
}

