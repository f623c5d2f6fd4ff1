import Foundation
import GestureEngine
import GestureTrace

/// UIKit's `UIGestureRecognizer`, with the subclass API of `UIGestureRecognizerSubclass`, for
/// recognizers written for iOS to run unchanged in GestureLab's engine.
///
/// Each recognizer has an engine recognizer behind it (`engine`), which takes part in
/// arbitration, the decision log and the timeline as any built-in does. A subclass's overrides
/// of the `touches…` methods, `reset()` and the prevention and failure questions are called by
/// the engine in place of the engine recognizer's own, with UIKit's types; calling `super` reaches
/// the engine recognizer's behaviour (nothing for this base class, the built-in's logic for
/// `UITapGestureRecognizer` and the others). Rules: docs/uikit-rules.md A.1 to A.5.
@preconcurrency @MainActor
open class UIGestureRecognizer: NSObject {
    /// UIKit's states (A.1.1), with UIKit's raw values; `recognized` is `ended`.
    public enum State: Int, Sendable, CustomStringConvertible {
        /// Not yet decided: the state every attempt starts in (A.1.1).
        case possible
        /// A continuous gesture was recognized; its action runs.
        case began
        /// A continuous gesture changed; its action runs.
        case changed
        /// A continuous gesture ended, or a discrete one was recognized (`recognized`).
        case ended
        /// A continuous gesture was cancelled (A.1.5).
        case cancelled
        /// The gesture was not recognized; no action runs.
        case failed
        /// A discrete gesture was recognized: the same value as `ended`.
        public static let recognized = State.ended

        init(_ s: RecognizerState) { self = State(rawValue: s.rawValue)! }
        var engineState: RecognizerState { RecognizerState(rawValue: rawValue)! }

        public var description: String { engineState.name(discrete: false) }
    }

    /// The engine recognizer this one speaks for: the one in the decision log.
    package nonisolated(unsafe) let engine: GestureRecognizer
    /// Receives the engine's hook calls and passes them on with UIKit's types (nil for an exact
    /// built-in class, whose engine recognizer runs unaided).
    private nonisolated(unsafe) var hooks: RecognizerHooks?
    /// A direct subclass of this class: its engine recognizer's hooks do nothing, so `super`
    /// calls need not reach them (asked on every event).
    private var isCustom = false
    /// The hook the engine is calling, for the cause of a state set inside it.
    var currentHook: StaticString?
    private var targets: [(target: AnyObject?, action: Selector?)] = []
    private var delegateBridge: DelegateBridge?

    /// UIKit's initializer, the one designated initializer (so a subclass that overrides it
    /// inherits `init()`, as on iOS). The action is recorded by name; see `Selector`.
    public init(target: Any?, action: Selector?) {
        let (engine, wraps, builtIn) = Self.claimEngine()
        self.engine = engine
        super.init()
        setUp(wraps: wraps, builtIn: builtIn, target: target, action: action)
    }

    /// UIKit's: a convenience initializer (`init(target: nil, action: nil)`).
    public convenience override init() {
        self.init(target: nil, action: nil)
    }

    /// Interface Builder's initializer: `init(target: nil, action: nil)`.
    public convenience init?(coder: NSCoder) {
        self.init(target: nil, action: nil)
    }

    /// For the built-in classes' `init(target:action:)`, before they call `super`: the engine
    /// recognizer behind them, and their own class, whose instances need no hook routing (a
    /// subclass's do). The most derived built-in asks first (`UIScreenEdgePanGestureRecognizer`
    /// before the `UIPanGestureRecognizer` it derives from) and is the one made.
    package static func prepareBuiltIn(_ engine: @autoclosure () -> GestureRecognizer, _ type: UIGestureRecognizer.Type) {
        if builtInToMake == nil { builtInToMake = (engine(), type) }
    }

    private static var builtInToMake: (engine: GestureRecognizer, type: UIGestureRecognizer.Type)?

    /// An engine recognizer waiting for a face (`face(of:)` sets it and calls a UIKit
    /// initializer), so that the UIKit classes have only UIKit's initializers and user
    /// subclasses inherit them as on iOS.
    private static var engineToWrap: GestureRecognizer?

    private static func claimEngine() -> (GestureRecognizer, wraps: Bool, builtIn: UIGestureRecognizer.Type?) {
        let builtIn = builtInToMake
        builtInToMake = nil
        if let e = engineToWrap {
            engineToWrap = nil
            return (e, true, nil)
        }
        if let builtIn { return (builtIn.engine, false, builtIn.type) }
        return (CustomRecognizerCore(id: "recognizer"), false, nil)
    }

    /// A face of class `type` for `engine`, which was made without one (a scene's built-in).
    package static func makeFace(for engine: GestureRecognizer, _ make: () -> UIGestureRecognizer) -> UIGestureRecognizer {
        engineToWrap = engine
        let face = make()
        assert(engineToWrap == nil && face.engine === engine, "the face's initializer did not claim the engine recognizer")
        return face
    }

