import GestureTrace

/// One stroke of the $1 Unistroke gesture logs (Wobbrock, Wilson and Li, UIST 2007): the XML
/// files of `../shared/datasets/dollar-unistroke/`, `sNN/SPEED/NAMEkk.xml`.
public struct DollarGesture: Sendable {
    /// The gesture class: the file's `Name` without its repetition number ("check").
    public var gestureClass: String
    public var subject: String
    public var speed: String
    public var repetition: Int
    /// Points in the order drawn: pixels, y down, and the log's millisecond clock.
    public var points: [(x: Double, y: Double, t: Double)]
    public var sourcePath: String

    /// The stroke as a trace: one pointer down at the first point, moves, up at the last, with
    /// times relative to the first point; the labels keep class, subject, speed and repetition.
    /// A clock that steps backwards (it does not in the development set) is held at its
    /// previous value, so the trace stays valid.
    public func trace() -> (TraceHeader, [TraceEvent]) {
        let header = TraceHeader(viewportWidth: DollarGesture.viewportWidth, viewportHeight: DollarGesture.viewportHeight, scale: 1,
                                 clockSource: "dollar-xml", clockDescription: "the $1 log's T attribute, ms, relative to the first point",
                                 devices: [.pen],
                                 labels: ["class": gestureClass, "subject": subject, "speed": speed, "repetition": String(repetition),
                                          "dataset": "dollar-unistroke"],
                                 origin: "imported by `gesturelab import dollar-xml` from \(sourcePath)")
        var events: [TraceEvent] = []
        guard let first = points.first else { return (header, events) }
        var last = 0.0
        for (i, p) in points.enumerated() {
            let t = max(last, p.t - first.t)
            last = t
            let type: TouchEventType = i == 0 ? .down : (i == points.count - 1 ? .up : .move)
            events.append(TraceEvent(time: .milliseconds(t), type: type, pointer: 1, x: p.x, y: p.y, device: .pen))
        }
        if points.count == 1 {
            events.append(TraceEvent(time: .milliseconds(0), type: .up, pointer: 1, x: first.x, y: first.y, device: .pen))
        }
        return (header, events)
    }

    /// The study's Pocket PC screen (240 x 320 pixels), which every logged point fits in.
    public static let viewportWidth = 240.0
    public static let viewportHeight = 320.0
}
