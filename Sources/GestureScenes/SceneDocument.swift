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
    public var behaviors: [BehaviorSpec] = []
    /// Settings for replays under another platform's rules (`flutter: {host: android}`), by
    /// platform name; read by GesturePlatforms (docs/platforms.md).
    public var platformOptions: [String: PlatformOptions] = [:]

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
        /// A `UIScrollView` (A.7); its settings are in `scroll`.
        case scroll
    }

    /// A scroll view's settings (A.7), with UIKit's defaults.
    public struct ScrollSpec: Sendable {
        public var contentSize: Size
        public var contentOffset = Point.zero
        public var scrollEnabled = true
        public var directionalLock = false
        public var delaysContentTouches = true
        public var canCancelContentTouches = true
        public var alwaysBounceHorizontal = false
        public var alwaysBounceVertical = false
        /// The share of the velocity kept per millisecond after a flick (A.7.9).
        public var decelerationRate = GestureDefaults.scrollDecelerationRateNormal
        /// Seconds; nil for the default (about 0.15 s).
        public var contentTouchDelay: Double?
        /// Content views `touchesShouldBegin` refuses.
        public var refuse: [String] = []
        /// Content views `touchesShouldCancel` keeps (controls are kept anyway).
        public var keep: [String] = []
        /// Parameters of the scroll view's own pan (`pan: {minimumDistance: 18}`; `--set ID.pan.NAME=V`).
        public var panParameters: [ParameterAssignment] = []
    }

    public var id: String
    public var kind: Kind = .view
    /// A view class the program registered (`class: HandleView`), whose overrides then act.
    public var className: String?
    public var classLine = 0
    public var frame: Rect
    public var hidden = false
    public var userInteractionEnabled = true
    /// Recognizer ids this view answers false for in `gestureRecognizerShouldBegin` (A.5.2).
    public var rejects: [String] = []
    public var recognizers: [RecognizerSpec] = []
    public var subviews: [ViewSpec] = []
    /// Options for replays under another platform's rules, by platform name (`flutter:`, `android:`).
    public var platformOptions: [String: PlatformOptions] = [:]
    public var scroll: ScrollSpec?
    /// A control's settings (F.2), when `kind: control`.
    public var control = ControlSpec()
    public var line: Int

    /// A control's type and settings, with UIKit's defaults.
    public struct ControlSpec: Sendable {
        public var type: ControlView.ControlType = .button
        public var enabled = true
        public var trackingMargin = GestureDefaults.controlTrackingMargin
        public var continuous = true
        public var on = false
        public var value = 0.5
    }

    /// The recognizers a view of this kind brings itself (a scroll view's pan and delay).
    public var implicitRecognizerIDs: [String] { kind == .scroll ? [id + ".delay", id + ".pan"] : [] }

    public var allViews: [ViewSpec] { [self] + subviews.flatMap(\.allViews) }

    mutating func override(recognizer: String, parameter: String, value: ParameterInput) -> Bool {
        if kind == .scroll, recognizer == id + ".pan", scroll != nil {
            scroll!.panParameters.removeAll { $0.name == parameter }
            scroll!.panParameters.append(ParameterAssignment(name: parameter, value: value, line: 0, column: 0))
            return true
        }
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

    public init(name: String, value: ParameterInput, line: Int, column: Int) {
        self.name = name
        self.value = value
        self.line = line
        self.column = column
    }
}

public struct RecognizerSpec: Sendable {
    public var id: String
    public var type: String
    public var parameters: [ParameterAssignment]
    public var line: Int
    /// A delegate registered by name (`GestureLabCLI.main(delegates:)`), UIKit-style code's own.
    public var delegate: String?
    public var delegateLine = 0
    /// Options for replays under another platform's rules, by platform name (`flutter:`, `android:`).
    public var platformOptions: [String: PlatformOptions] = [:]
}

/// A `flutter:` or `android:` block of a scene, a view or a recognizer: names and values with
/// their lines, checked by the platform's replay, which knows what they mean.
public struct PlatformOptions: Sendable {
    public var assignments: [ParameterAssignment]
    public var line: Int

