// Built with the Server trait only (Package.swift): without it Hummingbird is not in the graph.
#if Server
import Foundation
import GestureTrace

/// The folder the server records into and serves from. Every name a request gives is checked
/// against one pattern before it touches the disk: letters, digits, `.`, `_`, `-`, not starting
/// with a dot, ending in `.jsonl`. So no name can climb out (`..`, `/`), reach a hidden file,
/// or name a partial recording.
public struct RecordingsFolder: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    /// The file a valid name stands for, or nil.
    public func file(named name: String) -> String? {
        guard Self.isValid(name) else { return nil }
        return path + "/" + name
    }

    /// The file a valid name stands for, when it is there as a regular file: a FIFO or a device
    /// put in the folder would block or never end a read, and stop the server answering.
    public func existingFile(named name: String) -> String? {
        guard let file = file(named: name), Self.isRegularFile(file) else { return nil }
        return file
    }

    /// Whether `path` is a regular file (after links).
    public static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    public static func isValid(_ name: String) -> Bool {
        guard name.hasSuffix(".jsonl"), name.count > 6, name.utf8.count <= 120, name.first != "." else { return false }
        return name.utf8.allSatisfy { c in
            (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
                || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: ".") || c == UInt8(ascii: "_") || c == UInt8(ascii: "-")
        } && !name.contains("..")
    }

    /// A name for a new take: `base.jsonl`, or `base-2.jsonl`... when that is taken (by a saved
    /// recording, one in progress, or one `reserved` by a take that has not written yet), so a
    /// take never overwrites another.
    public func freshName(base: String, reserved: Set<String> = []) -> String? {
        let stem = base.hasSuffix(".jsonl") ? String(base.dropLast(6)) : base
        guard Self.isValid(stem + ".jsonl") else { return nil }
        for k in 1...10_000 {
            let name = k == 1 ? stem + ".jsonl" : "\(stem)-\(k).jsonl"
            guard Self.isValid(name) else { return nil }
            let file = path + "/" + name
            if !reserved.contains(name) && !FileManager.default.fileExists(atPath: file) && !FileManager.default.fileExists(atPath: file + ".recording") { return name }
        }
        return nil
    }

    public struct Entry: Sendable {
        public var name: String
        public var bytes: Int
        public var header: TraceHeader?
        /// The reason the file cannot be read as a trace, when it cannot.
        public var problem: String?
    }

    /// The saved recordings, newest name last (names sort by time when they carry one).
    public func list() -> [Entry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { Self.isValid($0) && Self.isRegularFile(path + "/" + $0) }.sorted().map { name in
            let file = path + "/" + name
            let bytes = ((try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? NSNumber)?.intValue ?? 0
            do {
                let reader = try TraceReader(path: file)
                return Entry(name: name, bytes: bytes, header: reader.header)
            } catch {
                return Entry(name: name, bytes: bytes, problem: "\(error)")
            }
        }
    }

    /// Saves the takes a killed server left behind (`NAME.jsonl.recording`) as `NAME.jsonl`,
    /// ending their open strokes with a cancel. Returns a line about each.
    public func recoverLeftovers() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        var said: [String] = []
        for name in names.sorted() where name.hasSuffix(".jsonl.recording") {
            let output = path + "/" + String(name.dropLast(".recording".count))
            guard Self.isValid((output as NSString).lastPathComponent) else { continue }
            if FileManager.default.fileExists(atPath: output) {
                said.append("\(path)/\(name) was left by a killed take, but \(output) exists: both are kept as they are")
                continue
            }
            let partial = PartialRecording(output: output)
            if partial.leftover() == nil {
                unlink(partial.path)
                said.append("removed \(partial.path): a take that ended before its first event")
                continue
            }
            do {
                let c = try partial.recover()
                said.append("recovered \(c.events) events (up to \(c.lastTime.millisecondsText) ms) of an interrupted take into \(output)")
            } catch {
                said.append("could not recover \(path)/\(name): \(error.description)")
            }
        }
        return said
    }
}
#endif
