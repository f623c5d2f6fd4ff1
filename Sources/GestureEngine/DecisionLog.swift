import GestureTrace

/// A measured value set against the threshold it was compared with, so that a reader (and the
/// sensitivity analysis) can see how close a decision was.
public struct Evidence: Sendable, Equatable {
    public var parameter: String
    public var value: Double
    public var threshold: Double
    public var unit: String
    /// How value relates to threshold in the decision: ">=", ">", "<=", "<".
    public var comparison: String

    public init(_ parameter: String, value: Double, threshold: Double, unit: String, comparison: String) {
        self.parameter = parameter
        self.value = value
        self.threshold = threshold
        self.unit = unit
        self.comparison = comparison
    }

    public var text: String {
        func f(_ v: Double) -> String { NumberText.decimal(v, decimals: abs(v) < 10 ? 3 : 1) }
        let u = unit.isEmpty ? "" : " " + unit
        return "\(parameter) \(f(value))\(u) \(comparison) \(f(threshold))\(u)"
    }
}

/// Why something happened.
public struct Cause: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// The recognizer decided while handling touches.
        case touches
        /// A timer fired.
        case timer
        /// Another recognizer recognized and excluded this one (A.3.3).
        case exclusion
        /// A recognizer that was already active prevented this one from beginning (A.3.3).
        case prevention
        /// A failure requirement: waiting, released, or failed because the required one recognized (A.4).
        case requirement
        /// A delegate answered (A.5, A.2.3, A.3.3, A.4.1).
        case delegate
        /// The touched view answered `gestureRecognizerShouldBegin` (A.5.2).
        case view
        /// The recognizer was disabled (A.1.9).
        case disabled
        /// A scene reaction to an action.
        case reaction
        /// Touch input from the trace.
        case input
        /// The view delivery rules (A.2.7-A.2.10).
        case delivery
        /// Housekeeping: reset, end of trace.
        case lifecycle
        /// Recognizers waiting on each other in a cycle.
        case deadlock
    }

    /// The cause of an entry the log does not keep.
    static let unlogged = Cause(.touches, "")

    public var kind: Kind
    /// The words, formatted only when read (`text`).
    public var message: CauseText
    public var text: String {
        get { message.description }
        set { message = CauseText(newValue) }
    }
    /// The recognizer or view whose action this was a consequence of.
    public var other: String? {
        get { otherName?.string }
        set { otherName = LogName?(newValue) }
    }
    public var otherName: LogName? {
        @inlinable get { LogName(stored: otherNumber) }
        set { otherNumber = newValue.stored }
    }
    /// The `seq` of the log entry that caused this one, for arrows in timelines.
    public var causedBy: Int? {
        @inlinable get { causedBySeq == Int.min ? nil : causedBySeq }
        set { causedBySeq = newValue ?? Int.min }
    }
    // Stored without Optional's tag byte, which padded each to a word: a row is copied whole.
    @usableFromInline var otherNumber: Int32
    @usableFromInline var causedBySeq: Int
    public var evidence: [Evidence]

    public init(_ kind: Kind, _ text: String, other: String? = nil, causedBy: Int? = nil, evidence: [Evidence] = []) {
        self.init(kind, CauseText(text), other: other, causedBy: causedBy, evidence: evidence)
    }

    public init(_ kind: Kind, _ message: CauseText, other: String? = nil, causedBy: Int? = nil, evidence: [Evidence] = []) {
        self.init(kind, message, otherName: LogName?(other), causedBy: causedBy, evidence: evidence)
    }

    /// With the other recognizer or view already named (naming a String takes a lock).
    public init(_ kind: Kind, _ message: CauseText, otherName: LogName?, causedBy: Int? = nil, evidence: [Evidence] = []) {
        self.kind = kind
        self.message = message
        otherNumber = otherName.stored
        causedBySeq = causedBy ?? Int.min
        self.evidence = evidence
    }
}