    private func setUp(wraps: Bool, builtIn: UIGestureRecognizer.Type?, target: Any?, action: Selector?) {
        if wraps {
            // The engine recognizer came first (a scene's): it owns its face, keeps its id and
            // runs its own hooks.
            engine.companion.adopt(self)
            return
        }
        let type = Swift.type(of: self)
        if type != builtIn {
            let hooks = RecognizerHooks(owner: self)
            self.hooks = hooks
            engine.route(through: hooks)
            if let core = engine as? CustomRecognizerCore {
                core.className = String(describing: type)
                isCustom = true
            }
        }
        engine.companion.link(self)
        engine.id = String(describing: type)
        needsGeneratedName = true
        if target != nil || action != nil { targets.append((target as AnyObject?, action)) }
    }

    deinit {
        engine.companion.faceWentAway(self)
        if hooks != nil { engine.route(through: nil) }
    }

    /// The face of an engine recognizer: its own, or one made now for a built-in type.
    package static func face(of engine: GestureRecognizer) -> UIGestureRecognizer {
        if let f = engine.face { return unsafeDowncast(f, to: UIGestureRecognizer.self) }
        return BuiltInFaces.make(for: engine)
    }

    // MARK: State (A.1)

    /// The state as this recognizer last set it, after UIKit's coercions (A.1.5). While the
    /// recognizer waits on a failure requirement this is the state it asked for (A.1.8).
    /// Setting it from a subclass is logged with the class and the method it was set in.
    open var state: State {
        get { State(engine.state) }
        set {
            // UIKit has no discrete/continuous flag: a recognizer that goes straight from possible
            // to ended is discrete (it is "recognized" in the log).
            if let core = engine as? CustomRecognizerCore, engine.state == .possible, newValue != .possible {
                core.learnedDiscrete = newValue == .ended
            }
            engine.setState(newValue.engineState, because: self.causeOfSetState())
        }
    }

    func causeOfSetState() -> String {
        let name = String(describing: Swift.type(of: self))
        if let hook = currentHook { return "set by \(name).\(hook)" }
        if let running = DrivenCode.current, running.code === self, let block = running.block { return "set by \(name) in the block of \(block)" }
        return "set by \(name)"
    }

    // MARK: Touches (A.2)

