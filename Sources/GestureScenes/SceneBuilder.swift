import Foundation
import GestureEngine
import GestureRecognizers

/// A scene made live: fresh views and recognizers, wired as the document says, ready to replay.
public final class BuiltScene {
    public let document: SceneDocument
    public let window: View
    public let environment: GestureEnvironment
    /// Recognizers in document order.
    public let recognizers: [GestureRecognizer]

    /// The scene's reactions, kept for as long as the scene (they are called back by its
    /// recognizers, views and clock).
    let reactions: SceneReactions

    init(document: SceneDocument, window: View, environment: GestureEnvironment, recognizers: [GestureRecognizer], reactions: SceneReactions) {
        self.reactions = reactions
        self.document = document
        self.window = window
        self.environment = environment
        self.recognizers = recognizers
    }

    public func recognizer(_ id: String) -> GestureRecognizer? { recognizers.first { $0.id == id } }

    /// A scene's wiring makes reference cycles on purpose (a reaction's action refers to the
    /// recognizers it enables, a policy delegate to the views it checks, two recognizers may
    /// require each other to fail); they are cut here so a replayed scene is freed with its
    /// result. Found by the engine fuzzer's leak checker: every replay leaked such a scene.
    deinit {
        reactions.detach()
        for r in recognizers { r.detachRelationships() }
        for v in window.subtree {
            for r in v.gestureRecognizers { r.detachRelationships() }
            let dropped = v.companion.release()
            withExtendedLifetime(dropped) {}
        }
        environment.releaseCompanions()
    }
}

