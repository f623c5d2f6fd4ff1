import GestureEngine
@testable import GesturePlatforms
import GestureTrace
import Testing

/// The words Flutter's binding logs for a finger's down and for each arena decision. They are
/// templates filled where a row is printed (not Strings made at every decision); these tests hold
/// the printed words to what each rule of arena.dart means, every rule included, also those no
/// shipped scene reaches (a member accepting while the arena is open, a down that hits nothing).
@Suite("Words of Flutter's downs and arena decisions")
struct FlutterDecisionWordsTests {
    typealias S = Strokes
    typealias Rule = FlutterGestureArena.Rule

    let drag = LogName("drag")

    @Test("The decision's row: the touch, Flutter's pointer, each rule's reason with its arena.dart lines, and the members it rejects")
    func note() {
        func text(_ rule: Rule?, _ winner: LogName?, rejects: String = "") -> String {
            FlutterArenaWords.note(rule, winner: winner, touch: 3, pointer: 7, rejects: rejects).description
        }
        #expect(text(.eagerWinner, drag, rejects: "; rejects tap, press")
            == "arena for touch 3 (Flutter pointer 7): drag accepted while the arena was open: it wins as the arena closes (arena.dart:229-236, 247-259); rejects tap, press")
        #expect(text(.acceptedWhenClosed, drag) == "arena for touch 3 (Flutter pointer 7): drag accepts: it wins at once (arena.dart:229-236)")
        #expect(text(.lastMemberStanding, drag) == "arena for touch 3 (Flutter pointer 7): drag is the last member standing: it wins after the event (arena.dart:247-259)")
        #expect(text(.firstMemberAtSweep, drag, rejects: "; rejects tap")
            == "arena for touch 3 (Flutter pointer 7): arena sweep at the lift: the first member, drag, wins (arena.dart:153-175); rejects tap")
        #expect(text(nil, nil, rejects: "; rejects tap") == "arena for touch 3 (Flutter pointer 7): every member left the arena: nobody wins it; rejects tap")
    }

    @Test("The winner's cause starts with the reason it gave when it asked to win, and the losers' name the winner and that reason")
    func winAndLoss() {
        let asked = "the path moved 40 px > panSlop 36 (monodrag.dart:1045-1048)"
        #expect(FlutterArenaWords.win(.acceptedWhenClosed, winner: drag, touch: 3, asked: asked + "; it ").description
            == "the path moved 40 px > panSlop 36 (monodrag.dart:1045-1048); it wins the arena for touch 3: drag accepts: it wins at once (arena.dart:229-236)")
        #expect(FlutterArenaWords.win(.eagerWinner, winner: drag, touch: 3, asked: "").description
            == "wins the arena for touch 3: drag accepted while the arena was open: it wins as the arena closes (arena.dart:229-236, 247-259)")
        #expect(FlutterArenaWords.win(nil, winner: nil, touch: 3, asked: "").description
            == "wins the arena for touch 3: every member left the arena: nobody wins it")
        #expect(FlutterArenaWords.loss(.acceptedWhenClosed, winner: drag, touch: 3, asked: " (\(asked))").description
            == "drag wins the arena for touch 3 (the path moved 40 px > panSlop 36 (monodrag.dart:1045-1048)): drag accepts: it wins at once (arena.dart:229-236)")
        #expect(FlutterArenaWords.loss(.eagerWinner, winner: drag, touch: 3, asked: "").description
            == "drag wins the arena for touch 3: drag accepted while the arena was open: it wins as the arena closes (arena.dart:229-236, 247-259)")
        #expect(FlutterArenaWords.loss(.lastMemberStanding, winner: drag, touch: 3, asked: "").description
            == "drag wins the arena for touch 3: drag is the last member standing: it wins after the event (arena.dart:247-259)")
        #expect(FlutterArenaWords.loss(.firstMemberAtSweep, winner: drag, touch: 3, asked: "").description
            == "drag wins the arena for touch 3: arena sweep at the lift: the first member, drag, wins (arena.dart:153-175)")
    }

    @Test("A down outside the window says it hits nothing; one on a view names it; both give Flutter's pointer number")
    func downs() throws {
        let scene = """
            scene: card
            viewport: [800, 800]
            views:
              - id: card
                frame: [0, 0, 400, 400]
                recognizers:
                  - id: tap
                    type: tap
            """
        let run = try PlatformRun(.flutter, scene: scene, S.merge(S.tap(900.25, 700, id: 4, down: 0, up: 50), S.tap(100, 120.5, id: 5, down: 500, up: 550)))
        let downs = run.log.entries.filter { $0.kind == .input && $0.phase == "began" }.map(\.cause.text)
        // Pointers are numbered from 1 in the order their fingers go down (binding.dart's
        // PointerEvent.pointer); coordinates to one decimal.
        #expect(downs == ["touch 4 down at (900.3, 700) hits nothing (Flutter pointer 1)", "touch 5 down at (100, 120.5) hits card (Flutter pointer 2)"])
    }
}
