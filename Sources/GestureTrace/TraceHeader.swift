/// The first line of every trace: what the numbers in the rest of the file mean.
public struct TraceHeader: Sendable, Equatable {
    public static let formatName = "gesturelab-trace"
    public static let currentVersion = 1

    public var version: Int
    /// The window the strokes were drawn in, in points.
    public var viewportWidth: Double
    public var viewportHeight: Double
    /// Device pixels per point of the recording window.
    public var scale: Double
    /// Which clock the `t` values came from (for example `x11-server`, `sdl-ticks`, `synthetic`).
    public var clockSource: String
    public var clockDescription: String?
    public var devices: [InputDevice]
    /// Free-form labels such as gesture class, subject or speed. Written with sorted keys.
    public var labels: [String: String]
    /// The scene the trace was recorded against, if any.
    public var scene: String?
    /// How the trace came to be: recorded in the window, generated (and by which command), imported.
    public var origin: String?

    public init(viewportWidth: Double = 390, viewportHeight: Double = 844, scale: Double = 1,
                clockSource: String = "synthetic", clockDescription: String? = nil,
                devices: [InputDevice] = [.touch], labels: [String: String] = [:],
                scene: String? = nil, origin: String? = nil) {
        self.version = TraceHeader.currentVersion
        self.viewportWidth = viewportWidth
        self.viewportHeight = viewportHeight
        self.scale = scale
        self.clockSource = clockSource
        self.clockDescription = clockDescription
        self.devices = devices
        self.labels = labels
        self.scene = scene
        self.origin = origin
    }

    public var jsonLine: String {
        var s = "{\"format\":\"\(TraceHeader.formatName)\",\"version\":\(version)"
        s += ",\"viewport\":{\"width\":\(NumberText.decimal(viewportWidth)),\"height\":\(NumberText.decimal(viewportHeight))}"
        s += ",\"scale\":\(NumberText.decimal(scale))"
        s += ",\"clock\":{\"source\":\(jsonQuoted(clockSource))"
        if let clockDescription { s += ",\"description\":\(jsonQuoted(clockDescription))" }
        s += "},\"devices\":[" + devices.map { "\"\($0.rawValue)\"" }.joined(separator: ",") + "]"
        s += ",\"labels\":{" + labels.keys.sorted().map { "\(jsonQuoted($0)):\(jsonQuoted(labels[$0]!))" }.joined(separator: ",") + "}"
        if let scene { s += ",\"scene\":\(jsonQuoted(scene))" }
        if let origin { s += ",\"origin\":\(jsonQuoted(origin))" }
        return s + "}"
    }

    /// Reads a header from its parsed JSON, or says precisely what is wrong with it.
    public static func decode(_ value: JSONValue) throws(HeaderProblem) -> TraceHeader {
        guard case let .object(pairs) = value else { throw HeaderProblem("the first line must be the trace header object, found \(value.typeName)") }
        guard let format = value["format"] else {
            if value["t"] != nil || value["type"] != nil {
                throw HeaderProblem("missing header: the first line is an event; a trace starts with {\"format\":\"\(formatName)\",\"version\":1,...}")
            }
            throw HeaderProblem("missing header field \"format\" (expected \"\(formatName)\")")
        }
        guard case let .string(name) = format, name == formatName else {
            throw HeaderProblem("unknown format \(format == .null ? "null" : describe(format)); expected \"\(formatName)\"")
        }
        var header = TraceHeader()
        guard case let .number(v)? = value["version"] else { throw HeaderProblem("header field \"version\" must be a number") }
        guard v == Double(currentVersion) else {
            throw HeaderProblem("unsupported trace version \(NumberText.decimal(v)); this GestureLab reads version \(currentVersion)")
        }
        for (key, field) in pairs {
            switch key {
            case "format", "version": continue
            case "viewport":
                guard case let .number(w)? = field["width"], case let .number(h)? = field["height"] else {
                    throw HeaderProblem("header field \"viewport\" must be {\"width\": number, \"height\": number}")
                }
                guard w > 0, h > 0, w <= 100_000, h <= 100_000 else { throw HeaderProblem("viewport size must be positive and at most 100000 points") }
                header.viewportWidth = w
                header.viewportHeight = h
            case "scale":
                guard case let .number(sc) = field, sc > 0, sc <= 100 else { throw HeaderProblem("header field \"scale\" must be a positive number (pixels per point)") }
                header.scale = sc
            case "clock":
                guard case let .string(src)? = field["source"] else { throw HeaderProblem("header field \"clock\" must be {\"source\": string, \"description\"?: string}") }
                header.clockSource = src
                if let d = field["description"] {
                    guard case let .string(desc) = d else { throw HeaderProblem("clock description must be a string") }
                    header.clockDescription = desc
                }
            case "devices":
                guard case let .array(items) = field else { throw HeaderProblem("header field \"devices\" must be an array of device names") }
                header.devices = []
                for item in items {
                    guard case let .string(n) = item, let d = InputDevice(rawValue: n) else {
                        throw HeaderProblem("unknown device \(describe(item)); devices are \(InputDevice.allCases.map(\.rawValue).joined(separator: ", "))")
                    }
                    header.devices.append(d)
                }
            case "labels":
                guard case let .object(labelPairs) = field else { throw HeaderProblem("header field \"labels\" must be an object of strings") }
                for (k, lv) in labelPairs {
                    switch lv {
                    case let .string(s): header.labels[k] = s
                    case let .number(n): header.labels[k] = NumberText.decimal(n)
                    case let .bool(b): header.labels[k] = String(b)
                    default: throw HeaderProblem("label \"\(k)\" must be a string, number or boolean")
                    }
                }
            case "scene":
                guard case let .string(s) = field else { throw HeaderProblem("header field \"scene\" must be a string") }
                header.scene = s
            case "origin":
                guard case let .string(s) = field else { throw HeaderProblem("header field \"origin\" must be a string") }
                header.origin = s
            default:
                throw HeaderProblem("unknown header field \"\(key)\" (free-form data belongs in \"labels\")")
            }
        }
        return header
    }

    static func describe(_ v: JSONValue) -> String {
        if case let .string(s) = v { return jsonQuoted(s) }
        return v.typeName
    }
}

public struct HeaderProblem: Error, Sendable { public var message: String; init(_ m: String) { message = m } }
