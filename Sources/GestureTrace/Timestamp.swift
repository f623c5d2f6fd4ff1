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

    /// Never traps: a time beyond ±2^62 µs (146,000 years) is held at that bound and NaN is 0, so
    /// a number from outside cannot stop the program. Readers that take times from files and
    /// messages check them first (`init?(exactlyMilliseconds:)`) and say what was wrong.
    @inlinable public static func milliseconds(_ ms: Double) -> Timestamp {
        Timestamp(microseconds: saturatingMicroseconds(ms * 1000))
    }

    @inlinable public static func seconds(_ s: Double) -> Timestamp {
        Timestamp(microseconds: saturatingMicroseconds(s * 1_000_000))
    }

    /// The time `ms` milliseconds after the trace start, or nil when it is not finite or beyond
    /// the bound above.
    public init?(exactlyMilliseconds ms: Double) {
        let us = (ms * 1000).rounded()
        guard us.magnitude <= Timestamp.bound else { return nil }
        self.init(microseconds: Int64(us))
    }

    /// 2^62 µs: far beyond any recording, with room to add a timer's delay without overflow.
    @inlinable public static var bound: Double { 0x1p62 }

    // Inlined into the trace reader's per-event path: the common case is one compare more than
    // the plain conversion, and the rare one is out of line.
    @inlinable @inline(__always) static func saturatingMicroseconds(_ us: Double) -> Int64 {
        // Rounded without a call to libm (`NumberText.rounded`) below 4.6e18, nearly all times.
        if let n = NumberText.rounded(us) { return n }
        let r = us.rounded()
        // False for NaN as well as for numbers beyond the bound.
        if r.magnitude <= bound { return Int64(r) }
        return saturated(r)
    }

    @usableFromInline @inline(never) static func saturated(_ r: Double) -> Int64 {
        r.isNaN ? 0 : (r < 0 ? -(1 << 62) : 1 << 62)
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
    /// Saturating as `Timestamp.milliseconds` is: never traps.
    public static func seconds(_ s: Double) -> Duration { Duration(microseconds: Timestamp.saturatingMicroseconds(s * 1_000_000)) }
    public static func milliseconds(_ ms: Double) -> Duration { Duration(microseconds: Timestamp.saturatingMicroseconds(ms * 1000)) }
    public var seconds: Double { Double(microseconds) / 1_000_000 }
    public var milliseconds: Double { Double(microseconds) / 1000 }
    public static func < (a: Duration, b: Duration) -> Bool { a.microseconds < b.microseconds }
    public var description: String { NumberText.fixed(microseconds, scale: 1000) + " ms" }
}
