import ArgumentParser
import Foundation

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a package for your own UIKit-style recognizers: a recognizer, a delegate, a scene, a trace, an executable with the whole command line, and a test.",
        discussion: "`swift build`, `swift test` and `swift run NAME replay traces/swipe-up.jsonl --scene scenes/card.yaml` work in it as written. GestureLab is a local path dependency (this checkout) unless --url is given."
    )

    @Argument(help: "The folder to create; its last component names the package (a Swift identifier).")
    var folder: String

    @Option(name: .long, help: "The GestureLab checkout to depend on (default: the one this gesturelab was built from).")
    var gesturelabPath: String?

    @Option(name: .long, help: "Depend on GestureLab at this Git URL instead of a local path.")
    var url: String?

    @Option(name: .long, help: "With --url: the lowest version to accept.")
    var from = "0.1.0"

    func validate() throws {
        let name = (folder as NSString).lastPathComponent
        guard let first = name.unicodeScalars.first, CharacterSet.letters.contains(first),
              name.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) || $0 == "_" }) else {
            throw ValidationError("\(name): the package's name must be a Swift identifier (letters, digits, _; a letter first)")
        }
        if let problem = ReservedModuleNames.problem(packageName: name) { throw ValidationError(problem) }
        if url != nil && gesturelabPath != nil { throw ValidationError("--url and --gesturelab-path name two dependencies; give one") }
        if let url {
            // What SwiftPM and git take: scheme://host/path, git@host:path, or a local path; no
            // spaces, quotes or control characters, which a manifest would have to escape and git
            // would not find.
            let looksRight = url.contains("://") || url.hasPrefix("git@") || url.hasPrefix("/")
            if !looksRight || url.unicodeScalars.contains(where: { $0.value < 0x21 || $0 == "\"" || $0 == "'" || $0 == "\\" || $0.value == 0x7F }) {
                throw ValidationError("--url \(url): expected a Git URL (https://host/owner/gesturelab.git, git@host:owner/gesturelab.git, or a path), without spaces or quotes")
            }
        } else if from != "0.1.0" {
            throw ValidationError("--from is the lowest version of a --url dependency; give --url too")
        }
        if !Self.isSemanticVersion(from) {
            throw ValidationError("--from \(from): expected a version such as 0.4.0 (MAJOR.MINOR.PATCH, optionally -prerelease)")
        }
    }

    /// MAJOR.MINOR.PATCH with an optional -prerelease and +build, as SwiftPM's `from:` takes.
    static func isSemanticVersion(_ text: String) -> Bool {
        let build = text.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false)
        let release = build[0].split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        let numbers = release[0].split(separator: ".", omittingEmptySubsequences: false)
        let isNumber = { (n: Substring) in !n.isEmpty && n.count <= 9 && n.allSatisfy { $0.isASCII && $0.isNumber } && (n == "0" || n.first != "0") }
        guard numbers.count == 3, numbers.allSatisfy(isNumber) else { return false }
        let labels = release.dropFirst() + build.dropFirst()
        return labels.allSatisfy { l in !l.isEmpty && l.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") } }
    }

    func run() throws {
        let name = (folder as NSString).lastPathComponent
        let fm = FileManager.default
        if let existing = try? fm.contentsOfDirectory(atPath: folder), !existing.isEmpty {
            throw Exit.fail("\(folder): the folder exists and is not empty; init writes into a new folder", code: 1)
        }
        let dependency: ScaffoldTemplate.Dependency
        if let url {
            dependency = .url(url, from: from)
        } else {
            let path = gesturelabPath.map { URL(fileURLWithPath: $0).standardizedFileURL.path } ?? InitCommand.thisCheckout
            guard fm.fileExists(atPath: path + "/Package.swift") else {
                throw Exit.fail("\(path): no GestureLab checkout there (no Package.swift); give --gesturelab-path PATH or --url URL", code: 1)
            }
            dependency = .path(path)
        }
        let template = ScaffoldTemplate(name: name, dependency: dependency)
        do {
            for (path, text) in template.files {
                let full = (folder as NSString).appendingPathComponent(path)
                try fm.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try text.write(toFile: full, atomically: true, encoding: .utf8)
            }
        } catch {
            throw Exit.fail("\(folder): \(error.localizedDescription)", code: 1)
        }
        emit("""
        created \(folder) (\(template.files.count) files); next:
          cd \(folder)
          swift build && swift test
          swift run \(name) replay traces/swipe-up.jsonl --scene scenes/card.yaml
        """)
    }

    /// The checkout this command line was built from, found from this file's path at build time.
    static var thisCheckout: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }
}
