import GestureEngine
import GestureScenes

/// A scene as an Android view hierarchy (docs/platforms.md, "Android"): each view a View, a view
/// with children a ViewGroup (a FrameLayout: it does not delay its children's pressed state),
/// and each recognizer kind the listener an Android app would use:
///
/// | scene | Android |
/// |---|---|
/// | `tap` | `setOnClickListener` (`onClick`); beside a double tap, `GestureDetector.onSingleTapConfirmed` |
/// | `tap` with `numberOfTapsRequired: 2` | `GestureDetector.onDoubleTap` |
/// | `longPress` | `setOnLongClickListener` (`onLongClick`, 400 ms) |
/// | `pan` | `GestureDetector.onScroll` (and `onFling`); with a `shouldBegin: {direction:}` policy its code takes a first scroll only along that axis |
/// | `pinch` | `ScaleGestureDetector` (`onScaleBegin`, `onScale`, `onScaleEnd`) |
/// | a scroll view | `ScrollView` (vertical) or `HorizontalScrollView`; `android: {kind: nested}` for androidx `NestedScrollView` |
/// | a button or a switch | a clickable view: `onClick`, named after the view |
///
/// `android: {callback: …}` on a recognizer picks another listener (a tap's `singleTapUp`,
/// `singleTapConfirmed` or `click`; a long press's `longClick` or `onLongPress`); `android:
/// {disallowIntercept: onDown|onScroll}` on a view makes its code call
/// `requestDisallowInterceptTouchEvent(true)` then. What has no meaning under Android's rules is
/// refused with the scene's line.
public enum AndroidSceneBuilder {
    public struct Built {
        public let dispatch: AndroidTouchDispatch
        public let window: View
        public let recognizerIDs: [String]
    }

