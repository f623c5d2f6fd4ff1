import GestureEngine

/// A scene as written in its file, checked for form but not yet built into live objects.
/// A replay builds fresh views and recognizers from it each time (`SceneBuilder`), so one
/// document serves many replays, diffs and what-ifs.
public struct SceneDocument: Sendable {
    public var name: String
    public var file: String
    public var summary: String?
    public var viewport: Size
    public var options: EngineOptions
    /// The window: the root view, sized to the viewport, id `window`.
    public var root: ViewSpec
    public var relationships: [RelationshipSpec]
    public var policies: [PolicySpec]
    public var reactions: [ReactionSpec]

    /// Every recognizer spec, parents' before children's.
    public var recognizerSpecs: [RecognizerSpec] { root.allViews.flatMap(\.recognizers) }

    /// Replaces a recognizer parameter (`--set R.name=value`).
    public mutating func override(recognizer: String, parameter: String, value: ParameterInput) -> Bool {
        root.override(recognizer: recognizer, parameter: parameter, value: value)
    }
}

public struct ViewSpec: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case view
        /// A button-like `UIControl` (A.2.12, A.7.4).
        case control
    }

    public var id: String
    public var kind: Kind = .view
    public var frame: Rect
    public var hidden = false
    public var userInteractionEnabled = true
    /// Recognizer ids this view answers false for in `gestureRecognizerShouldBegin` (A.5.2).
    public var rejects: [String] = []
    public var recognizers: [RecognizerSpec] = []
    public var subviews: [ViewSpec] = []
    public var line: Int

    public var allViews: [ViewSpec] { [self] + subviews.flatMap(\.allViews) }

    mutating func override(recognizer: String, parameter: String, value: ParameterInput) -> Bool {
        for i in recognizers.indices where recognizers[i].id == recognizer {
            recognizers[i].parameters.removeAll { $0.name == parameter }
            recognizers[i].parameters.append(ParameterAssignment(name: parameter, value: value, line: 0, column: 0))
            return true
        }
        for i in subviews.indices where subviews[i].override(recognizer: recognizer, parameter: parameter, value: value) { return true }
        return false
    }
}

public struct ParameterAssignment: Sendable {
    public var name: String
    public var value: ParameterInput
    public var line: Int
    public var column: Int
}

public struct RecognizerSpec: Sendable {
    public var id: String
    public var type: String
    public var parameters: [ParameterAssignment]
    public var line: Int
}

public struct RelationshipSpec: Sendable {
    public enum Kind: Sendable, Equatable {
        /// Either delegate allows the two to recognize together (A.3.3).
        case simultaneous(String, String)
        /// `waiter` may leave possible only after `required` fails (A.4), set up `via`.
        case requireToFail(waiter: String, required: String, via: RequirementSource)
        /// One-way prevention (A.3.6): `recognizer` cannot prevent `other`.
        case cannotPrevent(recognizer: String, other: String)
    }

    public enum RequirementSource: String, Sendable, CaseIterable {
        /// `waiter.require(toFail: required)`.
        case `static`
        /// The waiter's delegate answers `shouldRequireFailureOf` (asked once per attempt).
        case delegate
        /// The required recognizer's delegate answers `shouldBeRequiredToFailBy`.
        case requiredDelegate
    }

    public var kind: Kind
    public var line: Int
}

/// Delegate answers a scene can give without code.
public struct PolicySpec: Sendable {
    public enum Direction: String, Sendable, CaseIterable { case horizontal, vertical, left, right, up, down }

    public var recognizer: String
    /// Begin only if the initial movement is in this direction (O2: compare velocity components).
    public var beginDirection: Direction?
    /// Never begin (`gestureRecognizerShouldBegin` always false).
    public var neverBegin = false
    /// Do not receive touches that start inside these views.
    public var notInside: [String] = []
    /// Receive only touches that start inside these views.
    public var onlyInside: [String] = []
    public var line: Int
}

/// A simple app reaction to an action: "when itemPan begins, disable scrollPan".
public struct ReactionSpec: Sendable {
    public enum Verb: String, Sendable, CaseIterable { case disable, enable }
    public var recognizer: String
    public var state: String
    public var actions: [(Verb, String)]
    public var line: Int
}
