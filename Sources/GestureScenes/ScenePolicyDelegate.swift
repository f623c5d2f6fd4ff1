import GestureEngine
import GestureRecognizers

/// The delegate a scene gives each recognizer that has policies or relationships: it answers
/// UIKit's delegate questions from the scene file and says why, for the decision log.
final class ScenePolicyDelegate: FailureRequirementFreeDelegate, TouchFilterFreeDelegate {
    var beginDirection: PolicySpec.Direction?
    var neverBegin = false
    var simultaneousWithAny = false
    var notInside: [View] = [] { didSet { mayRefuseTouches = !notInside.isEmpty || !onlyInside.isEmpty } }
    var onlyInside: [View] = [] { didSet { mayRefuseTouches = !notInside.isEmpty || !onlyInside.isEmpty } }
    var simultaneousWith: Set<String> = []
    var requiresFailureOf: Set<String> = [] { didSet { mayRequireFailures = !requiresFailureOf.isEmpty || !requiredToFailBy.isEmpty } }
    var requiredToFailBy: Set<String> = [] { didSet { mayRequireFailures = !requiresFailureOf.isEmpty || !requiredToFailBy.isEmpty } }
    private var lastReason: String?

    func explanationOfLastAnswer() -> String? { lastReason }
    // Kept up to date by the lists they summarize: the engine asks both for every recognizer of
    // every new touch.
    private(set) var mayRequireFailures = false
    private(set) var mayRefuseTouches = false

    func gestureRecognizerShouldBegin(_ r: GestureRecognizer) -> Bool {
        if neverBegin {
            lastReason = "the scene's policy says never"
            return false
        }
        guard let direction = beginDirection else { lastReason = nil; return true }
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
        lastReason = "policy: begin only if the movement is \(direction.rawValue); movement \(v) \(unit)"
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

    func gestureRecognizer(_ r: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        guard let hit = touch.view else { lastReason = nil; return true }
        if let v = notInside.first(where: { hit.isDescendant(of: $0) }) {
            lastReason = "policy: not inside \(v.id)"
            return false
        }
        if !onlyInside.isEmpty && !onlyInside.contains(where: { hit.isDescendant(of: $0) }) {
            lastReason = "policy: only inside \(onlyInside.map(\.id).joined(separator: ", "))"
            return false
        }
        lastReason = nil
        return true
    }

    func gestureRecognizer(_ r: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        let yes = simultaneousWithAny || (!simultaneousWith.isEmpty && simultaneousWith.contains(other.id))
        lastReason = yes ? (simultaneousWithAny ? "policy: simultaneous with any recognizer" : "scene: simultaneous [\(r.id), \(other.id)]") : nil
        return yes
    }

    func gestureRecognizer(_ r: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool {
        let yes = !requiresFailureOf.isEmpty && requiresFailureOf.contains(other.id)
        lastReason = yes ? "scene: require \(r.id) toFail \(other.id) via delegate" : nil
        return yes
    }

    func gestureRecognizer(_ r: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool {
        let yes = !requiredToFailBy.isEmpty && requiredToFailBy.contains(other.id)
        lastReason = yes ? "scene: require \(other.id) toFail \(r.id) via requiredDelegate" : nil
        return yes
    }
}
