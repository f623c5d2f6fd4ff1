import GestureEngine
import GestureScenes

/// A scene as a Flutter widget tree (docs/platforms.md, "Flutter"): each view a box, each view
/// with recognizers a GestureDetector, each recognizer kind Flutter's own detector with
/// Flutter's defaults:
///
/// | scene | Flutter |
/// |---|---|
/// | `tap` | `TapGestureRecognizer`; with `numberOfTapsRequired: 2`, `DoubleTapGestureRecognizer` |
/// | `longPress` | `LongPressGestureRecognizer` (500 ms; `minimumPressDuration` becomes its `duration`) |
/// | `pan` | `PanGestureRecognizer`; `flutter: {axis: vertical}` or a `shouldBegin: {direction:}` policy makes it a Vertical/HorizontalDrag |
/// | `pinch`, `rotation` | `ScaleGestureRecognizer` |
/// | a scroll view | a `Scrollable`: one drag recognizer `ID.pan` on its axis |
/// | a button or a switch | a `TapGestureRecognizer` named after the view (InkWell) |
/// | a slider | Slider's `GestureArenaTeam` of `ID.tap` and `ID.drag` (horizontal), no captain |
///
/// What has no meaning under Flutter's rules (a delegate, simultaneous recognition, failure
/// requirements between different detectors, custom recognizers, reactions) is refused with
/// the scene's line, never silently dropped.
public enum FlutterSceneBuilder {
    public struct Built {
        public let binding: FlutterGestureBinding
        public let window: View
        /// The recognizers' ids, in the scene's order.
        public let recognizerIDs: [String]
    }

    public static func build(_ doc: SceneDocument, log: DecisionLog = DecisionLog()) throws(SceneError) -> Built {
        let file = doc.file
        var settings = FlutterSettings()
        if let o = doc.platformOptions["flutter"] {
            for a in o.assignments {
                switch (a.name, a.value) {
                case ("host", .text(let h)):
                    guard let host = FlutterSettings.Host(rawValue: h) else {
                        throw SceneError(file: file, line: a.line, message: "flutter host is \(FlutterSettings.Host.allCases.map(\.rawValue).joined(separator: " or ")), not \"\(h)\"")
                    }
                    settings.host = host
                case (let name, .number(let v)) where v >= 0 && settings.set(name, v):
                    break
                default:
                    throw SceneError(file: file, line: a.line, message: "unknown flutter option \"\(a.name)\" for a scene; it takes host: ios|android, or a number for one of \(FlutterSettings.names.joined(separator: ", "))")
                }
            }
        }
        let policies = try PlatformScenePolicies(doc, platform: .flutter)
        var axisOfPolicy: [String: FlutterDragRecognizer.Axis] = [:]
        for (id, axis) in policies.axes { axisOfPolicy[id] = axis == .horizontal ? .horizontal : .vertical }
        let neverBegins = policies.neverBegins

        let binding = FlutterGestureBinding(window: View(id: "window", frame: doc.root.frame), settings: settings, log: log)
        let window = binding.window
        var ids: [String] = []
        var teams: [String: FlutterGestureArenaTeam] = [:]

        func makeView(_ spec: ViewSpec) -> View {
            let v = View(id: spec.id, frame: spec.frame)
            v.isHidden = spec.hidden
            v.isUserInteractionEnabled = spec.userInteractionEnabled
            if let s = spec.scroll { v.boundsOrigin = s.contentOffset }
            return v
        }

        func attach(_ spec: ViewSpec, to view: View) throws(SceneError) {
            try PlatformScenePolicies.checkView(spec, platform: .flutter, file: file)
            for r in spec.recognizers {
                if neverBegins.contains(r.id) { continue }
                let recognizer = try make(r, axis: axisOfPolicy[r.id], file: file)
                if let t = r.platformOptions["flutter"]?.value("team") {
                    guard case let .text(name) = t.value else { throw SceneError(file: file, line: t.line, message: "team is a name") }
                    let team = teams[name] ?? FlutterGestureArenaTeam(name: name)
                    teams[name] = team
                    recognizer.team = team
                    if case .bool(true)? = r.platformOptions["flutter"]?.value("captain")?.value { team.captain = recognizer }
                }
                binding.attach(recognizer, to: view)
                ids.append(r.id)
            }
            if spec.kind == .scroll, let s = spec.scroll {
                let o = spec.platformOptions["flutter"]
                var axis: FlutterDragRecognizer.Axis? = s.contentSize.height > spec.frame.height ? .vertical
                    : s.contentSize.width > spec.frame.width ? .horizontal : nil
                var physics = "default"
                for a in o?.assignments ?? [] {
                    switch (a.name, a.value) {
                    case ("axis", .text(let t)):
                        guard let ax = FlutterDragRecognizer.Axis(rawValue: t) else { throw SceneError(file: file, line: a.line, message: "a Scrollable's axis is vertical or horizontal") }
                        axis = ax
                    case ("physics", .text(let t)) where ["default", "alwaysScrollable", "neverScrollable"].contains(t):
                        physics = t
                    default:
                        throw SceneError(file: file, line: a.line, message: "unknown flutter option \"\(a.name)\" for a scroll view; it takes axis: vertical|horizontal, physics: default|alwaysScrollable|neverScrollable")
                    }
                }
                // A vertical ListView defaults to AlwaysScrollableScrollPhysics (`scroll_view.dart:133`):
                // it competes even when its content fits; a horizontal one whose content fits has
                // no recognizer (`scroll_physics.dart:217-226`).
                let overflows = axis == .vertical ? s.contentSize.height > spec.frame.height : s.contentSize.width > spec.frame.width
                let canDrag = s.scrollEnabled && physics != "neverScrollable" && (overflows || physics == "alwaysScrollable" || (physics == "default" && (axis ?? .vertical) == .vertical))
                if canDrag {
                    let drag = FlutterDragRecognizer(id: spec.id + ".pan", axis: axis ?? .vertical)
                    let scrollable = FlutterScrollable(view: view, axis: axis ?? .vertical, contentSize: s.contentSize)
                    scrollable.binding = binding
                    drag.scrollable = scrollable
                    binding.attach(drag, to: view)
                    ids.append(drag.id)
                }
            }
            if spec.kind == .control {
                switch spec.control.type {
                case .slider:
                    let team = FlutterGestureArenaTeam(name: spec.id)
                    let tap = FlutterTapRecognizer(id: spec.id + ".tap"), drag = FlutterDragRecognizer(id: spec.id + ".drag", axis: .horizontal)
                    tap.team = team
                    drag.team = team
                    binding.attach(tap, to: view)
                    binding.attach(drag, to: view)
                    ids += [tap.id, drag.id]
                default:
                    let tap = FlutterTapRecognizer(id: spec.id)
                    binding.attach(tap, to: view)
                    ids.append(tap.id)
                }
            }
        }

        func build(_ spec: ViewSpec, into parent: View) throws(SceneError) {
            let v = makeView(spec)
            parent.addSubview(v)
            try attach(spec, to: v)
            for s in spec.subviews { try build(s, into: v) }
        }
        try attach(doc.root, to: window)
        for s in doc.root.subviews { try build(s, into: window) }
        return Built(binding: binding, window: window, recognizerIDs: ids)
    }

