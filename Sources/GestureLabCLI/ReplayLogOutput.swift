import GestureEngine
import GestureScenes
import GestureTimeline
import GestureTrace

/// The log sink of `replay`: the engine's batches of rows formatted as the JSON Lines log (whole
/// or `--compact`) or the text timeline, and written to the output, on the rows' own thread
/// (reader -> engine -> this, connected by `replayLog`).
///
/// A write that fails (a full disk) is kept, the rest of the log is dropped, and `finish`
/// throws it: the engine's thread never waits on a failed output.
final class ReplayLogOutput {
    private let out: OutputFile
    private let format: ReplayCommand.Format
    private let compact: Bool
    private let verbose: Bool
    private let title: String
    /// Touched only by the writing thread until the replay has returned.
    private var failure: Error?
    private let lines = JSONLinesWriter()
    private let text = OutputBytes()
    private var timeline: TextTimeline.Writer
    private var titled = false

    init(format: ReplayCommand.Format, compact: Bool, verbose: Bool, title: String, to out: OutputFile) {
        self.out = out
        self.format = format
        self.compact = compact
        self.verbose = verbose
        self.title = title
        timeline = TextTimeline.Writer(TextTimeline(verbose: verbose))
    }

    /// How the replay hands this its rows: in batches, on a thread of their own. While it waits
    /// for rows, that thread may read the trace ahead (`readAhead`): writing the full JSON Lines
    /// log keeps it as busy as the engine's (docs/benchmarks.md, "Two threads on two cores").
    /// Routine rows are left out with `--compact`, and their causes unless they are written
    /// (the text timeline hides them unless verbose).
    func replayLog(readAhead: (@Sendable () -> Bool)?) -> ReplayLog {
        var log: ReplayLog
        switch format {
        case .jsonl: log = .batchesOnItsOwnThread(whileIdle: readAhead) { [self] in writeLines($0) }
        case .text: log = .batchesOnItsOwnThread { [self] in writeTimeline($0) }
        }
        log.routineUpdates = !compact
        // The compact log would drop the empty note standing for each update (`isRoutine`).
        log.updateNotes = !compact
        log.routineCauses = format == .jsonl || verbose
        return log
    }

    /// Writes what the replay handed over so far (after it returned or threw).
    func flush() {
        putLines()
        putText()
    }

    /// Writes the rest, and the text timeline's footer; throws the first write that failed.
    func finish(eventCount: Int) throws {
        flush()
        if format == .text {
            putTitle()
            put(timeline.footer() + "\n\(eventCount) events replayed\n")
        }
        if let failure { throw failure }
    }

    private func writeLines(_ batch: LogBatch) {
        batch.withUnsafeMutableRows { rows in
            for i in rows.indices {
                if compact && Self.isRoutine(rows[i]) { continue }
                lines.append(inPlace: &rows[i])
                if lines.count >= 1 << 16 { putLines() }
            }
        }
    }

    private func writeTimeline(_ batch: LogBatch) {
        putTitle()
        batch.withUnsafeMutableRows { rows in
            for i in rows.indices { timeline.append(inPlace: &rows[i], to: text) }
        }
        if text.count >= 1 << 16 { putText() }
    }

    private func putTitle() {
        guard format == .text, !titled else { return }
        titled = true
        put(timeline.header(title: title))
    }

    /// Runs a write unless one has failed; keeps the first failure.
    private func attempt(_ write: () throws -> Void) {
        guard failure == nil else { return }
        do { try write() } catch { failure = error }
    }

    private func put(_ string: String) { attempt { try out.write(string) } }

    private func putLines() {
        attempt { try lines.withBytes { try out.write(bytes: $0) } }
        lines.clear()
    }

    private func putText() {
        attempt { try text.withUnsafeBytes { try out.write(bytes: $0) } }
        text.removeAll()
    }

    /// A row `--compact` leaves out. Without routine updates the engine logs each changed
    /// transition and action as an empty note, which keeps the numbering of everything else.
    static func isRoutine(_ e: LogEntry) -> Bool {
        // Names compared as numbers: asked of every row.
        switch e.kind {
        case .input, .view: return e.phaseName == .moved
        case .note: return e.cause.message.isEmpty
        case .transition: return e.toName == .changed
        case .action: return e.toName?.isUpdate ?? false
        default: return false
        }
    }
}
