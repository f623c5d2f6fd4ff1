import GestureEngine

/// A copy of an item view that follows the finger, as the drag-out recipes create. It is added
/// to the window, on top, and takes no touches itself.
final class DraggedCopy {
    let view: View
    let source: View

    init(of source: View, at center: Point, in window: View, serial: Int) {
        self.source = source
        view = View(id: "\(source.id).copy\(serial)",
                    frame: Rect(x: center.x - source.frame.width / 2, y: center.y - source.frame.height / 2,
                                width: source.frame.width, height: source.frame.height))
        view.isUserInteractionEnabled = false
        window.addSubview(view)
        window.environment?.logAppEffect(view: view.id, "dragged copy of \(source.id) created at \(center)", phase: "copyCreated")
    }

    func move(to center: Point) {
        view.frame.origin = Point(x: center.x - view.frame.width / 2, y: center.y - view.frame.height / 2)
        view.environment?.logAppEffect(view: view.id, "\(view.id) follows the finger to \(center)", phase: "copyMoved")
    }

    func drop() {
        view.environment?.logAppEffect(view: view.id, "\(view.id) dropped at \(view.frame.center)", phase: "copyDropped")
    }

    func remove() {
        let env = view.environment
        view.removeFromSuperview()
        env?.logAppEffect(view: view.id, "\(view.id) removed", phase: "copyRemoved")
    }
}
