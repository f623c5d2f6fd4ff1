import GestureEngine
import GestureRecognizers

/// Faces for engine recognizers made without one (a scene's built-ins, a scroll view's pan), of
/// the UIKit class that matches their type, so UIKit-style code can ask `is UIPanGestureRecognizer`.
@MainActor
enum BuiltInFaces {
    static func make(for engine: GestureRecognizer) -> UIGestureRecognizer {
        switch engine {
        case is TapGestureRecognizer: return UITapGestureRecognizer(wrapping: engine)
        case is LongPressGestureRecognizer: return UILongPressGestureRecognizer(wrapping: engine)
        case is ScreenEdgePanGestureRecognizer: return UIScreenEdgePanGestureRecognizer(wrapping: engine)
        case is PanGestureRecognizer: return UIPanGestureRecognizer(wrapping: engine)
        case is SwipeGestureRecognizer: return UISwipeGestureRecognizer(wrapping: engine)
        case is PinchGestureRecognizer: return UIPinchGestureRecognizer(wrapping: engine)
        case is RotationGestureRecognizer: return UIRotationGestureRecognizer(wrapping: engine)
        default: return UIGestureRecognizer(wrapping: engine)
        }
    }
}
