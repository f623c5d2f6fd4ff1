/// Behaviours UIKit leaves open (docs/uikit-rules.md, "Where UIKit leaves it open"), each a named switch with
/// the default the reference recommends. Scenes set them under `options:`.
public struct EngineOptions: Sendable, Equatable {
    /// D-2 / A.1.7: when a recognizer that reached a final state goes back to possible.
    public enum ResetTiming: String, Sendable, CaseIterable {
        /// At the end of the dispatch cycle in which it finished (A4, W2, W3). Default.
        case endOfCycle
        /// Only once all its touches have ended (A1: "until the current event sequence ends").
        case endOfTouchSequence
    }
    public var resetTiming: ResetTiming = .endOfCycle

    /// D-3: order of a recognizer's action and the `touchesCancelled` it causes in the view.
    public enum CancellationOrder: String, Sendable, CaseIterable {
        /// Action first, then the view's cancel (O1's log, D1). Default.
        case actionThenCancel
        /// The view's cancel "immediately before the action" (H1, G1).
        case cancelThenAction
    }
    public var cancellationOrder: CancellationOrder = .actionThenCancel

    /// D-1: whether a continuous recognizer's action fires on `cancelled` (A1, W2 say yes).
    public var actionOnCancelled = true

    /// A.5.2: ask the touched views' `gestureRecognizerShouldBegin` (only when the recognizer
    /// would cancel touches in them, as D1 orders it).
    public var askTouchedViews = true

    /// A.3.4: within one event, a recognizer that can prevent another one-way wins the tie
    /// (so a double tap beats a single tap whatever their views' depth).
    public var oneWayPreventionWinsTies = true

    /// Events of the trace with the same timestamp form one event (one dispatch cycle), as
    /// UIKit batches the touches that changed in one frame.
    public var batchSimultaneousEvents = true

    /// A timer due at the same time as a touch event fires first.
    public var timersBeforeTouchesAtSameTime = true

    /// The app's `UIApplicationSupportsIndirectInputEvents` (Info.plist, F.5.1): a mouse or
    /// trackpad click is a touch of type `indirectPointer` (true, as GestureLab has always
    /// replayed clicks), or, for an app without the key, of type `direct`: a finger to
    /// `allowedTouchTypes`, and `buttonMaskRequired` is not evaluated (it applies to indirect
    /// input only, F.5.4).
    public var supportsIndirectInputEvents = true

    /// A touch that lands on a decelerating scroll view stops it and begins its pan at once, so
    /// the content gets no tap (A.7.9: observed, `scrollViewWillBeginDragging` is called at that
    /// touch-down; not documented). Off: the touch only stops the motion, and the pan waits for
    /// its hysteresis as usual.
    public var touchCatchesDeceleration = true

    /// Recognizers that wait for each other's failure in a cycle would wait forever; UIKit's
    /// behaviour is undefined. When true they fail together with a `deadlock` cause.
    public var failRequirementCycles = true

    /// D-11 / F.1.2, F.1.5: what happens to the touches of a view that is hidden, made
    /// non-interactive or transparent, or removed, while it holds them (UIKit does not say).
    public enum TouchesOfALeavingView: String, Sendable, CaseIterable {
        /// They stay bound to it and are delivered as before (A.2.1: a touch keeps its view for
        /// its whole life); only touches that begin later skip it. Default.
        case keep
        /// The system cancels them (F.1.4), as if the view's going ended their gesture.
        case cancel
    }
    public var touchesOfALeavingView: TouchesOfALeavingView = .keep

    public init() {}
}
