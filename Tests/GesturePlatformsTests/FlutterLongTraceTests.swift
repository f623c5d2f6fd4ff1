import GestureEngine
@testable import GesturePlatforms
import GestureScenes
import GestureTrace
import Testing

/// What Flutter's binding and drag keep per pointer must not grow with the trace: a long
/// recording goes through the same few entries, and every answer stays what Flutter's own
/// structures give (an arena decided after its pointer lifted still names that pointer's touch;
/// the velocity is fitted to the newest 20 samples, `velocity_tracker.dart`).
@Suite("Flutter's per-pointer state over long traces")
struct FlutterLongTraceTests {
    typealias S = Strokes

    /// A tap and a double tap on one card (`FlutterReplayTests`' scene).
    static let tapAndDoubleTap = FlutterReplayTests.tapAndDoubleTap

    /// 40 lone taps (each arena held by the double tap and decided 300 ms after its lift),
    /// then a double tap; the trace's ids are not Flutter's pointer numbers (1, 2, 3, ...).
    static func events() -> [TraceEvent] {
        var parts: [[TraceEvent]] = []
        for i in 0..<40 { parts.append(S.tap(150, 150, id: 5 + i % 3, down: Double(i) * 1000, up: Double(i) * 1000 + 60)) }
        parts.append(S.tap(150, 150, id: 70, down: 50_000, up: 50_060))
        parts.append(S.tap(152, 151, id: 71, down: 50_200, up: 50_260))
        return parts.flatMap { $0 }
    }

    @Test("Every arena row names the touch whose down made its Flutter pointer, the held ones decided after the lift included")
    func arenaRowsNameTheirTouches() throws {
        let events = Self.events()
        let downs = events.filter { $0.type == .down }.map(\.pointer)
        let run = try PlatformRun(.flutter, scene: Self.tapAndDoubleTap, events)
        let arenaRows = run.log.entries.filter { $0.kind == .note && $0.cause.text.hasPrefix("arena for touch ") }
        #expect(arenaRows.count == downs.count)
        for row in arenaRows {
            let words = row.cause.text.split(separator: " ")
            // "arena for touch T (Flutter pointer P): ..."
            let touch = Int(words[3]), pointer = Int(words[6].dropLast(2))
            #expect(touch != nil && pointer != nil && touch == downs[pointer! - 1], "\(row.cause.text)")
        }
        // The double tap's first arena is held past the second down and decided at its lift.
        #expect(run.log.entries.contains { $0.kind == .note && $0.cause.text.hasPrefix("arena for touch 70 (Flutter pointer 41)") && $0.time == .milliseconds(50_260) })
    }

    @Test("The binding forgets a pointer once it lifted and its arena is decided: a handful remembered after 40 taps, not 40")
    func pointersAreForgotten() throws {
        let doc = try SceneLoader.parse(Self.tapAndDoubleTap, file: "test.yaml")
        let built = try FlutterSceneBuilder.build(doc)
        var most = 0
        for e in Self.events() {
            built.binding.handle(e)
            most = max(most, built.binding.pointersRemembered)
        }
        built.binding.finish()
        // At a down: the pointer going down, and the one before it while its arena is held.
        #expect(most <= 2)
    }

    @Test("A drag's velocity is fitted to its newest 20 samples: 20 moves at 1000 px/s after 20 slow ones give 1000 px/s")
    func velocityFromTheNewestSamples() {
        var tracker = FlutterVelocityTracker()
        var x = 50.0
        tracker.add(.milliseconds(0), Point(x: x, y: 100))
        // 20 slow moves (50 px/s), then 20 at 4 px every 4 ms: the newest 20 samples span 76 ms,
        // inside the 100 ms horizon, and lie on one line.
        for i in 1...20 {
            x += 0.2
            tracker.add(.milliseconds(Double(i) * 4), Point(x: x, y: 100))
        }
        for i in 21...40 {
            x += 4
            tracker.add(.milliseconds(Double(i) * 4), Point(x: x, y: 100))
        }
        let v = tracker.velocity
        #expect(abs(v.dx - 1000) < 1e-6 && abs(v.dy) < 1e-6, "\(v)")
        // With the slow samples in the fit (a list that kept them), the line would not pass.
        var all = FlutterVelocityTracker()
        all.add(.milliseconds(0), Point(x: 50, y: 100))
        for i in 1...18 { all.add(.milliseconds(Double(i) * 4), Point(x: 50 + Double(i) * 0.2, y: 100)) }
        for i in 19...20 { all.add(.milliseconds(Double(i) * 4), Point(x: 53.6 + Double(i - 18) * 4, y: 100)) }
        #expect(abs(all.velocity.dx - 1000) > 1)
    }
}
