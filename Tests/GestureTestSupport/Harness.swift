import GestureEngine
import GestureTrace

/// Drives an environment by hand in tests: touches at chosen times, then questions about what
/// the decision log says happened.
public final class Harness {
    public let window: View
    public let env: GestureEnvironment

    public init(width: Double = 400, height: Double = 800, options: EngineOptions = EngineOptions()) {
        window = View(id: "window", frame: Rect(x: 0, y: 0, width: width, height: height))
        env = GestureEnvironment(window: window, options: options)
    }

    @discardableResult
    public func view(_ id: String, _ frame: Rect, in parent: View? = nil, control: Bool = false) -> View {
        let v = control ? ControlView(id: id, frame: frame) : View(id: id, frame: frame)
        (parent ?? window).addSubview(v)
        return v
    }

    func event(_ type: TouchEventType, _ pointer: Int, _ x: Double, _ y: Double, _ t: Double) -> TraceEvent {
        TraceEvent(time: .milliseconds(t), type: type, pointer: pointer, x: x, y: y, device: .touch)
    }

    public func down(_ p: Int = 1, _ x: Double, _ y: Double, at t: Double) { env.feed(event(.down, p, x, y, t)) }
    public func move(_ p: Int = 1, _ x: Double, _ y: Double, at t: Double) { env.feed(event(.move, p, x, y, t)) }
    public func up(_ p: Int = 1, _ x: Double, _ y: Double, at t: Double) { env.feed(event(.up, p, x, y, t)) }
    public func cancel(_ p: Int = 1, _ x: Double, _ y: Double, at t: Double) { env.feed(event(.cancel, p, x, y, t)) }
    /// Several pointers changing in one event (multi-touch).
    public func batch(_ events: [(TouchEventType, Int, Double, Double)], at t: Double) {
        env.feed(batch: events.map { event($0.0, $0.1, $0.2, $0.3, t) })
    }
    public func advance(to t: Double) { env.advance(to: .milliseconds(t)) }
    public func finish() { env.finish() }

    /// A drag from a to b in `steps` moves over `duration` ms, starting at `t`.
    public func drag(_ p: Int = 1, from a: (Double, Double), to b: (Double, Double), at t: Double, duration: Double, steps: Int = 10, lift: Bool = true) {
        down(p, a.0, a.1, at: t)
        for i in 1...steps {
            let u = Double(i) / Double(steps)
            move(p, a.0 + (b.0 - a.0) * u, a.1 + (b.1 - a.1) * u, at: t + duration * u)
        }
        if lift { up(p, b.0, b.1, at: t + duration) }
    }

    public func tap(_ x: Double, _ y: Double, at t: Double, hold: Double = 50, pointer p: Int = 1) {
        down(p, x, y, at: t)
        up(p, x, y, at: t + hold)
    }

    public var entries: [LogEntry] { env.log.entries }

    /// The published states a recognizer went to, in order ("began", "changed", "recognized", ...).
    public func states(_ id: String) -> [String] {
        entries.filter { $0.kind == .transition && $0.recognizer == id }.compactMap(\.to)
    }

    /// States without repeated "changed".
    public func path(_ id: String) -> [String] {
        var out: [String] = []
        for s in states(id) where !(s == "changed" && out.last == "changed") { out.append(s) }
        return out
    }

    public func actions(_ id: String) -> [String] {
        entries.filter { $0.kind == .action && $0.recognizer == id }.compactMap(\.to)
    }

    /// The phases a view received; with `markers`, also "held-began", "held-ended" and "dropped".
    public func viewPhases(_ id: String, markers: Bool = false) -> [String] {
        entries.compactMap { e -> String? in
            guard e.view == id else { return nil }
            switch e.kind {
            case .view: return e.phase
            case .hold: return markers ? "held-" + (e.phase ?? "") : nil
            case .drop: return markers ? "dropped" : nil
            default: return nil
            }
        }
    }

    /// The last transition of a recognizer (its fate) with its cause.
    public func last(_ id: String) -> LogEntry? {
        entries.last { $0.kind == .transition && $0.recognizer == id }
    }

    public func time(of id: String, to state: String) -> Double? {
        entries.first { $0.kind == .transition && $0.recognizer == id && $0.to == state }?.time.milliseconds
    }
}

/// A recognizer that does exactly what a test tells it, to test the engine's rules in isolation.
public final class ScriptedRecognizer: GestureRecognizer {
    public var discrete: Bool
    public var onBegan: ((ScriptedRecognizer, [Touch]) -> Void)?
    public var onMoved: ((ScriptedRecognizer, [Touch]) -> Void)?
    public var onEnded: ((ScriptedRecognizer, [Touch]) -> Void)?
    public var received: [String] = []
    public var resets = 0

    public init(_ id: String, discrete: Bool = false) {
        self.discrete = discrete
        super.init(id: id)
    }

    public override var isDiscrete: Bool { discrete }
    public override var typeName: String { "scripted" }

    public override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        received.append(contentsOf: touches.map { "began \($0.pointer)" })
        onBegan?(self, touches)
    }
    public override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        received.append(contentsOf: touches.map { "moved \($0.pointer)" })
        onMoved?(self, touches)
    }
    public override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        received.append(contentsOf: touches.map { "ended \($0.pointer)" })
        onEnded?(self, touches)
    }
    public override func reset() { resets += 1 }
}

/// A delegate whose answers are set per test.
public final class TestDelegate: GestureRecognizerDelegate {
    public var shouldBegin = true
    public var receive: (Touch) -> Bool = { _ in true }
    public var simultaneousWith: Set<String> = []
    public var requireFailureOf: Set<String> = []
    public var beRequiredToFailBy: Set<String> = []
    public var shouldBeginAsked = 0

    public init() {}

    public func gestureRecognizerShouldBegin(_ r: GestureRecognizer) -> Bool { shouldBeginAsked += 1; return shouldBegin }
    public func gestureRecognizer(_ r: GestureRecognizer, shouldReceive touch: Touch) -> Bool { receive(touch) }
    public func gestureRecognizer(_ r: GestureRecognizer, shouldRecognizeSimultaneouslyWith o: GestureRecognizer) -> Bool { simultaneousWith.contains(o.id) }
    public func gestureRecognizer(_ r: GestureRecognizer, shouldRequireFailureOf o: GestureRecognizer) -> Bool { requireFailureOf.contains(o.id) }
    public func gestureRecognizer(_ r: GestureRecognizer, shouldBeRequiredToFailBy o: GestureRecognizer) -> Bool { beRequiredToFailBy.contains(o.id) }
}
