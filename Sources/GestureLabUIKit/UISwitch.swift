import Foundation
import GestureEngine

/// UIKit's `UISwitch`: it flips and sends `valueChanged` when a touch ends inside it (F.2). A
/// scene's `control: switch` is one.
@preconcurrency @MainActor
open class UISwitch: UIControl {
    /// A switch at `frame`, off.
    public override init(frame: CGRect) {
        super.init(.switch, frame: frame)
    }

    /// Interface Builder's initializer: a zero frame.
    public required init?(coder: NSCoder) {
        super.init(.switch, frame: .zero)
    }

    package override init(wrapping view: View) { super.init(wrapping: view) }

    /// Whether the switch is on; a tap inside flips it and sends `valueChanged` (F.2).
    open var isOn: Bool {
        get { control?.isOn ?? false }
        set { control?.isOn = newValue }
    }

    /// Sets the state without sending `valueChanged`, as UIKit's does; there is no animation.
    open func setOn(_ on: Bool, animated: Bool) { isOn = on }
}
