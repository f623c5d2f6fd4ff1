import ArgumentParser

/// The ranges numeric options must fall in, checked in each command's `validate()`.
///
/// ArgumentParser reads `nan`, `inf` and `1e400` as Doubles and any Int as an Int, so without
/// these a `--tolerance nan` would switch a regression gate off (every comparison with nan is
/// false) and a `--at 3e9` would reach code that converts it to a pixel. A bad value is a usage
/// error: the message names the option and the range, and the exit status is 64.
enum OptionCheck {
    /// The latest time an option may name, in ms: about 31 years, far past any trace, and well
    /// inside the microsecond clock's Int64.
    static let latestTime = 1e12

    static func time(_ value: Double?, _ option: String) throws {
        guard let value else { return }
        guard value.isFinite, value >= 0, value <= latestTime else {
            throw ValidationError("\(option) \(value): expected a time in ms from the trace's start, a number from 0 to \(Int(latestTime))")
        }
    }

    static func number(_ value: Double?, _ option: String, in range: ClosedRange<Double>, what: String) throws {
        guard let value else { return }
        guard value.isFinite, range.contains(value) else {
            throw ValidationError("\(option) \(value): expected \(what), a number from \(range.lowerBound) to \(range.upperBound)")
        }
    }

    static func count(_ value: Int?, _ option: String, in range: ClosedRange<Int>, what: String) throws {
        guard let value else { return }
        guard range.contains(value) else {
            throw ValidationError("\(option) \(value): expected \(what), a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
    }
}
