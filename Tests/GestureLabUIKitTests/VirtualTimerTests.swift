import Foundation
@testable import GestureLabTesting
import GestureEngine
import GestureLabCLI
import GestureScenes
import GestureTimeline
import GestureTrace
import GestureLabUIKit

import Testing

/// Timers app code schedules run on the replay's clock (issue 30, part 1): the expectations come
/// from Foundation's documented behaviour (a timer fires once its interval has passed; a
/// repeating one every interval until invalidated; `invalidate()` stops it) and from
/// docs/uikit-rules.md F.2 (their order with touches and the engine's timers).
@MainActor
@Suite("Timers on the virtual clock: Timer and DispatchQueue.main in recognizers, delegates and views")
struct VirtualTimerTests {
    func tester(with recognizer: UIGestureRecognizer) -> GestureTester {
        let tester = GestureTester()
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 600))
        tester.window.addSubview(card)
        card.addGestureRecognizer(recognizer)
        return tester
    }

    func downTime(_ tester: GestureTester) -> Double { tester.inputEvents.first { $0.type == .down }!.time.milliseconds }

    func rows(_ tester: GestureTester) -> [String] { tester.environment.log.entries.map { "\($0.time.millisecondsText) \($0.cause.text)" } }

    @Test("A hold timer fires at exactly its virtual time and begins the recognizer; the log names who scheduled it")
    func holdBegins() throws {
        let hold = HoldToDragRecognizer()
        let tester = tester(with: hold)
        tester.drag(from: CGPoint(x: 100, y: 300), to: CGPoint(x: 300, y: 300), duration: 0.4, holdFirst: 0.5)
        try tester.expectRecognized(hold)
        let began = try #require(tester.transitions(of: hold).first)
        #expect(began.to == .began)
        #expect(abs(began.time * 1000 - (downTime(tester) + 300)) < 0.0005, "began at touch-down + 0.3 s, not at the next touch event")
        #expect(began.cause.contains("HoldToDragRecognizer"))
        let log = rows(tester).joined(separator: "\n")
        #expect(log.contains("HoldToDragRecognizer schedules a Timer for 300 ms"))
        #expect(log.contains("the Timer HoldToDragRecognizer scheduled at \(Int(downTime(tester))) ms fires"))
        #expect(tester.states(of: hold).prefix(2) == [.began, .changed])
        // What `explain` follows back from the began: the firing, then the scheduling.
        let entries = tester.environment.log.entries
        let beganRow = try #require(entries.first { $0.kind == .transition && $0.to == "began" })
        let firing = try #require(entries.first { $0.seq == beganRow.cause.causedBy })
        #expect(firing.kind == .timer && firing.cause.text.hasPrefix("the Timer HoldToDragRecognizer scheduled at"))
        let scheduling = try #require(entries.first { $0.seq == firing.cause.causedBy })
        #expect(scheduling.cause.text.hasPrefix("HoldToDragRecognizer schedules a Timer for 300 ms"))
    }

    @Test("Moving before the hold elapses invalidates the timer: it never fires, and the log says who invalidated it")
    func earlyMoveInvalidates() throws {
        let hold = HoldToDragRecognizer()
        let tester = tester(with: hold)
        tester.drag(from: CGPoint(x: 100, y: 300), to: CGPoint(x: 300, y: 300), duration: 0.4)
        try tester.expectNotRecognized(hold)
        #expect(tester.states(of: hold) == [.failed])
        let log = rows(tester).joined(separator: "\n")
        #expect(log.contains("HoldToDragRecognizer invalidates the Timer HoldToDragRecognizer scheduled at"))
        #expect(!log.contains("fires"), "an invalidated timer does not fire")
    }

    @Test("A 10 s hold replays without waiting: the timer fires on the virtual clock, not the wall clock")
    func longHoldIsFast() throws {
        let hold = HoldToDragRecognizer()
        hold.minimumPressDuration = 10
        let tester = tester(with: hold)
        let start = DispatchTime.now().uptimeNanoseconds
        tester.longPress(at: CGPoint(x: 100, y: 300), duration: 11)
        let wallSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        #expect(tester.states(of: hold).first == .began)
        #expect(abs(tester.transitions(of: hold)[0].time * 1000 - (downTime(tester) + 10_000)) < 0.0005)
        #expect(wallSeconds < 5, "11 s of input took \(wallSeconds) s of wall time")
    }

    @Test("Two replays of the same input write the same log, byte for byte")
    func deterministic() {
        func run() -> String {
            let hold = HoldToDragRecognizer()
            let t = tester(with: hold)
            t.drag(from: CGPoint(x: 100, y: 300), to: CGPoint(x: 300, y: 300), duration: 0.4, holdFirst: 0.35)
            t.finish()
            return t.timelineText + rows(t).joined(separator: "\n")
        }
        #expect(run() == run())
    }

    @Test("DispatchQueue.main.asyncAfter(deadline: .now() + 0.25) runs 250 ms after the lift, on the virtual clock; a pending block is noted when the touch sequence ends")
    func asyncAfter() throws {
        let tap = PatientTapRecognizer()
        let tester = tester(with: tap)
        tester.tap(at: CGPoint(x: 100, y: 300))
        let lift = tester.inputEvents.last!.time.milliseconds
        let log = rows(tester).joined(separator: "\n")
        #expect(log.contains("PatientTapRecognizer schedules a DispatchQueue.main.asyncAfter block for 250 ms"))
        #expect(log.contains("no finger is down and the DispatchQueue.main.asyncAfter block PatientTapRecognizer scheduled at"))
        try tester.expectRecognized(tap)
        #expect(abs(tester.transitions(of: tap)[0].time * 1000 - (lift + 250)) < 0.0005)
    }

    @Test("A second tap inside the wait fails the patient tap; its block still runs, and finds nothing to do")
    func asyncAfterSecondTap() throws {
        let tap = PatientTapRecognizer()
        let tester = tester(with: tap)
        tester.tap(at: CGPoint(x: 100, y: 300))
        tester.wait(0.1)
        tester.tap(at: CGPoint(x: 100, y: 300))
        tester.finish()
        #expect(tap.sawSecondTap)
        #expect(tester.states(of: tap) == [.failed])
        #expect(rows(tester).contains { $0.hasSuffix("fires") && $0.contains("DispatchQueue.main.asyncAfter block") })
    }

    @Test("A repeating timer added to the main run loop fires every interval until invalidated at the lift")
    func repeating() throws {
        let rep = RepeatWhileHeldRecognizer()
        let tester = tester(with: rep)
        tester.longPress(at: CGPoint(x: 100, y: 300), duration: 1.0)
        tester.finish()
        // Down at t, up at t + 1000 ms: ticks at t + 100 ... t + 1000 (a timer due with a touch
        // fires first, F.2), then the lift invalidates it.
        #expect(rep.ticks == 10)
        #expect(tester.states(of: rep).first == .began && tester.states(of: rep).last == .ended)
        let log = rows(tester).joined(separator: "\n")
        #expect(log.contains("schedules a repeating Timer for 100 ms, then every 100 ms"))
        #expect(log.contains("RepeatWhileHeldRecognizer invalidates the repeating Timer"))
    }

    @Test("A repeating timer nobody invalidates stops at the end of the replay instead of running on")
    func repeatingStopsAtEnd() throws {
        final class Forgetful: UIGestureRecognizer {
            var ticks = 0
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
                _ = GestureLabUIKit.Timer.scheduledTimer(withTimeInterval: 0.05, repeats: true) { [weak self] _ in
                    MainActor.assumeIsolated { self?.ticks += 1 }
                }
            }
        }
        let r = Forgetful()
        let tester = tester(with: r)
        tester.tap(at: CGPoint(x: 100, y: 300), duration: 0.2)
        tester.finish()
        #expect(r.ticks == 5, "four while down (50..200 ms), one more when the replay ends")
        #expect(rows(tester).contains { $0.contains("the trace has ended, so it fires no more") })
    }

    @Test("Outside GestureLab's drive a Timer is Foundation's: the current run loop fires it on the wall clock")
    func outsideTheReplay() {
        let (timer, fired) = scheduleTimerOutsideReplay(after: 0.01)
        #expect(timer.isValid)
        let deadline = Date(timeIntervalSinceNow: 2)
        while !fired() && Date() < deadline { RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.01)) }
        #expect(fired())
        #expect(!timer.isValid, "a timer that does not repeat is invalid once it fired")
    }
}

