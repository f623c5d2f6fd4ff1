@testable import GestureEngine
import GestureTrace
import Testing

@Suite("The decision log handed over in batches")
struct LogBatchTests {
    @Test("Every kept entry arrives once, in order, in batches of the given size, the rest on flush")
    func batches() {
        var log = DecisionLog()
        var seen: [Int] = []
        var sizes: [Int] = []
        log.batchSize = 4
        log.destination = .batches { batch in
            sizes.append(batch.count)
            seen += batch.map(\.seq)
            batch.removeAll()
        }
        for i in 0..<10 {
            log.append(time: .zero, kind: .note, touches: TouchIDs(i), cause: Cause(.lifecycle, CauseText("row %d", Double(i))))
        }
        #expect(sizes == [4, 4])
        log.flushBatch()
        #expect(sizes == [4, 4, 2])
        #expect(seen == Array(0..<10))
        #expect(log.entries.isEmpty)
    }

    @Test("A receiver may keep a batch and leave another; a sink set as well takes every row")
    func swappedAndSink() {
        var log = DecisionLog()
        var kept: [LogBatch] = []
        log.batchSize = 3
        log.destination = .batches { batch in
            kept.append(batch)
            batch = LogBatch(capacity: 1)
        }
        for i in 0..<7 { log.append(time: .zero, kind: .note, cause: Cause(.lifecycle, "row \(i)")) }
        log.flushBatch()
        #expect(kept.map { $0.map(\.seq) } == [[0, 1, 2], [3, 4, 5], [6]])
        #expect(kept[2][0].cause.text == "row 6")
        var sunk: [Int] = []
        log.destination = .rows { sunk.append($0.seq) }
        log.append(time: .zero, kind: .note, cause: Cause(.lifecycle, "row 7"))
        log.flushBatch()
        #expect(sunk == [7])
        #expect(kept.count == 3)
    }

    static func row(_ seq: Int, touches: TouchIDs = TouchIDs(1), _ cause: Cause) -> LogEntry {
        LogEntry(seq: seq, time: .milliseconds(Double(seq)), kind: .transition, recognizer: LogName("pan"), from: .changed, to: .changed,
                 touches: touches, cause: cause)
    }

    @Test("Emptying a batch frees the strings and evidence its rows held, and keeps its rows until then")
    func freesWhatRowsHold() {
        var evidence = [Evidence("minimumDistance", value: 12, threshold: 10, unit: "pt", comparison: ">=")]
        evidence.reserveCapacity(16)
        var words = String(repeating: "a finger moved ", count: 8)
        words.reserveCapacity(400)
        let evidenceAt = evidence.withUnsafeBufferPointer { $0.baseAddress }
        let wordsAt = words.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
        // Capacity 2: the batch grows while rows holding storage are in it.
        let batch = LogBatch(capacity: 2)
        for i in 0..<50 {
            switch i % 10 {
            case 3: batch.append(Self.row(i, Cause(.touches, CauseText("%n %n", names: LogName("pan"), .changed), evidence: evidence)))
            case 6: batch.append(Self.row(i, Cause(.touches, CauseText(words))))
            case 8: batch.append(Self.row(i, touches: [1, 2, 3], Cause(.touches, CauseText("touch %d moved", 3))))
            default: batch.append(Self.row(i, Cause(.touches, CauseText("touch %d moves to (%1, %1)", 1, Double(i), 2))))
            }
        }
        #expect(batch.count == 50)
        #expect(batch.map(\.seq) == Array(0..<50))
        #expect(batch[13].cause.evidence == evidence)
        #expect(batch[16].cause.text == words)
        #expect(batch[18].touches == [1, 2, 3])
        #expect(batch[19].cause.text == "touch 1 moves to (19, 2)")
        batch.removeAll()
        #expect(batch.isEmpty)
        // Were a row still holding them, changing them would copy their storage first.
        evidence.append(evidence[0])
        words += "!"
        #expect(evidence.withUnsafeBufferPointer { $0.baseAddress } == evidenceAt)
        #expect(words.utf8.withContiguousStorageIfAvailable { $0.baseAddress } == wordsAt)
        batch.append(Self.row(99, Cause(.touches, "again")))
        #expect(batch.map(\.seq) == [99])
    }

    @Test("A row says it holds storage exactly when it has a string, evidence or a third touch")
    func holdsStorage() {
        var emptied = String(repeating: "x", count: 64)
        emptied.removeAll(keepingCapacity: true)
        let bare: [Cause] = [Cause(.touches, ""), Cause(.touches, CauseText(emptied)), Cause(.touches, CauseText("%n %n", names: LogName("pan"), .changed)),
                             Cause(.touches, CauseText("touch %d moved", 1)), Cause(.touches, CauseText("%s%s", "", emptied, numbers: 1))]
        for c in bare {
            #expect(!Self.row(1, c).holdsStorage)
            #expect(!Self.row(1, touches: [1, 2], c).holdsStorage)
            #expect(Self.row(1, touches: [1, 2, 3], c).holdsStorage)
        }
        #expect(Self.row(1, Cause(.touches, "a")).holdsStorage)
        #expect(Self.row(1, Cause(.touches, CauseText("%s%s", "", "b"))).holdsStorage)
        #expect(Self.row(1, Cause(.touches, CauseText("%n%s", names: LogName("pan"), string: "c"))).holdsStorage)
        var c = Cause(.touches, "")
        c.evidence = [Evidence("d", value: 1, threshold: 0, unit: "", comparison: ">")]
        #expect(Self.row(1, c).holdsStorage)
        c.evidence.removeAll(keepingCapacity: true)
        #expect(Self.row(1, c).holdsStorage, "an emptied array that kept its storage")
        c.evidence = []
        #expect(!Self.row(1, c).holdsStorage)
    }

    @Test("A row's only fields that hold storage are the ones holdsStorage looks at")
    func storageFields() {
        // Every field filled, so that each shows up; anything new that holds storage (a String,
        // an array, a class) must be added to holdsStorage, or emptying a batch would leak it.
        let e = LogEntry(seq: 1, time: .milliseconds(1), kind: .view, recognizer: LogName("pan"), view: LogName("stage"), from: .possible, to: .began,
                         phase: .moved, touches: [1, 2, 3],
                         cause: Cause(.touches, CauseText("%s %s", "a", "b"), other: "tap", causedBy: 3,
                                      evidence: [Evidence("d", value: 1, threshold: 0, unit: "pt", comparison: ">")]),
                         delivered: DeliveredTouch(inWindow: Point(x: 1, y: 2), inView: Point(x: 3, y: 4), timestamp: .milliseconds(5)))
        var found: [String] = []
        func walk(_ value: Any, _ path: String) {
            if value is StaticString { return }
            if value is String || type(of: value) is AnyClass { found.append(path); return }
            let mirror = Mirror(reflecting: value)
            switch mirror.displayStyle {
            case .collection?, .dictionary?, .set?, .class?: found.append(path)
            default:
                for child in mirror.children { walk(child.value, path.isEmpty ? child.label ?? "?" : path + "." + (child.label ?? "?")) }
            }
        }
        walk(e, "")
        #expect(found.sorted() == ["cause.evidence", "cause.message.first", "cause.message.second", "touches.many"])
    }
}
