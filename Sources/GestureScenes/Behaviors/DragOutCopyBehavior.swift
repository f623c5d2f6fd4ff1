import GestureEngine
import GestureRecognizers

/// Seed 004, recipe 6 ("Dragging Items Out of Scroll Views"), as the listing's `handlePan:` does
/// it, quirks included:
/// - at `began` it remembers the touch location in the scroll view's superview (so the 16 points
///   count from where the pan began, after the pan's own threshold, not from touch down);
/// - at each `changed` it measures from there: `minimumDrag` (16) points one way with less than
///   `maximumDrift` (8) the other is a swipe; a first downward swipe creates a dragged copy at the
///   finger and sets the scroll view's `scrollEnabled` to NO; later changes move the copy;
/// - at `ended` it sets `scrollEnabled` back to YES if it had switched it off. Not at
///   `cancelled`: there the listing leaves scrolling off.
/// The listing's recognizer also answers YES to every simultaneous question (a policy in the
/// scene: `simultaneousWithAny`).
final class DragOutCopyBehavior {
    let recognizer: GestureRecognizer
    let scrollView: ScrollView
    let window: View
    let minimumDrag: Double
    let maximumDrift: Double
    private var handled = false
    private var start = Point.zero
    private var copy: DraggedCopy?
    private var copies = 0

    init(recognizer: GestureRecognizer, scrollView: ScrollView, window: View, minimumDrag: Double, maximumDrift: Double) {
        self.recognizer = recognizer
        self.scrollView = scrollView
        self.window = window
        self.minimumDrag = minimumDrag
        self.maximumDrift = maximumDrift
    }

    func attach() {
        recognizer.addAction { [self] r in handle(r) }
    }

    private func handle(_ r: GestureRecognizer) {
        // The listing acts only for items whose superview is a scroll view.
        guard let item = r.view, item.superview === scrollView else { return }
        let container = scrollView.superview ?? window
        let location = r.location(in: container)
        switch r.publishedState {
        case .began:
            handled = false
            start = location
        case .changed:
            let dx = start.x - location.x, dy = start.y - location.y
            let swipeDown = -dy > minimumDrag && abs(dx) < maximumDrift
            if !handled && swipeDown {
                copies += 1
                copy = DraggedCopy(of: item, at: container.convert(location, to: window), in: window, serial: copies)
                scrollView.isScrollEnabled = false
                handled = true
            } else if handled {
                copy?.move(to: container.convert(location, to: window))
            }
        case .ended:
            if handled {
                copy?.drop()
                scrollView.isScrollEnabled = true
            }
        default:
            break
        }
    }
}
