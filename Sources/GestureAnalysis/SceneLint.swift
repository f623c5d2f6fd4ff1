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
        // Lookups by id, built once: a scene may have thousands of recognizers, and each check
        // below asks about many of them.
        var byID: [String: GestureRecognizer] = [:]
        for r in recognizers where byID[r.id] == nil { byID[r.id] = r }
        func find(_ id: String) -> GestureRecognizer? { byID[id] }
        var lines: [String: Int] = [:]
        for v in doc.root.allViews {
            for id in v.implicitRecognizerIDs where lines[id] == nil { lines[id] = v.line }
        }
        // A recognizer's own line; the first one when an id repeats.
        for spec in doc.recognizerSpecs.reversed() { lines[spec.id] = spec.line }
        func line(of id: String) -> Int { lines[id] ?? 0 }
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
        // 1. Cycles: every recognizer on one would wait for another forever. One finding per
        // group of recognizers that wait on each other (a strongly connected component), naming
        // the shortest cycle through its first id.
        for component in RequirementGraph(edges: edges.mapValues { $0.map(\.0) }).cycles() {
            add(line(of: component[0]), .error, "require-to-fail cycle \(component.joined(separator: " -> ")): each waits for the next to fail, a deadlock (the engine fails them all)")
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
        var relatedPairs = Set<Pair>()
        for rel in doc.relationships {
            switch rel.kind {
            case let .simultaneous(x, y), let .requireToFail(x, y, _), let .cannotPrevent(x, y): relatedPairs.insert(Pair(x, y))
            }
        }
        let broadPolicies = Set(doc.policies.filter { $0.simultaneousWithAny || $0.beginDirection != nil }.map(\.recognizer))
        func related(_ a: String, _ b: String) -> Bool {
            relatedPairs.contains(Pair(a, b)) || broadPolicies.contains(a) || broadPolicies.contains(b)
        }
        let neverBegins = Dictionary(doc.policies.filter(\.neverBegin).map { ($0.recognizer, $0) }, uniquingKeysWith: { first, _ in first })
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
            if let p = neverBegins[r.id] {
                add(p.line, .warning, "\(r.id) can never win: its policy says shouldBegin never")
            }
            // A swipe next to a pan that begins sooner, with nothing between them (docs/uikit-rules.md A.3.1).
            // One finding per swipe, however many pans it loses to.
            if let swipe = r as? SwipeGestureRecognizer {
                let pans = recognizers.compactMap { other -> PanGestureRecognizer? in
                    guard other !== r, let pan = other as? PanGestureRecognizer, !(pan is ScrollViewPanGestureRecognizer), pan.isEnabled,
                          pan.minimumDistance < swipe.minimumDistance, canShare(r, other), !related(r.id, other.id) else { return nil }
                    return pan
                }
                if let pan = pans.first {
                    let others = pans.count == 1 ? "" : pans.count == 2 ? " (and \(pans[1].id))" : " (and \(pans.count - 1) other pans)"
                    add(line(of: r.id), .warning, "\(r.id) can never win against \(pan.id)\(others): the pan begins after \(NumberFormat.short(pan.minimumDistance)) pt, before the swipe's \(NumberFormat.short(swipe.minimumDistance)) pt, and excludes it (docs/uikit-rules.md A.3.1); add `require: \(pan.id)` + `toFail: \(r.id)`, or a simultaneous rule")
                }
            }
            // A recognizer that waits for one that always wins first.
            for (required, relLine) in edges[r.id] ?? [] {
                if let q = find(required), q.publishedState == .possible, neverBegins[required] != nil {
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

/// An unordered pair of recognizer ids.
private struct Pair: Hashable {
    let first: String, second: String
    init(_ a: String, _ b: String) { (first, second) = a < b ? (a, b) : (b, a) }
}
