import Foundation
import GestureEngine

/// UIKit's `UIControl`: it keeps its touches from a scroll view (A.7.4) and its default action
/// wins over a tap on an ancestor (A.2.12).
@MainActor
open class UIControl: UIView {
    public override init(frame: CGRect) {
        super.init(engineView: ControlView(id: "control", frame: frame.engineRect))
    }

    public required init?(coder: NSCoder) {
        super.init(engineView: ControlView(id: "control", frame: Rect(x: 0, y: 0, width: 0, height: 0)))
    }

    package override init(wrapping view: View) { super.init(wrapping: view) }

    open var isEnabled = true
    open var isSelected = false
    open var isHighlighted = false
}
