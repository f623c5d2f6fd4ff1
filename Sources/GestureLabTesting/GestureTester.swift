import Foundation
import GestureEngine
import GestureLabUIKit
import GestureLabUIKitScenes
import GestureScenes
import GestureSynth
import GestureTrace

/// Drives a view hierarchy with synthesized or recorded touches, on a virtual clock, and reads
/// what its recognizers did: the way Flutter's `WidgetTester` drives widgets.
///
///     @MainActor @Test func swipeBeatsTap() throws {
///         let tester = GestureTester()
///         let card = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
///         tester.window.addSubview(card)
///         let swipe = UISwipeGestureRecognizer(), tap = UITapGestureRecognizer()
///         card.addGestureRecognizer(swipe)
///         card.addGestureRecognizer(tap)
///         tester.fling(from: CGPoint(x: 40, y: 150), to: CGPoint(x: 260, y: 150))
///         try tester.expectRecognized(swipe)
///         try tester.expectNotRecognized(tap)   // a failure message explains why it did
///     }
///
/// Input is in the window's points; each gesture starts where the previous one ended on the
/// clock (`wait(_:)` leaves a gap). Assertions throw `GestureExpectationFailure`, which Swift
/// Testing and XCTest both report with its text. Main-actor isolated, as UIKit's objects are.
@preconcurrency @MainActor
public final class GestureTester {
    /// The root of the hierarchy: add views to it, or find a scene's views in it.
    public let window: UIWindow
    nonisolated(unsafe) let environment: GestureEnvironment
    /// A scene's live objects, when the tester was made from one (it owns the hierarchy).
    private let scene: BuiltScene?
    /// Milliseconds on the virtual clock where the next gesture starts.
    private(set) var clockMs: Double = 0
    private var events: [TraceEvent] = []

    /// An empty window of `size` points, for hierarchies built in code.
    public init(windowSize: CGSize = CGSize(width: 390, height: 844)) {
        window = UIWindow(frame: CGRect(origin: .zero, size: windowSize))
        window.accessibilityIdentifier = "window"
        environment = GestureEnvironment(window: window.engineView)
        scene = nil
    }

    /// A scene file's hierarchy, with UIKit-style recognizer types and delegates it names.
    public convenience init(scenePath: String, recognizers: [String: @MainActor () -> UIGestureRecognizer] = [:],
                            delegates: [String: @MainActor () -> UIGestureRecognizerDelegate] = [:],
                            parameters: [String: [GestureParameter]] = [:], views: [String: SceneViewClass] = [:]) throws {
        try self.init(scene: SceneLoader.load(path: scenePath), recognizers: recognizers, delegates: delegates, parameters: parameters, views: views)
    }

    /// The same, from a scene's text (`file` names it in error messages).
    public convenience init(sceneText: String, file: String = "scene.yaml", recognizers: [String: @MainActor () -> UIGestureRecognizer] = [:],
                            delegates: [String: @MainActor () -> UIGestureRecognizerDelegate] = [:],
                            parameters: [String: [GestureParameter]] = [:], views: [String: SceneViewClass] = [:]) throws {
        try self.init(scene: SceneLoader.parse(sceneText, file: file), recognizers: recognizers, delegates: delegates, parameters: parameters, views: views)
    }

    /// A scene file's hierarchy, with factories of any closure type (a Swift 5 test's plain or
    /// `@MainActor` closures, closures typed by the class they make): taken as they are, since
    /// converting a dictionary of closures to another closure type crashes at run time. A value
    /// that is not a closure making a recognizer or delegate throws, naming it.
    public convenience init<Recognizer, Delegate>(scenePath: String, recognizers: [String: Recognizer], delegates: [String: Delegate],
                                                  parameters: [String: [GestureParameter]] = [:], views: [String: SceneViewClass] = [:]) throws {
        try self.init(scene: SceneLoader.load(path: scenePath), anyRecognizers: recognizers, anyDelegates: delegates, parameters: parameters, views: views)
    }

    /// The same without delegates.
    public convenience init<Recognizer>(scenePath: String, recognizers: [String: Recognizer],
                                        parameters: [String: [GestureParameter]] = [:], views: [String: SceneViewClass] = [:]) throws {
        try self.init(scene: SceneLoader.load(path: scenePath), anyRecognizers: recognizers, anyDelegates: [String: () -> UIGestureRecognizerDelegate](),
                      parameters: parameters, views: views)
    }

    /// The same, from a scene's text.
    public convenience init<Recognizer, Delegate>(sceneText: String, file: String = "scene.yaml", recognizers: [String: Recognizer], delegates: [String: Delegate],
                                                  parameters: [String: [GestureParameter]] = [:], views: [String: SceneViewClass] = [:]) throws {
        try self.init(scene: SceneLoader.parse(sceneText, file: file), anyRecognizers: recognizers, anyDelegates: delegates, parameters: parameters, views: views)
    }

    /// The same from a scene's text, without delegates.
    public convenience init<Recognizer>(sceneText: String, file: String = "scene.yaml", recognizers: [String: Recognizer],
                                        parameters: [String: [GestureParameter]] = [:], views: [String: SceneViewClass] = [:]) throws {
        try self.init(scene: SceneLoader.parse(sceneText, file: file), anyRecognizers: recognizers, anyDelegates: [String: () -> UIGestureRecognizerDelegate](),
                      parameters: parameters, views: views)
    }

