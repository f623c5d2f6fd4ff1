import GestureEngine
import GestureTrace

/// A recognizer (or a view's listener) of another platform as GestureLab's log shows it: the
/// state it last published (`possible` while it competes, then `recognized`, `began`/`changed`/
/// `ended`, `failed` or `cancelled`), and the touches of its attempt.
open class PlatformRecognizer {
    public let id: String
    public let logName: LogName
    /// The state the log last showed.
    var published: LogName = .possible
    /// The log row of the last transition, for the causes of the callbacks it fires.
    var lastTransitionSeq: Int?
    /// The trace's touch ids this attempt has seen, for the transition rows.
    var attemptTouches: [Int] = []
    /// Whether its last transition was a routine update the log left out (its callback is too).
    var leftOutUpdate = false

    public init(id: String) {
        self.id = id
        logName = LogName(id)
    }

    /// Whether the attempt is still open (nothing fired, nothing failed).
    var isUndecided: Bool { published == .possible }

    /// A number as the log's causes write it.
    static func f(_ v: Double) -> String { NumberText.decimal(v, decimals: 1) }
}

/// The decision log as another platform's replay writes it: the same row shapes as the UIKit
/// engine's, so every tool reads them. Keeps the row whose consequences are being worked out
/// (an input, a timer, a decision) as the cause of the rows that follow.
final class PlatformLog {
    var log: DecisionLog
    var now: Timestamp = .zero
    /// The row whose consequences are being written.
    var causeSeq: Int?

    init(_ log: DecisionLog) { self.log = log }

    @discardableResult
    func input(view: View?, phase: LogName, touch: Int, _ text: CauseText) -> Int {
        causeSeq = log.append(time: now, kind: .input, view: view?.logName, phase: phase, touches: TouchIDs(touch), cause: Cause(.input, text))
        return causeSeq!
    }

    @discardableResult
    func timer(owner: String, _ text: String) -> Int {
        causeSeq = log.append(time: now, kind: .timer, recognizer: LogName(owner), cause: Cause(.timer, text))
        return causeSeq!
    }

    /// A new state of `r`, ending its previous attempt first when that one was over.
    @discardableResult
    func publish(_ r: PlatformRecognizer, _ state: LogName, _ cause: @autoclosure () -> Cause) -> Int {
        // A routine update (changed to changed) the log leaves out is only numbered, as the UIKit
        // engine numbers one (`DecisionLog.keepsRoutineUpdates`); so is its callback.
        r.leftOutUpdate = state == .changed && r.published == .changed && !log.keepsRoutineUpdates
        if r.leftOutUpdate {
            let seq = log.appendUpdateNote(time: now)
            r.lastTransitionSeq = seq
            return seq
        }
        if r.published != .possible && r.published != .began && r.published != .changed { endAttempt(r) }
        // The cause (words and numbers) is built only for a row the log keeps.
        let by = causeSeq
        let seq = log.append(time: now, kind: .transition, recognizer: r.logName, from: r.published, to: state,
                             touches: TouchIDs(r.attemptTouches), cause: {
                                 var c = cause()
                                 if c.causedBy == nil { c.causedBy = by }
                                 return c
                             }())
        r.published = state
        r.lastTransitionSeq = seq
        return seq
    }

    /// A callback of `r` (`onTap`, `onClick`...): an action row named as on the platform, its
    /// words the recognizer, the callback and `detail`.
    @discardableResult
    func callback(_ r: PlatformRecognizer, _ name: LogName, detail: @autoclosure () -> String = "") -> Int {
        callback(r, name, words: { let d = detail(); return d.isEmpty ? CauseText("%n %n", names: r.logName, name) : CauseText("%n %n %s", names: r.logName, name, string: d) }())
    }

    /// A callback whose words are a whole template, starting `%n %n` (the recognizer and the
    /// callback): for the callbacks fired on every move (`onUpdate`, `onScroll`), whose numbers are
    /// then formatted only by a writer that prints them, not into a String for every row.
    @discardableResult
    func callback(_ r: PlatformRecognizer, _ name: LogName, words: @autoclosure () -> CauseText) -> Int {
        if r.leftOutUpdate && r.published == .changed && name.isUpdate { return log.appendUpdateNote(time: now) }
        let by = max(r.lastTransitionSeq ?? -1, causeSeq ?? -1)
        return log.append(time: now, kind: .action, recognizer: r.logName, to: name,
                          cause: Cause(.lifecycle, words(), otherName: nil, causedBy: by < 0 ? nil : by))
    }

    /// The end of an attempt: back to possible (a reset row) when it had published anything.
    func endAttempt(_ r: PlatformRecognizer, _ why: String = "ready for the next gesture") {
        defer { r.attemptTouches.removeAll() }
        if r.published == .began || r.published == .changed {
            // The platform stopped following it with no end callback (a Flutter recognizer whose
            // last pointer stopped being tracked before its lift).
            publish(r, .cancelled, Cause(.lifecycle, "\(r.id) tracks no pointer any more and no end callback came"))
        }
        guard r.published != .possible else { return }
        log.append(time: now, kind: .reset, recognizer: r.logName, from: r.published, to: .possible, cause: Cause(.lifecycle, "\(r.id): \(why)"))
        r.published = .possible
        r.leftOutUpdate = false
    }

    @discardableResult
    func note(_ r: PlatformRecognizer?, view: View? = nil, touches: TouchIDs = TouchIDs(), _ text: @autoclosure () -> String, kind: Cause.Kind = .lifecycle, other: String? = nil) -> Int {
        log.append(time: now, kind: .note, recognizer: r?.logName, view: view?.logName, touches: touches,
                   cause: Cause(kind, CauseText(text()), other: other, causedBy: causeSeq))
    }

    /// What a view did (a scroll offset): an app row, as UIKit's scroll view writes it.
    func appEffect(_ view: View, _ text: @autoclosure () -> String) {
        log.append(time: now, kind: .app, view: view.logName, phase: LogName("scroll"), cause: Cause(.reaction, text(), causedBy: causeSeq))
    }

    /// A phase of a touch delivered to a view (Android's MotionEvents).
    @discardableResult
    func view(_ view: View, phase: LogName, touches: TouchIDs, _ text: @autoclosure () -> String, at p: Point) -> Int {
        log.append(time: now, kind: .view, view: view.logName, phase: phase, touches: touches, cause: Cause(.delivery, text(), causedBy: causeSeq),
                   delivered: DeliveredTouch(inWindow: p, inView: view.convertFromWindow(p), timestamp: now))
    }
}
