import GestureScenes
import GestureTrace

extension Studio {
    /// The playhead: feeds the session up to a time, rebuilding when it moves back.
    final class Playhead {
        let events: [TraceEvent]
        let session: LiveSession
        private(set) var next = 0
        private(set) var time = Timestamp.zero

        init(events: [TraceEvent], session: LiveSession) {
            self.events = events
            self.session = session
        }

        /// The fed events grouped into strokes, kept up to date as the playhead moves (the
        /// studio draws them every frame).
        private var grouped = TraceStrokes()
        var strokes: [[TraceEvent]] { grouped.strokes }

        func seek(_ t: Timestamp) {
            if t < time {
                try? session.restart()
                next = 0
                grouped.removeAll()
            }
            while next < events.count && events[next].time <= t {
                let e = events[next]
                session.feed(e)
                grouped.add(e)
                next += 1
            }
            session.advance(to: t)
            time = t
        }

        var fed: [TraceEvent] { Array(events[..<next]) }
        var end: Timestamp { events.last?.time ?? .zero }
    }
}