    convenience init<Recognizer, Delegate>(scene doc: SceneDocument, anyRecognizers: [String: Recognizer], anyDelegates: [String: Delegate],
                                           parameters: [String: [GestureParameter]], views: [String: SceneViewClass]) throws {
        try self.init(scene: doc, recognizers: FactoryClosures.factories(anyRecognizers, of: "the recognizer", FactoryClosures.recognizer).get(),
                      delegates: FactoryClosures.factories(anyDelegates, of: "the delegate", FactoryClosures.delegate).get(),
                      parameters: parameters, views: views)
    }

    init(scene doc: SceneDocument, recognizers: [String: @MainActor () -> UIGestureRecognizer],
         delegates: [String: @MainActor () -> UIGestureRecognizerDelegate],
         parameters: [String: [GestureParameter]] = [:], views: [String: SceneViewClass] = [:]) throws {
        let built = try SceneBuilder.build(doc, registry: .withUIKit(recognizers: recognizers, delegates: delegates, parameters: parameters, views: views))
        scene = built
        environment = built.environment
        window = unsafeDowncast(UIView.face(of: built.window), to: UIWindow.self)
    }

    deinit {
        // The environment's event and touches hold their UIKit faces, which hold them back.
        environment.releaseCompanions()
    }

    /// The scene's view with this id, or a view in code named so by `accessibilityIdentifier`.
    public func view(_ id: String) -> UIView? {
        window.engineView.find(id).map(UIView.face(of:))
    }

    /// The recognizer with this id (a scene's id, or the `name` of one made in code).
    public func recognizer(_ id: String) -> UIGestureRecognizer? {
        nameUnnamedObjects()
        return environment.recognizer(id).map(UIGestureRecognizer.face(of:))
    }

    // MARK: Input

    /// Feeds trace events (times in ms from the tester's start), batching those of one moment
    /// into one UIKit event as replays do.
    func feed(_ list: [TraceEvent]) {
        nameUnnamedObjects()
        environment.feed(events: list)
        events += list
        if let last = list.last { clockMs = max(clockMs, last.time.milliseconds) }
    }

    /// Builds a gesture starting now on the clock and feeds it.
    func perform(_ build: (inout StrokeBuilder) -> Void) {
        var b = StrokeBuilder()
        b.time = clockMs
        build(&b)
        // Fingers of one gesture are built one after another; the screen interleaves them.
        let ordered = b.events.enumerated().sorted { ($0.element.time.microseconds, $0.offset) < ($1.element.time.microseconds, $1.offset) }
        feed(ordered.map(\.element))
        clockMs = max(clockMs, b.time)
    }

    /// Lets `seconds` of virtual time pass: timers due in it fire (a tap waiting on a double
    /// tap, a long press).
    public func wait(_ seconds: TimeInterval) {
        clockMs += seconds * 1000
        environment.advance(to: .milliseconds(clockMs))
    }

    /// Runs every timer still pending, as a replay does at the end of its trace.
    public func finish() { environment.finish() }

    /// Replays a trace file from the tester's current time.
    public func replay(tracePath: String) throws {
        let reader = try TraceReader(path: tracePath)
        var list: [TraceEvent] = []
        var base: Double?
        while var e = try reader.nextEvent() {
            let t = e.time.milliseconds
            if base == nil { base = t }
            e.time = .milliseconds(clockMs + t - base!)
            list.append(e)
        }
        feed(list)
    }

    /// The input fed so far, as a trace's events (to save with `TraceWriter` and replay later).
    public var inputEvents: [TraceEvent] { events }

    /// Objects made in code without a name are named after their class before input arrives,
    /// numbered when there are several of a class: the names the log and the messages use.
    private func nameUnnamedObjects() {
        let views = window.engineView.subtree
        let unnamedViews = views.compactMap { ($0.companion.object as? UIView).flatMap { $0.needsGeneratedName ? $0 : nil } }
        let recognizers = views.flatMap(\.gestureRecognizers)
        let unnamedRecognizers = recognizers.compactMap { ($0.companion.object as? UIGestureRecognizer).flatMap { $0.needsGeneratedName ? $0 : nil } }
        guard !unnamedViews.isEmpty || !unnamedRecognizers.isEmpty else { return }
        var viewIDs = Set(views.map(\.id)).subtracting(unnamedViews.map(\.engineView.id))
        for v in unnamedViews { v.giveGeneratedName(Self.unique(v.engineView.id, in: &viewIDs)) }
        var recognizerIDs = Set(recognizers.map(\.id)).subtracting(unnamedRecognizers.map(\.engine.id))
        for r in unnamedRecognizers { r.giveGeneratedName(Self.unique(r.engine.id, in: &recognizerIDs)) }
    }

    private static func unique(_ base: String, in taken: inout Set<String>) -> String {
        var name = base, n = 1
        while taken.contains(name) {
            n += 1
            name = "\(base)#\(n)"
        }
        taken.insert(name)
        return name
    }
}
