import ArgumentParser
import Foundation
import GestureImport
import GestureTrace

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Convert stroke logs of another format into traces, one per stroke.",
        discussion: "dollar-xml: the $1 Unistroke gesture logs (sNN/SPEED/NAMEkk.xml). Class, subject, speed and repetition become header labels; the original timing is kept."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case dollarXML = "dollar-xml" }

    @Argument(help: "The format: dollar-xml.")
    var format: Format

    @Argument(help: "A folder of logs (searched recursively) or one log file.")
    var source: String

    @Option(name: [.short, .customLong("output")], help: "Folder to write the traces into; the source's folder layout is kept.")
    var output: String

    func validate() throws {
        if output == "-" { throw ValidationError("-o -: import writes one trace per log, so it needs a folder") }
    }

    func run() throws {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &isDir) else { throw Exit.fail("\(source): no such file or folder") }
        let files = isDir.boolValue ? DollarXMLReader.files(under: source) : [source]
        guard !files.isEmpty else { throw Exit.fail("\(source): no .xml gesture logs found") }
        var written = 0
        var problems = 0
        for file in files {
            let gesture: DollarGesture
            switch Result(catching: { () throws(DollarXMLReader.Problem) -> DollarGesture in try DollarXMLReader.read(path: file) }) {
            case let .success(g): gesture = g
            case let .failure(p):
                Exit.warn(p.description)
                problems += 1
                continue
            }
            let relative = isDir.boolValue ? String(file.dropFirst(source.count).drop { $0 == "/" }) : (file as NSString).lastPathComponent
            let target = (output as NSString).appendingPathComponent((relative as NSString).deletingPathExtension + ".jsonl")
            try? FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let (header, events) = gesture.trace(source: relative)
            try write(TraceWriter.text(header: header, events: events), to: target)
            written += 1
        }
        emit("imported \(written) strokes into \(output)" + (problems > 0 ? " (\(problems) files could not be read)" : ""))
        if problems > 0 { throw ExitCode(Exit.badInput) }
    }
}
