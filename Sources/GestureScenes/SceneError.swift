/// A problem in a scene file, with the place it was found.
public struct SceneError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(file: String, line: Int, column: Int = 0, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `FILE:LINE:COLUMN: message`.
    public var description: String {
        if line <= 0 { return "\(file): \(message)" }
        return column > 0 ? "\(file):\(line):\(column): \(message)" : "\(file):\(line): \(message)"
    }
}
