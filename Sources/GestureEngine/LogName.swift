import Synchronization

/// A name in the decision log (a recognizer's or a view's id, a state, a phase) as a number.
///
/// A replay logs millions of rows, each built on the engine's thread, handed to the writing
/// thread and freed there. With its names as Strings a row was copied and freed field by field
/// (a call per String, each time); as numbers it is copied as plain bytes, compared without
/// reading text, and a writer keeps each name's formatted bytes by its number. A name keeps
/// its number for the life of the process (`LogNames`), so rows from different logs compare.
public struct LogName: Hashable, Sendable, CustomStringConvertible {
    /// The index in `LogNames.shared`.
    public let number: Int32

    @usableFromInline init(number: Int32) { self.number = number }

    /// The number of `string`, registered on first use.
    public init(_ string: String) { number = LogNames.shared.number(of: string) }

    /// The text of the name.
    public var string: String { LogNames.shared.string(number) }
    public var description: String { string }

    // The states and touch phases, numbered in advance (see `LogNames.init`): the engine names
    // them on nearly every row.
    public static let possible = LogName(number: 0)
    public static let began = LogName(number: 1)
    public static let changed = LogName(number: 2)
    public static let ended = LogName(number: 3)
    public static let recognized = LogName(number: 4)
    public static let cancelled = LogName(number: 5)
    public static let failed = LogName(number: 6)
    public static let moved = LogName(number: 7)
    public static let stationary = LogName(number: 8)
    /// The update callbacks of other platforms' recognizers (Flutter's drags, scales and long
    /// presses, Android's GestureDetector): an action row so named repeats what is under way, as
    /// a UIKit action for `changed` does.
    public static let onUpdate = LogName(number: 9)
    public static let onLongPressMoveUpdate = LogName(number: 10)
    public static let onScroll = LogName(number: 11)
    static let fixed = ["possible", "began", "changed", "ended", "recognized", "cancelled", "failed", "moved", "stationary",
                        "onUpdate", "onLongPressMoveUpdate", "onScroll"]

    /// `changed`, or a platform's update callback: the name of a routine action row.
    @inlinable public var isUpdate: Bool { number == 2 || (number >= 9 && number <= 11) }
}

extension Optional where Wrapped == LogName {
    /// A name for an optional String (nil stays nil).
    init(_ string: String?) { self = string.map(LogName.init) }

    /// The number a row stores, -1 for none.
    @inline(__always) var stored: Int32 { self?.number ?? -1 }
}

extension LogName {
    /// The name a row stores as `number`, or nil for -1.
    @inlinable @inline(__always) init?(stored: Int32) {
        guard stored >= 0 else { return nil }
        number = stored
    }
}

/// Every name the log has numbered, in order. Shared by all logs in the process, so that a
/// row can be read anywhere (`LogEntry.recognizer`); the names are a scene's ids and a fixed
/// vocabulary, so the table stays small.
final class LogNames: Sendable {
    static let shared = LogNames()

    private struct Table {
        var numbers: [String: Int32] = [:]
        var strings: [String] = []
    }
    private let table: Mutex<Table>

    private init() {
        var t = Table()
        for s in LogName.fixed {
            t.numbers[s] = Int32(t.strings.count)
            t.strings.append(s)
        }
        table = Mutex(t)
    }

    func number(of s: String) -> Int32 {
        table.withLock { t in
            if let n = t.numbers[s] { return n }
            let n = Int32(t.strings.count)
            t.numbers[s] = n
            t.strings.append(s)
            return n
        }
    }

    func string(_ n: Int32) -> String {
        table.withLock { $0.strings[Int(n)] }
    }
}