    public static func build(_ doc: SceneDocument, log: DecisionLog = DecisionLog()) throws(SceneError) -> Built {
        let file = doc.file
        func refuse(_ line: Int, _ what: String) -> SceneError { PlatformScenePolicies.refusal(.android, file: file, line: line, what) }
        var settings = AndroidSettings()
        for a in doc.platformOptions["android"]?.assignments ?? [] {
            guard case let .number(v) = a.value, v >= 0, settings.set(a.name, v) else {
                throw SceneError(file: file, line: a.line, message: "an android option of a scene is one of \(AndroidSettings.names.joined(separator: ", ")) with a number (dp or ms), not \"\(a.name)\"")
            }
        }
        let policies = try PlatformScenePolicies(doc, platform: .android)
        let neverBegins = policies.neverBegins
        // A pan that begins only in a direction: its onScroll code takes a first scroll only
        // along that axis (GestureDetector has no axis of its own).
        var scrollAxis: [String: AndroidGestureDetector.Axis] = [:]
        for (id, axis) in policies.axes { scrollAxis[id] = axis == .horizontal ? .horizontal : .vertical }

        let window = View(id: "window", frame: doc.root.frame)
        let rootNode = AndroidNode(view: window)
        let dispatch = AndroidTouchDispatch(window: window, root: rootNode, settings: settings, log: log)

        func configure(_ spec: ViewSpec, _ node: AndroidNode) throws(SceneError) {
            try PlatformScenePolicies.checkView(spec, platform: .android, file: file)
            for a in spec.platformOptions["android"]?.assignments ?? [] {
                switch (a.name, a.value) {
                case ("disallowIntercept", .text(let t)):
                    guard let w = AndroidNode.DisallowTrigger(rawValue: t) else {
                        throw SceneError(file: file, line: a.line, message: "disallowIntercept is onDown or onScroll")
                    }
                    node.disallowWhen = w
                case ("kind", .text("nested")) where spec.kind == .scroll: break
                default:
                    throw SceneError(file: file, line: a.line, message: "unknown android option \"\(a.name)\" for a view; it takes disallowIntercept: onDown|onScroll, and a scroll view kind: nested")
                }
            }
            let hasDoubleTap = spec.recognizers.contains { $0.type == "tap" && PlatformScenePolicies.taps($0) == 2 && !neverBegins.contains($0.id) }
            var click: PlatformRecognizer?, longClick: PlatformRecognizer?
            func detector() -> AndroidGestureDetector {
                if let d = node.detector { return d }
                let d = AndroidGestureDetector(node: node, dispatch: dispatch)
                node.detector = d
                return d
            }
            for r in spec.recognizers where !neverBegins.contains(r.id) {
                let rec = PlatformRecognizer(id: r.id)
                let options = r.platformOptions["android"]?.assignments ?? []
                var callback: String?
                for a in options {
                    switch (a.name, a.value) {
                    case ("callback", .text(let t)): callback = t
                    case ("minScalingSpan", .number) where r.type == "pinch": break
                    default: throw SceneError(file: file, line: a.line, message: "unknown android option \"\(a.name)\" for a \(r.type) recognizer; it takes callback\(r.type == "pinch" ? ", minScalingSpan" : "")")
                    }
                }
                func badCallback(_ allowed: [String]) -> SceneError {
                    SceneError(file: file, line: options.first { $0.name == "callback" }?.line ?? r.line, message: "a \(r.type)'s android callback is \(allowed.joined(separator: ", "))")
                }
                switch r.type {
                case "tap":
                    if let n = number(r, "numberOfTouchesRequired"), n != 1 { throw refuse(r.line, "a \(Int(n))-finger tap") }
                    switch number(r, "numberOfTapsRequired") ?? 1 {
                    case 1:
                        switch callback ?? (hasDoubleTap ? "singleTapConfirmed" : "click") {
                        case "click": click = rec
                        case "singleTapUp": detector().singleTapUp = rec
                        case "singleTapConfirmed": detector().singleTapConfirmed = rec
                        default: throw badCallback(["click", "singleTapUp", "singleTapConfirmed"])
                        }
                    case 2:
                        guard callback == nil || callback == "doubleTap" else { throw badCallback(["doubleTap"]) }
                        detector().doubleTap = rec
                    default: throw refuse(r.line, "a tap of \(Int(number(r, "numberOfTapsRequired")!)) taps")
                    }
                case "longPress":
                    switch callback ?? "longClick" {
                    case "longClick": longClick = rec
                    case "onLongPress": detector().longPress = rec
                    default: throw badCallback(["longClick", "onLongPress"])
                    }
                case "pan":
                    guard callback == nil || callback == "onScroll" else { throw badCallback(["onScroll"]) }
                    detector().scroll = rec
                    detector().scrollAxis = scrollAxis[r.id]
                case "pinch":
                    let s = AndroidScaleGestureDetector(node: node, dispatch: dispatch, recognizer: rec)
                    if let a = options.first(where: { $0.name == "minScalingSpan" }), case let .number(n) = a.value { s.minSpanOverride = n }
                    node.scale = s
                default:
                    throw SceneError(file: file, line: r.line, message: "recognizer \(r.id) of type \(r.type) has no Android counterpart (Android's are a view's click and long click, GestureDetector, ScaleGestureDetector; docs/platforms.md)")
                }
                dispatch.registerRecognizer(r.id)
            }
            if spec.kind == .control {
                guard spec.control.type != .slider else { throw refuse(spec.line, "a slider (SeekBar's touch handling is not modelled)") }
                click = PlatformRecognizer(id: spec.id)
                dispatch.registerRecognizer(spec.id)
            }
            if click != nil || longClick != nil {
                node.clickable = AndroidClickableView(node: node, dispatch: dispatch, click: click, longClick: longClick)
            }
            if spec.kind == .scroll, let s = spec.scroll {
                let nested: Bool
                if case .text("nested")? = spec.platformOptions["android"]?.value("kind")?.value { nested = true } else { nested = false }
                let horizontal = !nested && s.contentSize.width > spec.frame.width && s.contentSize.height <= spec.frame.height
                let kind: AndroidScrollView.Kind = nested ? .nestedScrollView : horizontal ? .horizontalScrollView : .scrollView
                let rec = PlatformRecognizer(id: spec.id + ".pan")
                node.scroller = AndroidScrollView(node: node, dispatch: dispatch, kind: kind, contentSize: s.contentSize, scrollEnabled: s.scrollEnabled, recognizer: rec)
                dispatch.registerRecognizer(rec.id)
            }
        }

        func build(_ spec: ViewSpec, into parent: AndroidNode) throws(SceneError) {
            let v = View(id: spec.id, frame: spec.frame)
            v.isHidden = spec.hidden
            v.isUserInteractionEnabled = spec.userInteractionEnabled
            if let s = spec.scroll { v.boundsOrigin = s.contentOffset }
            parent.view.addSubview(v)
            let node = AndroidNode(view: v)
            node.parent = parent
            parent.children.append(node)
            try configure(spec, node)
            for s in spec.subviews { try build(s, into: node) }
        }
        try configure(doc.root, rootNode)
        for s in doc.root.subviews { try build(s, into: rootNode) }
        return Built(dispatch: dispatch, window: window, recognizerIDs: dispatch.recognizerIDs)
    }

    static func number(_ r: RecognizerSpec, _ name: String) -> Double? {
        guard let a = r.parameters.last(where: { $0.name == name }), case let .number(n) = a.value else { return nil }
        return n
    }
}
