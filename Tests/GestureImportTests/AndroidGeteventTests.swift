import Foundation
import GestureImport
import GestureTrace
import Testing

/// `getevent -lt` logs of a protocol B touchscreen, read as the kernel's multi-touch document
/// describes them: slots, tracking ids (ffffffff ends a contact), values sent only when they
/// change, frames closed by SYN_REPORT.
@Suite struct AndroidGeteventTests {
    static let density = 2.625

    func importer() throws -> AndroidGetevent {
        let listing = try String(contentsOfFile: ImportFixtures.path("pixel-getevent-p.txt"), encoding: .utf8)
        let (device, axes) = try AndroidGetevent.axes(fromDeviceListing: listing, path: "pixel-getevent-p.txt")
        return AndroidGetevent(axes: axes, density: Self.density, device: device)
    }

    @Test func theListingGivesTheTouchscreensAxesNotTheKeys() throws {
        let listing = try String(contentsOfFile: ImportFixtures.path("pixel-getevent-p.txt"), encoding: .utf8)
        let (device, axes) = try AndroidGetevent.axes(fromDeviceListing: listing, path: "p.txt")
        #expect(device == "/dev/input/event3")
        #expect(axes["ABS_MT_POSITION_X"] == .init(minimum: 0, maximum: 1079))
        #expect(axes["ABS_MT_POSITION_Y"] == .init(minimum: 0, maximum: 2399))
        #expect(axes["ABS_MT_PRESSURE"] == .init(minimum: 0, maximum: 255))
        // The labelled form (`getevent -lp`) reads the same.
        let labelled = "add device 1: /dev/input/event2\n  name: \"ts\"\n  events:\n    ABS (0003): ABS_MT_POSITION_X     : value 0, min 0, max 1439, fuzz 0, flat 0, resolution 0\n                ABS_MT_POSITION_Y     : value 0, min 0, max 3119, fuzz 0, flat 0, resolution 0\n"
        let (_, axes2) = try AndroidGetevent.axes(fromDeviceListing: labelled, path: "lp.txt")
        #expect(axes2["ABS_MT_POSITION_X"]?.maximum == 1439)
    }

    @Test func aTwoFingerPinchKeepsBothFingersTheirIdsAndTheirTimes() throws {
        let (header, events) = try importer().read(path: ImportFixtures.path("pinch-getevent-lt.txt"))
        #expect(try ImportFixtures.roundTrips(header, events))
        // Tracking ids 1201 and 1202 are the pointers; each goes down once and lifts once.
        #expect(Set(events.map(\.pointer)) == [1201, 1202])
        #expect(events.filter { $0.type == .down }.map(\.pointer) == [1201, 1202])
        #expect(events.filter { $0.type == .up }.map(\.pointer) == [1201, 1202])
        // The second finger's frame is 12 ms after the first; 30 frames of 8 ms follow.
        #expect(events[0].time == .zero)
        #expect(events[1].time == .milliseconds(12))
        let lastMove = events.last { $0.type == .move }!
        let lastMoveTime: Double = 12 + 30 * 8
        #expect(lastMove.time == .milliseconds(lastMoveTime))
        // Points are pixels / 2.625 (rounded to whole pixels in the log): 160 pt and 230 pt at the start.
        #expect(abs(events[0].x - 160) < 0.5 && abs(events[0].y - 422) < 0.5)
        #expect(abs(events[1].x - 230) < 0.5)
        let lastA = events.last { $0.pointer == 1201 && $0.type == .move }!
        #expect(abs(lastA.x - 100) < 0.5)
        // Y was sent for the second finger every fifth frame only: each slot kept its own in between.
        #expect(abs(lastA.y - 422) < 0.5)
        let lastB = events.last { $0.pointer == 1202 && $0.type == .move }!
        #expect(abs(lastB.y - 428) < 0.5 && abs(lastB.x - 290) < 0.5)
        // Pressure over the axis maximum; touch major and minor as the contact's size in points.
        #expect(abs((events[0].pressure ?? 0) - 60.0 / 255) < 1e-9)
        #expect(abs((events[0].contact?.width ?? 0) - 21 / Self.density) < 1e-9)
        #expect(abs((events[0].contact?.height ?? 0) - 18 / Self.density) < 1e-9)
        #expect(header.viewportWidth == (1080 / Self.density).rounded() && header.scale == Self.density)
        #expect(header.clockSource == "android-evdev")
    }

