/// A stand-in for Objective-C's `Selector`, which Linux does not have: `init(target:action:)` and
/// `addTarget(_:action:)` accept one (or nil) so code written for iOS compiles, and the action is
/// logged under its name. `#selector` is not supported; target-action in GestureLab is observed
/// through the decision log, or with `addTarget(_:handler:)`.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The selector's name, as the log shows it.
    public let name: String

    /// A selector of this name (`Selector("handleTap:")`).
    public init(_ name: String) { self.name = name }
    /// A selector written as a string literal.
    public init(stringLiteral name: String) { self.name = name }
    /// A selector written as a string literal.
    public init(extendedGraphemeClusterLiteral name: String) { self.name = name }
    /// A selector written as a string literal.
    public init(unicodeScalarLiteral name: String) { self.name = name }

    public var description: String { name }
}
