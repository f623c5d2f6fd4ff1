import Foundation
import GestureTrace

/// What every importer does with its input file: read it whole (within a limit, with a message
/// for each way that fails) and name places in it as FILE:LINE.
public enum ImportFile {
    static func read(path: String, limit: Int) throws(ImportProblem) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .init(path: path, message: "no such file") }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .init(path: path, message: "not a regular file (a folder or a device?)") }
        guard Int(info.st_size) <= limit else { throw .init(path: path, message: "\(info.st_size) bytes is larger than this importer reads (at most \(limit))") }
        guard let data = FileManager.default.contents(atPath: path) else { throw .init(path: path, message: "cannot read the file (permission denied?)") }
        return [UInt8](data)
    }

    /// A small text file (a device listing), read whole.
    public static func text(path: String, limit: Int = 16 << 20) throws(ImportProblem) -> String {
        String(decoding: try read(path: path, limit: limit), as: UTF8.self)
    }

    /// The 1-based line and column of a byte offset.
    static func place(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for k in 0..<min(max(0, offset), bytes.count) where bytes[k] == 0x0A {
            line += 1
            lineStart = k + 1
        }
        return (line, offset - lineStart + 1)
    }

    static func problem(_ path: String, _ bytes: [UInt8], at offset: Int, _ message: String) -> ImportProblem {
        let (line, column) = place(of: offset, in: bytes)
        return .init(path: path, line: line, message: "\(message) (column \(column))")
    }

    static func lastComponent(_ path: String) -> String { String(path.split(separator: "/").last ?? Substring(path)) }
}
