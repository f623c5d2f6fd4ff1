import GestureEngine
import GestureTrace

/// The scroll view's private recognizer that delays content touches (A.7.2; W3 describes it,
/// D1 names it `UIScrollViewDelayedTouchesBeganGestureRecognizer`). It holds back `began` from
/// content views (`delaysTouchesBegan`), never recognizes in the usual sense and exists to fail:
/// - when `contentTouchDelay` (about 150 ms) passes, it asks `touchesShouldBegin` for the touched
///   view: yes, it fails and the content view gets began plus one move; no, it "recognizes" and
///   the content never sees the touch;
/// - a touch that ends or is cancelled before that fails it at once, so a quick tap reaches the
///   content as began and ended together;
/// - if the scroll view's pan begins first it excludes this recognizer, and the content never
///   sees the touch.
/// With `delaysContentTouches` false it decides at touch down. It never prevents another
/// recognizer from recognizing.
public final class ContentTouchDelayRecognizer: GestureRecognizer {
    public override var isDiscrete: Bool { true }
    public override var typeName: String { "contentTouchDelay" }

    public override init(id: String) {
        super.init(id: id)
        delaysTouchesBegan = true
        delaysTouchesEnded = false
    }

    var scrollView: ScrollView? { view as? ScrollView }
    private var timer: VirtualClock.TimerID?

    public override func canPrevent(_ other: GestureRecognizer) -> Bool { false }

    public override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        guard timer == nil, state == .possible else { return }
        guard let s = scrollView, s.delaysContentTouches else {
            decide(event: event, when: "at once (delaysContentTouches is false)")
            return
        }
        let delay = s.contentTouchDelay
        timer = startTimer("contentTouchDelay", after: delay) { [unowned self] in
            self.decide(event: nil, when: "after \(NumberFormat.ms(delay)) without scrolling")
        }
    }

    private func decide(event: TouchEvent?, when waited: String) {
        guard let s = scrollView else { fail(because: "not on a scroll view"); return }
        let touches = attemptTouches.filter { !isIgnoring($0) }
        for touch in touches {
            guard let v = touch.view, s.isContent(v) else { continue }
            if !s.touchesShouldBegin(touches, with: event, in: v) {
                setState(.recognized, because: "touchesShouldBegin(in: \(v.id)) = false \(waited): the content never sees \(touch.label)")
                return
            }
        }
        fail(because: "content gets its touches \(waited)")
    }

    public override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if numberOfTouches == 0 && state == .possible { decide(event: event, when: "when the touch ended before the delay") }
    }

    public override func reset() { timer = nil }
}
