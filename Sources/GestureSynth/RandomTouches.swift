import GestureTrace

/// Random but valid touch input for property tests and the engine fuzzer: wandering strokes of
/// one to three fingers, and shapes that wandering alone almost never makes (double taps, holds,
/// flicks, pinches), with some jitter that may still spoil them, some cancels, some fingers
/// joining at the same instant. Every pointer goes down, moves, and lifts or is cancelled, and
/// time never goes back, so the trace validator accepts the result.
public enum RandomTouches {
    public static func events<R: RandomNumberGenerator>(using rng: inout R, sequences: Int = 12,
                                                        width: Double = RandomScene.viewport.width,
                                                        height: Double = RandomScene.viewport.height) -> [TraceEvent] {
        var out: [TraceEvent] = []
        var t = 0.0
        func r(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &rng) }
        func emit(_ type: TouchEventType, _ p: Int, _ x: Double, _ y: Double) {
            out.append(TraceEvent(time: .milliseconds((t * 1000).rounded() / 1000), type: type, pointer: p, x: x, y: y))
        }
        func randomPoint() -> (Double, Double) { (r(-10...width + 10), r(-10...height + 10)) }
        for _ in 0..<sequences {
            t += r(0...700)
            let (x, y) = randomPoint()
            switch Int.random(in: 0..<9, using: &rng) {
            case 0:  // taps, up to three, close together
                for _ in 0..<Int.random(in: 1...3, using: &rng) {
                    emit(.down, 1, x + r(-3...3), y + r(-3...3))
                    t += r(10...150)
                    emit(.up, 1, x + r(-3...3), y + r(-3...3))
                    t += r(60...400)
                }
            case 1:  // a hold with a little drift
                emit(.down, 1, x, y)
                for _ in 0..<Int.random(in: 0...4, using: &rng) {
                    t += r(100...400)
                    emit(.move, 1, x + r(-6...6), y + r(-6...6))
                }
                t += r(0...400)
                emit(.up, 1, x, y)
            case 2:  // a flick along an axis
                let dx = Bool.random(using: &rng) ? r(-300...300) : 0, dy = dx == 0 ? r(-300...300) : r(-15...15)
                emit(.down, 1, x, y)
                let steps = Int.random(in: 3...10, using: &rng)
                for k in 1...steps {
                    t += r(6...30)
                    emit(.move, 1, x + dx * Double(k) / Double(steps), y + dy * Double(k) / Double(steps))
                }
                emit(.up, 1, x + dx, y + dy)
            case 3:  // two fingers pinching or turning about a centre
                let span0 = r(30...200), span1 = r(30...200), turn = r(-1.5...1.5), a0 = r(0...6.28)
                let steps = Int.random(in: 2...20, using: &rng)
                func fingers(_ u: Double) -> [(Double, Double)] {
                    let s = span0 + (span1 - span0) * u, a = a0 + turn * u
                    return [(x + s / 2 * cos(a), y + s / 2 * sin(a)), (x - s / 2 * cos(a), y - s / 2 * sin(a))]
                }
                let start = fingers(0)
                emit(.down, 1, start[0].0, start[0].1)
                if Bool.random(using: &rng) { t += r(0...60) }
                emit(.down, 2, start[1].0, start[1].1)
                for k in 1...steps {
                    t += r(5...25)
                    let f = fingers(Double(k) / Double(steps))
                    emit(.move, 1, f[0].0, f[0].1)
                    if Bool.random(using: &rng) { t += r(0...5) }
                    emit(.move, 2, f[1].0, f[1].1)
                }
                let end = fingers(1)
                let order = Bool.random(using: &rng) ? [1, 2] : [2, 1]
                for p in order {
                    t += r(0...80)
                    emit(Int.random(in: 0..<12, using: &rng) == 0 ? .cancel : .up, p, end[p - 1].0, end[p - 1].1)
                }
            case 4:  // a drag, and a tap by a second finger nearby while it goes on
                emit(.down, 1, x, y)
                var (px, py) = (x, y)
                let (vx, vy) = (r(-12...12), r(-12...12))
                for _ in 0..<Int.random(in: 2...6, using: &rng) {
                    t += r(8...20); px += vx; py += vy
                    emit(.move, 1, px, py)
                }
                let (tx, ty) = (px + r(-80...80), py + r(-80...80))
                t += r(0...40)
                emit(.down, 2, tx, ty)
                t += r(8...20); px += vx; py += vy
                emit(.move, 1, px, py)
                t += r(20...120)
                emit(.up, 2, tx + r(-2...2), ty + r(-2...2))
                for _ in 0..<Int.random(in: 0...4, using: &rng) {
                    t += r(8...20); px += vx; py += vy
                    emit(.move, 1, px, py)
                }
                t += r(0...40)
                emit(.up, 1, px, py)
            default:  // wandering strokes of one to three fingers
                let fingers = Int.random(in: 0..<4, using: &rng) == 0 ? Int.random(in: 2...3, using: &rng) : 1
                var points = [(x, y)] + (1..<max(fingers, 1)).map { _ in randomPoint() }
                for (p, pt) in points.enumerated() {
                    emit(.down, p + 1, pt.0, pt.1)
                    t += r(0...40)
                }
                for _ in 0..<Int.random(in: 0...30, using: &rng) {
                    t += r(1...60)
                    let p = Int.random(in: 0..<fingers, using: &rng)
                    points[p].0 += r(-25...25)
                    points[p].1 += r(-25...25)
                    emit(.move, p + 1, points[p].0, points[p].1)
                }
                for (p, pt) in points.enumerated() {
                    t += r(0...300)
                    emit(Int.random(in: 0..<10, using: &rng) == 0 ? .cancel : .up, p + 1, pt.0, pt.1)
                }
            }
        }
        return out
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
