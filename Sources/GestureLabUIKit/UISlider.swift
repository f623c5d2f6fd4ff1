import Foundation
import GestureEngine

/// UIKit's `UISlider`: its value follows the finger along its width and it sends `valueChanged`
/// as it moves (`isContinuous`) or once at the lift (F.2). A scene's `control: slider` is one.
/// The engine keeps the thumb's position from 0 to 1; `value` maps it onto
/// `minimumValue...maximumValue`.
@preconcurrency @MainActor
open class UISlider: UIControl {
    public override init(frame: CGRect) {
        super.init(.slider, frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(.slider, frame: .zero)
    }

    package override init(wrapping view: View) { super.init(wrapping: view) }

    open var minimumValue: Float = 0
    open var maximumValue: Float = 1

    open var value: Float {
        get { minimumValue + Float(control?.value ?? 0.5) * (maximumValue - minimumValue) }
        set {
            let span = maximumValue - minimumValue
            let clamped = min(max(newValue, minimumValue), maximumValue)
            control?.value = span > 0 ? Double((clamped - minimumValue) / span) : 0
        }
    }

    open func setValue(_ value: Float, animated: Bool) { self.value = value }

    open var isContinuous: Bool {
        get { control?.isContinuous ?? true }
        set { control?.isContinuous = newValue }
    }
}