    /// A scene recognizer as Flutter's.
    static func make(_ r: RecognizerSpec, axis policyAxis: FlutterDragRecognizer.Axis?, file: String) throws(SceneError) -> FlutterGestureRecognizer {
        func number(_ name: String) -> (Double, Int)? {
            guard let a = r.parameters.last(where: { $0.name == name }), case let .number(n) = a.value else { return nil }
            return (n, a.line)
        }
        let options = r.platformOptions["flutter"]
        let allowed: Set<String>
        let made: FlutterGestureRecognizer
        switch r.type {
        case "tap":
            if let (n, line) = number("numberOfTouchesRequired"), n != 1 {
                throw SceneError(file: file, line: line, message: "a \(Int(n))-finger tap has no Flutter recognizer (Flutter's taps take one pointer)")
            }
            let taps = number("numberOfTapsRequired")
            switch taps?.0 ?? 1 {
            case 1: made = FlutterTapRecognizer(id: r.id)
            case 2: made = FlutterDoubleTapRecognizer(id: r.id)
            default: throw SceneError(file: file, line: taps!.1, message: "\(Int(taps!.0)) taps have no Flutter recognizer (Flutter has a tap and a double tap)")
            }
            allowed = ["team", "captain"]
        case "longPress":
            made = FlutterLongPressRecognizer(id: r.id, durationMs: number("minimumPressDuration").map { $0.0 * 1000 })
            allowed = ["team", "captain"]
        case "pan":
            var axis = policyAxis
            var behavior = FlutterDragRecognizer.DragStartBehavior.start
            for a in options?.assignments ?? [] {
                switch (a.name, a.value) {
                case ("axis", .text(let t)):
                    guard let ax = FlutterDragRecognizer.Axis(rawValue: t) else { throw SceneError(file: file, line: a.line, message: "a drag's axis is vertical or horizontal") }
                    axis = ax
                case ("dragStartBehavior", .text(let t)):
                    guard let b = FlutterDragRecognizer.DragStartBehavior(rawValue: t) else { throw SceneError(file: file, line: a.line, message: "dragStartBehavior is start or down") }
                    behavior = b
                default: continue
                }
            }
            let drag = FlutterDragRecognizer(id: r.id, axis: axis)
            drag.dragStartBehavior = behavior
            made = drag
            allowed = ["team", "captain", "axis", "dragStartBehavior"]
        case "pinch", "rotation":
            made = FlutterScaleRecognizer(id: r.id)
            allowed = ["team", "captain"]
        default:
            throw SceneError(file: file, line: r.line, message: "recognizer \(r.id) of type \(r.type) has no Flutter counterpart (Flutter's are tap, double tap, long press, drags, scale; docs/platforms.md)")
        }
        for a in options?.assignments ?? [] where !allowed.contains(a.name) {
            throw SceneError(file: file, line: a.line, message: "unknown flutter option \"\(a.name)\" for a \(r.type) recognizer; it takes \(allowed.sorted().joined(separator: ", "))")
        }
        return made
    }
}
