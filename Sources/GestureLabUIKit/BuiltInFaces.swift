import GestureEngine
import GestureRecognizers

/// Faces for engine recognizers made without one (a scene's built-ins, a scroll view's pan), of
/// the UIKit class that matches their type, so UIKit-style code can ask `is UIPanGestureRecognizer`.
@preconcurrency @MainActor
enum BuiltInFaces {
    static func make(for engine: GestureRecognizer) -> UIGestureRecognizer {
        switch engine {
        case is TapGestureRecognizer: return UIGestureRecognizer.makeFace(for: engine) { UITapGestureRecognizer() }
        case is LongPressGestureRecognizer: return UIGestureRecognizer.makeFace(for: engine) { UILongPressGestureRecognizer() }
        case is ScreenEdgePanGestureRecognizer: return UIGestureRecognizer.makeFace(for: engine) { UIScreenEdgePanGestureRecognizer() }
        case is PanGestureRecognizer: return UIGestureRecognizer.makeFace(for: engine) { UIPanGestureRecognizer() }
        case is SwipeGestureRecognizer: return UIGestureRecognizer.makeFace(for: engine) { UISwipeGestureRecognizer() }
        case is PinchGestureRecognizer: return UIGestureRecognizer.makeFace(for: engine) { UIPinchGestureRecognizer() }
        case is RotationGestureRecognizer: return UIGestureRecognizer.makeFace(for: engine) { UIRotationGestureRecognizer() }
        case is HoverGestureRecognizer: return UIGestureRecognizer.makeFace(for: engine) { UIHoverGestureRecognizer() }
        default: return UIGestureRecognizer.makeFace(for: engine) { UIGestureRecognizer() }
        }
    }
}
