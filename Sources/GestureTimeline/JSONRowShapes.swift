@_spi(GestureLabInternal) import GestureEngine
import GestureTrace

/// JSON Lines rows written from a program per row shape.
///
/// Rows of one shape (the same kind, names and cause template, the same fields present) differ
/// only in their numbers and strings, and a replay's log is a few shapes over and over: a touch
/// moves, a pan changes, its action fires. A shape's program is its literal text in runs, with
/// the row's values between them, so a row costs a few copies and its numbers.
///
/// A program is made from the writer's general path (`JSONLinesWriter.appendGeneral`): the row
/// is written once with each value replaced by a marker (numbers no log has, 13 digits from
/// `marker`), the bytes are cut at the markers, and the program is kept only if it writes back
/// both the marked row and the real row exactly as the general path does. A row with evidence,
/// more than two touches, a string that needs escaping or a template the program cannot find
/// again by its address goes the general way.
final class JSONRowShapes {
    /// What a value in a program is, and how it is written.
    enum Value: UInt8 {
        case none, seq, time, touch0, touch1, atX, atY, inViewX, inViewY, touchT, causedBy
        case integer0, integer1, integer2, tenths0, tenths1, tenths2, thousandths0, thousandths1, thousandths2
        case string0, string1
    }

    /// A literal run of the program's bytes, then a value.
    struct Step {
        var start: Int32
        var count: Int32
        var value: Value
    }

    /// A program: its steps in `steps`, from `first`.
    private struct Program {
        var first: Int
        var count: Int
        /// Room a row can need, strings aside.
        var room: Int
        var hasStrings: Bool
    }

    /// Everything that decides a row's literal text, in words (compared and mixed word by word).
    struct Key: Hashable {
        var flags: UInt64
        var names: (UInt64, UInt64, UInt64, UInt64, UInt64)
        var template: UInt64

        func hash(into h: inout Hasher) { h.combine(spread) }

        static func == (a: Key, b: Key) -> Bool {
            a.flags == b.flags && a.template == b.template && a.names.0 == b.names.0 && a.names.1 == b.names.1
                && a.names.2 == b.names.2 && a.names.3 == b.names.3 && a.names.4 == b.names.4
        }

        var spread: UInt64 {
            let k: UInt64 = 0xBF58_476D_1CE4_E5B9
            var h = template &* 0x9E37_79B9_7F4A_7C15
            h = (h ^ flags) &* k
            h = (h ^ names.0) &* k
            h = (h ^ names.1) &* k
            h = (h ^ names.2) &* k
            h = (h ^ names.3) &* k
            h = (h ^ names.4) &* k
            return h ^ (h >> 29)
        }
    }

    private struct Slot {
        var key: Key?
        /// The program, or -1: this shape is written the general way.
        var program: Int
    }

    /// The shapes met and their programs. Every shape met has a slot (open addressing, at most
    /// half full), so two shapes whose keys meet never take turns being compiled or looked up
    /// elsewhere, whatever the templates' addresses in a build.
    private struct Tables {
        var slotCount = 256
        var slots: UnsafeMutablePointer<Slot>
        var shapeCount = 0
        var programs: [Program] = []
        var steps = GrowingStore<Step>()
        /// The shape last met for each kind of row (`LogEntry.Kind.bit`), and its program.
        var recent: UnsafeMutablePointer<Slot>
    }

    /// Read for every row (see `UncheckedState`).
    private let tables: UncheckedState<Tables>
    /// Every program's literal runs, one after another.
    private let bytes = OutputBytes(capacity: 4096)
    private let general: JSONLinesWriter
    private let scratch = OutputBytes(capacity: 1024)

    init(general: JSONLinesWriter) {
        self.general = general
        let slotCount = 256
        let slots = UnsafeMutablePointer<Slot>.allocate(capacity: slotCount)
        slots.initialize(repeating: Slot(key: nil, program: -1), count: slotCount)
        let recent = UnsafeMutablePointer<Slot>.allocate(capacity: Self.kinds)
        recent.initialize(repeating: Slot(key: nil, program: -1), count: Self.kinds)
        tables = UncheckedState(Tables(slotCount: slotCount, slots: slots, recent: recent))
    }

