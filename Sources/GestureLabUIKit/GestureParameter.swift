import Foundation
import GestureEngine

/// A property of your own recognizer class that scenes, `--set`, `diff` and `sensitivity` may set
/// by name, as they set a built-in's parameters: named where the class is registered, by key path,
/// so the recognizer's file does not change.
///
///     GestureLabCLI.main(recognizers: ["holdToDrag": { HoldToDragRecognizer() }],
///                        parameters: ["holdToDrag": [.seconds("minimumPressDuration", \HoldToDragRecognizer.minimumPressDuration),
///                                                    .number("allowableMovement", \HoldToDragRecognizer.allowableMovement, unit: "pt")]])
///
/// A scene then writes `minimumPressDuration: 0.5` on a `holdToDrag` recognizer, and
/// `sensitivity` varies it like any threshold.
public struct GestureParameter: @unchecked Sendable {
    package let spec: ParameterSpec

    /// A number property (`CGFloat`, `Double`, `Float`), at least `minimum`.
    public static func number<R: UIGestureRecognizer, V: BinaryFloatingPoint>(_ name: String, _ keyPath: ReferenceWritableKeyPath<R, V>,
                                                                              unit: String = "", minimum: Double = 0, summary: String = "") -> GestureParameter {
        GestureParameter(spec: ParameterSpec(
            name: name, kind: .number(unit: unit), summary: summary.isEmpty ? "\(R.self).\(name)" : summary,
            get: { .number(Double(face($0, R.self)[keyPath: keyPath])) },
            set: { r, v throws(ParameterError) in
                guard case let .number(n) = v, n.isFinite else { throw ParameterError("\(name) must be a number\(unit.isEmpty ? "" : " (\(unit))")") }
                guard n >= minimum else { throw ParameterError("\(name) must be at least \(minimum)\(unit.isEmpty ? "" : " \(unit)")") }
                face(r, R.self)[keyPath: keyPath] = V(n)
            }))
    }

    /// A duration property in seconds (`TimeInterval`), from 0 to a day.
    public static func seconds<R: UIGestureRecognizer>(_ name: String, _ keyPath: ReferenceWritableKeyPath<R, TimeInterval>,
                                                       summary: String = "") -> GestureParameter {
        GestureParameter(spec: ParameterSpec(
            name: name, kind: .number(unit: "s"), summary: summary.isEmpty ? "\(R.self).\(name)" : summary,
            get: { .number(face($0, R.self)[keyPath: keyPath]) },
            set: { r, v throws(ParameterError) in
                guard case let .number(n) = v, n.isFinite, n >= 0, n <= 86_400 else {
                    throw ParameterError("\(name) must be a duration in seconds between 0 and 86400")
                }
                face(r, R.self)[keyPath: keyPath] = n
            }))
    }

    /// An integer property, from `minimum` to `maximum`.
    public static func integer<R: UIGestureRecognizer>(_ name: String, _ keyPath: ReferenceWritableKeyPath<R, Int>,
                                                       minimum: Int = 0, maximum: Int = 1_000, summary: String = "") -> GestureParameter {
        GestureParameter(spec: ParameterSpec(
            name: name, kind: .integer, summary: summary.isEmpty ? "\(R.self).\(name)" : summary,
            get: { .number(Double(face($0, R.self)[keyPath: keyPath])) },
            set: { r, v throws(ParameterError) in
                guard case let .number(n) = v, n == n.rounded(), n >= Double(minimum), n <= Double(maximum) else {
                    throw ParameterError("\(name) must be a whole number from \(minimum) to \(maximum)")
                }
                face(r, R.self)[keyPath: keyPath] = Int(n)
            }))
    }

    /// A Boolean property.
    public static func bool<R: UIGestureRecognizer>(_ name: String, _ keyPath: ReferenceWritableKeyPath<R, Bool>, summary: String = "") -> GestureParameter {
        GestureParameter(spec: ParameterSpec(
            name: name, kind: .bool, summary: summary.isEmpty ? "\(R.self).\(name)" : summary,
            get: { .bool(face($0, R.self)[keyPath: keyPath]) },
            set: { r, v throws(ParameterError) in
                guard case let .bool(b) = v else { throw ParameterError("\(name) must be true or false") }
                face(r, R.self)[keyPath: keyPath] = b
            }))
    }

    /// The UIKit object behind an engine recognizer, as the registered class. The engine asks on
    /// the main actor, as it runs UIKit-style code; checked (a parameter is read or set once per
    /// replay, not per event). The engine recognizer goes with the question: it is the face's,
    /// made on the main actor, and is not `Sendable` only because the engine's objects are not.
    private static func face<R: UIGestureRecognizer>(_ engine: GestureRecognizer, _ type: R.Type) -> R {
        nonisolated(unsafe) let engine = engine
        return MainActor.assumeIsolated {
            let f = UIGestureRecognizer.face(of: engine)
            guard let r = f as? R else { preconditionFailure("parameter registered for \(R.self) on a \(Swift.type(of: f))") }
            return r
        }
    }
}

/// A view class scenes may name (`class: HandleView`), so its overrides (`point(inside:with:)`,
/// `hitTest`, `touchesShouldCancel(in:)`, `gestureRecognizerShouldBegin`) act in every command:
///
///     GestureLabCLI.main(views: ["HandleView": .make { HandleView(frame: $0) }])
///
/// The closure gets the scene's frame; the scene's id names the view.
public struct SceneViewClass: @unchecked Sendable {
    package let make: @MainActor (CGRect) -> UIView

    /// A class made by `make`, given the scene's frame.
    public static func make<V: UIView>(_ make: @escaping @MainActor (CGRect) -> V) -> SceneViewClass {
        SceneViewClass(make: { make($0) })
    }
}
