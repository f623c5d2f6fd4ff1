import GestureEngine
import GestureTrace

/// `DoubleTapGestureRecognizer` (`gestures/multitap.dart:118-382`). Each tap gets a tracker in
/// its pointer's arena. The first tap's lift holds that arena and starts a 300 ms timer (so the
/// double-tap window runs from the first lift); a second down within 100 px of the first, at
/// least 40 ms after the first down, fires `onDoubleTapDown`; its lift accepts both arenas and
/// fires `onDoubleTap`. When the timer runs out, or a tap moves more than 18 px, the first tap's
/// entry is rejected and its arena released, so the sweep it postponed gives the arena to its
/// first remaining member (a tap beside it fires then, at first lift + 300 ms).
public final class FlutterDoubleTapRecognizer: FlutterGestureRecognizer {
    public override var flutterClassName: String { "DoubleTapGestureRecognizer" }

    /// `_TapTracker`: one tap's pointer, its down and its arena entry.
    final class Tracker {
        let pointer: Int
        let down: FlutterPointerEvent
        var isFrozen = false
        init(_ down: FlutterPointerEvent) {
            pointer = down.pointer
            self.down = down
        }
        func isWithin(_ position: Point, _ tolerance: Double) -> Bool { position.distance(to: down.position) <= tolerance }
    }

    private var timer: VirtualClock.TimerID?
    private var firstTap: Tracker?
    private var trackers: PointerMap<Tracker> = [:]
    private var trackerOrder: [Int] = []

    public override var isIdle: Bool { firstTap == nil && trackers.isEmpty }

    /// `isPointerAllowed` (`:125-130, 202-218`): the primary button only.
    public override func isPointerAllowed(_ event: FlutterPointerEvent) -> Bool {
        firstTap == nil ? event.buttons == 1 : super.isPointerAllowed(event)
    }

    public override func addAllowedPointer(_ event: FlutterPointerEvent) {
        if let first = firstTap {
            let distance = event.position.distance(to: first.down.position)
            if distance > binding.settings.doubleTapSlop {
                // An out-of-bounds second tap is ignored: it does not join its arena (`:223`).
                binding.note(self, "\(id) ignores touch \(binding.touch(of: event.pointer)): \(Self.f(distance)) px from the first down > kDoubleTapSlop \(Self.f(binding.settings.doubleTapSlop)) (multitap.dart:220-226)")
                return
            }
            let sinceFirstDown = (event.time - first.down.time).milliseconds
            if sinceFirstDown < binding.settings.doubleTapMinTimeMs || event.buttons != first.down.buttons {
                // Too soon after the first down (touch screens report touches intermittently):
                // this down starts over as a first tap (`:227-233`).
                binding.withReason(Cause(.touches, "the second down came \(Self.f(sinceFirstDown)) ms after the first down < kDoubleTapMinTime \(Self.f(binding.settings.doubleTapMinTimeMs)) ms: it starts over as a first tap (multitap.dart:227-233)",
                                         evidence: [Evidence("doubleTapMinTime", value: sinceFirstDown, threshold: binding.settings.doubleTapMinTimeMs, unit: "ms", comparison: "<")])) {
                    reset()
                }
                trackTap(event)
                return
            }
            callback(.onDoubleTapDown, "(second down \(Self.f(distance)) px from the first, \(Self.f(sinceFirstDown)) ms after it)")
        }
        trackTap(event)
    }

    private func trackTap(_ event: FlutterPointerEvent) {
        stopDoubleTapTimer()
        let tracker = Tracker(event)
        binding.addToArena(event.pointer, self)
        trackers[event.pointer] = tracker
        trackerOrder.append(event.pointer)
        binding.addRoute(event.pointer, self)
    }