    /// Room for every `LogEntry.Kind.bit` (0 to 12).
    private static let kinds = 16

    deinit {
        tables.value.slots.deinitialize(count: tables.value.slotCount)
        tables.value.slots.deallocate()
        tables.value.recent.deinitialize(count: Self.kinds)
        tables.value.recent.deallocate()
        tables.value.steps.free()
        tables.free()
    }

    /// A program's steps one after another, in storage that is read without reference counting.
    struct GrowingStore<T> {
        private(set) var base = UnsafeMutablePointer<T>.allocate(capacity: 256)
        private var capacity = 256
        private(set) var count = 0

        mutating func append(_ v: T) {
            if count == capacity {
                capacity *= 2
                let bigger = UnsafeMutablePointer<T>.allocate(capacity: capacity)
                bigger.moveInitialize(from: base, count: count)
                base.deallocate()
                base = bigger
            }
            (base + count).initialize(to: v)
            count += 1
        }

        mutating func removeLast(from n: Int) {
            (base + n).deinitialize(count: count - n)
            count = n
        }

        func free() {
            base.deinitialize(count: count)
            base.deallocate()
        }
    }

    static let marker: Int64 = 1_357_924_680_000

    /// The row's key, or nil when it is written the general way anyway.
    @inline(__always)
    private func key(_ e: inout LogEntry) -> Key? {
        guard e.touches.count <= 2, e.cause.evidence.isEmpty, let template = e.cause.message.templateAddress else { return nil }
        let n = e.cause.message.nameNumbers, r = e.nameNumbers
        @inline(__always) func pair(_ a: Int32, _ b: Int32) -> UInt64 { UInt64(UInt32(bitPattern: a)) << 32 | UInt64(UInt32(bitPattern: b)) }
        let flags = UInt64(e.kind.bit) | UInt64(e.touches.count) << 8 | (e.delivered == nil ? 0 : 1) << 16
            | UInt64(e.cause.kind.number) << 24 | (e.cause.causedBy == nil ? 0 : 1) << 32
        return Key(flags: flags, names: (pair(r.0, r.1), pair(r.2, r.3), pair(r.4, r.5), pair(n.0, n.1), pair(n.2, n.3)), template: UInt64(template))
    }

    /// Writes the row from its shape's program; false when it must go the general way (nothing
    /// is written then).
    func write(_ e: inout LogEntry, to out: OutputBytes, seq: NumberTextMemo, time: NumberTextMemo) -> Bool {
        guard let key = key(&e) else { return false }
        // Most rows have the shape of the last row of their kind (a touch moves, a pan changes,
        // its action fires): that one is compared first, without hashing.
        let kind = Int(truncatingIfNeeded: key.flags & 0xF)
        if let k = tables.value.recent[kind].key, k == key {
            let p = tables.value.recent[kind].program
            guard p >= 0 else { return false }
            return run(tables.value.programs[p], &e, to: out, seq: seq, time: time)
        }
        let mask = tables.value.slotCount - 1
        var index = Int(truncatingIfNeeded: key.spread) & mask
        while true {
            guard let k = tables.value.slots[index].key else {
                // A shape not met before: its program is made once.
                let program = compile(&e)
                add(key, program)
                guard program >= 0 else { return false }
                return run(tables.value.programs[program], &e, to: out, seq: seq, time: time)
            }
            if k == key { break }
            index = (index + 1) & mask
        }
        let p = tables.value.slots[index].program
        tables.value.recent[kind] = tables.value.slots[index]
        guard p >= 0 else { return false }
        return run(tables.value.programs[p], &e, to: out, seq: seq, time: time)
    }

