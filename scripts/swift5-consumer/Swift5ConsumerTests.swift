// A test target in Swift 5 language mode, as most iOS apps are, added to the package
// `gesturelab init` makes (scripts/check-scaffold.sh): a plain closure dictionary (once a start-up
// crash), a recognizer that waits with a Timer, and GestureTester must build and pass.
import GestureLabTesting
import GestureLabUIKit
import Testing

final class HoldRecognizer: UIGestureRecognizer {
    private var timer: Timer?
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        timer = Timer.scheduledTimer(withTimeInterval: 0.3, repeats: false) { _ in self.state = .began }
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        timer?.invalidate()
        state = state == .possible ? .failed : .ended
    }
}

let factories: [String: () -> UIGestureRecognizer] = ["hold": { HoldRecognizer() }]

@MainActor @Test func holdBeginsOnTheVirtualClock() throws {
    let tester = try GestureTester(sceneText: """
    scene: s
    viewport: [390, 844]
    views:
      - id: card
        frame: [0, 0, 390, 844]
        recognizers: [{id: hold, type: hold}]
    """, recognizers: factories)
    tester.longPress(at: CGPoint(x: 100, y: 100), duration: 0.5)
    let hold = try #require(tester.recognizer("hold"))
    #expect(tester.states(of: hold) == [.began, .ended])
}
