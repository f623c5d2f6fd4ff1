/// Deterministic number text for every file and report GestureLab writes.
///
/// Output must be byte-identical across machines and runs, so numbers are rounded to a fixed
/// number of decimals and printed from integers, never through locale- or platform-dependent
/// formatting.
public enum NumberText {
    /// `value / scale` printed exactly with as many decimals as `scale` has zeros, trailing zeros trimmed.
    public static func fixed(_ value: Int64, scale: Int64) -> String {
        let negative = value < 0
        let magnitude = value.magnitude
        let s = UInt64(scale)
        let whole = magnitude / s
        var frac = magnitude % s
        var text = negative ? "-" : ""
        text += String(whole)
        if frac != 0 {
            var digits = 0
            var t = s
            while t > 1 { t /= 10; digits += 1 }
            var fracText = String(frac)
            fracText = String(repeating: "0", count: digits - fracText.count) + fracText
            while fracText.hasSuffix("0") { fracText.removeLast() }
            text += "." + fracText
            frac = 0
        }
        return text
    }

    /// A double rounded to `decimals` places (default 3), trailing zeros trimmed; `-0` prints as `0`.
    public static func decimal(_ value: Double, decimals: Int = 3) -> String {
        guard value.isFinite else { return value.isNaN ? "null" : (value > 0 ? "1e999" : "-1e999") }
        var scale: Int64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * Double(scale)).rounded()
        guard abs(scaled) < 9.0e18 else { return String(value) }
        let n = Int64(scaled)
        return n == 0 ? "0" : fixed(n, scale: scale)
    }
}