    /// Subclass hooks. The default passes the touches to the engine recognizer (the built-in's
    /// logic); this base class's own does nothing, except `touchesCancelled`, which gives up the
    /// gesture (`cancelled` when active, `failed` when possible, by A.1.5).
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if isCustom { return }
        engine.touchesBegan(engineTouches(touches), with: event.engineEvent)
    }

    /// Touches the recognizer tracks moved (A.2.4); see `touchesBegan(_:with:)`.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        if isCustom { return }
        engine.touchesMoved(engineTouches(touches), with: event.engineEvent)
    }

    /// Touches the recognizer tracks lifted; see `touchesBegan(_:with:)`.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if isCustom { return }
        engine.touchesEnded(engineTouches(touches), with: event.engineEvent)
    }

    /// Touches the recognizer tracks were cancelled; the default gives up the gesture (A.1.5).
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        engine.touchesCancelled(engineTouches(touches), with: event.engineEvent)
    }

    /// Called after the recognizer reached a final state, before it goes back to possible (A.1.7).
    open func reset() {
        if isCustom { return }
        engine.reset()
    }

    /// The engine touches behind `touches`: those being delivered when it is that set (the usual
    /// `super` call), else the set's own, in the order they went down.
    private func engineTouches(_ touches: Set<UITouch>) -> [Touch] {
        if let delivered = hooks?.delivered(as: touches) { return delivered }
        var list: [Touch] = []
        for t in touches { list.append(t.engineTouch) }
        list.sort { $0.serial < $1.serial }
        return list
    }

    /// Stops delivering `touch` to this recognizer (A.2.11).
    open func ignore(_ touch: UITouch, for event: UIEvent) {
        engine.ignore(touch.engineTouch, for: event.engineEvent)
    }

    /// The centroid of the touches in `view`'s coordinates (the window's for nil).
    open func location(in view: UIView?) -> CGPoint { CGPoint(engine.location(in: view?.engineView)) }

    /// Where one of the recognizer's touches is, by index in the order they went down.
    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        CGPoint(engine.location(ofTouch: touchIndex, in: view?.engineView))
    }

    /// How many touches the recognizer is tracking now.
    open var numberOfTouches: Int { engine.numberOfTouches }

    /// The view this recognizer is attached to.
    open var view: UIView? {
        // Not `map(UIView.face(of:))`: a main-actor function passed as a plain closure is checked
        // for isolation on every call, and this is asked on every move.
        guard let v = engine.view else { return nil }
        return UIView.face(of: v)
    }

    // MARK: Properties (A.2.7 to A.2.9, A.1.9)

    /// False: an active recognizer is cancelled, a possible one fails, and it receives no touches until enabled (A.1.9).
    open var isEnabled: Bool {
        get { engine.isEnabled }
        set { engine.isEnabled = newValue }
    }

    /// Default true (A.2.7).
    open var cancelsTouchesInView: Bool {
        get { engine.cancelsTouchesInView }
        set { engine.cancelsTouchesInView = newValue }
    }

    /// Default false (A.2.8).
    open var delaysTouchesBegan: Bool {
        get { engine.delaysTouchesBegan }
        set { engine.delaysTouchesBegan = newValue }
    }

    /// Default true (A.2.9).
    open var delaysTouchesEnded: Bool {
        get { engine.delaysTouchesEnded }
        set { engine.delaysTouchesEnded = newValue }
    }

    /// Kept for code that sets it. GestureLab's traces do not mix device types within one
    /// gesture, so it changes nothing in a replay.
    open var requiresExclusiveTouchType = true

    /// Which touch types this recognizer receives (A.2.3), as UIKit's `NSNumber`s of `UITouch.TouchType`.
    open var allowedTouchTypes: [NSNumber] {
        get {
            guard let devices = engine.allowedDevices else { return [0, 1, 2, 3].map { NSNumber(value: $0) } }
            return devices.compactMap { d -> Int? in
                switch d {
                case .touch, .synthetic: return UITouch.TouchType.direct.rawValue
                case .mouse: return UITouch.TouchType.indirectPointer.rawValue
                case .pen: return UITouch.TouchType.pencil.rawValue
                }
            }.sorted().map { NSNumber(value: $0) }
        }
        set {
            var devices: Set<InputDevice> = []
            for n in newValue {
                switch UITouch.TouchType(rawValue: n.intValue) {
                case .direct?: devices.formUnion([.touch, .synthetic])
                case .indirectPointer?, .indirect?: devices.insert(.mouse)
                case .pencil?: devices.insert(.pen)
                case nil: break
                }
            }
            engine.allowedDevices = devices
        }
    }

    /// Also the recognizer's id in the decision log, when set before it is attached to a view.
    open var name: String? {
        didSet {
            guard let name else { return }
            engine.id = name
            needsGeneratedName = false
        }
    }

    /// Made in code and not named: named after its class, numbered when a window has several
    /// (GestureLabTesting does that before input arrives). A scene's recognizers have its ids.
    package private(set) var needsGeneratedName = false

    package func giveGeneratedName(_ name: String) {
        engine.id = name
        needsGeneratedName = false
    }

    // MARK: Delegate (A.5)

    /// Weak, as UIKit's.
    open weak var delegate: UIGestureRecognizerDelegate? {
        didSet {
            if delegate == nil {
                engine.delegate = nil
                delegateBridge = nil
            } else if delegateBridge == nil {
                let bridge = DelegateBridge(owner: self)
                delegateBridge = bridge
                engine.delegate = bridge
            }
        }
    }

    /// Keeps `delegate` alive: for delegates a scene made, which nothing else holds.
    package func retainDelegate(_ d: UIGestureRecognizerDelegate) {
        delegate = d
        delegateBridge?.retained = d
    }

    // MARK: Relationships (A.3, A.4)

    /// This recognizer may leave possible only once `otherGestureRecognizer` has failed (A.4.2).
    open func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
        engine.require(toFail: otherGestureRecognizer.engine)
    }

    /// Subclass questions (A.3.4, A.4.1); the defaults are the engine recognizer's answers.
    open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool {
        engine.canPrevent(preventedGestureRecognizer.engine)
    }

    /// Whether `preventingGestureRecognizer`, recognizing, may prevent this one (A.3.4); true by default.
    open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool {
        engine.canBePrevented(by: preventingGestureRecognizer.engine)
    }

    /// Whether this recognizer waits for `otherGestureRecognizer` to fail (A.4.1); false by default.
    open func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        engine.shouldRequireFailure(of: otherGestureRecognizer.engine)
    }

    /// Whether `otherGestureRecognizer` waits for this one to fail (A.4.1); false by default.
    open func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        engine.shouldBeRequiredToFail(by: otherGestureRecognizer.engine)
    }

    // MARK: Target-action

    /// Records the pair. Selectors cannot be performed on Linux: the engine logs every action,
    /// and `addTarget(_:handler:)` runs Swift code on each.
    open func addTarget(_ target: Any, action: Selector) {
        targets.append((target as AnyObject, action))
    }

    /// Removes targets recorded with `addTarget(_:action:)` (nil matches any).
    open func removeTarget(_ target: Any?, action: Selector?) {
        targets.removeAll { (target == nil || $0.target === target as AnyObject) && (action == nil || $0.action == action) }
    }

    /// GestureLab's stand-in for a target's action method: `handler` runs whenever UIKit would
    /// send the action (A.1.2 to A.1.4).
    public final func addTarget(_ target: Any? = nil, handler: @escaping @MainActor (UIGestureRecognizer) -> Void) {
        // The target is not retained, as UIKit's are not; it names the code for timers it schedules.
        engine.addAction { [unowned self, weak target = target as AnyObject?] _ in
            DrivenCode.run(target ?? self, recognizer: engine) { handler(self) }
        }
    }

    nonisolated open override var description: String {
        "<\(Swift.type(of: self)) \(engine.id) state: \(engine.stateName)>"
    }
}

/// UIKit's older spelling.
public typealias UIGestureRecognizerState = UIGestureRecognizer.State
