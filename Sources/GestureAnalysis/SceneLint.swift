import GestureEngine
import GestureRecognizers
import GestureScenes

/// Static checks of a scene's relationship graph, before any touch.
public enum SceneLint {
    public struct Finding: Sendable, Equatable, CustomStringConvertible {
        public enum Severity: String, Sendable { case error, warning }
        public var file: String
        public var line: Int
        public var severity: Severity
        public var message: String
        public var description: String { "\(file):\(line): \(severity.rawValue): \(message)" }
    }

    public static func check(_ doc: SceneDocument, built: BuiltScene) -> [Finding] {
        var findings: [Finding] = []
        func add(_ line: Int, _ s: Finding.Severity, _ m: String) { findings.append(Finding(file: doc.file, line: line, severity: s, message: m)) }
        let recognizers = built.recognizers
        func find(_ id: String) -> GestureRecognizer? { recognizers.first { $0.id == id } }
        func line(of id: String) -> Int {
            doc.recognizerSpecs.first { $0.id == id }?.line ?? doc.root.allViews.first { $0.implicitRecognizerIDs.contains(id) }?.line ?? 0
        }
        /// Two recognizers can share a touch only if one's view is the other's or an ancestor of it.
        func canShare(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
            guard let va = a.view, let vb = b.view else { return false }
            return va.isDescendant(of: vb) || vb.isDescendant(of: va)
        }

        // Failure-requirement graph: waiter -> required.
        var edges: [String: [(String, Int)]] = [:]
        for rel in doc.relationships {
            if case let .requireToFail(waiter, required, _) = rel.kind { edges[waiter, default: []].append((required, rel.line)) }
        }
        // 1. Cycles: every recognizer on one would wait for another forever.
        var reported = Set<String>()
        for start in edges.keys.sorted() {
            var path: [String] = [start]
            func visit(_ node: String) {
                for (next, _) in edges[node] ?? [] {
                    if next == start {
                        let cycle = path + [start]
                        let key = Set(cycle).sorted().joined(separator: ",")
                        if reported.insert(key).inserted {
                            add(line(of: start), .error, "require-to-fail cycle \(cycle.joined(separator: " -> ")): each waits for the next to fail, a deadlock (the engine fails them all)")
                        }
                    } else if !path.contains(next) {
                        path.append(next)
                        visit(next)
                        path.removeLast()
                    }
                }
            }
            visit(start)
        }

        // 2. Relationships between recognizers that can never share a touch.
        for rel in doc.relationships {
            let pair: (String, String)
            switch rel.kind {
            case let .simultaneous(a, b): pair = (a, b)
            case let .requireToFail(a, b, _): pair = (a, b)
            case let .cannotPrevent(a, b): pair = (a, b)
            }
            if let a = find(pair.0), let b = find(pair.1), !canShare(a, b) {
                add(rel.line, .warning, "\(pair.0) and \(pair.1) are on views in separate subtrees (\(a.view?.id ?? "?"), \(b.view?.id ?? "?")): they never share a touch, so this relationship has no effect")
            }
        }

        // 3. Recognizers that can never win.
        func related(_ a: String, _ b: String) -> Bool {
            doc.relationships.contains { rel in
                switch rel.kind {
                case let .simultaneous(x, y): return (x == a && y == b) || (x == b && y == a)
                case let .requireToFail(x, y, _): return (x == a && y == b) || (x == b && y == a)
                case let .cannotPrevent(x, y): return (x == a && y == b) || (x == b && y == a)
                }
            } || doc.policies.contains { ($0.recognizer == a || $0.recognizer == b) && ($0.simultaneousWithAny || $0.beginDirection != nil) }
        }
        for r in recognizers {
            if !r.isEnabled { add(line(of: r.id), .warning, "\(r.id) is disabled: it receives no touches until a reaction enables it") }
            var v = r.view
            while let current = v {
                if current.isHidden || !current.isUserInteractionEnabled {
                    add(line(of: r.id), .warning, "\(r.id) is on \(current === r.view ? "" : "a view inside ")\(current.id), which is \(current.isHidden ? "hidden" : "not interactive"): no touch reaches it")
                    break
                }
                v = current.superview
            }
            if let p = doc.policies.first(where: { $0.recognizer == r.id && $0.neverBegin }) {
                add(p.line, .warning, "\(r.id) can never win: its policy says shouldBegin never")
            }
            // A swipe next to a pan that begins sooner, with nothing between them (reference A.3.1).
            if let swipe = r as? SwipeGestureRecognizer {
                for other in recognizers where other !== r && canShare(r, other) && !related(r.id, other.id) {
                    if let pan = other as? PanGestureRecognizer, !(pan is ScrollViewPanGestureRecognizer), pan.isEnabled, pan.minimumDistance < swipe.minimumDistance {
                        add(line(of: r.id), .warning, "\(r.id) can never win against \(pan.id): the pan begins after \(NumberFormat.short(pan.minimumDistance)) pt, before the swipe's \(NumberFormat.short(swipe.minimumDistance)) pt, and excludes it (A.3.1); add `require: \(pan.id)` + `toFail: \(r.id)`, or a simultaneous rule")
                    }
                }
            }
            // A recognizer that waits for one that always wins first.
            for (required, relLine) in edges[r.id] ?? [] {
                if let q = find(required), q.publishedState == .possible, doc.policies.contains(where: { $0.recognizer == required && $0.neverBegin }) {
                    add(relLine, .warning, "\(r.id) waits for \(required) to fail, which never begins: it waits until \(required)'s touches end")
                }
            }
        }

        // 4. One-way rules whose effect depends on which of two continuous recognizers reaches its
        // threshold first in one event.
        for rel in doc.relationships {
            guard case let .cannotPrevent(a, b) = rel.kind, let ra = find(a), let rb = find(b) else { continue }
            if !ra.isDiscrete && !rb.isDiscrete && !doc.options.oneWayPreventionWinsTies {
                add(rel.line, .warning, "\(a) cannot prevent \(b), but with oneWayPreventionWinsTies off, when both begin in one event the tie order (deepest view, then newest) decides whether \(b) runs alone or both run")
            }
        }
        return findings.sorted { $0.line != $1.line ? $0.line < $1.line : $0.message < $1.message }
    }
}
