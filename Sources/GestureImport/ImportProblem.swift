/// A log an importer cannot read, located by file and, where it is about a place in it, line.
public struct ImportProblem: Error, CustomStringConvertible {
    public var path: String
    /// The line the problem is on, when it is about a place in the file.
    public var line: Int?
    public var message: String
    public var description: String { line.map { "\(path):\($0): \(message)" } ?? "\(path): \(message)" }

    public init(path: String, line: Int? = nil, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }
}
