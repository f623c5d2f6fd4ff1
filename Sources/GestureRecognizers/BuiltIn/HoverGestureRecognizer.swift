import GestureEngine
import GestureTrace

/// UIKit's `UIHoverGestureRecognizer` (docs/uikit-rules.md F.5.6): continuous, driven by a mouse
/// or pen pointer with no button pressed. It begins when the pointer enters its view (or a view
/// inside it), changes as the pointer moves within, and ends when it leaves. While a button is
/// pressed the pointer is a touch and sends no hover: the recognizer is paused, and the next hover
/// sample inside gives `changed`, not a new `began` (D-14; `resumesAfterPress: false` ends it at
/// the press instead, so the next hover begins again). It receives no touches.
public final class HoverGestureRecognizer: GestureRecognizer {
    public override var typeName: String { "hover" }
    public override var takesHover: Bool { true }

    /// D-14: after a press, go on (`changed`) rather than end at the press and begin again.
    public var resumesAfterPress = true

    public override var ownParameters: [ParameterSpec] {
        [.bool("resumesAfterPress", \HoverGestureRecognizer.resumesAfterPress,
               "after a button press, the next hover inside gives changed (true, the header's \"paused\") or the press ends the hover (false); D-14")]
    }

    public override func pointerPressed() {
        if !resumesAfterPress && state.isActive { setState(.ended, because: "a button was pressed (resumesAfterPress is false)") }
    }

    /// The pointer's last place, in window points.
    public private(set) var locationInWindow = Point.zero

    public override func location(in view: View?) -> Point {
        guard let view else { return locationInWindow }
        return view.convertFromWindow(locationInWindow)
    }

    public override func pointerHovered(at location: Point, inside: Bool) {
        locationInWindow = location
        let name = view?.id ?? "its view"
        switch (state, inside) {
        case (.possible, true):
            setState(.began, because: "the pointer entered \(name) at \(location)")
        case (.began, true), (.changed, true):
            setState(.changed, because: "the pointer moved to \(location) within \(name)")
        case (.began, false), (.changed, false):
            setState(.ended, because: "the pointer left \(name) at \(location)")
        default:
            break
        }
    }
}
