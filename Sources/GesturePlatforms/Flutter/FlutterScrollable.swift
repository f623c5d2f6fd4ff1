import GestureEngine

/// A scroll view as Flutter's `Scrollable` (`widgets/scrollable.dart:756-880`): one drag
/// recognizer on its axis, whose `onUpdate` moves the content and whose drag hides the content
/// from new pointers while it lasts (`IgnorePointer`, `scrollable.dart:1008-1012`,
/// `scroll_activity.dart:529`). The offset stays within the content (Clamping physics; iOS's
/// Bouncing physics would let it overscroll, which decides nothing here). A fling's ballistic
/// scroll is not simulated: the log says where it would start.
final class FlutterScrollable {
    unowned let view: View
    let axis: FlutterDragRecognizer.Axis
    let contentSize: Size
    // Unowned rather than weak, as `FlutterGestureRecognizer.bindingRef` (why there).
    unowned var binding: FlutterGestureBinding?

    init(view: View, axis: FlutterDragRecognizer.Axis, contentSize: Size) {
        self.view = view
        self.axis = axis
        self.contentSize = contentSize
    }

    /// `onDown` → `position.hold()`: a running scroll stops; nothing else changes.
    func hold() {}

    func dragStarted() {
        binding?.setIgnoringContent(view, true)
    }

    func scroll(by delta: Vector) {
        let maxX = max(0, contentSize.width - view.frame.size.width), maxY = max(0, contentSize.height - view.frame.size.height)
        var o = view.boundsOrigin
        switch axis {
        case .vertical: o.y = min(max(o.y - delta.dy, 0), maxY)
        case .horizontal: o.x = min(max(o.x - delta.dx, 0), maxX)
        }
        guard o != view.boundsOrigin else { return }
        view.boundsOrigin = o
        binding?.appEffect(view, "\(view.id) contentOffset \(o)")
    }

    func dragEnded(velocity: Vector) {
        binding?.setIgnoringContent(view, false)
        if velocity != .zero {
            binding?.appEffect(view, "\(view.id) would fling at \(velocity) px/s (ballistic scrolling is not simulated)")
        }
    }

    func release() {
        binding?.setIgnoringContent(view, false)
    }
}
