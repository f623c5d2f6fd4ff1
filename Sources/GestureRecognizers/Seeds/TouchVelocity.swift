import GestureEngine

#if canImport(Glibc)
import Glibc
#endif

/// Seed 003's "velocity vector" of a touch: how far it moved between its previous and current
/// location in one move event (the slides' sample divides by nothing: it is a displacement),
/// and its "gradient", the direction of that vector.
public struct TouchVelocity: Sendable, Equatable {
    public var vx: Double
    public var vy: Double

    public init(vx: Double, vy: Double) { self.vx = vx; self.vy = vy }

    public init(_ touch: Touch, in view: View?) {
        let now = touch.location(in: view), prev = touch.previousLocation(in: view)
        self.init(vx: now.x - prev.x, vy: now.y - prev.y)
    }

    /// The direction in radians, normalised to 0..<2pi, with y growing downward: 0 is right,
    /// pi/2 down, pi left, 3pi/2 up. The slides say the gradient is normalised to 0-2pi; the
    /// published sample only adds pi to negative arctangents, folding it into 0..<pi, which
    /// cannot tell down-right from up-left (`halfTurnGradient` reproduces that).
    public var gradient: Double {
        var g = atan2(vy, vx)
        if g < 0 { g += 2 * .pi }
        return g
    }

    /// The sample code's gradient: arctangent of vy/vx plus pi when negative (0..<pi), with its
    /// special cases for zero components.
    public var halfTurnGradient: Double {
        if vx == 0 { return vy > 0 ? .pi / 2 : .pi * 3 / 2 }
        if vy == 0 { return vx > 0 ? 0 : .pi }
        var g = atan(vy / vx)
        if g < 0 { g += .pi }
        return g
    }

    /// The sample's "slow" move: under 5 points on either axis. (An either-axis test, so a fast
    /// horizontal move counts as slow too: the sample only looks for diagonals.)
    public func isSlow(threshold: Double = 5) -> Bool { abs(vx) < threshold || abs(vy) < threshold }
}

/// The eight directions a stroke segment can have, y growing downward.
public enum StrokeDirection: String, Sendable, CaseIterable {
    case right, downRight, down, downLeft, left, upLeft, up, upRight

    /// The centre of its sector in the 0..<2pi gradient.
    public var angle: Double {
        Double(StrokeDirection.allCases.firstIndex(of: self)!) * .pi / 4
    }

    /// The direction whose sector, `tolerance` radians either side of its centre, holds
    /// `gradient`; nil in the gaps between sectors.
    public static func classify(_ gradient: Double, tolerance: Double) -> StrokeDirection? {
        for d in allCases {
            var diff = abs(gradient - d.angle)
            if diff > .pi { diff = 2 * .pi - diff }
            if diff <= tolerance { return d }
        }
        return nil
    }

    /// The nearest of the eight directions.
    public static func nearest(_ gradient: Double) -> StrokeDirection {
        classify(gradient, tolerance: .pi / 8)!
    }
}
