import Foundation
import GestureImport
import GestureTrace
import Testing

/// W3C Pointer Events logs: each event's own timeStamp and pointerId kept, coalesced samples
/// each a move, hover and boundary events passed over, CSS pixels mapped to points.
@Suite struct PointerEventsImportTests {
    @Test func aBrowserLoggedPinchKeepsItsPointersAndEverySample() throws {
        let (header, events) = try PointerEvents.read(path: ImportFixtures.path("pinch-pointer-events.json"), viewport: (390, 844))
        #expect(try ImportFixtures.roundTrips(header, events))
        #expect(events.filter { $0.type == .down }.map(\.pointer) == [2, 3])
        #expect(events.filter { $0.type == .up }.map(\.pointer) == [2, 3])
        // 20 moves of each finger, each with two coalesced samples: 80 move events.
        #expect(events.filter { $0.type == .move }.count == 80)
        // Time zero is the first pointerdown (the pointerover before it is passed over).
        #expect(events[0].time == .zero && events[1].time == .milliseconds(9))
        // The first coalesced sample of the first move is 4.15 ms before the event's own time.
        let firstMove = events.first { $0.type == .move }!
        #expect(firstMove.time == .milliseconds(9 + 16.6 - 4.15))
        #expect(firstMove.x == 158.5)
        // Pressure 0.5 (a press that reports none) is UIKit's average, 1; width and height are the contact.
        #expect(events[0].pressure == 1 && events[0].contact == ContactSize(width: 22.5, height: 20))
        #expect(events[0].device == .touch && header.devices == [.touch])
        #expect(header.viewportWidth == 390 && header.clockSource == "pointer-events")
    }

    @Test @MainActor func theImportedPinchReplaysAsAPinch() throws {
        let (_, events) = try PointerEvents.read(path: ImportFixtures.path("pinch-pointer-events.json"))
        let (states, scale) = try ImportFixtures.pinchStates(events)
        #expect(states.first == "began" && states.last == "ended")
        #expect(abs(scale - 190.0 / 70) < 0.05)
    }

    @Test func scaleAndOriginMapCSSPixelsToPoints() throws {
        let log = """
        {"type":"pointermove","pointerId":1,"pointerType":"mouse","timeStamp":5,"clientX":1,"clientY":1}
        {"type":"pointerdown","pointerId":1,"pointerType":"mouse","timeStamp":10,"clientX":120,"clientY":240,"pressure":0.5}
        {"type":"pointerup","pointerId":1,"pointerType":"mouse","timeStamp":60.5,"clientX":120,"clientY":240}
        """
        let (header, events) = try PointerEvents.parse(Array(log.utf8), path: "mouse.jsonl", mapping: .init(originX: 20, originY: 40, cssPixelsPerPoint: 2))
        // The hover move before any button is passed over.
        #expect(events.map(\.type) == [.down, .up])
        #expect(events[0].x == 50 && events[0].y == 100)
        #expect(events[1].time == .milliseconds(50.5))
        // A mouse has no pressure and no contact size.
        #expect(events[0].pressure == nil && events[0].contact == nil && events[0].device == .mouse)
        #expect(header.devices == [.mouse] && header.scale == 2)
    }

    @Test func malformedLogsNameTheirLine() {
        let cases: [(String, Int, String)] = [
            ("[\n{\"type\":\"pointerdown\",\"pointerId\":1,\"timeStamp\":0,\"clientX\":1,\"clientY\":1},\n{\"type\":\"pointerdown\",\"pointerId\":1,\"timeStamp\":1,\"clientX\":1,\"clientY\":1}\n]", 3, "already down"),
            ("[\n{\"type\":\"pointerup\",\"pointerId\":4,\"timeStamp\":0,\"clientX\":1,\"clientY\":1}\n]", 2, "not down"),
            ("{\"type\":\"pointerdown\",\"pointerId\":1,\"timeStamp\":0,\"clientX\":\"a\",\"clientY\":1}\n", 1, "\"clientX\" must be a number"),
            ("{\"type\":\"pointerdown\",\"pointerId\":1,\"timeStamp\":0,\"clientX\":1,\"clientY\":1}\n{\"type\":\"click\"}\n", 2, "unknown event type"),
            ("[\n{\"type\":\"pointerdown\",\n\"pointerId\":1,,}\n]", 3, "column"),
            ("{\"type\":\"pointerdown\",\"pointerId\":1.5,\"timeStamp\":0,\"clientX\":1,\"clientY\":1}\n", 1, "whole number"),
            // Values the trace reader would refuse are refused here, so no import writes a bad trace.
            ("{\"type\":\"pointerdown\",\"pointerId\":1,\"timeStamp\":0,\"clientX\":1e300,\"clientY\":1}\n", 1, "beyond any screen"),
            ("{\"type\":\"pointerdown\",\"pointerId\":1,\"timeStamp\":0,\"clientX\":1,\"clientY\":1}\n{\"type\":\"pointermove\",\"pointerId\":1,\"timeStamp\":1e15,\"clientX\":1,\"clientY\":1}\n", 2, "beyond any recording"),
            ("{\"type\":\"pointerdown\",\"pointerId\":1,\"timeStamp\":0,\"clientX\":1,\"clientY\":1,\"pressure\":-1}\n", 1, "pressure must not be negative"),
            ("{\"type\":\"pointerdown\",\"pointerId\":1,\"timeStamp\":0,\"clientX\":1,\"clientY\":1,\"width\":-3,\"height\":2}\n", 1, "width -3.0 must be 0 or more"),
        ]
        for (log, line, words) in cases {
            #expect {
                _ = try PointerEvents.parse(Array(log.utf8), path: "bad.json")
            } throws: { error in
                let p = error as! ImportProblem
                return p.line == line && p.message.contains(words)
            }
        }
        #expect(throws: ImportProblem.self) { _ = try PointerEvents.parse(Array("[]".utf8), path: "empty.json") }
    }
}