    private func add(_ key: Key, _ program: Int) {
        if 2 * (tables.value.shapeCount + 1) > tables.value.slotCount {
            let old = tables.value.slots, oldCount = tables.value.slotCount
            tables.value.slotCount *= 2
            tables.value.slots = .allocate(capacity: tables.value.slotCount)
            tables.value.slots.initialize(repeating: Slot(key: nil, program: -1), count: tables.value.slotCount)
            tables.value.shapeCount = 0
            for i in 0..<oldCount { if let k = old[i].key { add(k, old[i].program) } }
            old.deinitialize(count: oldCount)
            old.deallocate()
        }
        var index = Int(truncatingIfNeeded: key.spread) & (tables.value.slotCount - 1)
        while tables.value.slots[index].key != nil { index = (index + 1) & (tables.value.slotCount - 1) }
        tables.value.slots[index] = Slot(key: key, program: program)
        tables.value.shapeCount += 1
    }

    private func run(_ program: Program, _ e: inout LogEntry, to out: OutputBytes, seq: NumberTextMemo, time: NumberTextMemo) -> Bool {
        let start = out.count
        var room = program.room
        if program.hasStrings { room += e.cause.message.firstString.utf8.count + e.cause.message.secondString.utf8.count }
        var fits = true
        out.write(atMost: room) { c in
            do {
                let steps = self.tables.value.steps.base, bytes = self.bytes.start
                do {
                    for i in program.first..<program.first + program.count {
                        let step = steps[i]
                        c.put(UnsafeBufferPointer(start: bytes + Int(step.start), count: Int(step.count)))
                        switch step.value {
                        case .none: break
                        case .seq: seq.put(Int64(e.seq), &c)
                        case .time: time.put(e.time.microseconds, &c)
                        case .touch0: c.integer(Int64(e.touches[0]))
                        case .touch1: c.integer(Int64(e.touches[1]))
                        case .atX: c.decimal(e.delivered!.inWindow.x)
                        case .atY: c.decimal(e.delivered!.inWindow.y)
                        case .inViewX: c.decimal(e.delivered!.inView.x)
                        case .inViewY: c.decimal(e.delivered!.inView.y)
                        case .touchT: c.fixed(e.delivered!.timestamp.microseconds, scale: 1000)
                        case .causedBy: c.integer(Int64(e.cause.causedBy!))
                        case .integer0: c.integer(CauseText.integer(e.cause.message.numbers.0))
                        case .integer1: c.integer(CauseText.integer(e.cause.message.numbers.1))
                        case .integer2: c.integer(CauseText.integer(e.cause.message.numbers.2))
                        case .tenths0: c.decimal(e.cause.message.numbers.0, decimals: 1)
                        case .tenths1: c.decimal(e.cause.message.numbers.1, decimals: 1)
                        case .tenths2: c.decimal(e.cause.message.numbers.2, decimals: 1)
                        case .thousandths0: c.decimal(e.cause.message.numbers.0, decimals: 3)
                        case .thousandths1: c.decimal(e.cause.message.numbers.1, decimals: 3)
                        case .thousandths2: c.decimal(e.cause.message.numbers.2, decimals: 3)
                        case .string0:
                            var s = e.cause.message.firstString
                            fits = fits && Self.put(&s, &c)
                        case .string1:
                            var s = e.cause.message.secondString
                            fits = fits && Self.put(&s, &c)
                        }
                    }
                }
            }
        }
        if !fits { out.truncate(to: start) }
        return fits
    }

    /// A cause's string, when JSON needs no escape in it.
    private static func put(_ s: inout String, _ c: inout ByteCursor) -> Bool {
        s.withUTF8 { bytes in
            for b in bytes where b < 0x20 || b == 0x22 || b == 0x5C { return false }
            c.put(bytes)
            return true
        }
    }

    // MARK: Making a program

    /// The values of a row, each replaced by its marker: what the general path writes for it
    /// is cut at the markers. Strings are marked with text of their own.
    private static func marked(_ e: LogEntry) -> LogEntry {
        let m = marker
        var row = e
        row.seq = Int(m)
        row.time = Timestamp(microseconds: (m + 1) * 1000)
        row.touches = e.touches.count == 0 ? TouchIDs() : e.touches.count == 1 ? TouchIDs(Int(m + 2)) : TouchIDs(Int(m + 2), Int(m + 3))
        if e.delivered != nil {
            row.delivered = DeliveredTouch(inWindow: Point(x: Double(m + 4), y: Double(m + 5)), inView: Point(x: Double(m + 6), y: Double(m + 7)),
                                           timestamp: Timestamp(microseconds: (m + 8) * 1000))
        }
        if e.cause.causedBy != nil { row.cause.causedBy = Int(m + 9) }
        row.cause.message = e.cause.message.with(strings: (stringMarkers[0], stringMarkers[1]),
                                                 numbers: (Double(m + 10), Double(m + 11), Double(m + 12)))
        return row
    }

