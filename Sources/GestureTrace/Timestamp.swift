/// A point on the trace's clock, in whole microseconds since the trace start.
///
/// Integer microseconds, not floating-point milliseconds, so that timer arithmetic and the
/// ordering of simultaneous events are exact and replays are byte-identical on every machine.
public struct Timestamp: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var microseconds: Int64

    @inlinable public init(microseconds: Int64) { self.microseconds = microseconds }

    // Computed and inlinable: recognizers read `now` (which falls back to it) on every event, and
    // a stored `static let` in another module is reached through an addressor call.
    @inlinable public static var zero: Timestamp { Timestamp(microseconds: 0) }

    public static func milliseconds(_ ms: Double) -> Timestamp {
        Timestamp(microseconds: Int64((ms * 1000).rounded()))
    }

    public static func seconds(_ s: Double) -> Timestamp {
        Timestamp(microseconds: Int64((s * 1_000_000).rounded()))
    }

    public var milliseconds: Double { Double(microseconds) / 1000 }
    public var seconds: Double { Double(microseconds) / 1_000_000 }

    public static func < (a: Timestamp, b: Timestamp) -> Bool { a.microseconds < b.microseconds }
    public static func + (a: Timestamp, b: Duration) -> Timestamp { Timestamp(microseconds: a.microseconds &+ b.microseconds) }
    public static func - (a: Timestamp, b: Timestamp) -> Duration { Duration(microseconds: a.microseconds &- b.microseconds) }

    /// Milliseconds with up to three decimals and no trailing zeros: `12`, `12.5`, `12.125`.
    public var millisecondsText: String { NumberText.fixed(microseconds, scale: 1000) }
    public var description: String { millisecondsText + " ms" }
}

/// A length of virtual time in whole microseconds.
public struct Duration: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var microseconds: Int64
    public init(microseconds: Int64) { self.microseconds = microseconds }
    public static func seconds(_ s: Double) -> Duration { Duration(microseconds: Int64((s * 1_000_000).rounded())) }
    public static func milliseconds(_ ms: Double) -> Duration { Duration(microseconds: Int64((ms * 1000).rounded())) }
    public var seconds: Double { Double(microseconds) / 1_000_000 }
    public var milliseconds: Double { Double(microseconds) / 1000 }
    public static func < (a: Duration, b: Duration) -> Bool { a.microseconds < b.microseconds }
    public var description: String { NumberText.fixed(microseconds, scale: 1000) + " ms" }
}
