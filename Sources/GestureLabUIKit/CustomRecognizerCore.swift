import GestureEngine

/// The engine recognizer behind a `UIGestureRecognizer` subclass written by a user: it does
/// nothing of its own (the subclass's hooks do everything, through `RecognizerHooks`), and it
/// names itself after the subclass in the log and in failure-requirement causes.
final class CustomRecognizerCore: GestureRecognizer {
    var className = "UIGestureRecognizer"
    /// Whether the last attempt went straight from possible to ended (see `UIGestureRecognizer.state`).
    var learnedDiscrete = false

    override var typeName: String { className }
    override var isDiscrete: Bool { learnedDiscrete }
}
