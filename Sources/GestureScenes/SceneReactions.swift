import GestureEngine
import GestureRecognizers
import GestureTrace

/// A scene's reactions made live: each trigger (a recognizer's action in a state, a view
/// receiving a phase, a time) runs its actions as app code would, each change with a log row
/// caused by the trigger (docs/scene-format.md, "Reactions"; reference F.1).
final class SceneReactions {
    // Unowned, not weak: a weak reference gives the environment a side table, which sends every
    // retain and release of it down the runtime's slow path (5-9% of the Hammer workload).
    private unowned let environment: GestureEnvironment
    private let window: View
    private var views: [String: View]
    private let recognizers: [String: GestureRecognizer]
    /// Reactions to views receiving touches, by view id: installed on the views there now, and on
    /// a view a reaction adds later.
    private var viewTriggers: [String: [(phase: String, actions: [ReactionSpec.Action], line: Int)]] = [:]

    init(environment: GestureEnvironment, window: View, views: [String: View], recognizers: [GestureRecognizer]) {
        self.environment = environment
        self.window = window
        self.views = views
        self.recognizers = Dictionary(recognizers.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// Checks what can only be checked against live objects (a recognizer parameter's name), then
    /// wires the triggers.
    func attach(_ reactions: [ReactionSpec], file: String) throws(SceneError) {
        for reaction in reactions {
            for case let .set(target, property, _) in reaction.actions {
                if let r = recognizers[target], !r.parameters.contains(where: { $0.name == property }) {
                    throw SceneError(file: file, line: reaction.line,
                                     message: "set: \(r.typeName) \(target) has no parameter \"\(property)\"; it has \(r.parameters.map(\.name).joined(separator: ", "))")
                }
            }
        }
        for reaction in reactions {
            let actions = reaction.actions
            switch reaction.trigger {
            case let .recognizer(id, state):
                let wanted = state == "recognized" ? "ended" : state
                recognizers[id]?.addAction { [unowned self] r in
                    guard r.publishedState.name(discrete: false) == wanted else { return }
                    self.run(actions)
                }
            case let .view(id, phase):
                viewTriggers[id, default: []].append((phase, actions, reaction.line))
            case let .control(id, event):
                guard let control = views[id] as? ControlView else { continue }
                // Several reactions to one control: each handler calls the one installed before it.
                let earlier = control.onControlEvent
                control.onControlEvent = { [unowned self] sent in
                    earlier?(sent)
                    guard sent == event else { return }
                    let env = self.environment
                    env.performAppAction("control \(id) sent \(event): scene reaction, line \(reaction.line)") { self.run(actions) }
                }
            case let .time(ms):
                environment.scheduleAppAction(at: .milliseconds(ms), name: "at \(NumberText.decimal(ms)) ms (scene reaction, line \(reaction.line))") { [unowned self] in
                    self.run(actions)
                }
            }
        }
        for v in views.values { installTriggers(on: v) }
    }

    /// Runs the reactions to `view` receiving a phase, in the order the scene lists them.
    private func installTriggers(on view: View) {
        guard let triggers = viewTriggers[view.id] else { return }
        let id = view.id
        view.onReceive = { [unowned self] received, touches in
            let env = self.environment
            for t in triggers where t.phase == received.rawValue {
                let what = touches.map(\.label).joined(separator: ", ")
                env.performAppAction("view \(id) received \(t.phase) (\(what)): scene reaction, line \(t.line)") { self.run(t.actions) }
            }
        }
    }

    /// Cuts the closures' references so the scene is freed with its replay.
    func detach() {
        for v in views.values {
            v.onReceive = nil
            (v as? ControlView)?.onControlEvent = nil
        }
    }

    private func run(_ actions: [ReactionSpec.Action]) {
        let env = environment
        for action in actions {
            switch action {
            case let .disable(id):
                env.logAppChange("disable \(id)", recognizer: id)
                recognizers[id]?.isEnabled = false
            case let .enable(id):
                env.logAppChange("enable \(id)", recognizer: id)
                recognizers[id]?.isEnabled = true
            case let .disableScrolling(id):
                env.logAppChange("disable scrolling of \(id)", view: id)
                (views[id] as? ScrollView)?.isScrollEnabled = false
            case let .enableScrolling(id):
                env.logAppChange("enable scrolling of \(id)", view: id)
                (views[id] as? ScrollView)?.isScrollEnabled = true
            case let .set(target, property, value):
                set(target, property, value, env)
            case .cancelAllTouches:
                env.cancelTouches(.all, reason: "an app action cancels every touch", causedBy: env.currentAppActionSeq)
            case let .addView(id, frame, kind, parent):
                // A reaction that fires again (every tap) would add a second view of one id, and
                // every later action and explanation would name the wrong one.
                if views[id] != nil {
                    env.logAppChange("add view \(id) skipped: a view \(id) is in the window already (the reaction fired again)", view: id)
                    continue
                }
                guard let p = views[parent] else {
                    env.logAppChange("add view \(id) skipped: its parent \(parent) is not in the window (removed?)", view: id)
                    continue
                }
                let v = kind == .control ? ControlView(id: id, frame: frame) : View(id: id, frame: frame)
                views[id] = v
                installTriggers(on: v)
                p.addSubview(v)
                env.logAppChange("add view \(id) at \(frame) in \(parent): it takes part in hit-testing for touches that begin from now on", view: id)
            case let .removeView(id):
                guard let v = views[id], v !== window else { continue }
                env.logAppChange("remove view \(id) (and its subviews) from the window", view: id)
                leave(v, env, because: "\(id) was removed from the window")
                // A control tracking a touch cancels its tracking when it leaves the window (F.1.5).
                for case let c as ControlView in v.subtree { c.leftWindow() }
                v.removeFromSuperview()
                for gone in v.subtree { views[gone.id] = nil }
            }
        }
    }

    private func set(_ target: String, _ property: String, _ value: ParameterInput, _ env: GestureEnvironment) {
        if let r = recognizers[target] {
            do {
                try r.setParameter(property, SceneBuilder.value(value))
                env.logAppChange("set \(target).\(property) to \(Self.text(value)) (it applies to touches that begin from now on, F.1.3)", recognizer: target)
            } catch {
                env.logAppChange("set \(target).\(property) to \(Self.text(value)) failed: \(error.message)", recognizer: target)
            }
            return
        }
        guard let v = views[target] else { return }
        switch (property, value) {
        case let ("hidden", .bool(b)):
            v.isHidden = b
            env.logAppChange("set \(target).hidden to \(b)", view: target)
            if b { leave(v, env, because: "\(target) was hidden") }
        case let ("userInteractionEnabled", .bool(b)):
            v.isUserInteractionEnabled = b
            env.logAppChange("set \(target).userInteractionEnabled to \(b)", view: target)
            if !b { leave(v, env, because: "\(target) stopped taking user interaction") }
        case let ("alpha", .number(a)):
            v.alpha = a
            env.logAppChange("set \(target).alpha to \(NumberText.decimal(a))", view: target)
            if a < 0.01 { leave(v, env, because: "\(target) became transparent") }
        default:
            env.logAppChange("set \(target).\(property): expected true or false (hidden, userInteractionEnabled) or a number (alpha), found \(Self.text(value)); nothing changed", view: target)
        }
    }

    /// A view that stops taking touches while it holds some (D-11, F.1.2, F.1.5): by default its
    /// touches stay bound to it, as at touch-down (A.2.1); with the option `touchesOfALeavingView:
    /// cancel`, the system cancels them.
    private func leave(_ v: View, _ env: GestureEnvironment, because reason: String) {
        guard env.options.touchesOfALeavingView == .cancel else { return }
        env.cancelTouches(.inView(v), reason: reason + " (option touchesOfALeavingView: cancel)", causedBy: env.currentAppActionSeq)
    }

    static func text(_ v: ParameterInput) -> String {
        switch v {
        case let .number(n): return NumberText.decimal(n)
        case let .bool(b): return String(b)
        case let .text(s): return s
        case let .list(l): return "[" + l.joined(separator: ", ") + "]"
        }
    }
}
