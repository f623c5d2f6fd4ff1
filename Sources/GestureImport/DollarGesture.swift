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

    /// The stroke as a trace: one pointer down at the first point, a move to every later point
    /// (the last included), and the lift at the last point at the same moment, with times
    /// relative to the first point; the labels keep class, subject, speed and repetition.
    /// A clock that steps backwards (it does not in the development set) is held at its
    /// previous value, so the trace stays valid. `source` names the log in the header's origin,
    /// as given (the importer gives it relative to the folder imported, so a trace does not carry
    /// the path of the machine it was made on); the log's file name when nil.
    public func trace(source: String? = nil) -> (TraceHeader, [TraceEvent]) {
        let header = TraceHeader(viewportWidth: DollarGesture.viewportWidth, viewportHeight: DollarGesture.viewportHeight, scale: 1,
                                 clockSource: "dollar-xml", clockDescription: "the $1 log's T attribute, ms, relative to the first point",
                                 devices: [.pen],
                                 labels: ["class": gestureClass, "subject": subject, "speed": speed, "repetition": String(repetition),
                                          "dataset": "dollar-unistroke"],
                                 origin: "imported by `gesturelab import dollar-xml` from \(source ?? String(sourcePath.split(separator: "/").last ?? Substring(sourcePath)))")
        var events: [TraceEvent] = []
        guard let first = points.first else { return (header, events) }
        var last = 0.0
        for (i, p) in points.enumerated() {
            let t = max(last, p.t - first.t)
            last = t
            events.append(TraceEvent(time: .milliseconds(t), type: i == 0 ? .down : .move, pointer: 1, x: p.x, y: p.y, device: .pen))
        }
        // Every logged sample is a place the pen was, so the last one is a move like the others
        // (recognizers that judge each step see the final step), and the lift follows at the same
        // moment and place: the log has no sample for the lift itself.
        let end = points[points.count - 1]
        events.append(TraceEvent(time: .milliseconds(last), type: .up, pointer: 1, x: end.x, y: end.y, device: .pen))
        return (header, events)
    }

    /// The study's Pocket PC screen (240 x 320 pixels), which every logged point fits in.
    public static let viewportWidth = 240.0
    public static let viewportHeight = 320.0
}
