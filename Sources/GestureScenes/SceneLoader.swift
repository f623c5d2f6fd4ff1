import Foundation
import GestureEngine
import GestureTrace
import Yams

/// Reads a scene file (YAML, of which JSON is a subset) into a `SceneDocument`, or says
/// precisely where and what is wrong. The format is described in `docs/scene-format.md`.
public enum SceneLoader {
    /// Scene files larger than this are refused before parsing (a scene is a page of text).
    public static let maximumFileSize = 4 << 20
    /// Deeper view nesting is refused: no real hierarchy is this deep, and recursion is bounded.
    public static let maximumViewDepth = 64

    public static func load(path: String) throws(SceneError) -> SceneDocument {
        let data = try readBounded(path)
        guard let text = String(validating: data, as: UTF8.self) else {
            throw SceneError(file: path, line: 0, message: "not a scene: the file is not UTF-8 text")
        }
        return try parse(text, file: path)
    }

    /// The file's bytes, read with a limit so that a device or a pipe that never ends (a scene
    /// path of /dev/zero) is refused instead of filling memory.
    static func readBounded(_ path: String) throws(SceneError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            let e = errno
            switch e {
            case ENOENT: throw SceneError(file: path, line: 0, message: "no such file")
            case EACCES, EPERM: throw SceneError(file: path, line: 0, message: "permission denied")
            case EISDIR: throw SceneError(file: path, line: 0, message: "is a directory, not a scene file")
            default: throw SceneError(file: path, line: 0, message: String(cString: strerror(e)))
            }
        }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
            throw SceneError(file: path, line: 0, message: "is a directory, not a scene file")
        }
        switch BoundedRead.all(fd, limit: maximumFileSize, refuse: { $0.contains(0) }) {
        case let .success(bytes): return bytes
        case .failure(.refused): throw SceneError(file: path, line: 0, message: "not a scene: the file holds binary data (NUL bytes)")
        case .failure(.tooLarge): throw SceneError(file: path, line: 0, message: "file is over \(maximumFileSize) bytes; scenes are at most \(maximumFileSize) bytes")
        case let .failure(.readFailed(e)): throw SceneError(file: path, line: 0, message: "read failed: \(String(cString: strerror(e)))")
        }
    }

    public static func parse(_ text: String, file: String) throws(SceneError) -> SceneDocument {
        if text.allSatisfy(\.isWhitespace) { throw SceneError(file: file, line: 0, message: "empty file: a scene needs at least `views:`") }
        if let depth = nestingDepth(text), depth > 200 {
            throw SceneError(file: file, line: 0, message: "nesting deeper than 200 levels")
        }
        let node: Node
        do {
            // The basic resolver: scalars are read as the text they are (`SceneNode`), so Yams's
            // default resolver, whose regular expressions took a third of a replay's start-up
            // (ICU compiling them, 2-3 ms), would tag values nobody reads the tags of.
            guard let n = try Yams.compose(yaml: text, .basic) else { throw SceneError(file: file, line: 0, message: "empty file: a scene needs at least `views:`") }
            node = n
        } catch let e as SceneError {
            throw e
        } catch let e as YamlError {
            throw describe(e, file: file)
        } catch {
            throw SceneError(file: file, line: 0, message: "unreadable YAML: \(error)")
        }
        return try document(SceneNode(node: node, file: file), file: file)
    }

    /// Bracket and indentation depth, checked before YAML parsing so hostile nesting cannot
    /// exhaust the parser's stack.
    static func nestingDepth(_ text: String) -> Int? {
        var depth = 0, maxDepth = 0
        for c in text.utf8 {
            if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") { depth += 1; maxDepth = max(maxDepth, depth) }
            if c == UInt8(ascii: "]") || c == UInt8(ascii: "}") { depth -= 1 }
        }
        return maxDepth
    }

    static func describe(_ e: YamlError, file: String) -> SceneError {
        switch e {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _), let .composer(context, problem, mark, _):
            let ctx = context.map { " (\($0.text) at line \($0.mark.line))" } ?? ""
            return SceneError(file: file, line: mark.line, column: mark.column, message: "YAML syntax: \(problem)\(ctx)")
        case let .reader(problem, _, _, _):
            return SceneError(file: file, line: 0, message: "unreadable text: \(problem)")
        case let .duplicatedKeysInMapping(duplicates, context):
            return SceneError(file: file, line: context.mark.line, column: context.mark.column, message: "duplicate keys: \(duplicates.joined(separator: ", "))")
        default:
            return SceneError(file: file, line: 0, message: "YAML: \(e)")
        }
    }

    static let topLevelKeys = ["scene", "description", "viewport", "options", "window", "views", "relationships", "policies", "reactions", "behaviors", "flutter", "android"]

    static func document(_ top: SceneNode, file: String) throws(SceneError) -> SceneDocument {
        let fields = try top.mapping("a scene")
        var name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        var summary: String?
        var viewport = Size(width: 390, height: 844)
        var options = EngineOptions()
        var windowRecognizers: [RecognizerSpec] = []
        var views: [ViewSpec] = []
        var relationships: [RelationshipSpec] = []
        var policies: [PolicySpec] = []
        var reactions: [ReactionSpec] = []
        var behaviors: [BehaviorSpec] = []
        var platformOptions: [String: PlatformOptions] = [:]
        var sawViews = false
        for (key, keyNode, value) in fields {
            switch key {
            case "scene": name = try value.identifier("scene name")
            case "description": summary = try value.string("description")
            case "viewport": viewport = try size(value)
            case "options": options = try engineOptions(value)
            case "window":
                for (k, kn, v) in try value.mapping("window") {
                    guard k == "recognizers" else { throw kn.error("window takes only `recognizers:`; it is sized to the viewport") }
                    windowRecognizers = try recognizers(v)
                }
            case "views":
                sawViews = true
                for item in try value.sequence("views") { views.append(try view(item, depth: 1)) }
            case "relationships":
                for item in try value.sequence("relationships") { relationships.append(try relationship(item)) }
            case "policies":
                for item in try value.sequence("policies") { policies.append(try policy(item)) }
            case "reactions":
                for item in try value.sequence("reactions") { reactions.append(try reaction(item)) }
            case "behaviors":
                for item in try value.sequence("behaviors") { behaviors.append(try behavior(item)) }
            case "flutter", "android":
                platformOptions[key] = try self.platformOptions(value, key)
            default:
                throw keyNode.error("unknown key \"\(key)\"; a scene has \(topLevelKeys.joined(separator: ", "))")
            }
        }
        guard sawViews || !windowRecognizers.isEmpty else {
            throw top.error("a scene needs `views:` (or recognizers on `window:`)")
        }
        let root = ViewSpec(id: "window", frame: Rect(x: 0, y: 0, width: viewport.width, height: viewport.height),
                            recognizers: windowRecognizers, subviews: views, line: top.line)
        var doc = SceneDocument(name: name, file: file, summary: summary, viewport: viewport, options: options, root: root,
                                relationships: relationships, policies: policies, reactions: reactions)
        doc.behaviors = behaviors
        doc.platformOptions = platformOptions
        try SceneValidator.validate(doc)
        return doc
    }

    static func size(_ n: SceneNode) throws(SceneError) -> Size {
        let w: Double, h: Double
        if case .sequence = n.node {
            let items = try n.sequence("viewport")
            guard items.count == 2 else { throw n.error("viewport is [width, height]") }
            w = try items[0].number("viewport width")
            h = try items[1].number("viewport height")
        } else {
            var width: Double?, height: Double?
            for (k, kn, v) in try n.mapping("viewport") {
                switch k {
                case "width": width = try v.number("width")
                case "height": height = try v.number("height")
                default: throw kn.error("viewport has width and height, not \"\(k)\"")
                }
            }
            guard let width, let height else { throw n.error("viewport needs width and height") }
            w = width
            h = height
        }
        guard w > 0, h > 0, w <= 100_000, h <= 100_000 else { throw n.error("viewport width and height must be between 0 and 100000 points") }
        return Size(width: w, height: h)
    }

    static func rect(_ n: SceneNode, what: String) throws(SceneError) -> Rect {
        let items = try n.sequence(what)
        guard items.count == 4 else { throw n.error("\(what) is [x, y, width, height]") }
        var v: [Double] = []
        for (i, item) in items.enumerated() {
            let d = try item.number(["x", "y", "width", "height"][i])
            guard abs(d) <= 1_000_000 else { throw item.error("\(what) values must be within ±1000000 points") }
            v.append(d)
        }
        guard v[2] >= 0, v[3] >= 0 else { throw n.error("\(what) width and height must not be negative") }
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    static func engineOptions(_ n: SceneNode) throws(SceneError) -> EngineOptions {
        var o = EngineOptions()
        for (k, kn, v) in try n.mapping("options") {
            switch k {
            case "resetTiming":
                let s = try v.string(k)
                guard let t = EngineOptions.ResetTiming(rawValue: s) else {
                    throw v.error("resetTiming is one of \(EngineOptions.ResetTiming.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                o.resetTiming = t
            case "cancellationOrder":
                let s = try v.string(k)
                guard let t = EngineOptions.CancellationOrder(rawValue: s) else {
                    throw v.error("cancellationOrder is one of \(EngineOptions.CancellationOrder.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                o.cancellationOrder = t
            case "actionOnCancelled": o.actionOnCancelled = try v.bool(k)
            case "askTouchedViews": o.askTouchedViews = try v.bool(k)
            case "oneWayPreventionWinsTies": o.oneWayPreventionWinsTies = try v.bool(k)
            case "batchSimultaneousEvents": o.batchSimultaneousEvents = try v.bool(k)
            case "timersBeforeTouchesAtSameTime": o.timersBeforeTouchesAtSameTime = try v.bool(k)
            case "failRequirementCycles": o.failRequirementCycles = try v.bool(k)
            case "touchCatchesDeceleration": o.touchCatchesDeceleration = try v.bool(k)
            case "supportsIndirectInputEvents": o.supportsIndirectInputEvents = try v.bool(k)
            case "touchesOfALeavingView":
                let s = try v.string(k)
                guard let t = EngineOptions.TouchesOfALeavingView(rawValue: s) else {
                    throw v.error("touchesOfALeavingView is one of \(EngineOptions.TouchesOfALeavingView.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                o.touchesOfALeavingView = t
            default:
                throw kn.error("unknown option \"\(k)\"; options are resetTiming, cancellationOrder, actionOnCancelled, askTouchedViews, oneWayPreventionWinsTies, batchSimultaneousEvents, timersBeforeTouchesAtSameTime, failRequirementCycles, touchCatchesDeceleration, supportsIndirectInputEvents, touchesOfALeavingView")
            }
        }
        return o
    }

    static func view(_ n: SceneNode, depth: Int) throws(SceneError) -> ViewSpec {
        guard depth <= maximumViewDepth else { throw n.error("views nested deeper than \(maximumViewDepth) levels") }
        var id: String?
        var frame: Rect?
        var spec = ViewSpec(id: "", frame: Rect(x: 0, y: 0, width: 0, height: 0), line: n.line)
        var scroll = ViewSpec.ScrollSpec(contentSize: .zero)
        var scrollKeys: [SceneNode] = []
        var controlKeys: [SceneNode] = []
        var sawContentSize = false
        for (k, kn, v) in try n.mapping("a view") {
            if scrollKeyNames.contains(k) { scrollKeys.append(kn) }
            if controlKeyNames.contains(k) { controlKeys.append(kn) }
            switch k {
            case "id": id = try v.identifier("view id")
            case "frame": frame = try rect(v, what: "frame")
            case "kind":
                let s = try v.string("kind")
                guard let kind = ViewSpec.Kind(rawValue: s) else {
                    throw v.error("unknown view kind \"\(s)\"; kinds are \(ViewSpec.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                spec.kind = kind
            case "class":
                spec.className = try v.identifier("class")
                spec.classLine = v.line
            case "hidden": spec.hidden = try v.bool("hidden")
            case "userInteractionEnabled": spec.userInteractionEnabled = try v.bool(k)
            case "rejects":
                spec.rejects = try v.listOfStrings("rejects")
            case "recognizers": spec.recognizers = try recognizers(v)
            case "flutter", "android": spec.platformOptions[k] = try platformOptions(v, k)
            case "subviews":
                for item in try v.sequence("subviews") { spec.subviews.append(try view(item, depth: depth + 1)) }
            case "contentSize":
                scroll.contentSize = try size(v)
                sawContentSize = true
            case "contentOffset":
                let items = try v.sequence("contentOffset")
                guard items.count == 2 else { throw v.error("contentOffset is [x, y]") }
                scroll.contentOffset = Point(x: try items[0].number("x"), y: try items[1].number("y"))
            case "scrollEnabled": scroll.scrollEnabled = try v.bool(k)
            case "directionalLock": scroll.directionalLock = try v.bool(k)
            case "delaysContentTouches": scroll.delaysContentTouches = try v.bool(k)
            case "canCancelContentTouches": scroll.canCancelContentTouches = try v.bool(k)
            case "alwaysBounceHorizontal": scroll.alwaysBounceHorizontal = try v.bool(k)
            case "alwaysBounceVertical": scroll.alwaysBounceVertical = try v.bool(k)
            case "decelerationRate":
                switch try v.string(k) {
                case "normal": scroll.decelerationRate = GestureDefaults.scrollDecelerationRateNormal
                case "fast": scroll.decelerationRate = GestureDefaults.scrollDecelerationRateFast
                default:
                    let r = try v.number(k)
                    guard r > 0, r < 1 else { throw v.error("decelerationRate is normal, fast, or the share of the velocity kept per millisecond, between 0 and 1 (0.998 is normal)") }
                    scroll.decelerationRate = r
                }
            case "contentTouchDelay":
                let d = try v.number(k)
                guard d >= 0, d <= 10 else { throw v.error("contentTouchDelay is seconds from 0 to 10") }
                scroll.contentTouchDelay = d
            case "touchesShouldBegin":
                for (rk, rkn, rv) in try v.mapping("touchesShouldBegin") {
                    guard rk == "refuse" else { throw rkn.error("touchesShouldBegin takes `refuse: [view ids]`") }
                    scroll.refuse = try rv.listOfStrings("refuse")
                }
            case "pan":
                // The scroll view's own pan takes any pan parameter (`gesturelab recognizers scrollPan`).
                for (pk, pkn, pv) in try v.mapping("pan") {
                    scroll.panParameters.append(ParameterAssignment(name: pk, value: try pv.parameterValue(pk), line: pkn.line, column: pkn.column))
                }
            case "control":
                let t = try v.string("control")
                guard let type = ControlView.ControlType(rawValue: t) else {
                    throw v.error("a control is one of \(ControlView.ControlType.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                spec.control.type = type
            case "enabled": spec.control.enabled = try v.bool(k)
            case "trackingMargin":
                let m = try v.number(k)
                guard m >= 0, m <= 1000 else { throw v.error("trackingMargin is points beyond the bounds, 0 to 1000") }
                spec.control.trackingMargin = m
            case "continuous": spec.control.continuous = try v.bool(k)
            case "on": spec.control.on = try v.bool(k)
            case "value":
                let x = try v.number(k)
                guard (0...1).contains(x) else { throw v.error("a slider's value is from 0 to 1") }
                spec.control.value = x
            case "touchesShouldCancel":
                for (rk, rkn, rv) in try v.mapping("touchesShouldCancel") {
                    guard rk == "keep" else { throw rkn.error("touchesShouldCancel takes `keep: [view ids]`") }
                    scroll.keep = try rv.listOfStrings("keep")
                }
            default:
                throw kn.error("unknown view key \"\(k)\"; a view has id, frame, kind, class, hidden, userInteractionEnabled, rejects, recognizers, subviews, flutter, android, a control also \(controlKeyNames.joined(separator: ", ")), and a scroll view also \(scrollKeyNames.joined(separator: ", "))")
            }
        }
        guard let id else { throw n.error("a view needs an `id`") }
        guard let frame else { throw n.error("view \(id) needs a `frame: [x, y, width, height]`") }
        if spec.kind == .scroll {
            guard sawContentSize else { throw n.error("scroll view \(id) needs `contentSize: [width, height]`") }
            spec.scroll = scroll
        } else if let first = scrollKeys.first {
            throw first.error("only a scroll view (`kind: scroll`) takes this key")
        }
        if spec.kind != .control, let first = controlKeys.first {
            throw first.error("only a control (`kind: control`) takes this key")
        }
        spec.id = id
        spec.frame = frame
        return spec
    }

    static let controlKeyNames = ["control", "enabled", "trackingMargin", "continuous", "on", "value"]
    static let scrollKeyNames = ["contentSize", "contentOffset", "scrollEnabled", "directionalLock", "delaysContentTouches", "canCancelContentTouches",
                                 "alwaysBounceHorizontal", "alwaysBounceVertical", "decelerationRate", "contentTouchDelay", "touchesShouldBegin", "touchesShouldCancel", "pan"]

    static func recognizers(_ n: SceneNode) throws(SceneError) -> [RecognizerSpec] {
        var out: [RecognizerSpec] = []
        for item in try n.sequence("recognizers") {
            var id: String?
            var type: String?
            var params: [ParameterAssignment] = []
            var delegate: String?
            var delegateLine = 0
            var platforms: [String: PlatformOptions] = [:]
            for (k, kn, v) in try item.mapping("a recognizer") {
                switch k {
                case "id": id = try v.identifier("recognizer id")
                case "type": type = try v.identifier("recognizer type")
                case "delegate":
                    delegate = try v.identifier("delegate name")
                    delegateLine = kn.line
                case "flutter", "android": platforms[k] = try platformOptions(v, k)
                default: params.append(ParameterAssignment(name: k, value: try v.parameterValue(k), line: kn.line, column: kn.column))
                }
            }
            guard let id else { throw item.error("a recognizer needs an `id`") }
            guard let type else { throw item.error("recognizer \(id) needs a `type`; `gesturelab recognizers` lists them") }
            out.append(RecognizerSpec(id: id, type: type, parameters: params, line: item.line, delegate: delegate, delegateLine: delegateLine, platformOptions: platforms))
        }
        return out
    }

    /// A `flutter:` / `android:` block: a mapping of names to values, read by that platform's replay.
    static func platformOptions(_ n: SceneNode, _ platform: String) throws(SceneError) -> PlatformOptions {
        var out: [ParameterAssignment] = []
        for (k, kn, v) in try n.mapping("\(platform) options") {
            out.append(ParameterAssignment(name: k, value: try v.parameterValue(k), line: kn.line, column: kn.column))
        }
        return PlatformOptions(assignments: out, line: n.line)
    }

    static func relationship(_ n: SceneNode) throws(SceneError) -> RelationshipSpec {
        let fields = try n.mapping("a relationship")
        func field(_ name: String) -> SceneNode? { fields.first { $0.0 == name }?.2 }
        let keys = Set(fields.map(\.0))
        if let pair = field("simultaneous") {
            guard keys == ["simultaneous"] else { throw n.error("`simultaneous: [a, b]` stands alone") }
            let ids = try pair.listOfStrings("simultaneous")
            guard ids.count == 2 else { throw pair.error("simultaneous names exactly two recognizers: [a, b]") }
            return RelationshipSpec(kind: .simultaneous(ids[0], ids[1]), line: n.line)
        }
        if let waiter = field("require") {
            guard let required = field("toFail") else { throw n.error("`require: A` needs `toFail: B`") }
            var via = RelationshipSpec.RequirementSource.static
            if let v = field("via") {
                let s = try v.string("via")
                guard let source = RelationshipSpec.RequirementSource(rawValue: s) else {
                    throw v.error("via is one of \(RelationshipSpec.RequirementSource.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                via = source
            }
            guard keys.isSubset(of: ["require", "toFail", "via"]) else { throw n.error("a require relationship has require, toFail and via") }
            return RelationshipSpec(kind: .requireToFail(waiter: try waiter.identifier("require"), required: try required.identifier("toFail"), via: via), line: n.line)
        }
        if let r = field("recognizer"), let other = field("cannotPrevent") {
            guard keys == ["recognizer", "cannotPrevent"] else { throw n.error("a one-way rule is `recognizer: A` with `cannotPrevent: B`") }
            return RelationshipSpec(kind: .cannotPrevent(recognizer: try r.identifier("recognizer"), other: try other.identifier("cannotPrevent")), line: n.line)
        }
        throw n.error("unknown relationship; use `simultaneous: [a, b]`, `require: a` + `toFail: b` (+ `via:`), or `recognizer: a` + `cannotPrevent: b`")
    }

    static func policy(_ n: SceneNode) throws(SceneError) -> PolicySpec {
        var spec = PolicySpec(recognizer: "", line: n.line)
        var sawRecognizer = false
        for (k, kn, v) in try n.mapping("a policy") {
            switch k {
            case "recognizer":
                spec.recognizer = try v.identifier("recognizer")
                sawRecognizer = true
            case "shouldBegin":
                for (bk, bkn, bv) in try v.mapping("shouldBegin") {
                    switch bk {
                    case "direction":
                        let s = try bv.string("direction")
                        guard let d = PolicySpec.Direction(rawValue: s) else {
                            throw bv.error("direction is one of \(PolicySpec.Direction.allCases.map(\.rawValue).joined(separator: ", "))")
                        }
                        spec.beginDirection = d
                    case "never": spec.neverBegin = try bv.bool("never")
                    default: throw bkn.error("shouldBegin takes `direction:` or `never:`")
                    }
                }
            case "simultaneousWithAny":
                spec.simultaneousWithAny = try v.bool(k)
            case "shouldReceive":
                for (rk, rkn, rv) in try v.mapping("shouldReceive") {
                    switch rk {
                    case "notInside": spec.notInside = try rv.listOfStrings("notInside")
                    case "onlyInside": spec.onlyInside = try rv.listOfStrings("onlyInside")
                    case "events":
                        var kinds: Set<TouchEvent.EventType> = []
                        for name in try rv.listOfStrings("events") {
                            switch name {
                            case "touches": kinds.insert(.touches)
                            case "hover": kinds.insert(.hover)
                            case "scroll": kinds.insert(.scroll)
                            default: throw rv.error("events are touches, hover, scroll; found \"\(name.prefix(40))\"")
                            }
                        }
                        spec.events = kinds
                    case "buttons":
                        var mask = 0
                        for name in try rv.listOfStrings("buttons") {
                            switch name {
                            case "none": break
                            case "primary": mask |= 1
                            case "secondary": mask |= 2
                            default:
                                guard name.hasPrefix("button"), let n = Int(name.dropFirst(6)), (1...16).contains(n) else {
                                    throw rv.error("buttons are primary, secondary, button3 ... button16, or none; found \"\(name.prefix(40))\"")
                                }
                                mask |= 1 << (n - 1)
                            }
                        }
                        spec.buttons = mask
                    default: throw rkn.error("shouldReceive takes `notInside:`, `onlyInside:`, `events:` or `buttons:`")
                    }
                }
            default:
                throw kn.error("unknown policy key \"\(k)\"; a policy has recognizer, shouldBegin, shouldReceive, simultaneousWithAny")
            }
        }
        guard sawRecognizer else { throw n.error("a policy needs `recognizer:`") }
        return spec
    }

    static func behavior(_ n: SceneNode) throws(SceneError) -> BehaviorSpec {
        var type: String?, recognizer: String?, scroll: String?
        var minimumDrag = 16.0, maximumDrift = 8.0
        for (k, kn, v) in try n.mapping("a behavior") {
            switch k {
            case "type": type = try v.string("type")
            case "recognizer": recognizer = try v.identifier("recognizer")
            case "scroll": scroll = try v.identifier("scroll")
            case "minimumDrag": minimumDrag = try v.number(k)
            case "maximumDrift": maximumDrift = try v.number(k)
            default: throw kn.error("unknown behavior key \"\(k)\"; a behavior has type, recognizer, scroll, minimumDrag, maximumDrift")
            }
        }
        guard let recognizer else { throw n.error("a behavior needs `recognizer:`") }
        switch type {
        case "dragOutCopy":
            guard let scroll else { throw n.error("dragOutCopy needs `scroll:` (the scroll view whose scrolling it switches off)") }
            return BehaviorSpec(recognizer: recognizer, kind: .dragOutCopy(scroll: scroll, minimumDrag: minimumDrag, maximumDrift: maximumDrift), line: n.line)
        case "dragCopy":
            return BehaviorSpec(recognizer: recognizer, kind: .dragCopy, line: n.line)
        default:
            throw n.error("a behavior's type is dragOutCopy or dragCopy")
        }
    }
}
