import CFuzzerDriver

/// Runs libFuzzer with this process's arguments, calling `body` with each input.
/// `body` must not keep the buffer: libFuzzer reuses it.
public func runFuzzer(_ body: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    let status = LLVMFuzzerRunDriver(&argc, &argv, body)
    exit(status)
}

#if canImport(Glibc)
import Glibc
#endif