/// One line of the decision log.
public struct LogEntry: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// A touch from the trace reached the engine.
        case input
        /// A recognizer's published state changed.
        case transition
        /// A recognizer's action fired.
        case action
        /// A recognizer wanted to leave possible but waits for others to fail.
        case pending
        /// A waiting recognizer was released.
        case released
        /// A phase was delivered to a view.
        case view
        /// A phase was held back from a view (delaysTouchesBegan/Ended); `phase` says which.
        case hold
        /// A touch was taken from its view before its began was ever delivered.
        case drop
        /// A recognizer was reset to possible.
        case reset
        /// A timer fired.
        case timer
        /// A dynamic failure requirement or other relationship was set up, or an oddity noted.
        case note
        /// What the app or a view did in response: a scroll offset, scrolling switched off or on,
        /// a dragged copy created, moved or dropped.
        case app
        /// A control sent a control event (touchDown, touchUpInside, valueChanged...); `phase` names it.
        case control
    }

    public var seq: Int
    public var time: Timestamp
    public var kind: Kind
    // Names are kept as numbers (`LogName`, -1 for none): a row is then copied and freed as
    // plain bytes, and without Optional's tag byte each takes 4 bytes, not 8.
    @usableFromInline var names: RowNames
    @usableFromInline struct RowNames: Sendable, Equatable {
        @usableFromInline var recognizer, view, from, to, phase: Int32
    }
    public var recognizerName: LogName? {
        @inlinable get { LogName(stored: names.recognizer) }
        set { names.recognizer = newValue.stored }
    }
    public var viewName: LogName? {
        @inlinable get { LogName(stored: names.view) }
        set { names.view = newValue.stored }
    }
    public var fromName: LogName? {
        @inlinable get { LogName(stored: names.from) }
        set { names.from = newValue.stored }
    }
    public var toName: LogName? {
        @inlinable get { LogName(stored: names.to) }
        set { names.to = newValue.stored }
    }
    public var phaseName: LogName? {
        @inlinable get { LogName(stored: names.phase) }
        set { names.phase = newValue.stored }
    }
    /// Pointer ids involved.
    public var touches: TouchIDs
    public var cause: Cause
    /// For view entries: the touch as the view received it.
    public var delivered: DeliveredTouch? = nil

    init(seq: Int, time: Timestamp, kind: Kind, recognizer: LogName? = nil, view: LogName? = nil, from: LogName? = nil,
         to: LogName? = nil, phase: LogName? = nil, touches: TouchIDs = TouchIDs(), cause: Cause, delivered: DeliveredTouch? = nil) {
        self.seq = seq
        self.time = time
        self.kind = kind
        names = RowNames(recognizer: recognizer.stored, view: view.stored, from: from.stored, to: to.stored, phase: phase.stored)
        self.touches = touches
        self.cause = cause
        self.delivered = delivered
    }

    public var recognizer: String? {
        get { recognizerName?.string }
        set { recognizerName = LogName?(newValue) }
    }
    public var view: String? {
        get { viewName?.string }
        set { viewName = LogName?(newValue) }
    }
    public var from: String? {
        get { fromName?.string }
        set { fromName = LogName?(newValue) }
    }
    public var to: String? {
        get { toName?.string }
        set { toName = LogName?(newValue) }
    }
    /// For view entries: began, moved, ended or cancelled; for hold entries: began or ended.
    public var phase: String? {
        get { phaseName?.string }
        set { phaseName = LogName?(newValue) }
    }

    /// The rows that only repeat what is under way: a touch or a view's touch moved, an update
    /// from changed to changed and the action it fires. Readers may hide them (the text
    /// timeline does unless verbose) and a log may leave out their causes (`keepsRoutineCauses`).
    public static func isRoutine(_ kind: Kind, from: LogName?, to: LogName?, phase: LogName?) -> Bool {
        switch kind {
        case .input, .view: return phase == .moved
        case .transition: return to == .changed && from == .changed
        case .action: return to?.isUpdate ?? false
        default: return false
        }
    }

    /// `isRoutine` of this row.
    public var isRoutine: Bool { LogEntry.isRoutine(kind, from: fromName, to: toName, phase: phaseName) }
}

/// A touch as a view received it: where it was, in the window and in the view, and its own time
/// stamp, which for a delivery held back and released later is when it happened, not when it
/// was delivered (docs/uikit-rules.md A.2.8, F.3.2).
public struct DeliveredTouch: Sendable, Equatable {
    public var inWindow: Point
    public var inView: Point
    public var timestamp: Timestamp

    public init(inWindow: Point, inView: Point, timestamp: Timestamp) {
        self.inWindow = inWindow
        self.inView = inView
        self.timestamp = timestamp
    }
}

/// Everything the engine decided, in order. Designed for "why" questions: every entry names its
/// cause and, where there is one, the entry that caused it.
public struct DecisionLog: Sendable {
    /// Where the log's rows go: the one choice of how a replay is connected to what reads it.
    public enum Destination {
        /// Kept in `entries` (tests, short traces, lookups by number).
        case entries
        /// Only numbered (benchmarks, and replays that read the recognizers instead).
        case counted
        /// Each row handed over as it is decided, never kept: a replay of any length runs in
        /// constant memory.
        case rows((LogEntry) -> Void)
        /// Rows gathered in a `LogBatch` and handed over `batchSize` at a time (cheaper per row
        /// than `rows`: no call for a row alone, and a batch is emptied without freeing rows one
        /// by one); the receiver takes them and leaves an empty batch. `flushBatch()` hands over
        /// the rest.
        case batches((inout LogBatch) -> Void)
    }