@MainActor
@Suite("Timers on the virtual clock through the command line's replay")
struct VirtualTimerReplayTests {
    @Test("A scene naming a registered HoldToDragRecognizer replays hold-then-drag: began at touch-down + 300 ms, caused by its Timer")
    func replayThroughRegistry() throws {
        let registry = GestureLabCLI.registry(recognizers: ["holdToDrag": { HoldToDragRecognizer() }], delegates: [:])
        func run() throws -> DecisionLog {
            try Replay.run(tracePath: tracePath("hold-then-drag"), scene: padScene(type: "holdToDrag"), registry: registry).log
        }
        let log = try run()
        let began = try #require(log.entries.first { $0.kind == .transition && $0.recognizer == "gesture" && $0.to == "began" })
        // The trace's finger goes down at 20 ms and first moves at 628 ms.
        #expect(began.time == .milliseconds(320))
        let firing = try #require(log.entries.first { $0.seq == began.cause.causedBy })
        #expect(firing.cause.text == "the Timer HoldToDragRecognizer scheduled at 20 ms fires")
        #expect(firing.recognizer == "gesture", "on the recognizer's lane of the timeline")
        #expect(began.cause.text == "set by HoldToDragRecognizer in the block of the Timer it scheduled at 20 ms")
        let again = try run()
        #expect(TextTimeline().render(log) == TextTimeline().render(again), "two replays, one log")
    }
}
