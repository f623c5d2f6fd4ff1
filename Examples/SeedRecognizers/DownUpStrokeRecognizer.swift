// Seed 003: the slides' pattern for a gesture of directional strokes (here down-right, then
// up-right, in one touch): each move's velocity vector and gradient; the first move must be in
// the first direction, then a move in the current direction or a slow one continues, one in the
// next direction advances, anything else fails.
#if canImport(UIKit)
import UIKit
import UIKit.UIGestureRecognizerSubclass
#else
import GestureLabUIKit
#endif

public class DownUpStrokeRecognizer: UIGestureRecognizer {
    /// Gradients (radians, y down) of down-right and up-right, and the sectors' half-width.
    let directions: [CGFloat] = [.pi / 4, .pi * 7 / 4]
    let angleRangeWidth: CGFloat = 0.25
    let slowThreshold: CGFloat = 5
    var index = -1

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        if touches.count != 1 { state = .failed }
    }

    /// Which of the eight directions (0 right, 1 down-right, ... 7 up-right) holds `gradient`.
    func sector(of gradient: CGFloat) -> Int? {
        for i in 0..<8 {
            var diff = abs(gradient - CGFloat(i) * .pi / 4)
            if diff > .pi { diff = 2 * .pi - diff }
            if diff <= angleRangeWidth { return i }
        }
        return nil
    }

    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        guard state == .possible, let touch = touches.first else { return }
        let now = touch.location(in: view), prev = touch.previousLocation(in: view)
        let vx = now.x - prev.x, vy = now.y - prev.y
        if vx == 0 && vy == 0 { return }
        var gradient = atan2(vy, vx)
        if gradient < 0 { gradient += 2 * .pi }
        let direction = sector(of: gradient)
        let wanted = directions.map { Int(($0 / (.pi / 4)).rounded()) }
        if index < 0 {
            if direction == wanted[0] { index = 0 } else { state = .failed }
            return
        }
        let slow = abs(vx) < slowThreshold || abs(vy) < slowThreshold
        if direction == wanted[index] || slow { return }
        if index + 1 < wanted.count && direction == wanted[index + 1] {
            index += 1
            return
        }
        state = .failed
    }

    public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        guard state == .possible else { return }
        state = index == directions.count - 1 ? .recognized : .failed
    }

    public override func reset() {
        super.reset()
        index = -1
    }
}
