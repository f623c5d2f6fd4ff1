import GestureEngine
import GestureTrace

/// The directions a swipe or a screen edge may have; several may be combined.
public struct SwipeDirection: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let right = SwipeDirection(rawValue: 1)
    public static let left = SwipeDirection(rawValue: 2)
    public static let up = SwipeDirection(rawValue: 4)
    public static let down = SwipeDirection(rawValue: 8)

    public static let names: [(String, SwipeDirection)] = [("right", .right), ("left", .left), ("up", .up), ("down", .down)]

    public var names: [String] { SwipeDirection.names.filter { contains($0.1) }.map(\.0) }
}

/// UIKit's `UISwipeGestureRecognizer` (docs/uikit-rules.md A.6.4): discrete. Recognized when the fingers
/// have moved mostly in an allowed direction, far and fast enough, within a time limit.
/// The criteria are undocumented; each is a named parameter with an assumed default.
public final class SwipeGestureRecognizer: GestureRecognizer {
    /// D-7: D1 recognizes during movement; Apple's article can be read as at touch-up.
    public enum Timing: String, Sendable, CaseIterable { case duringMovement, atTouchUp }

    public var direction: SwipeDirection = .right

    /// A.2.12: a one-finger swipe parallel to a slider (horizontal) on the slider.
    public override func overlapsDefaultAction(of type: ControlView.ControlType) -> Bool {
        guard type == .slider else { return super.overlapsDefaultAction(of: type) }
        return numberOfTouchesRequired == 1 && direction.isSubset(of: [.left, .right])
    }
    public var numberOfTouchesRequired = 1
    public var minimumDistance = GestureDefaults.swipeMinimumDistance
    public var maximumDuration = GestureDefaults.swipeMaximumDuration
    public var maximumDeviationRatio = GestureDefaults.swipeMaximumDeviationRatio
    public var minimumVelocity = GestureDefaults.swipeMinimumVelocity
    public var timing: Timing = .duringMovement

    public override var isDiscrete: Bool { true }
    public override var typeName: String { "swipe" }

    private var start: Point?
    private var startTime: Timestamp?
    private var maxTouches = 0

    public override var ownParameters: [ParameterSpec] {
        [
            ParameterSpec(name: "direction", kind: .set(SwipeDirection.names.map(\.0)), summary: "allowed directions (documented default right)",
                          get: { .list(($0 as! SwipeGestureRecognizer).direction.names) },
                          set: { r, v throws(ParameterError) in
                              let names: [String]
                              switch v {
                              case let .text(s): names = [s]
                              case let .list(l): names = l
                              default: throw ParameterError("direction must be right, left, up, down or a list of them")
                              }
                              var d: SwipeDirection = []
                              for n in names {
                                  guard let found = SwipeDirection.names.first(where: { $0.0 == n }) else {
                                      throw ParameterError("unknown direction \"\(n)\"; directions are right, left, up, down")
                                  }
                                  d.insert(found.1)
                              }
                              guard !d.isEmpty else { throw ParameterError("direction needs at least one of right, left, up, down") }
                              (r as! SwipeGestureRecognizer).direction = d
                          }),
            .integer("numberOfTouchesRequired", \SwipeGestureRecognizer.numberOfTouchesRequired, minimum: 1, "fingers (documented default 1)"),
            .number("minimumDistance", \SwipeGestureRecognizer.minimumDistance, unit: "pt", "travel along the direction (50 pt, assumed)"),
            .seconds("maximumDuration", \SwipeGestureRecognizer.maximumDuration, "time allowed from touch down (0.5 s, assumed)"),
            .number("maximumDeviationRatio", \SwipeGestureRecognizer.maximumDeviationRatio, unit: "", "sideways drift allowed per point of travel (0.5, assumed)"),
            .number("minimumVelocity", \SwipeGestureRecognizer.minimumVelocity, unit: "pt/s", "average speed along the direction (200 pt/s, assumed)"),
            ParameterSpec(name: "timing", kind: .choice(Timing.allCases.map(\.rawValue)), summary: "when it recognizes: duringMovement (D1) or atTouchUp (D-7)",
                          get: { .text(($0 as! SwipeGestureRecognizer).timing.rawValue) },
                          set: { r, v throws(ParameterError) in
                              guard case let .text(s) = v, let t = Timing(rawValue: s) else { throw ParameterError("timing is duringMovement or atTouchUp") }
                              (r as! SwipeGestureRecognizer).timing = t
                          }),
        ]
    }

