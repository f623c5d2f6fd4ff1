import ArgumentParser
import Foundation
import GestureSynth

struct GenerateRecordingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate-recordings",
        abstract: "Write the generated recordings of recordings/traces from their fixed seeds (Sources/GestureSynth/RecordingCatalog.swift)."
    )

    @Option(name: [.short, .customLong("output"), .customLong("out")], help: "Folder to write into.")
    var out = "recordings/traces"

    func validate() throws {
        if out == "-" { throw ValidationError("-o -: generate-recordings writes one file per recording, so it needs a folder") }
    }

    func run() throws {
        try? FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        for r in RecordingCatalog.all {
            let path = (out as NSString).appendingPathComponent(r.file)
            try write(r.text, to: path)
            emit("\(path): \(r.summary)")
        }
    }
}
