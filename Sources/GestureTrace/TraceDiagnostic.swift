/// A problem found in a trace file, located by file and line.
public struct TraceDiagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable { case error, warning }

    public var file: String
    /// 1-based line number; 0 when the problem concerns the whole file (missing, unreadable).
    public var line: Int
    public var message: String
    public var severity: Severity

    public init(file: String, line: Int, message: String, severity: Severity = .error) {
        self.file = file
        self.line = line
        self.message = message
        self.severity = severity
    }

    /// `FILE:LINE: message`, the form editors and terminals turn into links.
    public var description: String {
        let place = line > 0 ? "\(file):\(line)" : file
        return severity == .warning ? "\(place): warning: \(message)" : "\(place): \(message)"
    }
}