    @Test @MainActor func theImportedPinchReplaysAsAPinch() throws {
        let (_, events) = try importer().read(path: ImportFixtures.path("pinch-getevent-lt.txt"))
        let (states, scale) = try ImportFixtures.pinchStates(events)
        #expect(states.first == "began")
        #expect(states.last == "ended")
        // The fingers go from 70 pt apart to 190 pt apart.
        #expect(abs(scale - 190.0 / 70) < 0.05)
    }

    @Test func aNewContactInTheSameSlotWithinOneFrameIsALiftThenATouchDown() throws {
        let log = """
        [  1.000000] EV_ABS       ABS_MT_TRACKING_ID   00000005
        [  1.000000] EV_ABS       ABS_MT_POSITION_X    00000064
        [  1.000000] EV_ABS       ABS_MT_POSITION_Y    000000c8
        [  1.000000] EV_SYN       SYN_REPORT           00000000
        [  1.010000] EV_ABS       ABS_MT_TRACKING_ID   00000006
        [  1.010000] EV_SYN       SYN_REPORT           00000000
        [  1.020000] EV_ABS       ABS_MT_TRACKING_ID   ffffffff
        [  1.020000] EV_SYN       SYN_REPORT           00000000
        """
        let importer = AndroidGetevent(axes: ["ABS_MT_POSITION_X": .init(minimum: 0, maximum: 999), "ABS_MT_POSITION_Y": .init(minimum: 0, maximum: 999)], density: 1)
        let (_, events) = try importer.parse(log, path: "reuse.txt")
        #expect(events.map(\.type) == [.down, .up, .down, .up])
        #expect(events.map(\.pointer) == [5, 5, 6, 6])
        // The new contact starts where the slot's last values left it.
        #expect(events[2].x == 100 && events[2].y == 200)
        #expect(events[1].time == .milliseconds(10) && events[2].time == .milliseconds(10))
    }

    @Test func numericCodesReadLikeLabels() throws {
        // `getevent -t` without -l: types and codes in hexadecimal.
        let log = """
        [  2.000000] /dev/input/event3: 0003 0039 00000007
        [  2.000000] /dev/input/event3: 0003 0035 00000010
        [  2.000000] /dev/input/event3: 0003 0036 00000020
        [  2.000000] /dev/input/event3: 0001 014a 00000001
        [  2.000000] /dev/input/event3: 0000 0000 00000000
        [  2.050000] /dev/input/event3: 0003 0039 ffffffff
        [  2.050000] /dev/input/event3: 0000 0000 00000000
        """
        let importer = AndroidGetevent(axes: ["ABS_MT_POSITION_X": .init(minimum: 0, maximum: 99), "ABS_MT_POSITION_Y": .init(minimum: 0, maximum: 99)], density: 2)
        let (_, events) = try importer.parse(log, path: "raw.txt")
        #expect(events.map(\.type) == [.down, .up])
        #expect(events[0].x == 8 && events[0].y == 16)
        #expect(events[1].time == .milliseconds(50))
    }

    @Test func malformedLogsNameTheirLine() throws {
        let importer = AndroidGetevent(axes: ["ABS_MT_POSITION_X": .init(minimum: 0, maximum: 99), "ABS_MT_POSITION_Y": .init(minimum: 0, maximum: 99)], density: 1)
        let cases: [(String, Int, String)] = [
            ("[ 1.0] EV_ABS ABS_MT_TRACKING_ID 00000001\n[ 1.0] EV_ABS ABS_MT_POSITION_X zz\n", 2, "not a hexadecimal value"),
            ("[ 1.0] EV_ABS ABS_MT_TRACKING_ID 00000001\n[ 1.0] EV_SYN SYN_REPORT 00000000\n", 2, "has no position"),
            ("[ 1.0] EV_ABS ABS_MT_POSITION_X 00000001\n[ 1.0] EV_SYN SYN_MT_REPORT 00000000\n", 2, "protocol A"),
            ("[ 1.0] EV_SYN SYN_DROPPED 00000000\n", 1, "SYN_DROPPED"),
            ("hello\n", 1, "not a getevent -lt line"),
            ("[ 2.0] EV_SYN SYN_REPORT 00000000\n[ 1.0] EV_SYN SYN_REPORT 00000000\n", 2, "backwards"),
            ("/dev/input/event1: EV_SYN SYN_REPORT 00000000\n", 1, "not a getevent -lt line"),
        ]
        for (log, line, words) in cases {
            #expect {
                _ = try importer.parse(log, path: "bad.txt")
            } throws: { error in
                let p = error as! ImportProblem
                return p.line == line && p.message.contains(words) && p.description.hasPrefix("bad.txt:\(line): ")
            }
        }
        #expect(throws: ImportProblem.self) { _ = try importer.parse("add device 1: /dev/input/event1\n", path: "empty.txt") }
    }
}
