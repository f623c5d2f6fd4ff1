import Foundation
import GestureLabUIKit
import GestureSynth

/// Deterministic input: the same call gives the same touches, sampled at 125 Hz as a phone's
/// screen samples them. Points are in the window's coordinates, durations in seconds.
extension GestureTester {
    /// `touches` fingers down together at `point` (side by side, 20 pt apart), up after `duration`.
    public func tap(at point: CGPoint, touches: Int = 1, duration: TimeInterval = 0.08) {
        perform { b in
            let start = b.time
            for i in 0..<max(1, touches) {
                b.time = start
                b.tap(at: Double(point.x) + Double(i) * 20, Double(point.y), holdMs: duration * 1000, pointer: i + 1)
            }
        }
    }

    /// Two taps 0.15 s apart (well inside UIKit's 0.35 s double-tap interval).
    public func doubleTap(at point: CGPoint, touches: Int = 1) {
        tap(at: point, touches: touches)
        wait(0.15)
        tap(at: point, touches: touches)
    }

    /// Two fingers tapping together, centred on `point`.
    public func twoFingerTap(at point: CGPoint) {
        tap(at: CGPoint(x: point.x - 10, y: point.y), touches: 2)
    }

    /// A finger held still (within a point) for `duration`, longer than UIKit's 0.5 s by default.
    public func longPress(at point: CGPoint, duration: TimeInterval = 0.8) {
        perform { $0.press(at: Double(point.x), Double(point.y), holdMs: duration * 1000, wobble: 0.5) }
    }

    /// A drag from one point to another over `duration`, eased in and out; `holdFirst` keeps the
    /// finger still before it moves.
    public func drag(from start: CGPoint, to end: CGPoint, duration: TimeInterval = 0.5, holdFirst: TimeInterval = 0) {
        perform { $0.drag(from: (Double(start.x), Double(start.y)), to: (Double(end.x), Double(end.y)),
                          durationMs: duration * 1000, holdBeforeMs: holdFirst * 1000) }
    }

    /// A quick flick (0.1 s): what a swipe recognizer wants.
    public func fling(from start: CGPoint, to end: CGPoint, duration: TimeInterval = 0.1) {
        drag(from: start, to: end, duration: duration)
    }

    /// One finger along `points` at constant speed over `duration`.
    public func path(_ points: [CGPoint], duration: TimeInterval) {
        perform { $0.polyline(points.map { (Double($0.x), Double($0.y)) }, durationMs: duration * 1000) }
    }

    /// Two fingers about `center` whose distance goes from `fromSpan` to `toSpan`.
    public func pinch(center: CGPoint, fromSpan: CGFloat, toSpan: CGFloat, duration: TimeInterval = 0.5) {
        perform { $0.twoFinger(center: (Double(center.x), Double(center.y)), span: (Double(fromSpan), Double(toSpan)), durationMs: duration * 1000) }
    }

    /// Two fingers `span` apart turning about `center` by `angle` radians (clockwise on screen).
    public func rotate(center: CGPoint, span: CGFloat = 120, by angle: CGFloat, duration: TimeInterval = 0.5) {
        perform { $0.twoFinger(center: (Double(center.x), Double(center.y)), span: (Double(span), Double(span)), turn: Double(angle), durationMs: duration * 1000) }
    }

    /// A drag that starts 2 pt inside an edge of the window and moves `distance` away from it
    /// (at the window's middle): what a screen-edge pan wants.
    public func edgePan(from edge: UIRectEdge = .left, distance: CGFloat = 150, duration: TimeInterval = 0.4) {
        let size = window.bounds.size
        let start: CGPoint, end: CGPoint
        switch edge {
        case .right: start = CGPoint(x: size.width - 2, y: size.height / 2); end = CGPoint(x: start.x - distance, y: start.y)
        case .top: start = CGPoint(x: size.width / 2, y: 2); end = CGPoint(x: start.x, y: start.y + distance)
        case .bottom: start = CGPoint(x: size.width / 2, y: size.height - 2); end = CGPoint(x: start.x, y: start.y - distance)
        default: start = CGPoint(x: 2, y: size.height / 2); end = CGPoint(x: start.x + distance, y: start.y)
        }
        drag(from: start, to: end, duration: duration)
    }
}
