import Foundation

/// Who won each touch sequence, as a number per sequence: a long trace has a hundred thousand
/// sequences and a few dozen distinct sets of winners, and `sensitivity` holds the baseline's and
/// those of the replays it is searching, which as lists of names were most of its memory at ten
/// million events (issue 35). Shared by searches on several threads.
public final class WinnerSets: @unchecked Sendable {
    // @unchecked: the tables are read and written under `lock`.
    private let lock = NSLock()
    private var sets: [[String]] = [[]]
    private var numbers: [[String]: Int32] = [[]: 0]

    public init() {}

    /// The number of `winners` (0: nobody won).
    public func number(_ winners: [String]) -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        if let n = numbers[winners] { return n }
        sets.append(winners)
        numbers[winners] = Int32(sets.count - 1)
        return Int32(sets.count - 1)
    }

    /// The winners numbered `n`.
    public func winners(_ n: Int32) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        return sets[Int(n)]
    }
}
