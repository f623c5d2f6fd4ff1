/// Module names a package made by `gesturelab init` must not take. Its targets are NAME,
/// NAMERecognizers and NAMETests; SwiftPM refuses two targets of one name anywhere in the graph,
/// and a module named like one it imports (`Swift`, `Foundation`) hides it, so such a package
/// is created but cannot build. Compared without regard to case: file systems that ignore case
/// (macOS) make `gesturelabcli` and `GestureLabCLI` one folder.
enum ReservedModuleNames {
    /// GestureLab's own targets and products (a test checks this against Package.swift).
    static let gestureLab: Set<String> = [
        "GestureTrace", "GestureEngine", "GestureRecognizers", "GestureScenes", "GestureTimeline", "GestureAnalysis",
        "GestureSynth", "GestureImport", "GestureServer", "GestureStudio", "GestureLabUIKit", "GestureLabUIKitScenes", "GestureLabTesting",
        "GestureLabCLI", "GestureTestSupport", "SeedRecognizersUIKit", "TraceWindowUIKit", "CSDL2", "CZlib",
        "GestureLab", "gesturelab", "seedlab", "swift5client", "GesturePlatforms",
    ]

    /// The toolchain's modules, which every package imports or may.
    static let toolchain: Set<String> = [
        "Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML",
        "CoreFoundation", "Glibc", "Musl", "Darwin", "Dispatch", "XCTest", "Testing", "PackageDescription", "PackagePlugin",
        "_Concurrency", "_StringProcessing", "RegexBuilder", "Synchronization", "Observation", "Distributed", "Cxx", "CxxStdlib",
        "SwiftShims", "os", "UIKit", "CoreGraphics",
    ]

    /// Modules of the packages a GestureLab dependency brings into the graph (swift-argument-parser,
    /// Yams, Hummingbird and SwiftNIO, swift-log, swift-collections and the rest they need).
    static let dependencies: Set<String> = [
        "ArgumentParser", "ArgumentParserToolInfo", "Yams", "CYaml", "Hummingbird", "HummingbirdCore", "HummingbirdRouter",
        "HummingbirdTLS", "HummingbirdHTTP2", "HummingbirdTesting", "HummingbirdWebSocket", "HummingbirdWSCompression",
        "HummingbirdWSClient", "WSCore", "WSClient", "WSCompression", "NIO", "NIOCore", "NIOPosix", "NIOHTTP1", "NIOHTTP2",
        "NIOWebSocket", "NIOConcurrencyHelpers", "NIOFoundationCompat", "NIOEmbedded", "NIOTLS", "NIOSSL", "NIOExtras",
        "NIOHTTPTypes", "NIOHTTPTypesHTTP1", "NIOTransportServices", "HTTPTypes", "HTTPTypesFoundation", "Logging", "Metrics",
        "CoreMetrics", "Tracing", "Instrumentation", "ServiceContextModule", "ServiceLifecycle", "UnixSignals", "Atomics",
        "Collections", "DequeModule", "OrderedCollections", "HeapModule", "BitCollections", "HashTreeCollections",
        "RopeModule", "Algorithms", "AsyncAlgorithms", "Numerics", "RealModule", "ComplexModule", "System", "SystemPackage",
        "Crypto", "CompressNIO", "Configuration", "NIOFileSystem", "_NIOFileSystem", "NIOHPACK", "CNIOLinux", "CNIOPosix",
    ]

    /// Why `name` cannot name a package made by init, or nil when it can.
    static func problem(packageName name: String) -> String? {
        let all = gestureLab.union(toolchain).union(dependencies)
        let lowered = Dictionary(all.map { ($0.lowercased(), $0) }, uniquingKeysWith: min)
        for module in [name, name + "Recognizers", name + "Tests"] {
            // The name as spelled, else the one it equals ignoring case.
            guard let taken = all.contains(module) ? module : lowered[module.lowercased()] else { continue }
            let whose = gestureLab.contains(taken) ? "GestureLab's module" : toolchain.contains(taken) ? "the toolchain's module" : "a module of a package GestureLab depends on,"
            let target = module == name ? "the package and its executable" : "its target \(module)"
            return "\(name): \(target) would be named like \(whose) \(taken), and the package would not build; choose another name"
        }
        if swiftKeywords.contains(name) { return "\(name): a Swift keyword cannot name a module; choose another name" }
        return nil
    }

    static let swiftKeywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal",
        "let", "open", "operator", "private", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias",
        "var", "break", "case", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in",
        "repeat", "return", "switch", "where", "while", "as", "Any", "catch", "false", "is", "nil", "super", "self", "Self",
        "throw", "throws", "true", "try", "await", "async", "some", "any",
    ]
}
