import Foundation
@testable import GestureTrace
import Testing

let header = #"{"format":"gesturelab-trace","version":1,"viewport":{"width":390,"height":844},"scale":3,"clock":{"source":"synthetic"},"devices":["touch"],"labels":{"class":"check"}}"#

func read(_ text: String) throws(TraceDiagnostic) -> (TraceHeader, [TraceEvent], [TraceDiagnostic]) {
    let reader = try TraceReader(bytes: Array(text.utf8), name: "t.jsonl")
    var events: [TraceEvent] = []
    while let e = try reader.nextEvent() { events.append(e) }
    return (reader.header, events, reader.warnings)
}

/// The diagnostic a text produces, as `FILE:LINE: message`.
func problem(_ text: String) -> String? {
    do {
        _ = try read(text)
        return nil
    } catch {
        return error.description
    }
}

@Suite("Trace format v1")
struct TraceReaderTests {
    @Test("A valid trace reads back its header and events, with microsecond times")
    func valid() throws {
        let text = header + "\n" + """
        {"t":0,"type":"down","id":1,"x":10,"y":20.5,"device":"touch"}
        {"t":8.125,"type":"move","id":1,"x":11,"y":21,"pressure":0.5}
        {"t":16.001,"type":"up","id":1,"x":12,"y":22}
        """ + "\n"
        let (h, events, warnings) = try read(text)
        #expect(h.viewportWidth == 390 && h.viewportHeight == 844 && h.scale == 3)
        #expect(h.labels == ["class": "check"])
        #expect(events.count == 3)
        #expect(events[1].time.microseconds == 8125)
        #expect(events[2].time.microseconds == 16001)
        #expect(events[1].pressure == 0.5)
        #expect(events[0].device == .touch)
        #expect(warnings.isEmpty)
    }

    @Test("Writing then reading gives the same trace")
    func roundTrip() throws {
        let h = TraceHeader(viewportWidth: 320, viewportHeight: 480, scale: 2, clockSource: "x11-server",
                            devices: [.mouse, .touch], labels: ["subject": "2", "speed": "fast"], scene: "s", origin: "test")
        let events = [
            TraceEvent(time: .milliseconds(0), type: .down, pointer: 0, x: 1.25, y: 2, device: .mouse),
            TraceEvent(time: .milliseconds(1.5), type: .down, pointer: 7, x: 3, y: 4, pressure: 0.25, device: .touch),
            TraceEvent(time: .milliseconds(1.5), type: .move, pointer: 0, x: 5, y: 6),
            TraceEvent(time: .milliseconds(9), type: .cancel, pointer: 7, x: 3, y: 4),
            TraceEvent(time: .milliseconds(10), type: .up, pointer: 0, x: 5, y: 6),
        ]
        let (h2, e2, _) = try read(TraceWriter.text(header: h, events: events))
        #expect(h2 == h)
        #expect(e2 == events)
    }

