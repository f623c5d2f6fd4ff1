/// A button-like `UIControl`: it keeps its touches when a scroll view would take them
/// (`touchesShouldCancel`, A.7.4) and its default action wins over an ancestor's tap (A.2.12).
open class ControlView: View {
    open override var isControl: Bool { true }
    open override var kindName: String { "control" }
}
