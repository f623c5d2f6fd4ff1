import GestureEngine
import GestureRecognizers

/// Which recognizer type a scene's `type:` names. Custom recognizers written in Swift join by
/// registering a factory under their own name.
public struct RecognizerRegistry: @unchecked Sendable {
    public typealias Factory = (String) -> GestureRecognizer
    /// Gives a recognizer its delegate (a scene's `delegate: name`).
    public typealias DelegateInstaller = (GestureRecognizer) -> Void
    public private(set) var factories: [String: Factory] = [:]
    public private(set) var delegates: [String: DelegateInstaller] = [:]
    /// Some types run code that must stay on the main thread (GestureLabUIKit's, which is
    /// main-actor isolated as UIKit is): replays then run one at a time, on the calling thread.
    public var requiresMainThread = false

    public init() {}

    public mutating func register(_ type: String, _ factory: @escaping Factory) { factories[type] = factory }

    public mutating func registerDelegate(_ name: String, _ installer: @escaping DelegateInstaller) { delegates[name] = installer }

    public var delegateNames: [String] { delegates.keys.sorted() }

    /// The registry scenes are built with when none is given: the built-ins, plus what a
    /// program built on `GestureLabCLI` registers at start-up, before any replay (it is not
    /// meant to change while replays run).
    nonisolated(unsafe) public static var current: RecognizerRegistry = .builtIn

    public var typeNames: [String] { factories.keys.sorted() }

    /// UIKit's built-in recognizers.
    public static var builtIn: RecognizerRegistry {
        var r = RecognizerRegistry()
        r.register("tap") { TapGestureRecognizer(id: $0) }
        r.register("longPress") { LongPressGestureRecognizer(id: $0) }
        r.register("pan") { PanGestureRecognizer(id: $0) }
        r.register("swipe") { SwipeGestureRecognizer(id: $0) }
        r.register("pinch") { PinchGestureRecognizer(id: $0) }
        r.register("rotation") { RotationGestureRecognizer(id: $0) }
        r.register("screenEdgePan") { ScreenEdgePanGestureRecognizer(id: $0) }
        r.register("hover") { HoverGestureRecognizer(id: $0) }
        // Faithful ports of the seed documents' recognizers.
        r.register("checkmarkStrict") { StrictCheckmarkRecognizer(id: $0) }
        r.register("checkmarkAngle") { AngleCheckmarkRecognizer(id: $0) }
        r.register("checkmarkApple") { AppleCheckmarkRecognizer(id: $0) }
        r.register("directionSequence") { DirectionSequenceRecognizer(id: $0) }
        r.register("circleCookbook") { CookbookCircleRecognizer(id: $0) }
        // GestureLab's versions that survive real input.
        r.register("checkmark") { CheckmarkRecognizer(id: $0) }
        r.register("circle") { CircleRecognizer(id: $0) }
        r.register("template") { TemplateRecognizer(id: $0) }
        return r
    }
}
