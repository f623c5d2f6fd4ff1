import GestureEngine

/// The `reactions:` part of a scene file: triggers (`when` with `state`, `phase` or `event`, or
/// `at`) and their actions, each checked for form with a message at its line
/// (docs/scene-format.md, "Reactions").
extension SceneLoader {
    static func reaction(_ n: SceneNode) throws(SceneError) -> ReactionSpec {
        var when: String?
        var state: String?
        var phase: String?
        var at: Double?
        var event: String?
        var actions: [ReactionSpec.Action] = []
        for (k, kn, v) in try n.mapping("a reaction") {
            switch k {
            case "when": when = try v.identifier("when")
            case "state":
                let s = try v.string("state")
                guard ["began", "changed", "ended", "recognized", "cancelled"].contains(s) else {
                    throw v.error("state is began, changed, ended, recognized or cancelled (actions fire on these)")
                }
                state = s
            case "phase":
                let s = try v.string("phase")
                guard ["began", "moved", "ended", "cancelled"].contains(s) else { throw v.error("phase is began, moved, ended or cancelled") }
                phase = s
            case "event":
                let s = try v.string("event")
                guard Self.controlEvents.contains(s) else { throw v.error("a control event is one of \(Self.controlEvents.joined(separator: ", "))") }
                event = s
            case "at":
                let t = try v.number("at")
                guard t >= 0, t < 1e9 else { throw v.error("at is a time in ms on the trace's clock, 0 or more") }
                at = t
            case "do":
                for item in try v.sequence("do") {
                    for (verb, vn, target) in try item.mapping("an action") { actions.append(try action(verb, vn, target)) }
                }
            default:
                throw kn.error("unknown reaction key \"\(k)\"; a reaction has when (with state, phase or event) or at, and do")
            }
        }
        let trigger: ReactionSpec.Trigger
        if let event {
            guard let when, state == nil, phase == nil, at == nil else { throw n.error("`event:` goes with `when: CONTROL` alone") }
            guard !actions.isEmpty else { throw n.error("a reaction needs `do:` with at least one action") }
            return ReactionSpec(trigger: .control(when, event: event), actions: actions, line: n.line)
        }
        switch (when, state, phase, at) {
        case let (w?, s?, nil, nil): trigger = .recognizer(w, state: s)
        case let (w?, nil, p?, nil): trigger = .view(w, phase: p)
        case let (nil, nil, nil, t?): trigger = .time(t)
        case (_?, nil, nil, nil): throw n.error("`when:` needs `state:` (a recognizer's action) or `phase:` (a view receiving a touch)")
        case (_, _, _, _?): throw n.error("a reaction has either `at:` or `when:`, not both")
        case (_?, _?, _?, _): throw n.error("a reaction has `state:` (a recognizer) or `phase:` (a view), not both")
        default: throw n.error("a reaction needs `when: recognizer` with `state:`, `when: view` with `phase:`, or `at: MS`")
        }
        guard !actions.isEmpty else { throw n.error("a reaction needs `do:` with at least one action") }
        return ReactionSpec(trigger: trigger, actions: actions, line: n.line)
    }

    /// UIControl.Event names a reaction can wait for (F.2.1).
    static let controlEvents = ["touchDown", "touchDownRepeat", "touchDragInside", "touchDragOutside", "touchDragEnter", "touchDragExit",
                                "touchUpInside", "touchUpOutside", "touchCancel", "valueChanged"]

    static func action(_ verb: String, _ vn: SceneNode, _ target: SceneNode) throws(SceneError) -> ReactionSpec.Action {
        switch verb {
        case "disable": return .disable(try target.identifier(verb))
        case "enable": return .enable(try target.identifier(verb))
        case "disableScrolling": return .disableScrolling(try target.identifier(verb))
        case "enableScrolling": return .enableScrolling(try target.identifier(verb))
        case "removeView": return .removeView(try target.identifier(verb))
        case "cancelAllTouches":
            guard try target.bool(verb) else { throw target.error("cancelAllTouches: true (there is nothing to say false to)") }
            return .cancelAllTouches
        case "set":
            let pairs = try target.mapping("set")
            guard pairs.count == 1, let (key, kn, value) = pairs.first, let dot = key.lastIndex(of: ".") else {
                throw target.error("set takes one TARGET.PROPERTY: VALUE, such as {pan.minimumDistance: 30} or {card.hidden: true}")
            }
            let who = String(key[..<dot]), property = String(key[key.index(after: dot)...])
            guard !who.isEmpty, !property.isEmpty else { throw kn.error("set: expected TARGET.PROPERTY, found \"\(key)\"") }
            return .set(who, property, try value.parameterValue("set \(key)"))
        case "addView":
            var id: String?
            var frame: Rect?
            var kind = ViewSpec.Kind.view
            var parent = "window"
            for (k, kn, v) in try target.mapping("addView") {
                switch k {
                case "id": id = try v.identifier("id")
                case "frame": frame = try rect(v, what: "frame")
                case "parent": parent = try v.identifier("parent")
                case "kind":
                    let s = try v.string("kind")
                    guard let k = ViewSpec.Kind(rawValue: s), k == .view || k == .control else { throw v.error("an added view's kind is view or control") }
                    kind = k
                default: throw kn.error("unknown addView key \"\(k)\"; addView has id, frame, kind, parent")
                }
            }
            guard let id, let frame else { throw target.error("addView needs id and frame") }
            return .addView(id: id, frame: frame, kind: kind, parent: parent)
        default:
            throw vn.error("unknown action \"\(verb)\"; actions are \(ReactionSpec.Action.verbs.joined(separator: ", "))")
        }
    }
}
