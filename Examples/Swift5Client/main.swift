// A program written in Swift 5 language mode, as most iOS apps still are, that gives the
// command line its own recognizers and delegates the way docs/custom-recognizers.md shows.
// Against the iOS SDK such top-level code compiles (UIKit's main-actor isolation comes from
// Objective-C headers, preconcurrency to Swift 5); here it must compile and run as well, whatever
// type the closures have: a closure literal once crashed at start ("Could not cast value of type
// '@MainActor () -> UIGestureRecognizer'"), and so did a dictionary typed by the recognizer's
// class. GestureLabCLITests runs each form (SWIFT5CLIENT_FORM picks it).
import GestureLabUIKit
import GestureLabCLI
import GestureLabTesting

final class HoldToDrag: UILongPressGestureRecognizer {}

let isolated: [String: @MainActor () -> UIGestureRecognizer] = ["holdToDrag": { HoldToDrag(target: nil, action: nil) }]
let bySubclass: [String: () -> HoldToDrag] = ["holdToDrag": { HoldToDrag(target: nil, action: nil) }]
let coordinators: [String: @MainActor () -> ListCoordinator] = ["list": { ListCoordinator() }]
var plain = registrations
plain["holdToDrag"] = { HoldToDrag(target: nil, action: nil) }

switch ProcessInfo.processInfo.environment["SWIFT5CLIENT_FORM"] ?? "literal" {
case "plain": GestureLabCLI.main(recognizers: plain)
case "isolated": GestureLabCLI.main(recognizers: isolated)
case "subclass": GestureLabCLI.main(recognizers: bySubclass, delegates: coordinators)
case "mixed": GestureLabCLI.main(recognizers: plain, delegates: coordinators)
case "tester":
    // GestureLabTesting from Swift 5 top-level code, with the plain dictionary and a delegate.
    let scene = """
    scene: list
    viewport: [390, 844]
    views:
      - id: row
        frame: [0, 100, 390, 600]
        recognizers:
          - id: hold
            type: timedHold
            delegate: list
    """
    let tester = try! GestureTester(sceneText: scene, recognizers: plain, delegates: coordinators)
    tester.longPress(at: CGPoint(x: 100, y: 300), duration: 0.5)
    tester.finish()
    let hold = tester.recognizer("hold")!
    print("hold:", tester.stateNames(of: hold).joined(separator: " "))
    print("asked:", (hold.delegate as? ListCoordinator)?.began ?? -1)
    exit(0)
case "wrong": GestureLabCLI.main(recognizers: ["holdToDrag": 3])
default: GestureLabCLI.main(recognizers: ["holdToDrag": { HoldToDrag(target: nil, action: nil) }])
}
