import GestureEngine

/// The app side of the drag-out alternatives (A.7.8 patterns 1 and 2): when the item's
/// recognizer begins (a vertical pan, or a long press), a copy of the item appears under the
/// finger, follows it while the recognizer changes, and is dropped when it ends or removed when
/// it is cancelled.
final class DragCopyBehavior {
    let recognizer: GestureRecognizer
    let window: View
    private var copy: DraggedCopy?
    private var copies = 0

    init(recognizer: GestureRecognizer, window: View) {
        self.recognizer = recognizer
        self.window = window
    }

    func attach() {
        recognizer.addAction { [self] r in handle(r) }
    }

    private func handle(_ r: GestureRecognizer) {
        guard let item = r.view else { return }
        let location = r.location(in: window)
        switch r.publishedState {
        case .began:
            copies += 1
            copy = DraggedCopy(of: item, at: location, in: window, serial: copies)
        case .changed:
            copy?.move(to: location)
        case .ended:
            copy?.drop()
            copy = nil
        case .cancelled:
            copy?.remove()
            copy = nil
        default:
            break
        }
    }
}