    /// Where rows go. The engine never reads the log back, so nothing it decides depends on this.
    nonisolated(unsafe) public var destination: Destination = .entries {
        didSet { connect() }
    }

    /// Reads `destination` into the fields every row reads (a flag and the closures, without
    /// matching the enum per row), and makes or drops the batch.
    private mutating func connect() {
        isRecording = if case .counted = destination { false } else { true }
        if case let .rows(body) = destination { sink = RowSink(body) } else { sink = nil }
        if case let .batches(body) = destination { batchSink = body } else { batchSink = nil }
        gatherBatches()
    }

    public private(set) var entries: [LogEntry] = []
    /// False when rows are only numbered (`destination` `.counted`); asked on every event.
    public private(set) var isRecording = true
    /// When set, only entries of these kinds are kept (corpus evaluation keeps transitions).
    public var keptKinds: Set<LogEntry.Kind>? {
        didSet { keptMask = DecisionLog.mask(keptKinds) }
    }
    /// `keptKinds` as bits, because `keeps` is asked for every entry.
    private var keptMask: UInt32 = .max

    static func mask(_ kinds: Set<LogEntry.Kind>?) -> UInt32 {
        guard let kinds else { return .max }
        var m: UInt32 = 0
        for k in LogEntry.Kind.allCases where kinds.contains(k) { m |= 1 << UInt32(k.bit) }
        return m
    }


    /// Whether `changed` transitions and their actions are kept; corpus evaluation needs only
    /// who recognized and who lost, not every update.
    public var keepsRoutineUpdates = true
    /// Whether the rows a reader may hide as routine (`LogEntry.isRoutine`: moves, updates from
    /// changed to changed and their actions) carry their causes, touches and deliveries. They
    /// are kept and numbered either way; the text timeline shows only how many there were, so a
    /// text replay turns this off and no recognizer's reason for an update is built.
    public var keepsRoutineCauses = true
    /// Whether a touch's moves are written as input rows (they are numbered either way). A reader
    /// that only cuts the log into touch sequences and reads the decisions (a threshold search,
    /// `SequenceResults`) needs a touch's first and last rows, and moves are most of a log.
    package var keepsRoutineInput = true
    /// Whether each routine update left out (`keepsRoutineUpdates` off) is stood for by an empty
    /// note, or only numbered. The note holds nothing but its number and time: a reader that
    /// follows no causal chain (which may lead through an update's action) and takes a
    /// sequence's times from the rows around it (an update shares its instant with the input or
    /// timer row that caused it) needs none, and updates are half the rows of a replay.
    package var keepsUpdateNotes = true
    public private(set) var count = 0

    /// `destination`'s closures, read on every kept row without matching the enum.
    nonisolated(unsafe) private var sink: RowSink? {
        didSet { sinkLink = sink.map { Unretained($0) } }
    }
    /// `sink`, read without a retain for every row (`sink` keeps it alive, and the body cannot
    /// replace it: it runs inside this log's own mutation, where another access to the log
    /// traps). A closure read from a stored property is retained and released around each
    /// call: two atomic updates a row, 30-50 ns a pair on the 2-core VM, about 3 rows an event.
    private var sinkLink: Unretained<RowSink>?
    nonisolated(unsafe) private var batchSink: ((inout LogBatch) -> Void)?
    public var batchSize = 4096
    /// Where entries gather while the destination is `.batches`.
    private var batch: LogBatch? {
        didSet { batchLink = batch.map { Unretained($0) } }
    }
    /// A batch to gather in exactly when the destination is `.batches` (rows gathered and not
    /// flushed before it changes are dropped).
    private mutating func gatherBatches() {
        batch = batchSink != nil ? batch ?? LogBatch(capacity: batchSize) : nil
    }
    /// `batch`, read without a retain for every row (`batch` keeps it alive).
    private var batchLink: Unretained<LogBatch>?

    public init(_ destination: Destination = .entries, keptKinds: Set<LogEntry.Kind>? = nil) {
        self.keptKinds = keptKinds
        keptMask = DecisionLog.mask(keptKinds)
        self.destination = destination
        connect()  // `didSet` does not run in an initializer
    }

