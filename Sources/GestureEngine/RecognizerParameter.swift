import GestureTrace

/// A value a scene file or `--set` gives a recognizer parameter.
public enum ParameterValue: Sendable, Equatable, CustomStringConvertible {
    case number(Double)
    case bool(Bool)
    case text(String)
    case list([String])

    public var description: String {
        switch self {
        case let .number(n): return NumberFormat.precise(n)
        case let .bool(b): return String(b)
        case let .text(s): return s
        case let .list(l): return "[" + l.joined(separator: ", ") + "]"
        }
    }
}

public struct ParameterError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// One tunable parameter of a recognizer: its name in scene files, its unit and how to read and
/// write it. Durations are written in seconds and distances in points, as UIKit's properties are.
public struct ParameterSpec {
    public enum Kind: Sendable, Equatable {
        case number(unit: String)
        case integer
        case bool
        case choice([String])
        case set([String])
        /// A file path; scene files resolve it against the scene's folder.
        case path
    }

    public let name: String
    public let kind: Kind
    public let summary: String
    public let get: (GestureRecognizer) -> ParameterValue
    public let set: (GestureRecognizer, ParameterValue) throws(ParameterError) -> Void

    public init(name: String, kind: Kind, summary: String,
                get: @escaping (GestureRecognizer) -> ParameterValue,
                set: @escaping (GestureRecognizer, ParameterValue) throws(ParameterError) -> Void) {
        self.name = name
        self.kind = kind
        self.summary = summary
        self.get = get
        self.set = set
    }

    public static func number<R: GestureRecognizer>(_ name: String, _ kp: ReferenceWritableKeyPath<R, Double>, unit: String,
                                                    minimum: Double = 0, _ summary: String) -> ParameterSpec {
        ParameterSpec(name: name, kind: .number(unit: unit), summary: summary,
                      get: { .number(($0 as! R)[keyPath: kp]) },
                      set: { r, v throws(ParameterError) in
                          guard case let .number(n) = v, n.isFinite else { throw ParameterError("\(name) must be a number (\(unit))") }
                          guard n >= minimum else { throw ParameterError("\(name) must be at least \(NumberFormat.precise(minimum)) \(unit)") }
                          (r as! R)[keyPath: kp] = n
                      })
    }

    public static func seconds<R: GestureRecognizer>(_ name: String, _ kp: ReferenceWritableKeyPath<R, Duration>, _ summary: String) -> ParameterSpec {
        ParameterSpec(name: name, kind: .number(unit: "s"), summary: summary,
                      get: { .number(($0 as! R)[keyPath: kp].seconds) },
                      set: { r, v throws(ParameterError) in
                          guard case let .number(n) = v, n.isFinite, n >= 0, n <= 86_400 else {
                              throw ParameterError("\(name) must be a duration in seconds between 0 and 86400")
                          }
                          (r as! R)[keyPath: kp] = .seconds(n)
                      })
    }

    public static func integer<R: GestureRecognizer>(_ name: String, _ kp: ReferenceWritableKeyPath<R, Int>, minimum: Int = 0, maximum: Int = 1_000,
                                                     _ summary: String) -> ParameterSpec {
        ParameterSpec(name: name, kind: .integer, summary: summary,
                      get: { r in
                          let v = (r as! R)[keyPath: kp]
                          return v == Int.max ? .text("unlimited") : .number(Double(v))
                      },
                      set: { r, v throws(ParameterError) in
                          if case .text("unlimited") = v { (r as! R)[keyPath: kp] = Int.max; return }
                          guard case let .number(n) = v, n == n.rounded(), n >= Double(minimum), n <= Double(maximum) else {
                              throw ParameterError("\(name) must be a whole number from \(minimum) to \(maximum)")
                          }
                          (r as! R)[keyPath: kp] = Int(n)
                      })
    }

    public static func bool<R: GestureRecognizer>(_ name: String, _ kp: ReferenceWritableKeyPath<R, Bool>, _ summary: String) -> ParameterSpec {
        ParameterSpec(name: name, kind: .bool, summary: summary,
                      get: { .bool(($0 as! R)[keyPath: kp]) },
                      set: { r, v throws(ParameterError) in
                          guard case let .bool(b) = v else { throw ParameterError("\(name) must be true or false") }
                          (r as! R)[keyPath: kp] = b
                      })
    }
}

extension GestureRecognizer {
    /// The flags every recognizer has (docs/uikit-rules.md A.2.7-A.2.9, A.1.9).
    package static var commonParameters: [ParameterSpec] {
        [
            .bool("enabled", \GestureRecognizer.isEnabled, "isEnabled: a disabled recognizer receives no touches"),
            .bool("cancelsTouchesInView", \GestureRecognizer.cancelsTouchesInView, "cancel the view's touches when recognized (default true)"),
            .bool("delaysTouchesBegan", \GestureRecognizer.delaysTouchesBegan, "hold back began from the view while undecided (default false)"),
            .bool("delaysTouchesEnded", \GestureRecognizer.delaysTouchesEnded, "hold back ended from the view while undecided (default true)"),
            ParameterSpec(name: "allowedTouchTypes", kind: .set(TouchTypeName.allCases.map(\.rawValue)),
                          summary: "touch types received: direct (fingers), indirectPointer (a mouse), pencil (a pen); default all (F.5.5)",
                          get: { r in .list(TouchTypeName.allCases.filter { t in r.allowedDevices.map { !t.devices.isDisjoint(with: $0) } ?? true }.map(\.rawValue)) },
                          set: { r, v throws(ParameterError) in
                              guard case let .list(names) = v else { throw ParameterError("allowedTouchTypes is a list of direct, indirectPointer, pencil") }
                              var devices: Set<InputDevice> = []
                              for n in names {
                                  guard let t = TouchTypeName(rawValue: n) else { throw ParameterError("allowedTouchTypes: unknown touch type \"\(n)\"; types are direct, indirectPointer, pencil") }
                                  devices.formUnion(t.devices)
                              }
                              r.allowedDevices = devices
                          }),
        ]
    }

    /// Every parameter of this recognizer: the common flags and its own.
    package var parameters: [ParameterSpec] {
        registeredParameters.isEmpty ? GestureRecognizer.commonParameters + ownParameters
                                     : GestureRecognizer.commonParameters + ownParameters + registeredParameters
    }

    package func setParameter(_ name: String, _ value: ParameterValue) throws(ParameterError) {
        guard let spec = parameters.first(where: { $0.name == name }) else {
            throw ParameterError("\(typeName) has no parameter \"\(name)\"; it has \(parameters.map(\.name).joined(separator: ", "))")
        }
        try spec.set(self, value)
    }

    package func parameterValue(_ name: String) -> ParameterValue? {
        parameters.first { $0.name == name }?.get(self)
    }
}

/// `UITouch.TouchType` names as scenes write them, and the trace devices each stands for.
enum TouchTypeName: String, CaseIterable {
    case direct, indirectPointer, pencil
    var devices: Set<InputDevice> {
        switch self {
        case .direct: return [.touch, .synthetic]
        case .indirectPointer: return [.mouse]
        case .pencil: return [.pen]
        }
    }
}
