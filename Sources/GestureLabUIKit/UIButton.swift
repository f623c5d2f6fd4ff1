import Foundation
import GestureEngine

/// UIKit's `UIButton`: a control whose default action is a tap (A.2.12, F.2). A scene's
/// `control: button` is one, so `view is UIButton` answers as on iOS. Titles and images are
/// drawing, which GestureLab does not do; they are kept so code that sets them compiles.
@preconcurrency @MainActor
open class UIButton: UIControl {
    /// UIKit's button types; all track touches the same way.
    public enum ButtonType: Int, Sendable {
        case custom, system, detailDisclosure, infoLight, infoDark, contactAdd, close
        public static let roundedRect = ButtonType.system
        public static let plain = ButtonType.system
    }

    public private(set) var buttonType: ButtonType = .custom
    private var titles: [UInt: String] = [:]

    public override init(frame: CGRect) {
        super.init(.button, frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(.button, frame: .zero)
    }

    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
    }

    package override init(wrapping view: View) { super.init(wrapping: view) }

    open func setTitle(_ title: String?, for state: UIControl.State) { titles[state.rawValue] = title }
    open func title(for state: UIControl.State) -> String? { titles[state.rawValue] ?? titles[UIControl.State.normal.rawValue] }
    open var currentTitle: String? { title(for: isHighlighted ? .highlighted : .normal) }
}
