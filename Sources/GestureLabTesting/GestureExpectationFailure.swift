/// A failed gesture assertion. Its description says what was expected, what happened, and the
/// decision log's explanation of why; Swift Testing and XCTest both show it when a test throws.
public struct GestureExpectationFailure: Error, CustomStringConvertible {
    public var description: String
}
