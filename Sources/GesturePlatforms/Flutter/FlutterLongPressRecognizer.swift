import GestureEngine

/// `LongPressGestureRecognizer` (`gestures/long_press.dart:224-831`): `onLongPressDown` at the
/// down; at the 500 ms deadline it accepts (in a closed arena it wins at once, its rivals
/// rejected first) and fires `onLongPressStart` and `onLongPress`; then every move is an
/// `onLongPressMoveUpdate` (no slop after winning) and the lift `onLongPressEnd` and
/// `onLongPressUp`. A lift before the deadline, or a move beyond 18 px, rejects it with
/// `onLongPressCancel`. Losing the arena to another recognizer fires nothing (its
/// `rejectGesture` is the base class's, `recognizer.dart:742-748`; the documentation says
/// otherwise, unconfirmed at run time). The log shows began / changed / ended, or failed.
public final class FlutterLongPressRecognizer: FlutterPrimaryPointerRecognizer {
    public override var flutterClassName: String { "LongPressGestureRecognizer" }
    public override var isDiscrete: Bool { false }

    private var longPressAccepted = false
    private var initialButtons = 1

    /// The scene's `minimumPressDuration` as Flutter's `duration`, or nil for `kLongPressTimeout`.
    private let durationMs: Double?

    public init(id: String, durationMs: Double? = nil) {
        self.durationMs = durationMs
        super.init(id: id)
    }

    override var deadlineMs: Double? { durationMs ?? binding.settings.longPressTimeoutMs }
    /// `postAcceptSlopTolerance: null` (`:245`): no slop once it has won.
    override var postAcceptSlopTolerance: Double? { nil }

    public override func didExceedDeadline(_ down: FlutterPointerEvent) {
        // `didExceedDeadline` (`:604-611`).
        binding.withWin(Cause(.timer, "held \(Self.f(deadlineMs ?? 0)) ms within the slop: the long press accepts (long_press.dart:604-611)")) {
            resolve(.accepted)
        }
        longPressAccepted = true
        super.acceptGesture(pointer: primaryPointer!)
        checkLongPressStart()
    }

    public override func handlePrimaryPointer(_ event: FlutterPointerEvent) {
        switch event.kind {
        case .up:
            if longPressAccepted {
                if published == .began || published == .changed {
                    transition(to: .ended, Cause(.touches, "its pointer lifted (long_press.dart:763-800)"))
                } else {
                    // `_longPressAccepted` left over from an earlier gesture whose primary pointer
                    // stopped being tracked before its lift (`_reset` was never called): Flutter
                    // ends a press that never started in this gesture.
                    binding.note(self, "\(id) fires onLongPressEnd for a press that did not start in this gesture: _longPressAccepted was left set by an earlier one (long_press.dart _reset)")
                }
                callback(.onLongPressEnd, "at \(event.position)")
                callback(.onLongPressUp)
            } else {
                // Lifted before the deadline (`:626-632`).
                binding.withReason(Cause(.touches, "its pointer lifted before the \(Self.f(deadlineMs ?? 0)) ms deadline (long_press.dart:626-632)")) {
                    resolve(.rejected)
                }
            }
            resetLongPress()
        case .cancel:
            checkLongPressCancel()
            if published == .began || published == .changed { transition(to: .cancelled, Cause(.touches, "its pointer was cancelled")) }
            resetLongPress()
        case .down:
            initialButtons = event.buttons
            callback(.onLongPressDown, "at \(event.position)")
        case .move:
            if event.buttons != initialButtons && !longPressAccepted {
                binding.withReason(Cause(.touches, "its buttons changed")) { resolve(.rejected) }
                stopTrackingPointer(primaryPointer!)
            } else if longPressAccepted {
                if published == .began || published == .changed { transition(to: .changed, Cause(.touches, "its pointer moved")) }
                callback(.onLongPressMoveUpdate, words: CauseText("%n %n at (%1, %1)", names: logName, .onLongPressMoveUpdate, numbers: event.position.x, event.position.y))
            }
        }
    }

    /// `resolve` (`:809-821`): rejecting itself before it won fires `onLongPressCancel`.
    public override func resolve(_ disposition: Disposition) {
        if disposition == .rejected {
            if longPressAccepted {
                resetLongPress()
            } else {
                checkLongPressCancel()
            }
        }
        super.resolve(disposition)
    }

    /// Empty (`:823-827`): winning by default or by sweep does nothing; only the deadline starts it.
    public override func acceptGesture(pointer: Int) {}

    public override func rejectGesture(pointer: Int) {
        if pointer == primaryPointer && state == .possible && !longPressAccepted {
            fail(lossCause("rejected by the arena"))
        }
        super.rejectGesture(pointer: pointer)
    }

    private func checkLongPressStart() {
        transition(to: .began, winCause("its deadline passed within the slop"))
        callback(.onLongPressStart)
        callback(.onLongPress)
    }

    /// `_checkLongPressCancel`: in the possible state, which a long press that started is still in.
    private func checkLongPressCancel() {
        if state == .possible {
            callback(.onLongPressCancel)
            fail(binding.currentReason ?? Cause(.touches, "it gave up"))
        }
    }

    private func resetLongPress() {
        longPressAccepted = false
    }
}
