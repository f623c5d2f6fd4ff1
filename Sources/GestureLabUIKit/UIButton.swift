import Foundation
import GestureEngine

/// UIKit's `UIButton`: a control whose default action is a tap (A.2.12, F.2). A scene's
/// `control: button` is one, so `view is UIButton` answers as on iOS. Titles and images are
/// drawing, which GestureLab does not do; they are kept so code that sets them compiles.
@preconcurrency @MainActor
open class UIButton: UIControl {
    /// UIKit's button types; all track touches the same way.
    public enum ButtonType: Int, Sendable {
        /// A button that draws nothing of its own.
        case custom
        /// The system's button.
        case system
        /// UIKit's detail disclosure button.
        case detailDisclosure
        /// UIKit's light info button.
        case infoLight
        /// UIKit's dark info button.
        case infoDark
        /// UIKit's add-contact button.
        case contactAdd
        /// UIKit's close button.
        case close
        /// The older name of `system`.
        public static let roundedRect = ButtonType.system
        /// A plain system button.
        public static let plain = ButtonType.system
    }

    /// The type it was made with (`init(type:)`); `.custom` otherwise.
    public private(set) var buttonType: ButtonType = .custom
    private var titles: [UInt: String] = [:]

    /// A button at `frame`.
    public override init(frame: CGRect) {
        super.init(.button, frame: frame)
    }

    /// Interface Builder's initializer: a zero frame.
    public required init?(coder: NSCoder) {
        super.init(.button, frame: .zero)
    }

    /// A button of a type, with a zero frame; set its frame.
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
    }

    package override init(wrapping view: View) { super.init(wrapping: view) }

    /// Keeps a title per state; nothing is drawn.
    open func setTitle(_ title: String?, for state: UIControl.State) { titles[state.rawValue] = title }
    /// The title for a state, or the normal one.
    open func title(for state: UIControl.State) -> String? { titles[state.rawValue] ?? titles[UIControl.State.normal.rawValue] }
    /// The title for the state the button is in.
    open var currentTitle: String? { title(for: isHighlighted ? .highlighted : .normal) }
}