/// Builds live objects from a `SceneDocument`. Parameter names and values are checked here, by
/// the recognizers themselves, and errors point at the scene line that set them.
public enum SceneBuilder {
    public static func build(_ doc: SceneDocument, registry: RecognizerRegistry = .current, recordLog: Bool = true,
                             keptKinds: Set<LogEntry.Kind>? = nil) throws(SceneError) -> BuiltScene {
        var recognizers: [GestureRecognizer] = []
        var views: [String: View] = [:]

        /// Sets parameters by name; a bad name or value is an error at the line that set it.
        func apply(_ parameters: [ParameterAssignment], to g: GestureRecognizer, id: String, line: Int) throws(SceneError) {
            for p in parameters {
                do {
                    var v = value(p.value)
                    if case let .text(path) = v, g.parameters.first(where: { $0.name == p.name })?.kind == .path, !path.hasPrefix("/") {
                        v = .text(((doc.file as NSString).deletingLastPathComponent as NSString).appendingPathComponent(path))
                    }
                    try g.setParameter(p.name, v)
                } catch {
                    throw SceneError(file: doc.file, line: p.line > 0 ? p.line : line, column: p.column,
                                     message: "recognizer \(id): \(error.message)")
                }
            }
        }

        /// One delegate per name for the whole scene (`RecognizerRegistry.DelegateMaker`).
        var sharedDelegates: [String: AnyObject] = [:]

        /// A view of the class the spec names, if it names one.
        func custom(_ spec: ViewSpec) throws(SceneError) -> View? {
            guard let name = spec.className else { return nil }
            guard let factory = registry.viewClasses[name] else {
                let known = registry.viewClassNames.isEmpty ? "none is registered (GestureLabCLI.main(views:) registers them)"
                                                            : "classes are \(registry.viewClassNames.joined(separator: ", "))"
                throw SceneError(file: doc.file, line: spec.classLine, message: "view \(spec.id): unknown view class \"\(name)\"; \(known)")
            }
            let v = factory(spec.id, spec.frame)
            let wanted: String? = switch spec.kind {
            case .view: nil
            case .control: v is ControlView ? nil : "a UIControl subclass (the view is `kind: control`)"
            case .scroll: v is ScrollView ? nil : "a UIScrollView subclass (the view is `kind: scroll`)"
            }
            if let wanted {
                throw SceneError(file: doc.file, line: spec.classLine, message: "view \(spec.id): class \(name) is not \(wanted)")
            }
            return v
        }

        func make(_ spec: ViewSpec) throws(SceneError) -> View {
            let v: View
            let made = try custom(spec)
            switch spec.kind {
            case .view: v = made ?? View(id: spec.id, frame: spec.frame)
            case .control:
                let c = (made as? ControlView) ?? ControlView(id: spec.id, frame: spec.frame)
                // A registered class is the kind of control it is (a UISwitch subclass is a switch).
                if made == nil { c.controlType = spec.control.type }
                c.isEnabled = spec.control.enabled
                c.trackingMargin = spec.control.trackingMargin
                c.isContinuous = spec.control.continuous
                c.isOn = spec.control.on
                c.value = spec.control.value
                v = c
            case .scroll:
                let s = spec.scroll ?? ViewSpec.ScrollSpec(contentSize: spec.frame.size)
                let sv = (made as? ScrollView) ?? ScrollView(id: spec.id, frame: spec.frame, contentSize: s.contentSize)
                sv.contentSize = s.contentSize
                sv.contentOffset = s.contentOffset
                sv.isDirectionalLockEnabled = s.directionalLock
                sv.delaysContentTouches = s.delaysContentTouches
                sv.canCancelContentTouches = s.canCancelContentTouches
                sv.alwaysBounceHorizontal = s.alwaysBounceHorizontal
                sv.alwaysBounceVertical = s.alwaysBounceVertical
                sv.decelerationRate = s.decelerationRate
                if let d = s.contentTouchDelay { sv.contentTouchDelay = .seconds(d) }
                sv.refusedContentViews = Set(s.refuse)
                sv.keptContentViews = Set(s.keep)
                sv.isScrollEnabled = s.scrollEnabled
                try apply(s.panParameters, to: sv.panGestureRecognizer, id: sv.panGestureRecognizer.id, line: spec.line)
                recognizers.append(contentsOf: sv.gestureRecognizers)
                v = sv
            }
            v.isHidden = spec.hidden
            v.isUserInteractionEnabled = spec.userInteractionEnabled
            v.rejectedRecognizers = Set(spec.rejects)
            views[spec.id] = v
            for r in spec.recognizers {
                guard let factory = registry.factories[r.type] else {
                    throw SceneError(file: doc.file, line: r.line, message: "unknown recognizer type \"\(r.type)\"; types are \(registry.typeNames.joined(separator: ", "))")
                }
                let g = factory(r.id)
                try apply(r.parameters, to: g, id: r.id, line: r.line)
                if let name = r.delegate {
                    guard let maker = registry.delegates[name] else {
                        let known = registry.delegateNames.isEmpty ? "none is registered (GestureLabCLI.main(delegates:) registers them)"
                                                                   : "delegates are \(registry.delegateNames.joined(separator: ", "))"
                        throw SceneError(file: doc.file, line: r.delegateLine, message: "recognizer \(r.id): unknown delegate \"\(name)\"; \(known)")
                    }
                    let shared = sharedDelegates[name] ?? maker.make()
                    sharedDelegates[name] = shared
                    maker.install(shared, g)
                }
                v.addGestureRecognizer(g)
                recognizers.append(g)
            }
            for s in spec.subviews { v.addSubview(try make(s)) }
            return v
        }

        let window = try make(doc.root)
        let env = GestureEnvironment(window: window, options: doc.options, recordLog: recordLog, keptKinds: keptKinds)
        func find(_ id: String) -> GestureRecognizer { recognizers.first { $0.id == id }! }
        var delegates: [String: ScenePolicyDelegate] = [:]
        func delegate(_ id: String) throws(SceneError) -> ScenePolicyDelegate {
            if let d = delegates[id] { return d }
            if let spec = doc.recognizerSpecs.first(where: { $0.id == id }), let own = spec.delegate {
                throw SceneError(file: doc.file, line: spec.delegateLine,
                                 message: "recognizer \(id) has its own delegate \(own), and the scene's relationships or policies give it a policy delegate too; a recognizer has one delegate: move those rules into \(own)")
            }
            let d = ScenePolicyDelegate()
            delegates[id] = d
            find(id).delegate = d
            return d
        }
        for rel in doc.relationships {
            switch rel.kind {
            case let .simultaneous(a, b):
                try delegate(a).allowSimultaneous(with: b)
            case let .requireToFail(waiter, required, via):
                switch via {
                case .static: find(waiter).require(toFail: find(required))
                case .delegate: try delegate(waiter).requireFailure(of: required)
                case .requiredDelegate: try delegate(required).beRequiredToFail(by: waiter)
                }
            case let .cannotPrevent(r, other):
                find(r).cannotPreventIDs.insert(other)
            }
        }
        for p in doc.policies {
            let d = try delegate(p.recognizer)
            if let dir = p.beginDirection { d.beginDirection = dir }
            if p.neverBegin { d.neverBegin = true }
            if p.simultaneousWithAny { d.simultaneousWithAny = true }
            d.notInside += p.notInside.compactMap { views[$0] }
            d.onlyInside += p.onlyInside.compactMap { views[$0] }
            if let e = p.events { d.events = e }
            if let b = p.buttons { d.buttons = b }
        }
        let reactions = SceneReactions(environment: env, window: window, views: views, recognizers: recognizers)
        try reactions.attach(doc.reactions, file: doc.file)
        for b in doc.behaviors {
            let r = find(b.recognizer)
            switch b.kind {
            case let .dragOutCopy(scroll, minimumDrag, maximumDrift):
                DragOutCopyBehavior(recognizer: r, scrollView: views[scroll] as! ScrollView, window: window,
                                    minimumDrag: minimumDrag, maximumDrift: maximumDrift).attach()
            case .dragCopy:
                DragCopyBehavior(recognizer: r, window: window).attach()
            }
        }
        return BuiltScene(document: doc, window: window, environment: env, recognizers: recognizers, reactions: reactions)
    }

    /// The parameter names a recognizer type takes (empty for an unknown type).
    public static func parameterNames(type: String, registry: RecognizerRegistry = .current) -> [String] {
        registry.factories[type].map { $0("probe").parameters.map(\.name) } ?? []
    }

    static func value(_ input: ParameterInput) -> ParameterValue {
        switch input {
        case let .number(n): return .number(n)
        case let .bool(b): return .bool(b)
        case let .text(s): return .text(s)
        case let .list(l): return .list(l)
        }
    }
}
