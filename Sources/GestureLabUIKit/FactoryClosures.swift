/// Turns whatever closures a client hands `GestureLabCLI.main` or `GestureTester` into the
/// factories scenes use, without a cast the runtime cannot make.
///
/// A dictionary of closures passed where a dictionary of another function type is expected is
/// converted element by element at run time, and the runtime cannot convert between function
/// types that differ in isolation or in their result's class: a Swift 5 client's
/// `[String: @MainActor () -> UIGestureRecognizer]` or anyone's `[String: () -> MyRecognizer]`
/// crashed at start ("Could not cast value of type ..."). The generic entry points take the
/// dictionary as it is, and these functions check its closure type from its metadata instead:
/// a non-throwing, synchronous Swift closure of no parameters whose result is a recognizer class
/// (or a delegate) has one representation whatever its isolation or `@Sendable`, so it is
/// called through the type the scene needs. Anything else is refused with its type named.
package enum FactoryClosures {
    /// A factory of recognizers, or nil if `F` is not a closure that makes one.
    package static func recognizer<F>(_ f: F) -> (@MainActor () -> UIGestureRecognizer)? {
        guard let result = resultOfPlainNullaryClosure(F.self), result is UIGestureRecognizer.Type else { return nil }
        nonisolated(unsafe) let make = unsafeBitCast(f, to: (() -> UIGestureRecognizer).self)
        return { make() }
    }

    /// A factory of delegates, or nil if `F` is not a closure that makes one.
    package static func delegate<F>(_ f: F) -> (@MainActor () -> UIGestureRecognizerDelegate)? {
        guard let result = resultOfPlainNullaryClosure(F.self) else { return nil }
        if result == (any UIGestureRecognizerDelegate).self {
            nonisolated(unsafe) let make = unsafeBitCast(f, to: (() -> any UIGestureRecognizerDelegate).self)
            return { make() }
        }
        // A class: its instances are single references, whatever the class.
        guard result is AnyClass, result is UIGestureRecognizerDelegate.Type else { return nil }
        nonisolated(unsafe) let make = unsafeBitCast(f, to: (() -> AnyObject).self)
        return { make() as! UIGestureRecognizerDelegate }
    }

    /// Each value of `dictionary` as a factory, or a message naming the first that is not one.
    package static func factories<F, Product>(_ dictionary: [String: F], of what: String, _ adapt: (F) -> Product?) -> Result<[String: Product], FactoryTypeError> {
        var out: [String: Product] = [:]
        for (name, value) in dictionary {
            guard let factory = adapt(value) else {
                return .failure(FactoryTypeError(description: "\(what) \"\(name)\" is a \(F.self), not a closure that makes one: pass `{ MyType() }`, a closure of no arguments that returns it"))
            }
            out[name] = factory
        }
        return .success(out)
    }

    /// The result type of `F` if it is a Swift function type of no parameters that neither throws
    /// nor is async, with the default convention (read from its metadata: kind 0x302, then the
    /// flags word, then the result's metadata; swift/include/swift/ABI/Metadata.h).
    private static func resultOfPlainNullaryClosure<F>(_ type: F.Type) -> Any.Type? {
        let metadata = unsafeBitCast(F.self as Any.Type, to: UnsafeRawPointer.self)
        guard metadata.load(as: UInt.self) == 0x302 else { return nil }
        let flags = metadata.load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt.self)
        let parameters = flags & 0xFFFF, convention = (flags >> 16) & 0xFF
        // Throws, differentiable, async, extended flags (typed throws, @isolated(any)).
        let refused: UInt = 0x0100_0000 | 0x0800_0000 | 0x2000_0000 | 0x8000_0000
        guard parameters == 0, convention == 0, flags & refused == 0 else { return nil }
        let result = metadata.load(fromByteOffset: 2 * MemoryLayout<UInt>.size, as: UnsafeRawPointer.self)
        return unsafeBitCast(result, to: Any.Type.self)
    }
}

/// A value given as a recognizer or delegate factory that is not one.
package struct FactoryTypeError: Error, CustomStringConvertible {
    package let description: String
}