    public override func handleEvent(_ event: FlutterPointerEvent) {
        guard let tracker = trackers[event.pointer], !tracker.isFrozen else { return }
        switch event.kind {
        case .up:
            if firstTap == nil { registerFirstTap(tracker) } else { registerSecondTap(tracker) }
        case .move:
            if !tracker.isWithin(event.position, binding.settings.doubleTapTouchSlop) {
                let d = event.position.distance(to: tracker.down.position)
                binding.withReason(Cause(.touches, CauseText("a tap moved %1 px > kDoubleTapTouchSlop %1 (multitap.dart:263-266)", d, binding.settings.doubleTapTouchSlop),
                                         evidence: [Evidence("doubleTapTouchSlop", value: d, threshold: binding.settings.doubleTapTouchSlop, unit: "px", comparison: ">")])) {
                    reject(tracker)
                }
            }
        case .cancel:
            binding.withReason(Cause(.touches, "its pointer was cancelled")) { reject(tracker) }
        case .down:
            break
        }
    }

    public override func acceptGesture(pointer: Int) {}

    public override func rejectGesture(pointer: Int) {
        var tracker = trackers[pointer]
        if tracker == nil, let first = firstTap, first.pointer == pointer { tracker = first }
        if let tracker { reject(tracker) }
    }

    private func reject(_ tracker: Tracker) {
        fail(lossCause("its tap was rejected"))
        removeTracker(tracker.pointer)
        binding.resolveEntry(tracker.pointer, self, .rejected)
        freeze(tracker)
        if let first = firstTap {
            if tracker === first {
                reset()
            } else {
                checkCancel()
                if trackers.isEmpty { reset() }
            }
        }
    }

    /// `_reset` (`:312-326`): rejects the held first tap, then releases its arena.
    private func reset() {
        stopDoubleTapTimer()
        if let first = firstTap {
            if !trackers.isEmpty { checkCancel() }
            firstTap = nil
            reject(first)
            binding.releaseArena(first.pointer)
        }
        clearTrackers()
    }

    private func registerFirstTap(_ tracker: Tracker) {
        startDoubleTapTimer()
        binding.holdArena(tracker.pointer)
        freeze(tracker)
        removeTracker(tracker.pointer)
        clearTrackers()
        firstTap = tracker
        binding.note(self, "\(id) holds the arena for touch \(binding.touch(of: tracker.pointer)) and waits \(Self.f(binding.settings.doubleTapTimeoutMs)) ms for a second tap (multitap.dart:328-337, 357-359)")
    }

    private func registerSecondTap(_ tracker: Tracker) {
        guard let first = firstTap else { return }
        binding.resolveEntry(first.pointer, self, .accepted)
        binding.resolveEntry(tracker.pointer, self, .accepted)
        freeze(tracker)
        removeTracker(tracker.pointer)
        if tracker.down.buttons == 1 {
            transition(to: .recognized, Cause(.touches, "the second tap lifted: it accepts both taps' arenas (multitap.dart:339-346)"))
            callback(.onDoubleTap)
        }
        reset()
    }

    private func clearTrackers() {
        for p in trackerOrder { if let t = trackers[p] { reject(t) } }
    }

    private func removeTracker(_ pointer: Int) {
        trackers[pointer] = nil
        trackerOrder.removeAll { $0 == pointer }
    }

    private func freeze(_ tracker: Tracker) {
        guard !tracker.isFrozen else { return }
        tracker.isFrozen = true
        binding.removeRoute(tracker.pointer, self)
    }

    private func startDoubleTapTimer() {
        guard timer == nil else { return }
        timer = binding.schedule("double-tap timer (\(Self.f(binding.settings.doubleTapTimeoutMs)) ms after the first lift)", owner: self,
                                 afterMs: binding.settings.doubleTapTimeoutMs) { [unowned self] in
            self.timer = nil
            self.binding.withReason(Cause(.timer, "no second tap within kDoubleTapTimeout \(Self.f(self.binding.settings.doubleTapTimeoutMs)) ms of the first lift (multitap.dart:357-359)")) {
                self.reset()
            }
        }
    }

    private func stopDoubleTapTimer() {
        if let timer { binding.cancel(timer) }
        timer = nil
    }

    private func checkCancel() {
        callback(.onDoubleTapCancel)
    }

}