    public init(assignments: [ParameterAssignment], line: Int) {
        self.assignments = assignments
        self.line = line
    }

    public func value(_ name: String) -> ParameterAssignment? { assignments.last { $0.name == name } }
}

/// The platforms whose rules a scene's options may be written for.
public enum PlatformOptionKeys {
    public static let names = ["flutter", "android"]
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
    /// Answer true to every `shouldRecognizeSimultaneouslyWith` (seed 004, recipe 6's delegate).
    public var simultaneousWithAny = false
    /// Begin only if the initial movement is in this direction (O2: compare velocity components).
    public var beginDirection: Direction?
    /// Never begin (`gestureRecognizerShouldBegin` always false).
    public var neverBegin = false
    /// Do not receive touches that start inside these views.
    public var notInside: [String] = []
    /// Receive only touches that start inside these views.
    public var onlyInside: [String] = []
    /// Receive only these kinds of event (`shouldReceive: {events: [scroll]}`); nil for all.
    public var events: Set<TouchEvent.EventType>?
    /// Receive only events whose pressed buttons are exactly these (UIKit's `buttonMask`; a
    /// finger's events have none): `shouldReceive: {buttons: secondary}` makes a
    /// secondary-button pan (F.5.3).
    public var buttons: Int?
    public var line: Int
}

/// What the app does, and when (docs/scene-format.md, "Reactions"; reference F.1): "when itemPan
/// begins, disable scrollPan", "at 120 ms, hide the card", "when the button receives began,
/// cancel every touch".
public struct ReactionSpec: Sendable {
    public enum Trigger: Sendable, Equatable {
        /// A recognizer's action fires in this state (began, changed, ended, recognized, cancelled).
        case recognizer(String, state: String)
        /// A view receives this phase of a touch (began, moved, ended, cancelled).
        case view(String, phase: String)
        /// The replay reaches this time (ms): an app action of its own (F.1.1, F.1.6).
        case time(Double)
        /// A control sends this control event (touchUpInside, valueChanged...).
        case control(String, event: String)
    }

    public enum Action: Sendable {
        /// Set a recognizer's `isEnabled` (A.1.9, F.1.1).
        case disable(String), enable(String)
        /// Set a scroll view's `isScrollEnabled`.
        case disableScrolling(String), enableScrolling(String)
        /// Set a recognizer's parameter (F.1.3) or a view's `hidden`, `userInteractionEnabled` or
        /// `alpha` (F.1.2): target, property, value.
        case set(String, String, ParameterInput)
        /// The system cancels every touch down (F.1.4).
        case cancelAllTouches
        /// A view joins the hierarchy (F.1.5): its id, frame, kind (view or control), parent.
        case addView(id: String, frame: Rect, kind: ViewSpec.Kind, parent: String)
        /// A view and its subviews leave the hierarchy (F.1.5).
        case removeView(String)

        /// The verb as written in scenes.
        public static let verbs = ["disable", "enable", "disableScrolling", "enableScrolling", "set", "cancelAllTouches", "addView", "removeView"]
    }

    public var trigger: Trigger
    public var actions: [Action]
    public var line: Int

    /// The recognizer whose action triggers this reaction, if a recognizer does.
    public var recognizer: String? {
        if case let .recognizer(r, _) = trigger { return r }
        return nil
    }
}

/// App logic a scene can attach to a recognizer's actions without code.
public struct BehaviorSpec: Sendable {
    public enum Kind: Sendable {
        /// Seed 004, recipe 6: the item's pan watches for a downward swipe of `minimumDrag`
        /// points with less than `maximumDrift` sideways, then creates a dragged copy that follows
        /// the finger and disables scrolling until the pan ends.
        case dragOutCopy(scroll: String, minimumDrag: Double, maximumDrift: Double)
        /// A copy of the recognizer's view is created when it begins, follows the finger while it
        /// changes, and is dropped when it ends (removed if cancelled).
        case dragCopy
    }
    public var recognizer: String
    public var kind: Kind
    public var line: Int
}
