import Foundation
import GestureImport
import GestureTrace
import Testing

/// The $1 log reader on small logs written here from the format's description (the data set
/// README), so these run without the data set.
@Suite("$1 gesture log reader")
struct DollarXMLReaderTests {
    let check = """
        \u{FEFF}<?xml version="1.0" encoding="utf-8" standalone="yes"?>
        <Gesture Name="check03" Subject="2" Speed="medium" Number="3" NumPts="3" Millseconds="130">
          <Point X="81" Y="200" T="11584204" />
          <Point X="86" Y="210" T="11584269" />
          <Point X="120" Y="150" T="11584334" />
        </Gesture>
        """

    @Test("Class, subject, speed, repetition and timing are kept; times start at the first point")
    func reader() throws {
        let g = try DollarXMLReader.parse(check, path: "check03.xml")
        #expect(g.gestureClass == "check" && g.subject == "2" && g.speed == "medium" && g.repetition == 3)
        #expect(g.points.count == 3 && g.points[0].x == 81 && g.points[0].y == 200)
        let (header, events) = g.trace()
        #expect(header.labels["class"] == "check" && header.labels["subject"] == "2")
        // Every sample is a place the pen was: the last one is a move too, and the lift follows
        // at the same moment and place (a recognizer judging each step sees the final step).
        #expect(events.map(\.type) == [.down, .move, .move, .up])
        #expect(events.map(\.time.milliseconds) == [0, 65, 130, 130])
        #expect(events[3].x == 120 && events[3].y == 150)
        #expect(header.origin == "imported by `gesturelab import dollar-xml` from check03.xml", "no absolute path")
        #expect(g.trace(source: "s02/medium/check03.xml").0.origin?.hasSuffix("from s02/medium/check03.xml") == true)
    }

    @Test("XML as XML: comments, CDATA, character references, single quotes and any attribute order")
    func realXML() throws {
        let text = """
            <?xml version="1.0"?>
            <!-- logged by the study's Pocket PC -->
            <Gesture Speed='fast' Subject="1&#48;" Name="v&#x30;7">
              <![CDATA[ <Point X="1" Y="1" T="1" /> is not a point ]]>
              <Point T="5" Y="20" X='10'/>
              <!-- <Point X="0" Y="0" T="0" /> -->
              <Point X="30" T="25" Y="40"></Point>
            </Gesture>
            """
        let g = try DollarXMLReader.parse(text, path: "v07.xml")
        #expect(g.gestureClass == "v" && g.repetition == 7 && g.subject == "10" && g.speed == "fast")
        #expect(g.points.map(\.x) == [10, 30] && g.points.map(\.t) == [5, 25])
    }

    @Test("Malformed logs are refused with the file, the line and the reason", arguments: [
        ("<Gesture Name=\"x1\">\n  <Point X=\"1\" Y=\"2\" T=\"3\">\n</Gesture>", 3, "not well-formed XML"),
        ("<Gesture Name=\"x1\">\n  <Point X=\"1\" Y=\"2\" T=\"1e23\" />\n</Gesture>", 2, "is not a millisecond clock reading"),
        ("<Gesture Name=\"x1\">\n  <Point X=\"1\" Y=\"2\" T=\"5\" />\n  <Point X=\"1\" Y=\"2\" T=\"2e12\" />\n</Gesture>", 3, "beyond any recording"),
        ("<Gesture Name=\"x1\">\n\n  <Point X=\"nan\" Y=\"2\" T=\"3\" />\n</Gesture>", 3, "beyond any screen"),
        ("<Gesture Name=\"x1\">\n  <Point X=\"a\" Y=\"2\" T=\"3\" />\n</Gesture>", 2, "lacks a numeric X, Y or T"),
        ("<Gesture>\n  <Point X=\"1\" Y=\"2\" T=\"3\" />\n</Gesture>", 1, "has no Name"),
        ("<Gesture Name=\"x1\">\n</Gesture>", 1, "has no points"),
    ])
    func malformed(text: String, line: Int, message: String) {
        #expect {
            try DollarXMLReader.parse(text, path: "bad.xml")
        } throws: { error in
            let p = error as! DollarXMLReader.Problem
            return p.line == line && p.message.contains(message) && p.description.hasPrefix("bad.xml:\(line): ")
        }
    }

    @Test("Not a gesture log at all")
    func notALog() {
        #expect(throws: DollarXMLReader.Problem.self) { try DollarXMLReader.parse("<html></html>", path: "x.xml") }
        #expect(throws: DollarXMLReader.Problem.self) { try DollarXMLReader.parse("\u{0}\u{1}binary", path: "x.xml") }
    }

    @Test("An entity that expands a billion times is refused, not expanded")
    func entityBomb() {
        var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE g [\n<!ENTITY a \"aaaaaaaaaa\">\n"
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i", "j"] {
            text += "<!ENTITY \(name) \"" + String(repeating: "&\(previous);", count: 10) + "\">\n"
            previous = name
        }
        text += "]>\n<Gesture Name=\"&j;1\"><Point X=\"1\" Y=\"1\" T=\"1\"/></Gesture>"
        let started = ContinuousClock.now
        let result = Result { try DollarXMLReader.parse(text, path: "bomb.xml") }
        #expect(ContinuousClock.now - started < .seconds(20), "no hang")
        if case let .success(g) = result { #expect(g.gestureClass.count < 10_000_000, "not expanded") }
    }

    @Test("Files over 10 MB (libxml2's single-chunk limit) are read whole")
    func large() throws {
        var text = "<Gesture Name=\"long1\">\n"
        text.reserveCapacity(12_000_000)
        for i in 0..<300_000 { text += "<Point X=\"\(i % 200)\" Y=\"\(i % 300)\" T=\"\(i * 10)\" />\n" }
        text += "</Gesture>\n"
        #expect(text.utf8.count > 10_000_000)
        let g = try DollarXMLReader.parse(text, path: "long.xml")
        #expect(g.points.count == 300_000 && g.points.last?.t == 2_999_990)
    }
}
