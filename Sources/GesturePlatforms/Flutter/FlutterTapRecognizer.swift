import GestureEngine

/// `TapGestureRecognizer` (`gestures/tap.dart`, `BaseTapGestureRecognizer` `:148-340`): never
/// claims the arena itself. It wins when it is the last member left, at the sweep as the first
/// member, or as a team's; `onTapDown` comes at the press deadline (100 ms) or at the win,
/// whichever is first; `onTapUp` and `onTap` at the lift if it has won by then, else at the win.
/// It rejects itself when the finger moves more than 18 px from its down, before or after
/// winning. The log shows it `recognized` when `onTap` fires and `failed` when it loses or
/// gives up.
public final class FlutterTapRecognizer: FlutterPrimaryPointerRecognizer {
    public override var flutterClassName: String { "TapGestureRecognizer" }

    private var sentTapDown = false
    private var wonArenaForPrimaryPointer = false
    private var downEvent: FlutterPointerEvent?
    private var upEvent: FlutterPointerEvent?

    override var deadlineMs: Double? { binding.settings.pressTimeoutMs }

    public override var isIdle: Bool { super.isIdle && (downEvent == nil || upEvent == nil) }

    public override func addAllowedPointer(_ event: FlutterPointerEvent) {
        if state == .ready {
            // The previous tap is still undecided (its arena held by a double tap) and a new
            // pointer arrives: it is dropped without a callback (`:207-216`).
            if downEvent != nil && upEvent != nil {
                if published == .possible {
                    transition(to: .failed, Cause(.touches, "a new pointer went down while its tap was still undecided: Flutter drops that tap without onTapUp or onTapCancel (tap.dart:207-216)"))
                }
                // The dropped tap's attempt ends here; the new pointer's begins.
                binding.endAttempt(self)
                attemptTouches = [binding.touch(of: event.pointer)]
                reset()
            }
            downEvent = event
        }
        if downEvent != nil { super.addAllowedPointer(event) }
    }

    public override func handlePrimaryPointer(_ event: FlutterPointerEvent) {
        switch event.kind {
        case .up:
            upEvent = event
            checkUp()
        case .cancel:
            binding.withReason(Cause(.touches, "its pointer was cancelled (tap.dart:247-252)")) {
                resolve(.rejected)
            }
            if sentTapDown { checkCancel("cancelled") }
            if published == .possible { transition(to: .failed, Cause(.touches, "its pointer was cancelled (tap.dart:247-252)")) }
            reset()
        default:
            if let d = downEvent, event.buttons != d.buttons {
                binding.withReason(Cause(.touches, "its buttons changed (tap.dart:253-256)")) { resolve(.rejected) }
                stopTrackingPointer(primaryPointer!)
            }
        }
    }

    public override func resolve(_ disposition: Disposition) {
        if wonArenaForPrimaryPointer && disposition == .rejected {
            // Rejected after winning: moved beyond the slop, or the buttons changed (`'spontaneous'`).
            checkCancel("spontaneous")
            if published == .possible { transition(to: .failed, lossCause("gave up after winning the arena")) }
            reset()
        }
        super.resolve(disposition)
    }

    public override func didExceedDeadline(_ down: FlutterPointerEvent) {
        checkDown(because: "the press deadline, \(Self.f(binding.settings.pressTimeoutMs)) ms after the down, came before the arena was decided (tap.dart:272-275)")
    }

    public override func acceptGesture(pointer: Int) {
        super.acceptGesture(pointer: pointer)
        if pointer == primaryPointer {
            checkDown(because: "it won the arena (tap.dart:277-285)")
            wonArenaForPrimaryPointer = true
            checkUp()
        }
    }

    public override func rejectGesture(pointer: Int) {
        super.rejectGesture(pointer: pointer)
        if pointer == primaryPointer {
            if sentTapDown { checkCancel("forced") }
            if published == .possible { transition(to: .failed, lossCause("rejected by the arena")) }
            reset()
        }
    }

    /// A rejection when the recognizer is no longer the pointer's primary one still ends its
    /// attempt for the log (the pointer it was dropped for is the new primary one).
    private func checkDown(because why: String) {
        guard !sentTapDown else { return }
        callback(.onTapDown, "(\(why))")
        sentTapDown = true
    }

    private func checkUp() {
        guard wonArenaForPrimaryPointer, let up = upEvent else { return }
        let seq = transition(to: .recognized, winCause("won the arena and its pointer lifted within the slop"))
        _ = seq
        callback(.onTapUp, "at \(up.position)")
        callback(.onTap)
        reset()
    }

    private func checkCancel(_ reason: String) {
        callback(.onTapCancel, "(\(reason))")
        if published == .possible { transition(to: .failed, lossCause(reason == "forced" ? "another recognizer won the arena" : "it gave up (\(reason))")) }
    }

    private func reset() {
        sentTapDown = false
        wonArenaForPrimaryPointer = false
        upEvent = nil
        downEvent = nil
    }
}
