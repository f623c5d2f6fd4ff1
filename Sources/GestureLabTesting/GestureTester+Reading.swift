import Foundation
import GestureAnalysis
import GestureEngine
import GestureLabUIKit
import GestureTimeline

/// What the recognizers did, read from the decision log, and assertions on it.
extension GestureTester {
    /// Every state change of `recognizer` so far, in order.
    public func transitions(of recognizer: UIGestureRecognizer) -> [RecognizerTransition] {
        let id = recognizer.engine.id
        return environment.log.entries.filter { $0.kind == .transition && $0.recognizer == id }.map {
            let from = $0.from ?? "", to = $0.to ?? ""
            return RecognizerTransition(from: RecognizerTransition.state(named: from), to: RecognizerTransition.state(named: to),
                                        fromName: from, toName: to, time: $0.time.seconds, cause: $0.cause.text)
        }
    }

    /// The states `recognizer` went to, in order: `[.recognized]` for a tap, `[.began, .changed,
    /// .ended]` for a pan, `[.failed]`...
    public func states(of recognizer: UIGestureRecognizer) -> [UIGestureRecognizer.State] { transitions(of: recognizer).map(\.to) }

    /// The same in the log's words ("recognized" for a discrete recognizer's `.ended`), for messages.
    public func stateNames(of recognizer: UIGestureRecognizer) -> [String] { transitions(of: recognizer).map(\.toName) }

    /// Whether it recognized (began, or was recognized) at any point.
    public func didRecognize(_ recognizer: UIGestureRecognizer) -> Bool {
        states(of: recognizer).contains { $0 == .began || $0 == .ended }
    }

    /// Why `recognizer` ended as it did (or why it is still waiting): the `explain` command's text
    /// for its latest attempt.
    public func explanation(of recognizer: UIGestureRecognizer) -> String {
        let outcomes = Explanation(log: environment.log).outcomes(of: recognizer.engine.id)
        guard let last = outcomes.last else { return "\(recognizer.engine.id) received no touches" }
        return Explanation.text(last)
    }

    /// The recognizers that won each touch sequence (first finger down to last finger up).
    public func winners() -> [[UIGestureRecognizer]] {
        winnerNames().map { $0.compactMap { recognizer($0) } }
    }

    /// The same by id (a scene's id, or the `name` of one made in code), for messages.
    public func winnerNames() -> [[String]] {
        let ids = window.engineView.subtree.flatMap { $0.gestureRecognizers.map(\.id) }
        return Explanation(log: environment.log).sequences(recognizers: ids).map(\.winners)
    }

    /// The whole replay as the `timeline` command prints it.
    public var timelineText: String { TextTimeline().render(environment.log) }

    // MARK: Assertions

    /// Fails unless `recognizer` recognized. Pending timers run first.
    public func expectRecognized(_ recognizer: UIGestureRecognizer) throws {
        finish()
        guard didRecognize(recognizer) else {
            throw failure("expected \(recognizer.engine.id) to recognize", recognizer)
        }
    }

    /// Fails if `recognizer` recognized. Pending timers run first.
    public func expectNotRecognized(_ recognizer: UIGestureRecognizer) throws {
        finish()
        if didRecognize(recognizer) {
            throw failure("expected \(recognizer.engine.id) not to recognize", recognizer)
        }
    }

    /// Fails unless `recognizer`'s states were exactly `states`. Pending timers run first.
    public func expectStates(_ recognizer: UIGestureRecognizer, _ states: [UIGestureRecognizer.State]) throws {
        finish()
        let actual = self.states(of: recognizer)
        guard actual == states else {
            throw failure("expected \(recognizer.engine.id) to go through \(states.map { "\($0)" }), it went through \(stateNames(of: recognizer))", recognizer)
        }
    }

    /// Fails unless `recognizer` alone won the latest touch sequence. Pending timers run first.
    public func expectWinner(_ recognizer: UIGestureRecognizer) throws {
        finish()
        let latest = winnerNames().last ?? []
        guard latest == [recognizer.engine.id] else {
            throw failure("expected \(recognizer.engine.id) to win the latest touch sequence; won by \(latest.isEmpty ? "none" : latest.joined(separator: ", "))", recognizer)
        }
    }

    private func failure(_ what: String, _ recognizer: UIGestureRecognizer) -> GestureExpectationFailure {
        let steps = transitions(of: recognizer).map { "  \($0)" }.joined(separator: "\n")
        return GestureExpectationFailure(description: """
        \(what).
        Transitions of \(recognizer.engine.id):
        \(steps.isEmpty ? "  none" : steps)
        Why:
        \(explanation(of: recognizer))
        """)
    }
}
