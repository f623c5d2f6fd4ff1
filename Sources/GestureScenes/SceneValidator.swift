import GestureEngine

/// Checks that every id a scene mentions exists once: duplicate ids and dangling references
/// are errors at the line that has them.
enum SceneValidator {
    static func validate(_ doc: SceneDocument) throws(SceneError) {
        var viewIDs: [String: Int] = [:]
        var recognizerIDs: [String: Int] = [:]
        for v in doc.root.allViews {
            if let first = viewIDs[v.id] {
                throw SceneError(file: doc.file, line: v.line, message: "duplicate view id \"\(v.id)\" (first used at line \(first))")
            }
            viewIDs[v.id] = v.line
            for r in v.implicitRecognizerIDs { recognizerIDs[r] = v.line }
            for r in v.recognizers {
                if let first = recognizerIDs[r.id] {
                    throw SceneError(file: doc.file, line: r.line, message: "duplicate recognizer id \"\(r.id)\" (first used at line \(first))")
                }
                if viewIDs[r.id] != nil { throw SceneError(file: doc.file, line: r.line, message: "recognizer id \"\(r.id)\" is also a view id") }
                recognizerIDs[r.id] = r.line
            }
        }
        func recognizer(_ id: String, _ line: Int, _ role: String) throws(SceneError) {
            guard recognizerIDs[id] != nil else {
                throw SceneError(file: doc.file, line: line, message: "\(role) names unknown recognizer \"\(id)\"\(suggestion(id, Array(recognizerIDs.keys)))")
            }
        }
        func view(_ id: String, _ line: Int, _ role: String) throws(SceneError) {
            guard viewIDs[id] != nil else {
                throw SceneError(file: doc.file, line: line, message: "\(role) names unknown view \"\(id)\"\(suggestion(id, Array(viewIDs.keys)))")
            }
        }
        for v in doc.root.allViews {
            for r in v.rejects { try recognizer(r, v.line, "view \(v.id) `rejects`") }
            for c in (v.scroll?.refuse ?? []) + (v.scroll?.keep ?? []) { try view(c, v.line, "scroll view \(v.id)") }
        }
        func scrollView(_ id: String, _ line: Int, _ role: String) throws(SceneError) {
            try view(id, line, role)
            guard doc.root.allViews.first(where: { $0.id == id })?.kind == .scroll else {
                throw SceneError(file: doc.file, line: line, message: "\(role) names \"\(id)\", which is not a scroll view")
            }
        }
        for b in doc.behaviors {
            try recognizer(b.recognizer, b.line, "behavior")
            if case let .dragOutCopy(scroll, _, _) = b.kind { try scrollView(scroll, b.line, "dragOutCopy `scroll`") }
        }
        for rel in doc.relationships {
            switch rel.kind {
            case let .simultaneous(a, b):
                try recognizer(a, rel.line, "simultaneous")
                try recognizer(b, rel.line, "simultaneous")
                if a == b { throw SceneError(file: doc.file, line: rel.line, message: "simultaneous needs two different recognizers") }
            case let .requireToFail(waiter, required, _):
                try recognizer(waiter, rel.line, "require")
                try recognizer(required, rel.line, "toFail")
                if waiter == required { throw SceneError(file: doc.file, line: rel.line, message: "\(waiter) cannot require itself to fail") }
            case let .cannotPrevent(r, other):
                try recognizer(r, rel.line, "recognizer")
                try recognizer(other, rel.line, "cannotPrevent")
            }
        }
        for p in doc.policies {
            try recognizer(p.recognizer, p.line, "policy")
            for v in p.notInside + p.onlyInside { try view(v, p.line, "policy for \(p.recognizer)") }
        }
        // Views a reaction adds can be the target of a later action.
        var added: Set<String> = []
        for r in doc.reactions {
            switch r.trigger {
            case let .recognizer(id, _): try recognizer(id, r.line, "reaction `when`")
            case let .view(id, _): if !doc.reactions.contains(where: { $0.actions.contains { if case .addView(id, _, _, _) = $0 { return true } else { return false } } }) { try view(id, r.line, "reaction `when`") }
            case .time: break
            case let .control(id, _):
                guard doc.root.allViews.contains(where: { $0.id == id && $0.kind == .control }) else {
                    throw SceneError(file: doc.file, line: r.line, message: "reaction `when: \(id)` with `event:` needs a control (`kind: control`)")
                }
            }
            for a in r.actions {
                switch a {
                case let .disable(t), let .enable(t): try recognizer(t, r.line, "reaction action")
                case let .disableScrolling(t), let .enableScrolling(t): try scrollView(t, r.line, "reaction action")
                case let .removeView(t):
                    if !added.contains(t) { try view(t, r.line, "removeView") }
                    if t == "window" {
                        throw SceneError(file: doc.file, line: r.line, message: "removeView: the window cannot be removed (it holds the scene); remove one of its subviews")
                    }
                case .cancelAllTouches: break
                case let .addView(id, _, _, parent):
                    if !added.contains(parent) { try view(parent, r.line, "addView parent") }
                    if doc.root.allViews.contains(where: { $0.id == id }) || added.contains(id) {
                        throw SceneError(file: doc.file, line: r.line, message: "addView: a view \(id) exists already")
                    }
                    added.insert(id)
                case let .set(target, property, _):
                    // A recognizer of the scene, or one a view brings (a scroll view's ID.pan, ID.delay).
                    if doc.recognizerSpecs.contains(where: { $0.id == target }) { continue }
                    if doc.root.allViews.contains(where: { $0.implicitRecognizerIDs.contains(target) }) { continue }
                    guard doc.root.allViews.contains(where: { $0.id == target }) || added.contains(target) else {
                        throw SceneError(file: doc.file, line: r.line, message: "set: \(target) is neither a recognizer nor a view of the scene")
                    }
                    guard ["hidden", "userInteractionEnabled", "alpha"].contains(property) else {
                        throw SceneError(file: doc.file, line: r.line, message: "set: a view's property is hidden, userInteractionEnabled or alpha, not \"\(property)\"")
                    }
                }
            }
        }
    }

    static func suggestion(_ id: String, _ known: [String]) -> String {
        let close = known.filter { $0.lowercased() == id.lowercased() || $0.lowercased().hasPrefix(id.lowercased().prefix(3)) }.sorted()
        if let first = close.first { return "; did you mean \"\(first)\"?" }
        return known.isEmpty ? "" : "; known: \(known.sorted().prefix(12).joined(separator: ", "))"
    }
}
