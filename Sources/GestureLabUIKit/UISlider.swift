import Foundation
import GestureEngine

/// UIKit's `UISlider`: its value follows the finger along its width and it sends `valueChanged`
/// as it moves (`isContinuous`) or once at the lift (F.2). A scene's `control: slider` is one.
/// The engine keeps the thumb's position from 0 to 1; `value` maps it onto
/// `minimumValue...maximumValue`.
@preconcurrency @MainActor
open class UISlider: UIControl {
    /// A slider at `frame`, its thumb in the middle.
    public override init(frame: CGRect) {
        super.init(.slider, frame: frame)
    }

    /// Interface Builder's initializer: a zero frame.
    public required init?(coder: NSCoder) {
        super.init(.slider, frame: .zero)
    }

    package override init(wrapping view: View) { super.init(wrapping: view) }

    /// The value at the left end (default 0).
    open var minimumValue: Float = 0
    /// The value at the right end (default 1).
    open var maximumValue: Float = 1

    /// The thumb's value, from `minimumValue` to `maximumValue`; set values are clamped.
    open var value: Float {
        get { minimumValue + Float(control?.value ?? 0.5) * (maximumValue - minimumValue) }
        set {
            let span = maximumValue - minimumValue
            let clamped = min(max(newValue, minimumValue), maximumValue)
            control?.value = span > 0 ? Double((clamped - minimumValue) / span) : 0
        }
    }

    /// Sets `value`; there is no animation.
    open func setValue(_ value: Float, animated: Bool) { self.value = value }

    /// True (default): `valueChanged` on every move; false: once when the finger lifts.
    open var isContinuous: Bool {
        get { control?.isContinuous ?? true }
        set { control?.isContinuous = newValue }
    }
}
