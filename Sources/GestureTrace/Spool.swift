import Foundation

/// Fixed-size records appended to numbered streams and read back stream by stream, in the order
/// they were appended. Up to `budget` records stay in memory; beyond that every stream's records
/// are written, as one chunk per stream, to an unlinked temporary file, so a tool over a
/// ten-million-event trace needs the memory of a budget, not of the trace (issue 35). A short
/// trace never touches the disk.
///
/// The timeline draws lane after lane while the engine reports entries in time order (its marks
/// go through a spool, one stream per lane); a threshold search replays stretches of a trace
/// many times (its events go through one, `TraceTape`).
package final class Spool<Record: BitwiseCopyable>: @unchecked Sendable {
    // @unchecked: one owner appends, then readers only read (pread needs no shared offset).
    private var memory: [[Record]] = []
    private var chunks: [[(offset: Int64, count: Int)]] = []
    private var counts: [Int] = []
    private var inMemory = 0
    private let budget: Int
    private var file: Int32 = -1
    private var end: Int64 = 0
    /// Why the spool could not write or read its file (a full disk): renderers report it.
    package private(set) var failure: String?

    /// Where the file goes (tests name a folder that does not exist).
    private let directory: String

    package init(budget: Int, directory: String = NSTemporaryDirectory()) {
        self.budget = max(budget, 1)
        self.directory = directory
    }

    deinit { if file >= 0 { close(file) } }

    package var streamCount: Int { counts.count }

    package func count(of stream: Int) -> Int { stream < counts.count ? counts[stream] : 0 }

    package func append(_ record: Record, to stream: Int) {
        while memory.count <= stream {
            memory.append([])
            chunks.append([])
            counts.append(0)
        }
        memory[stream].append(record)
        counts[stream] += 1
        inMemory += 1
        if inMemory >= budget { spill() }
    }

    /// Every record of `stream`, in order.
    package func forEach(in stream: Int, _ body: (Record) throws -> Void) throws {
        if let failure { throw SpoolError(message: failure) }
        guard stream < counts.count else { return }
        for chunk in chunks[stream] {
            for r in try read(chunk) { try body(r) }
        }
        for r in memory[stream] { try body(r) }
    }

    /// The chunks written so far, for a search that reads one chunk (`DrawnIndex`).
    package func chunkList(of stream: Int) -> [(offset: Int64, count: Int)] { stream < chunks.count ? chunks[stream] : [] }

    package func memoryRecords(of stream: Int) -> [Record] { stream < memory.count ? memory[stream] : [] }

    /// How many records of `stream` are in memory, and how many chunks it has written: asked
    /// on every append by the one-stream indexes, so counted without handing out the arrays.
    package func memoryCount(of stream: Int) -> Int { stream < memory.count ? memory[stream].count : 0 }
    package func chunkCount(of stream: Int) -> Int { stream < chunks.count ? chunks[stream].count : 0 }

    package func read(_ chunk: (offset: Int64, count: Int)) throws -> [Record] {
        if let failure { throw SpoolError(message: failure) }
        var out = [Record](unsafeUninitializedCapacity: chunk.count) { buffer, initialized in
            let raw = UnsafeMutableRawBufferPointer(buffer)
            var done = 0
            while done < raw.count {
                let n = pread(file, raw.baseAddress! + done, raw.count - done, off_t(chunk.offset) + off_t(done))
                if n <= 0 {
                    if n < 0 && errno == EINTR { continue }
                    break
                }
                done += n
            }
            initialized = done == raw.count ? chunk.count : 0
        }
        if out.count != chunk.count {
            out = []
            throw SpoolError(message: "could not read GestureLab's temporary file back (\(String(cString: strerror(errno))))")
        }
        return out
    }

    private func spill() {
        defer { inMemory = 0 }
        if failure != nil {
            // Nothing can be written: drop the records rather than grow without bound; the
            // renderer reports the failure.
            for s in memory.indices { memory[s] = [] }
            return
        }
        if file < 0 {
            var template = Array((directory + "/gesturelab-spool-XXXXXX").utf8CString)
            file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            if file < 0 {
                failure = "could not make a temporary file in \(directory) (\(String(cString: strerror(errno))))"
                for s in memory.indices { memory[s] = [] }
                return
            }
            // Unlinked at once: nothing is left behind whatever way the process ends.
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        }
        for s in memory.indices where !memory[s].isEmpty {
            let count = memory[s].count
            let ok = memory[s].withUnsafeBytes { raw -> Bool in
                var done = 0
                while done < raw.count {
                    let n = pwrite(file, raw.baseAddress! + done, raw.count - done, off_t(end) + off_t(done))
                    if n < 0 && errno == EINTR { continue }
                    if n <= 0 { return false }
                    done += n
                }
                return true
            }
            if !ok {
                failure = "could not write a temporary file in \(directory) (\(String(cString: strerror(errno)))): is the disk full?"
                for k in memory.indices { memory[k] = [] }
                return
            }
            chunks[s].append((end, count))
            end += Int64(count * MemoryLayout<Record>.stride)
            memory[s] = []
        }
    }
}

public struct SpoolError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
    package init(message: String) { self.message = message }
}