    private static let stringMarkers = ["#@1357924680S0@#", "#@1357924680S1@#"]

    /// The program for the shape of `e`, or -1 when the shape is written the general way.
    private func compile(_ e: inout LogEntry) -> Int {
        var row = Self.marked(e)
        general.clear()
        general.appendGeneral(inPlace: &row)
        let text = general.bytes
        // Where each value's marker is in the text.
        var found: [(at: Int, count: Int, value: Value)] = []
        func find(_ marker: [UInt8], _ value: Value) {
            var i = 0
            while i + marker.count <= text.count {
                if text[i] == marker[0] && Array(text[i..<i + marker.count]) == marker {
                    found.append((i, marker.count, value))
                    i += marker.count
                } else {
                    i += 1
                }
            }
        }
        let m = Self.marker
        let slots = e.cause.message.numberSlots
        func numberValue(_ i: Int) -> Value {
            guard i < slots.count else { return .none }
            switch (i, slots[i]) {
            case (0, 0x64): return .integer0
            case (1, 0x64): return .integer1
            case (2, 0x64): return .integer2
            case (0, 0x31): return .tenths0
            case (1, 0x31): return .tenths1
            case (2, 0x31): return .tenths2
            case (0, _): return .thousandths0
            case (1, _): return .thousandths1
            default: return .thousandths2
            }
        }
        let numbered: [(Int64, Value)] = [(m, .seq), (m + 1, .time), (m + 2, .touch0), (m + 3, .touch1), (m + 4, .atX), (m + 5, .atY),
                                           (m + 6, .inViewX), (m + 7, .inViewY), (m + 8, .touchT), (m + 9, .causedBy),
                                           (m + 10, numberValue(0)), (m + 11, numberValue(1)), (m + 12, numberValue(2))]
        for (v, value) in numbered { find(Array(String(v).utf8), value) }
        find(Array(Self.stringMarkers[0].utf8), .string0)
        find(Array(Self.stringMarkers[1].utf8), .string1)
        found.sort { $0.at < $1.at }
        guard !found.contains(where: { $0.value == .none }), Set(found.map(\.value)).count == found.count else { return -1 }
        let firstStep = tables.value.steps.count, firstByte = bytes.count
        var at = 0
        for f in found {
            guard f.at >= at else { return -1 }
            tables.value.steps.append(Step(start: Int32(bytes.count), count: Int32(f.at - at), value: f.value))
            text[at..<f.at].withUnsafeBufferPointer { bytes.append($0) }
            at = f.at + f.count
        }
        tables.value.steps.append(Step(start: Int32(bytes.count), count: Int32(text.count - at), value: .none))
        text[at...].withUnsafeBufferPointer { bytes.append($0) }
        let program = Program(first: firstStep, count: tables.value.steps.count - firstStep, room: bytes.count - firstByte + 48 * (tables.value.steps.count - firstStep),
                              hasStrings: found.contains { $0.value == .string0 || $0.value == .string1 })
        // Kept only if it writes what the general path writes, for the marked row and this one.
        guard agrees(program, &row), agrees(program, &e) else {
            tables.value.steps.removeLast(from: firstStep)
            bytes.truncate(to: firstByte)
            return -1
        }
        tables.value.programs.append(program)
        return tables.value.programs.count - 1
    }

    private func agrees(_ program: Program, _ e: inout LogEntry) -> Bool {
        general.clear()
        general.appendGeneral(inPlace: &e)
        let expected = general.bytes
        scratch.removeAll()
        guard run(program, &e, to: scratch, seq: .integers(), time: .thousandths()) else { return true }
        return scratch.array == expected
    }
}
