import GestureScenes

/// What the UIKit-only parts of a scene mean on another platform (docs/platforms.md, "What a
/// scene means on each platform"), read once for both: a single tap that requires a double tap
/// on its own view is what both platforms do anyway; a direction policy is an axis; a policy that
/// never begins leaves the recognizer out. Everything else is refused with its line.
struct PlatformScenePolicies {
    enum Axis { case horizontal, vertical }

    /// Recognizers the scene says never begin: left out.
    var neverBegins: Set<String> = []
    /// Recognizers that begin only along an axis.
    var axes: [String: Axis] = [:]

    /// The error for a part of a scene with no meaning on `platform`.
    static func refusal(_ platform: Platform, file: String, line: Int, _ what: String) -> SceneError {
        SceneError(file: file, line: line, message: "\(what) has no meaning under \(platform.title)'s rules (docs/platforms.md, \"What a scene means on each platform\")")
    }

    init(_ doc: SceneDocument, platform: Platform) throws(SceneError) {
        func refuse(_ line: Int, _ what: String) -> SceneError { Self.refusal(platform, file: doc.file, line: line, what) }
        let oneWinner = platform == .flutter ? "Flutter's arena has one winner per pointer" : "Android's listeners do not arbitrate"
        if let r = doc.relationships.first(where: { !Self.isSameViewDoubleTapRequirement($0, doc) }) {
            switch r.kind {
            case let .simultaneous(a, b): throw refuse(r.line, "simultaneous recognition of \(a) and \(b) (\(oneWinner))")
            case let .requireToFail(w, q, _): throw refuse(r.line, "\(w) requiring \(q) to fail (outside a tap and double tap on one view)")
            case let .cannotPrevent(a, b): throw refuse(r.line, "\(a) not preventing \(b)")
            }
        }
        if let r = doc.reactions.first { throw refuse(r.line, "a reaction") }
        if let b = doc.behaviors.first { throw refuse(b.line, "a behavior") }
        for p in doc.policies {
            if p.simultaneousWithAny { throw refuse(p.line, "simultaneousWithAny (\(oneWinner))") }
            if !p.notInside.isEmpty || !p.onlyInside.isEmpty || p.events != nil || p.buttons != nil { throw refuse(p.line, "a shouldReceive policy") }
            if p.neverBegin { neverBegins.insert(p.recognizer) }
            switch p.beginDirection {
            case .horizontal?, .left?, .right?: axes[p.recognizer] = .horizontal
            case .vertical?, .up?, .down?: axes[p.recognizer] = .vertical
            case nil: break
            }
        }
    }

    /// A view's UIKit-only keys, refused.
    static func checkView(_ spec: ViewSpec, platform: Platform, file: String) throws(SceneError) {
        if let c = spec.className { throw refusal(platform, file: file, line: spec.classLine, "a view class (\(c))") }
        if !spec.rejects.isEmpty { throw refusal(platform, file: file, line: spec.line, "`rejects` (gestureRecognizerShouldBegin)") }
        for r in spec.recognizers where r.delegate != nil { throw refusal(platform, file: file, line: r.delegateLine, "a delegate") }
    }

    /// `singleTap.require(toFail: doubleTap)` with both on one view: Flutter's detector waits
    /// for the double tap anyway (its arena is held), and Android's single tap is then
    /// `onSingleTapConfirmed`, which waits for the `TAP` message.
    static func isSameViewDoubleTapRequirement(_ r: RelationshipSpec, _ doc: SceneDocument) -> Bool {
        guard case let .requireToFail(waiter, required, _) = r.kind else { return false }
        for v in doc.root.allViews {
            guard let w = v.recognizers.first(where: { $0.id == waiter }), let q = v.recognizers.first(where: { $0.id == required }) else { continue }
            return w.type == "tap" && q.type == "tap" && taps(w) == 1 && taps(q) == 2
        }
        return false
    }

    /// A scene tap's `numberOfTapsRequired`.
    static func taps(_ s: RecognizerSpec) -> Double {
        if case let .number(n)? = s.parameters.last(where: { $0.name == "numberOfTapsRequired" })?.value { return n }
        return 1
    }
}