    @Test("The file writer appends one line per event and its file reads back")
    func fileWriter() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gl-writer-\(getpid()).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let w = try TraceWriter(path: path, header: TraceHeader())
        try w.append(TraceEvent(time: .milliseconds(0), type: .down, pointer: 1, x: 1, y: 1))
        // Readable after each append, before close: nothing is buffered.
        #expect(try TraceReader.readAll(path: path).1.count == 1)
        try w.append(TraceEvent(time: .milliseconds(5), type: .up, pointer: 1, x: 1, y: 1))
        #expect(throws: TraceWriter.WriteFailed.self) {
            try w.append(TraceEvent(time: .milliseconds(6), type: .move, pointer: 1, x: 1, y: 1))
        }
        try w.close()
        #expect(try TraceReader.readAll(path: path).1.count == 2)
    }

    @Test("A buffered writer (for generators) writes in blocks and loses nothing by close; a failed write is reported")
    func bufferedWriter() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gl-buffered-\(getpid()).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let w = try TraceWriter(path: path, header: TraceHeader(), bufferBytes: 2000)
        var events: [TraceEvent] = []
        for i in 0..<100 {
            let type: TouchEventType = i == 0 ? .down : (i == 99 ? .up : .move)
            events.append(TraceEvent(time: .milliseconds(Double(i)), type: type, pointer: 1, x: Double(i), y: 1))
        }
        for e in events.prefix(2) { try w.append(e) }
        // Below the block size nothing has reached the file yet.
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int == 0)
        for e in events.dropFirst(2) { try w.append(e) }
        try w.close()
        #expect(try TraceReader.readAll(path: path).1 == events)
        let full = try TraceWriter(path: "/dev/full", header: TraceHeader(), bufferBytes: 1 << 20)
        #expect(throws: TraceWriter.WriteFailed.self) { try full.close() }
    }

    @Test("Appending continues a trace, checks new events against the old ones, and survives a torn last line")
    func appending() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gl-append-\(getpid()).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try (header + "\n" + #"{"t":0,"type":"down","id":1,"x":1,"y":1}"# + "\n" + #"{"t":3,"ty"#).write(toFile: path, atomically: true, encoding: .utf8)
        let w = try TraceWriter(appendingTo: path)
        #expect(throws: TraceWriter.WriteFailed.self) { try w.append(TraceEvent(time: .milliseconds(5), type: .down, pointer: 1, x: 1, y: 1)) }
        try w.append(TraceEvent(time: .milliseconds(5), type: .up, pointer: 1, x: 2, y: 2))
        try w.close()
        let (_, events, warnings) = try TraceReader.readAll(path: path)
        #expect(events.map(\.type) == [.down, .up])
        #expect(warnings.isEmpty, "the torn line was cut off before appending")
    }

    @Test("A last line cut short by a crash is a warning and everything before it replays")
    func truncatedLastLine() throws {
        let text = header + "\n" + #"{"t":0,"type":"down","id":1,"x":10,"y":20}"# + "\n" + #"{"t":8,"type":"mo"#
        let (_, events, warnings) = try read(text)
        #expect(events.count == 1)
        #expect(warnings.count == 1)
        #expect(warnings[0].line == 3)
        #expect(warnings[0].severity == .warning)
    }

    @Test("A last line without a newline that parses is kept")
    func lastLineWithoutNewline() throws {
        let (_, events, warnings) = try read(header + "\n" + #"{"t":0,"type":"down","id":1,"x":10,"y":20}"#)
        #expect(events.count == 1)
        #expect(warnings.isEmpty)
    }

    static let cases: [(String, String, String)] = [
        ("empty file", "", "t.jsonl: empty file"),
        ("only blank lines", "\n  \n", "t.jsonl: empty file"),
        ("missing header", #"{"t":0,"type":"down","id":1,"x":1,"y":1}"#, "t.jsonl:1: missing header"),
        ("unknown format", #"{"format":"svg","version":1}"#, "t.jsonl:1: unknown format"),
        ("unsupported version", #"{"format":"gesturelab-trace","version":2}"#, "t.jsonl:1: unsupported trace version 2"),
        ("binary garbage", "\u{1}\u{2}\u{3}PNG", "t.jsonl:1: not a trace"),
        ("bad header JSON", #"{"format":"gesturelab-trace","#, "t.jsonl:1: header is not valid JSON"),
        ("unknown header field", #"{"format":"gesturelab-trace","version":1,"colour":"red"}"#, "t.jsonl:1: unknown header field \"colour\""),
        ("time backwards", header + "\n" + #"{"t":5,"type":"down","id":1,"x":1,"y":1}"# + "\n" + #"{"t":4,"type":"up","id":1,"x":1,"y":1}"# + "\n", "t.jsonl:3: time goes backwards"),
        ("move not down", header + "\n" + #"{"t":0,"type":"move","id":3,"x":1,"y":1}"# + "\n", "t.jsonl:2: move for pointer 3, which is not down"),
        ("up not down", header + "\n" + #"{"t":0,"type":"up","id":3,"x":1,"y":1}"# + "\n", "t.jsonl:2: up for pointer 3, which is not down"),
        ("second down", header + "\n" + #"{"t":0,"type":"down","id":1,"x":1,"y":1}"# + "\n" + #"{"t":1,"type":"down","id":1,"x":1,"y":1}"# + "\n", "t.jsonl:3: pointer 1 goes down again"),
        ("NaN", header + "\n" + #"{"t":0,"type":"down","id":1,"x":NaN,"y":1}"# + "\n", "t.jsonl:2: NaN and Infinity"),
        ("binary that starts with a brace", "{\u{01}\u{02}\u{7F}x\n", "t.jsonl:1: not a trace"),
        ("hover of a pointer that is down", header + "\n" + #"{"t":0,"type":"down","id":1,"x":1,"y":1}"# + "\n" + #"{"t":1,"type":"hover","id":1,"x":1,"y":1}"# + "\n", "t.jsonl:3: hover for pointer 1, which is down"),
        ("infinite by overflow", header + "\n" + #"{"t":0,"type":"down","id":1,"x":1e999,"y":1}"# + "\n", "t.jsonl:2: number too large"),
        ("unknown type", header + "\n" + #"{"t":0,"type":"float","id":1,"x":1,"y":1}"# + "\n", "t.jsonl:2: unknown event type \"float\""),
        ("wrong field type", header + "\n" + #"{"t":"0","type":"down","id":1,"x":1,"y":1}"# + "\n", "t.jsonl:2: field \"t\" must be a number, found a string"),
        ("id not whole", header + "\n" + #"{"t":0,"type":"down","id":1.5,"x":1,"y":1}"# + "\n", "t.jsonl:2: field \"id\" must be a whole number"),
        ("missing position", header + "\n" + #"{"t":0,"type":"down","id":1}"# + "\n", "t.jsonl:2: event has no position"),
        ("unknown field", header + "\n" + #"{"t":0,"type":"down","id":1,"x":1,"y":1,"z":3}"# + "\n", "t.jsonl:2: unknown event field \"z\""),
        ("negative time", header + "\n" + #"{"t":-1,"type":"down","id":1,"x":1,"y":1}"# + "\n", "t.jsonl:2: time \"t\" is negative"),
        ("bad middle line", header + "\n" + #"{"t":0,"type":"down""# + "\n" + #"{"t":1,"type":"up","id":1,"x":1,"y":1}"# + "\n", "t.jsonl:2: "),
        ("unknown device", header + "\n" + #"{"t":0,"type":"down","id":1,"x":1,"y":1,"device":"glove"}"# + "\n", "t.jsonl:2: unknown device \"glove\""),
        ("deep nesting", #"{"format":"gesturelab-trace","version":1,"labels":"# + String(repeating: "[", count: 5000), "t.jsonl:1: header is not valid JSON: nesting deeper than 64 levels"),
        ("duplicate key", header + "\n" + #"{"t":0,"t":1,"type":"down","id":1,"x":1,"y":1}"# + "\n", "t.jsonl:2: duplicate field \"t\""),
    ]

    @Test("Malformed traces get a FILE:LINE message, never a crash", arguments: cases)
    func malformed(_ c: (String, String, String)) {
        let message = problem(c.1)
        #expect(message?.hasPrefix(c.2) == true, "\(c.0): got \(message ?? "no error")")
    }

    @Test("Too many pointers down at once is refused, not stored")
    func tooManyPointers() {
        var text = header + "\n"
        for i in 0..<100 { text += #"{"t":0,"type":"down","id":\#(i),"x":1,"y":1}"# + "\n" }
        #expect(problem(text)?.contains("more than 64 pointers down at once") == true)
    }

    @Test("A line with no newline longer than 1 MB is refused without reading it all into memory at once")
    func hugeLine() {
        let text = header + "\n" + String(repeating: "x", count: (1 << 20) + 10)
        #expect(problem(text)?.contains("longer than") == true)
    }

    @Test("Missing files, directories and unreadable files get a clear message")
    func fileProblems() throws {
        #expect(throws: TraceDiagnostic.self) { try TraceReader(path: "/nonexistent/x.jsonl") }
        do { _ = try TraceReader(path: "/nonexistent/x.jsonl") } catch { #expect(error.description == "/nonexistent/x.jsonl: no such file") }
        do { _ = try TraceReader(path: "/tmp") } catch { #expect(error.description == "/tmp: is a directory, not a trace file") }
    }

    @Test("The streaming reader handles lines that span its internal blocks")
    func blockBoundaries() throws {
        var text = header + "\n"
        var t = 0.0
        text += #"{"t":0,"type":"down","id":1,"x":0,"y":0}"# + "\n"
        for i in 0..<40_000 {
            t += 1
            text += #"{"t":\#(Int(t)),"type":"move","id":1,"x":\#(i % 500),"y":\#(i % 300).25}"# + "\n"
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gl-blocks-\(getpid()).jsonl").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (_, events, _) = try TraceReader.readAll(path: path)
        #expect(events.count == 40_001)
        #expect(events.last?.x == Double(39_999 % 500))
        #expect(events.last?.y == Double(39_999 % 300) + 0.25)
    }

    @Test("Usual lines read from the reader's block, their newline found by the parse, read as line by line: CRLF, blank, unusual and cut lines, block edges, line numbers")
    func usualLinesFromTheBlock() throws {
        // Every line, also read alone by the general decoder: what the reader must give.
        var lines: [String] = []
        var t = 0
        for i in 0..<30_000 {
            t += 1
            switch i % 7 {
            case 0: lines.append(#"{"t":\#(t),"type":"down","id":1,"x":\#(i % 400).5,"y":-\#(i % 90)}"#)
            case 6: lines.append(#"{"t":\#(t).25,"type":"up","id":1,"x":1,"y":2,"device":"touch"}"#)
            case 3: lines.append(#"{"t":\#(t),"type":"move","id":1,"x":3,"y":4,"pressure":0.5}"#)  // the general way
            default: lines.append(#"{"t":\#(t).125,"type":"move","id":1,"x":\#(i),"y":\#(i % 777).75}"#)
            }
        }
        let expected = try lines.map { line in try Array(line.utf8).withUnsafeBufferPointer { try TraceEventDecoder.decode($0) } }
        // Newlines alternate between LF and CRLF, with a blank line now and then, and the last
        // line has none: the 64 KB blocks end at every kind of byte somewhere in 1.7 MB.
        var text = header + "\n"
        for (k, line) in lines.enumerated() {
            text += line
            if k < lines.count - 1 { text += k % 2 == 0 ? "\n" : "\r\n" }
            if k % 1000 == 999 { text += "\n" }
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gl-usual-\(getpid()).jsonl").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fromFile = try TraceReader.readAll(path: path)
        let fromMemory = try read(text)
        #expect(fromFile.1 == expected && fromMemory.1 == expected)
        #expect(fromFile.2.isEmpty && fromMemory.2.isEmpty, "the last line, without a newline, is whole")

        // A rule broken on a usual line names that line.
        let broken = header + "\n" + #"{"t":5,"type":"down","id":1,"x":0,"y":0}"# + "\r\n\n" + #"{"t":4,"type":"move","id":1,"x":0,"y":0}"# + "\n"
        #expect(problem(broken) == "t.jsonl:4: time goes backwards: t=4 ms after t=5 ms")
    }

    @Test("Numbers parse exactly where the fast path applies")
    func numbers() throws {
        for (text, value) in [("0", 0.0), ("-0.5", -0.5), ("123.456", 123.456), ("1e3", 1000.0), ("2.5E-2", 0.025), ("0.1", 0.1), ("12345678901234567890", 12345678901234567890.0)] {
            let v = try JSONParser.parse(text)
            #expect(v == .number(value), "\(text)")
        }
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse("01") }
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse("1.") }
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse("-") }
        #expect(try JSONParser.parse(#""a\"b\u0041\n""#) == .string("a\"bA\n"))
        // A character beyond the basic plane as a surrogate pair; broken UTF-8 and half pairs are errors, never U+FFFD.
        #expect(try JSONParser.parse(#""\ud83d\ude00 \u00e9""#) == .string("\u{1F600} é"))
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(#""\ud83d""#) }
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(#""\ude00x""#) }
        let broken: [UInt8] = [0x22, 0x78, 0xC3, 0x28, 0x22]
        #expect(throws: JSONParser.Failure.self) { try broken.withUnsafeBufferPointer { try JSONParser.parse($0) } }
    }
}
