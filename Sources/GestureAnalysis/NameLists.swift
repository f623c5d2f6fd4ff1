import Foundation

/// Lists of names kept once each and numbered: who won each touch sequence, or how each
/// recognizer ended it. A long trace has a hundred thousand sequences and a few dozen distinct
/// lists; `sensitivity` holds the baseline's winners and those of the replays it is searching,
/// `diff` both replays' winners and outcomes, and as lists of names per sequence they were most
/// of those commands' memory at ten million events (issue 35). Shared by replays on several threads.
public final class NameLists: @unchecked Sendable {
    // @unchecked: the tables are read and written under `lock`.
    private let lock = NSLock()
    private var sets: [[String]] = [[]]
    private var numbers: [[String]: Int32] = [[]: 0]

    public init() {}

    /// The number of `list` (0: the empty list).
    public func number(_ list: [String]) -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        if let n = numbers[list] { return n }
        sets.append(list)
        numbers[list] = Int32(sets.count - 1)
        return Int32(sets.count - 1)
    }

    /// The list numbered `n`.
    public func list(_ n: Int32) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        return sets[Int(n)]
    }
}
