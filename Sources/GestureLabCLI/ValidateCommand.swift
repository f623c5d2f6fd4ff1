import ArgumentParser
import Foundation
import GestureScenes
import GestureTrace

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check trace files (.jsonl) and scene files (.yaml, .yml, .json) and report every problem as FILE:LINE.",
        discussion: "Exits 0 when every file is valid (warnings allowed), 2 when any file has an error."
    )

    @Argument(help: "Trace and scene files.")
    var files: [String]

    func run() throws {
        var failed = false
        for file in files {
            let isScene = file.hasSuffix(".yaml") || file.hasSuffix(".yml") || file.hasSuffix(".json")
            if let problem = isScene ? checkScene(file) : checkTrace(file) {
                Exit.warn(problem)
                failed = true
            }
        }
        if failed { throw ExitCode(Exit.badInput) }
    }

    private func checkScene(_ file: String) -> String? {
        let doc: SceneDocument
        switch Result(catching: { () throws(SceneError) -> SceneDocument in try SceneLoader.load(path: file) }) {
        case let .success(d): doc = d
        case let .failure(e): return e.description
        }
        let built: BuiltScene
        switch Result(catching: { () throws(SceneError) -> BuiltScene in try SceneBuilder.build(doc) }) {
        case let .success(b): built = b
        case let .failure(e): return e.description
        }
        emit("\(file): scene \(doc.name), \(doc.root.allViews.count) views, \(built.recognizers.count) recognizers: ok")
        return nil
    }

    private func checkTrace(_ file: String) -> String? {
        let result = Result { () throws(TraceDiagnostic) -> TraceReader in
            let reader = try TraceReader(path: file)
            while try reader.nextEvent() != nil {}
            return reader
        }
        switch result {
        case let .failure(d):
            return d.description
        case let .success(reader):
            for w in reader.warnings { Exit.warn(w.description) }
            let open = reader.pointersStillDown.sorted()
            if !open.isEmpty {
                Exit.warn("\(file): warning: pointer(s) \(open.map(String.init).joined(separator: ", ")) still down at the end of the trace")
            }
            emit("\(file): \(reader.eventCount) events: ok")
            return nil
        }
    }
}
