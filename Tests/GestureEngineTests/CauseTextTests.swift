@testable import GestureEngine
import GestureTrace
import Testing

@Suite("Cause texts kept as templates")
struct CauseTextTests {
    /// What the engine wrote before causes were templates: the same interpolations, as Strings.
    static func old(_ pointer: Int, _ x: Double, _ y: Double) -> String {
        "touch \(pointer) moves to \(Point(x: x, y: y))"
    }

    static let awkwardNumbers: [Double] = [0, -0.0, 0.04, 0.05, -0.05, 0.0004, 0.0005, -0.0005, 1, -1, 9.95, 10.05, 123.456789,
                                           -987654.3219, 1e15, -1e15, 8.9e17, 1e19, -1e300, .infinity, -.infinity, .nan,
                                           .leastNonzeroMagnitude, 0.1 + 0.2, 2.675, 1.005]

    @Test("A template reads exactly as the String it replaced, for awkward numbers too")
    func sameText() {
        for x in Self.awkwardNumbers {
            for y in [0.0, -3.25, 1e19] {
                let t = CauseText("touch %d moves to (%1, %1)", 7, x, y)
                #expect(t.description == Self.old(7, x, y), "\(x), \(y)")
            }
            #expect(CauseText("scale %3", x).description == "scale \(NumberFormat.precise(x))")
            #expect(CauseText("rotation %3 rad", x).description == "rotation \(NumberFormat.precise(x)) rad")
            #expect(CauseText("translation (%1, %1)", x, -x).description == "translation \(Vector(dx: x, dy: -x))")
        }
        #expect(CauseText("%s %s", "pan", "changed").description == "pan changed")
        #expect(CauseText("touch %d began", 12).description == "touch 12 began")
        #expect(CauseText("100%% of %s, %d left", "it", numbers: 3).description == "100% of it, 3 left")
        #expect(CauseText("ends with %").description == "ends with %")
        #expect(CauseText("a plain text with %d in it").description == "a plain text with %d in it")
    }

    @Test("Emptiness is known without formatting; equality is by text")
    func emptinessAndEquality() {
        #expect(CauseText("").isEmpty)
        #expect(!CauseText("x").isEmpty)
        #expect(!CauseText("%d", 0).isEmpty)
        #expect(CauseText("touch %d began", 3) == CauseText("touch 3 began"))
        #expect(CauseText("touch %d began", 3) != CauseText("touch 4 began"))
        var cause = Cause(.input, CauseText("touch %d moved", 2))
        #expect(cause.text == "touch 2 moved")
        cause.text = "changed"
        #expect(cause.message == CauseText("changed"))
    }

    @Test("As JSON: quoted in place when nothing needs escaping, refused (and nothing written) when something does")
    func json() {
        let buffer = OutputBytes(capacity: 8)
        #expect(CauseText("touch %d lifts at (%1, %1)", 4, 1.25, -2).appendJSONString(to: buffer))
        #expect(String(decoding: buffer.array, as: UTF8.self) == "\"touch 4 lifts at (1.3, -2)\"")
        let before = buffer.count
        #expect(!CauseText("%s waits", "tap \"one\"").appendJSONString(to: buffer))
        #expect(!CauseText("line\nbreak").appendJSONString(to: buffer))
        #expect(!CauseText("%s then %s", "ok", "back\\slash").appendJSONString(to: buffer))
        #expect(buffer.count == before)
    }

    @Test("Without its subject: the words after \"touch N \" or \"pointer N \" when the text starts with that touch, else the whole text")
    func withoutSubject() {
        func text(_ c: CauseText, _ subject: CauseText.Subject) -> String {
            let b = OutputBytes(capacity: 8)
            c.appendUTF8(to: b, names: nil, omitting: subject)
            return String(decoding: b.array, as: UTF8.self)
        }
        // A template whose first slot names the touch: the rest, its numbers in their slots.
        #expect(text(CauseText("touch %d moves to (%1, %1)", 12, 3.25, -4), .touch(12)) == "moves to (3.3, -4)")
        #expect(text(CauseText("touch %d began", 3), .touch(3)) == "began")
        // Another touch, another word, or no subject: the whole text.
        #expect(text(CauseText("touch %d moves to (%1, %1)", 12, 3.25, -4), .touch(1)) == "touch 12 moves to (3.3, -4)")
        #expect(text(CauseText("touch %d began", 3), .pointer(3)) == "touch 3 began")
        #expect(text(CauseText("touch %d", 3), .touch(3)) == "touch 3")
        // A finished text says the subject in its words.
        #expect(text(CauseText("pointer 27 hovers at (1, 2) over stage"), .pointer(27)) == "hovers at (1, 2) over stage")
        #expect(text(CauseText("pointer 27 hovers at (1, 2)"), .pointer(2)) == "pointer 27 hovers at (1, 2)")
        #expect(text(CauseText("touch 5 "), .touch(5)) == "")
        #expect(text(CauseText("move for pointer 3, which is not down: ignored"), .pointer(3)) == "move for pointer 3, which is not down: ignored")
        // Names and strings after the subject fill their slots as usual.
        #expect(text(CauseText("touch %d down at (%1, %1) hits %s", "stage", numbers: 2, 10, 20), .touch(2)) == "down at (10, 20) hits stage")
    }
}

@Suite("Touch ids of a log row")
struct TouchIDsTests {
    @Test("Zero, one, two and many ids read back as the array they came from")
    func roundTrip() {
        for ids in [[], [5], [1, 2], [3, 1, 4], Array(0..<40)] {
            let t = TouchIDs(ids)
            #expect(Array(t) == ids)
            #expect(t.count == ids.count)
            #expect(t == TouchIDs(ids))
            #expect(t.first == ids.first)
        }
        #expect(TouchIDs(9) == [9])
        #expect(TouchIDs(1, 2) == [1, 2])
        #expect(TouchIDs(1, 2) != [2, 1])
        #expect(TouchIDs() == [])
        #expect(Set([TouchIDs(1, 2), TouchIDs([1, 2])]).count == 1)
    }
}