    @discardableResult
    package mutating func append(time: Timestamp, kind: LogEntry.Kind, recognizer: @autoclosure () -> LogName? = nil,
                         view: @autoclosure () -> LogName? = nil, from: @autoclosure () -> LogName? = nil,
                         to: @autoclosure () -> LogName? = nil, phase: @autoclosure () -> LogName? = nil,
                         touches: @autoclosure () -> TouchIDs = TouchIDs(), cause: @autoclosure () -> Cause,
                         delivered: @autoclosure () -> DeliveredTouch? = nil) -> Int {
        let seq = count
        count += 1
        // Every field is built only for entries that are kept: most events make rows no one keeps.
        if keeps(kind) {
            let from = from(), to = to(), phase = phase()
            let bare = !keepsRoutineCauses && LogEntry.isRoutine(kind, from: from, to: to, phase: phase)
            @inline(__always) func row() -> LogEntry {
                LogEntry(seq: seq, time: time, kind: kind, recognizer: recognizer(), view: view(), from: from, to: to, phase: phase,
                         touches: bare ? TouchIDs() : touches(), cause: bare ? .unlogged : cause(), delivered: bare ? nil : delivered())
            }
            if let batchLink {
                // Built where it stays, in the batch, not copied there; the other ways are out of
                // line, to keep this (inlined wherever the engine logs) small.
                let slot = batchLink.with { $0.nextSlot() }
                slot.initialize(to: row())
                let holds = slot.pointee.holdsStorage
                if batchLink.with({ $0.added(holdingStorage: holds) }) >= batchSize { flushBatch() }
            } else {
                keepUnbatched(row())
            }
        }
        return seq
    }

    /// The empty note that stands for a routine update when `keepsRoutineUpdates` is off (it
    /// keeps the numbering of everything else). Out of line: `append` is inlined where it is
    /// called, and the update path is the engine's busiest.
    @inline(never) @discardableResult
    package mutating func appendUpdateNote(time: Timestamp) -> Int {
        guard keepsUpdateNotes else { return skip(1) }
        return append(time: time, kind: .note, cause: Cause(.lifecycle, ""))
    }

    @inline(never)
    private mutating func keepUnbatched(_ entry: consuming LogEntry) {
        if let sinkLink { sinkLink.with { $0.body(entry) } } else { entries.append(entry) }
    }

    /// Hands the entries gathered so far to `batchSink`.
    @inline(never)
    public mutating func flushBatch() {
        if let batchSink, let batch, !batch.isEmpty { batchSink(&self.batch!) }
    }

    /// Numbers `n` entries that are not kept, as `append` would; returns the first number.
    mutating func skip(_ n: Int) -> Int {
        let seq = count
        count += n
        return seq
    }

    @inline(__always)
    public func keeps(_ kind: LogEntry.Kind) -> Bool {
        isRecording && (keptMask == .max || keptMask & (1 << UInt32(kind.bit)) != 0)
    }

    /// The entry with this sequence number, if it was kept.
    public func entry(_ seq: Int) -> LogEntry? {
        guard isRecording, seq >= 0 else { return nil }
        if keptKinds == nil { return seq < entries.count ? entries[seq] : nil }
        var lo = 0, hi = entries.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if entries[mid].seq < seq { lo = mid + 1 } else { hi = mid }
        }
        return lo < entries.count && entries[lo].seq == seq ? entries[lo] : nil
    }

    public var transitions: [LogEntry] { entries.filter { $0.kind == .transition } }
}

extension LogEntry.Kind {
    /// A small number per kind, for bit masks.
    @inlinable package var bit: Int {
        switch self {
        case .input: return 0
        case .transition: return 1
        case .action: return 2
        case .pending: return 3
        case .released: return 4
        case .view: return 5
        case .hold: return 6
        case .drop: return 7
        case .reset: return 8
        case .timer: return 9
        case .note: return 10
        case .app: return 11
        case .control: return 12
        }
    }
}

extension Cause.Kind {
    /// A small number per kind (a log writer keys rows by it).
    @inlinable package var number: Int {
        switch self {
        case .touches: return 0
        case .timer: return 1
        case .exclusion: return 2
        case .prevention: return 3
        case .requirement: return 4
        case .delegate: return 5
        case .view: return 6
        case .disabled: return 7
        case .reaction: return 8
        case .input: return 9
        case .delivery: return 10
        case .lifecycle: return 11
        case .deadlock: return 12
        }
    }
}

extension LogEntry {
    /// The row's names as stored, -1 for none: recognizer, view, from, to, phase, and the
    /// cause's other (a log writer keys rows by them).
    @inlinable package var nameNumbers: (Int32, Int32, Int32, Int32, Int32, Int32) {
        (names.recognizer, names.view, names.from, names.to, names.phase, cause.otherNumber)
    }
}

/// The `.rows` destination's closure, in an object so that the log can reach it unretained.
private final class RowSink {
    let body: (LogEntry) -> Void
    init(_ body: @escaping (LogEntry) -> Void) { self.body = body }
}
