import GestureTrace

/// Short, deterministic number text for log causes ("10.4 pt", "0.35 s").
public enum NumberFormat {
    /// At most one decimal for points, trimmed.
    public static func short(_ v: Double) -> String { NumberText.decimal(v, decimals: 1) }
    public static func precise(_ v: Double) -> String { NumberText.decimal(v, decimals: 3) }
    public static func ms(_ t: Timestamp) -> String { t.millisecondsText + " ms" }
    public static func ms(_ d: Duration) -> String { NumberText.fixed(d.microseconds, scale: 1000) + " ms" }
}
