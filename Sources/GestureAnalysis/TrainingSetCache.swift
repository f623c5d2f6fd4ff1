/// Values worked out once per training set (a list of sample indices) for the thousands of
/// candidates a nested validation fits on a few dozen training sets.
///
/// Looked up by the list's storage first: every candidate is handed the same few arrays, and
/// hashing their thousands of indices at each fit was a tenth of a nested run. The lists looked
/// up recently are kept here, so their storage cannot be freed and reused by another list while
/// it may still be matched.
struct TrainingSetCache<Value> {
    private var recent: [(set: [Int], value: Value)] = []
    private var byContents: [[Int]: Value] = [:]
    /// More than the splits of one inner loop (a writer left out of five or six).
    private static var recentLimit: Int { 16 }

    mutating func value(for training: [Int], _ make: () -> Value) -> Value {
        for entry in recent where Self.sameStorage(entry.set, training) { return entry.value }
        let value: Value
        if let known = byContents[training] {
            value = known
        } else {
            value = make()
            byContents[training] = value
        }
        recent.append((training, value))
        if recent.count > Self.recentLimit { recent.removeFirst() }
        return value
    }

    /// The same array storage, hence the same indices (two empty lists share it, and agree).
    private static func sameStorage(_ a: [Int], _ b: [Int]) -> Bool {
        a.count == b.count && a.withUnsafeBufferPointer { pa in b.withUnsafeBufferPointer { pb in pa.baseAddress == pb.baseAddress } }
    }
}
