import Foundation
import GestureLabUIKit
import GestureRecognizers
import Testing

@MainActor
@Suite("UIKit's initializers")
struct InitializerTests {
    @Test("init() is a convenience initializer: a subclass that overrides init(target:action:) inherits it, and it runs the override; built-ins keep their engine recognizer")
    func convenienceInit() {
        let z = ZigzagRecognizer()
        #expect(z.configured, "init() went through the subclass's init(target:action:)")
        #expect(z.maximumNumberOfTouches == 1)
        #expect(z.engine is PanGestureRecognizer, "a pan subclass keeps the pan's logic behind super")
        #expect(UIScreenEdgePanGestureRecognizer().engine is ScreenEdgePanGestureRecognizer, "the most derived built-in's engine")
        #expect(UITapGestureRecognizer().engine is TapGestureRecognizer)
        #expect(!(HoldToDragRecognizer().engine is TapGestureRecognizer))
    }
}
