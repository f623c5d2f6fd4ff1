/// A button-like `UIControl`: it keeps its touches when a scroll view would take them
/// (`touchesShouldCancel`, A.7.4) and its default action wins over an ancestor's tap (A.2.12).
open class ControlView: View {
    open override var isControl: Bool { true }
    open override var kindName: String { "control" }

    /// UIKit's controls refuse a recognizer on an ancestor whose gesture overlaps their default
    /// action (a one-finger single tap on a button); one attached to the control itself gets
    /// its chance (A.2.12, Apple's "Attaching gesture recognizers to UIKit controls").
    open override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        if overrides(recognizer) { return false }
        return super.gestureRecognizerShouldBegin(recognizer)
    }

    open override func reasonForRefusing(_ recognizer: GestureRecognizer) -> String? {
        overrides(recognizer) ? "control \(id)'s own action wins over \(recognizer.id) on its ancestor (docs/uikit-rules.md A.2.12)" : nil
    }

    private func overrides(_ recognizer: GestureRecognizer) -> Bool {
        recognizer.view !== self && recognizer.overlapsControlDefaultAction
    }
}