    /// Where the swipe began (A.6.4).
    public override func location(in view: View?) -> Point {
        guard let start else { return super.location(in: view) }
        return view?.convertFromWindow(start) ?? start
    }

    public override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        if start == nil {
            start = activeCentroidInWindow ?? .zero
            startTime = now
        }
        maxTouches = max(maxTouches, numberOfTouches)
        if numberOfTouches > numberOfTouchesRequired {
            fail(because: "\(numberOfTouches) fingers down, numberOfTouchesRequired is \(numberOfTouchesRequired)")
        }
    }

    public override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        evaluate(atTouchUp: false)
    }

    public override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        guard numberOfTouches == 0 else { return }
        if state == .possible {
            if timing == .atTouchUp { evaluate(atTouchUp: true) }
            if state == .possible {
                let (name, along, _) = best()
                fail(because: CauseText("lifted after %1 pt %s, short of a swipe", Self.directionName(name), numbers: along),
                     evidence: [Evidence("minimumDistance", value: along, threshold: minimumDistance, unit: "pt", comparison: "<")])
            }
        }
    }

    public override func reset() {
        start = nil
        startTime = nil
        maxTouches = 0
    }

    /// The allowed direction with the most travel: (its name, travel along it, drift across it).
    /// The name is a number until it is worded (`directionName`): this runs on every move.
    private func best() -> (Int, Double, Double) {
        guard let start else { return (0, 0, 0) }
        let c = activeCentroidInWindow ?? receivedCentroidInWindow ?? .zero
        let d = c - start
        var result = (0, -Double.infinity, 0.0)
        // The four directions written out rather than read from a shared table (an object, so
        // retained on every read). Unit vectors in window coordinates, y downward.
        func consider(_ flag: SwipeDirection, _ name: Int, _ ux: Double, _ uy: Double) {
            guard direction.contains(flag) else { return }
            let along = d.dx * ux + d.dy * uy
            let across = abs(d.dx * uy - d.dy * ux)
            if along > result.1 { result = (name, along, across) }
        }
        consider(.right, 0, 1, 0)
        consider(.left, 1, -1, 0)
        consider(.up, 2, 0, -1)
        consider(.down, 3, 0, 1)
        return result
    }

    private static func directionName(_ n: Int) -> String {
        switch n {
        case 1: return "left"
        case 2: return "up"
        case 3: return "down"
        default: return "right"
        }
    }

    private func evaluate(atTouchUp: Bool) {
        guard state == .possible, let startTime else { return }
        let elapsed = now - startTime
        if elapsed > maximumDuration {
            fail(because: CauseText("still moving after %3 ms, longer than maximumDuration %3 ms", elapsed.milliseconds, maximumDuration.milliseconds),
                 evidence: [Evidence("maximumDuration", value: elapsed.seconds, threshold: maximumDuration.seconds, unit: "s", comparison: ">")])
            return
        }
        let (name, along, across) = best()
        if across > maximumDeviationRatio * max(along, minimumDistance) {
            fail(because: CauseText("drifted %1 pt sideways while travelling %1 pt %s", Self.directionName(name), numbers: across, max(along, 0)),
                 evidence: [Evidence("maximumDeviationRatio", value: across / max(along, minimumDistance), threshold: maximumDeviationRatio, unit: "", comparison: ">")])
            return
        }
        guard timing == .duringMovement || atTouchUp else { return }
        guard along >= minimumDistance, maxTouches == numberOfTouchesRequired else { return }
        let speed = elapsed.seconds > 0 ? along / elapsed.seconds : .infinity
        guard speed >= minimumVelocity else {
            if atTouchUp {
                fail(because: CauseText("too slow: %1 pt/s", speed), evidence: [Evidence("minimumVelocity", value: speed, threshold: minimumVelocity, unit: "pt/s", comparison: "<")])
            }
            return
        }
        setState(.recognized, because: CauseText("travelled %1 pt %s in %3 ms", Self.directionName(name), numbers: along, elapsed.milliseconds),
                 evidence: [Evidence("minimumDistance", value: along, threshold: minimumDistance, unit: "pt", comparison: ">=")])
    }
}
