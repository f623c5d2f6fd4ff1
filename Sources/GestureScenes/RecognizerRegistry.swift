import GestureEngine
import GestureRecognizers

/// Which recognizer type a scene's `type:` names. Custom recognizers written in Swift join by
/// registering a factory under their own name.
public struct RecognizerRegistry: @unchecked Sendable {
    public typealias Factory = (String) -> GestureRecognizer
    public private(set) var factories: [String: Factory] = [:]

    public init() {}

    public mutating func register(_ type: String, _ factory: @escaping Factory) { factories[type] = factory }

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
