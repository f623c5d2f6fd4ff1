import GestureTrace

/// Where each drawn log entry is (lane, place in its lane, time), found by its number: a cause
/// arrow needs its cause's place, and a cause may be any earlier entry. Entries arrive in
/// number order, so the index is a sorted column kept in a spool: recent entries (where nearly
/// every cause is) searched in memory, older ones by reading the one chunk that holds them.
struct DrawnIndex {
    private let spool: Spool<DrawnRecord>
    /// The first entry number of every chunk the spool wrote.
    private var chunkFirsts: [Int64] = []
    private var firstInMemory: Int64 = 0
    /// The chunk read last: arrows into one older stretch read it once.
    private var cached: (chunk: Int, records: [DrawnRecord])?

    init(budget: Int) { spool = Spool(budget: budget) }

    var failure: String? { spool.failure }

    mutating func append(_ r: DrawnRecord) {
        if spool.memoryCount(of: 0) == 0 { firstInMemory = r.seq }
        spool.append(r, to: 0)
        if spool.chunkCount(of: 0) > chunkFirsts.count { chunkFirsts.append(firstInMemory) }
    }

    /// The entry numbered `seq`, if it was drawn.
    mutating func find(_ seq: Int64) throws -> DrawnRecord? {
        let recent = spool.memoryRecords(of: 0)
        if let head = recent.first, seq >= head.seq { return Self.search(recent, seq) }
        // The last chunk starting at or before seq.
        var lo = 0, hi = chunkFirsts.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if chunkFirsts[mid] <= seq { lo = mid + 1 } else { hi = mid }
        }
        let k = lo - 1
        guard k >= 0 else { return nil }
        if cached?.chunk != k { cached = (k, try spool.read(spool.chunkList(of: 0)[k])) }
        return Self.search(cached!.records, seq)
    }

    private static func search(_ records: [DrawnRecord], _ seq: Int64) -> DrawnRecord? {
        var lo = 0, hi = records.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if records[mid].seq < seq { lo = mid + 1 } else { hi = mid }
        }
        return lo < records.count && records[lo].seq == seq ? records[lo] : nil
    }
}

struct DrawnRecord {
    var seq: Int64
    var time: Int64
    var lane: Int32
    var index: Int32
}
