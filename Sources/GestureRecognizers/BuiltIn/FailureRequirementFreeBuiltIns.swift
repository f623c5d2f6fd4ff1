import GestureEngine

// None of the built-ins overrides `shouldRequireFailure(of:)` or `shouldBeRequiredToFail(by:)`
// (UIKit's own recognizers set up no requirements by themselves), so a new touch does not ask
// them about every pair (see `FailureRequirementFreeRecognizer`). The final classes say so
// outright; the open pan only for itself and its final subclasses here, since a user's subclass
// may override the two and must be asked.

extension TapGestureRecognizer: FailureRequirementFreeRecognizer {}
extension LongPressGestureRecognizer: FailureRequirementFreeRecognizer {}
extension SwipeGestureRecognizer: FailureRequirementFreeRecognizer {}
extension PinchGestureRecognizer: FailureRequirementFreeRecognizer {}
extension RotationGestureRecognizer: FailureRequirementFreeRecognizer {}
extension HoverGestureRecognizer: FailureRequirementFreeRecognizer {}

extension PanGestureRecognizer: FailureRequirementFreeRecognizer {
    package var answersNoFailureRequirementQuestions: Bool {
        let type = type(of: self)
        return type == PanGestureRecognizer.self || type == ScreenEdgePanGestureRecognizer.self || type == ScrollViewPanGestureRecognizer.self
    }
}
