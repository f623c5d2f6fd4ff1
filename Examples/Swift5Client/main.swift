// A program written in Swift 5 language mode, as most iOS apps still are, that gives the
// command line its own recognizer the way docs/custom-recognizers.md shows. Against the iOS SDK
// such top-level code compiles (UIKit's main-actor isolation comes from Objective-C headers,
// preconcurrency to Swift 5); here it must compile and run as well, without the crash a closure
// literal once caused ("Could not cast value of type '@MainActor () -> UIGestureRecognizer'").
// GestureLabUIKitTests runs it.
import GestureLabCLI
import GestureLabUIKit

final class HoldToDrag: UILongPressGestureRecognizer {}

GestureLabCLI.main(recognizers: ["holdToDrag": { HoldToDrag(target: nil, action: nil) }])
