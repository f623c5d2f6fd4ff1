import GestureEngine
import GestureRecognizers

/// Which recognizer type a scene's `type:` names. Custom recognizers written in Swift join by
/// registering a factory under their own name.
public struct RecognizerRegistry: @unchecked Sendable {
    public typealias Factory = (String) -> GestureRecognizer
    /// Makes a scene's delegate (`delegate: name`) and gives it to a recognizer. A scene makes
    /// one delegate per name and gives it to every recognizer that names it, as an app's
    /// coordinator serves all its gestures.
    public struct DelegateMaker {
        public var make: () -> AnyObject
        public var install: (AnyObject, GestureRecognizer) -> Void
        public init(make: @escaping () -> AnyObject, install: @escaping (AnyObject, GestureRecognizer) -> Void) {
            self.make = make
            self.install = install
        }
    }
    /// Makes a view of a class a scene names (`class: HandleView`) with its id and frame.
    public typealias ViewFactory = (String, Rect) -> View
    public private(set) var factories: [String: Factory] = [:]
    public private(set) var delegates: [String: DelegateMaker] = [:]
    public private(set) var viewClasses: [String: ViewFactory] = [:]
    /// Some types run code that must stay on the main thread (GestureLabUIKit's, which is
    /// main-actor isolated as UIKit is): replays then run one at a time, on the calling thread.
    public var requiresMainThread = false

    public init() {}

    public mutating func register(_ type: String, _ factory: @escaping Factory) { factories[type] = factory }

    public mutating func registerDelegate(_ name: String, _ maker: DelegateMaker) { delegates[name] = maker }

    public mutating func registerView(_ className: String, _ factory: @escaping ViewFactory) { viewClasses[className] = factory }

    public var viewClassNames: [String] { viewClasses.keys.sorted() }

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
