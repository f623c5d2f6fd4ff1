import GestureEngine
import GestureTrace

/// Which log entries belong to a stretch of a trace (`--sequence`, `--from`, `--to`), decided
/// entry by entry: sequences are numbered from 1 as `TouchSequenceCounter` cuts them, and the
/// stretch runs from the start of the first sequence asked for to the end of what is read (the
/// reading stops after the stretch: `TraceUntil`). Tools that see only the log use it (`diff`'s
/// sides); a tool that sees the trace's events counts them instead (the timeline).
public struct SequenceStretch {
    let asked: ((Int, Timestamp) -> Bool)?
    var counter = TouchSequenceCounter()
    var number = 0
    /// When the stretch starts, once its first sequence has.
    public private(set) var start: Timestamp?
    /// Its first sequence, numbered from 0.
    public private(set) var firstSequence: Int?

    /// `asked(number, start)`: whether a sequence is asked for; nil: the whole trace.
    public init(asked: ((Int, Timestamp) -> Bool)? = nil) {
        self.asked = asked
        if asked == nil {
            start = Timestamp(microseconds: .min)
            firstSequence = 0
        }
    }

    /// Whether `e` (fed in log order) is in the stretch.
    public mutating func step(_ e: LogEntry) -> Bool {
        if counter.step(e) == .firstFingerDown {
            number += 1
            if start == nil, let asked, asked(number, e.time) {
                start = e.time
                firstSequence = number - 1
            }
        }
        return start.map { e.time >= $0 } ?? false
    }
}
