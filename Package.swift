// swift-tools-version:6.2
import PackageDescription

// Dependencies flow one way: trace format -> engine -> recognizers -> scenes -> timeline -> CLI.
// Everything here is pure Swift and runs headless; only the studio (a later target) knows SDL2, which
// it opens at run time (CSDL2/SDLLoader.c), and only the server knows HTTP.
// The reader, the engine, the recognizers, the scenes' delegates and Flutter's and Android's
// dispatch (GesturePlatforms) run per event (a scene's delegate is asked about every new touch);
// the log's writers (GestureTimeline) and readers (GestureAnalysis: explanations, diffs,
// comparisons) run per row. Release builds drop the run-time
// exclusivity checks there (they were ~5% of a replay in perf, with the thread-local lookups
// they need; 6.5% of a `diff`, 4% of a `compare`); debug builds, which the tests use, keep them,
// so a violation still shows up.
// In source, one type switches them off in every build: UncheckedState (GestureEngine), which
// holds the state of the objects touched on every log row (LogBatch, LogNameBytes,
// GestureTimeline's JSONRowShapes, the CLI's explanation being fed), each used by one thread at
// a time.
//
// The flag is an "unsafe" one, which SwiftPM refuses in a dependency taken by version (`from:`)
// unless the dependency's manifest says tools version 6.2 or later: hence 6.2 above. A package
// depending on a GestureLab release therefore needs Swift 6.2 or later (its own manifest may say
// any tools version). scripts/check-scaffold.sh builds a package that depends on a tagged clone
// with `from:`, so a regression fails CI.
let hotPath: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

let package = Package(
    name: "GestureLab",
    products: [
        .library(name: "GestureTrace", targets: ["GestureTrace"]),
        .library(name: "GestureEngine", targets: ["GestureEngine"]),
        .library(name: "GestureRecognizers", targets: ["GestureRecognizers"]),
        .library(name: "GestureScenes", targets: ["GestureScenes"]),
        .library(name: "GestureTimeline", targets: ["GestureTimeline"]),
        .library(name: "GestureImport", targets: ["GestureImport"]),
        .library(name: "GestureAnalysis", targets: ["GestureAnalysis"]),
        .library(name: "GestureSynth", targets: ["GestureSynth"]),
        .library(name: "GestureLabUIKit", targets: ["GestureLabUIKit"]),
        .library(name: "GestureLabCLI", targets: ["GestureLabCLI"]),
        .library(name: "GestureLabTesting", targets: ["GestureLabTesting"]),
        .executable(name: "gesturelab", targets: ["gesturelab"]),
    ],
    // The web server and the studio's window are traits, on by default: a package that takes
    // GestureLab with `traits: []` does not resolve Hummingbird and SwiftNIO (SwiftPM leaves out
    // packages only a disabled trait uses) and needs no SDL2 headers. Its `gesturelab` command line
    // then has every command but `serve` (Server) and `record`/`play` (Studio), which say how to get
    // them. GestureLabUIKit and GestureLabTesting use neither.
    traits: [
        .trait(name: "Server", description: "`gesturelab serve`: the recorder page and browser, on Hummingbird and SwiftNIO."),
        .trait(name: "Studio", description: "`gesturelab record` and `play`: the SDL2 window (needs libsdl2-dev to build)."),
        .default(enabledTraits: ["Server", "Studio"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        // `gesturelab serve` only: HTTP and WebSocket on SwiftNIO (docs/serve.md says why these).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
    ],
    targets: [
        .target(name: "GestureTrace", swiftSettings: hotPath),
        .target(name: "GestureEngine", dependencies: ["GestureTrace"], swiftSettings: hotPath),
        .target(name: "GestureRecognizers", dependencies: ["GestureEngine", "GestureTrace"], swiftSettings: hotPath),
        .target(name: "GestureScenes", dependencies: ["GestureEngine", "GestureRecognizers", "GestureTrace", "Yams"], swiftSettings: hotPath),
        .target(name: "GestureTimeline", dependencies: ["GestureEngine", "GestureTrace"], swiftSettings: hotPath),
        // UIKit's names over the engine, so recognizers and delegates written for iOS compile
        // unchanged (docs/custom-recognizers.md).
        .target(name: "GestureLabUIKit", dependencies: ["GestureEngine", "GestureRecognizers", "GestureTrace"], swiftSettings: hotPath),
        // UIKit-style recognizers, delegates and views made by name from a scene: the only part of
        // the UIKit layer that needs the scene loader (and so Yams). Not a product: the testing
        // API and the command line use it; code that imports only GestureLabUIKit does not build it.
        .target(name: "GestureLabUIKitScenes", dependencies: ["GestureLabUIKit", "GestureEngine", "GestureScenes"], swiftSettings: hotPath),
        // Gesture tests in the manner of Flutter's WidgetTester: synthesized input, a replay,
        // assertions whose failures carry the explanation. For Swift Testing and XCTest alike.
        .target(name: "GestureLabTesting", dependencies: ["GestureLabUIKit", "GestureLabUIKitScenes", "GestureEngine", "GestureScenes", "GestureSynth", "GestureTrace", "GestureAnalysis", "GestureTimeline"]),
        // SDL2 (libsdl2-dev) and zlib (zlib1g-dev), installed by scripts/bootstrap.sh. Their headers
        // are in the standard include path, so no pkg-config: SDL2's adds -D_REENTRANT, which
        // SwiftPM refuses with a warning on every build. SDL2 itself is opened at run time by the
        // studio (CSDL2/SDLLoader.c), not linked; zlib's module map names its library.
        .target(name: "CSDL2"),
        // zlib compresses the studio's PNG screenshots (a flat-coloured frame shrinks ~300x).
        .systemLibrary(name: "CZlib"),
        // The studio is the only part that knows SDL2 (and so needs libsdl2-dev to build).
        .target(name: "GestureStudio", dependencies: ["CSDL2", "CZlib", "GestureEngine", "GestureScenes", "GestureTrace"]),
        .target(name: "GestureAnalysis", dependencies: ["GestureEngine", "GesturePlatforms", "GestureScenes", "GestureTrace", "GestureRecognizers"], swiftSettings: hotPath),
        .target(name: "GestureSynth", dependencies: ["GestureTrace"]),
        // Flutter's gesture arena and Android's touch dispatch, beside the UIKit engine (issue 32).
        .target(name: "GesturePlatforms", dependencies: ["GestureEngine", "GestureScenes", "GestureTrace"], swiftSettings: hotPath),
        .target(name: "GestureImport", dependencies: ["GestureTrace"]),
        // The web recorder and browser (`gesturelab serve`): the only part that knows HTTP.
        .target(name: "GestureServer", dependencies: [
            "GestureTrace", "GestureScenes", "GestureTimeline", "GestureImport", "GestureAnalysis",
            .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Server"])),
            .product(name: "HummingbirdCore", package: "hummingbird", condition: .when(traits: ["Server"])),
            .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket", condition: .when(traits: ["Server"])),
            .product(name: "HTTPTypes", package: "swift-http-types", condition: .when(traits: ["Server"])),
            .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Server"])),
            .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Server"])),
            .product(name: "NIOConcurrencyHelpers", package: "swift-nio", condition: .when(traits: ["Server"])),
        ]),
        .target(name: "GestureLabCLI", dependencies: [
            "GestureTrace", "GestureEngine", "GestureScenes", "GestureTimeline", "GestureSynth", "GestureImport", "GestureAnalysis", "GestureLabUIKit", "GestureLabUIKitScenes", "GesturePlatforms",
            .target(name: "GestureStudio", condition: .when(traits: ["Studio"])),
            .target(name: "GestureServer", condition: .when(traits: ["Server"])),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], swiftSettings: hotPath),
        .executableTarget(name: "gesturelab", dependencies: ["GestureLabCLI"]),
        // The seed recognizers as an iOS developer writes them, against GestureLabUIKit only (the
        // proof that such code runs unchanged; GestureLabUIKitTests replays them).
        .target(name: "SeedRecognizersUIKit", dependencies: ["GestureLabUIKit"], path: "Examples/SeedRecognizers"),
        // The drop-in trace-writing UIWindow for iOS apps, compiled here against GestureLabUIKit.
        .target(name: "TraceWindowUIKit", dependencies: ["GestureLabUIKit"], path: "Examples/iOSRecorder"),
        // A user's own gesturelab: the whole command line with those recognizers registered.
        .executableTarget(name: "seedlab", dependencies: ["GestureLabCLI", "SeedRecognizersUIKit"], path: "Examples/SeedLab", exclude: ["scenes"]),
        // The same in Swift 5 language mode, as most apps are: its top-level code and closure
        // literals must be taken as the iOS SDK takes them.
        .executableTarget(name: "swift5client", dependencies: ["GestureLabCLI", "GestureLabUIKit", "GestureLabTesting"], path: "Examples/Swift5Client",
                          swiftSettings: [.swiftLanguageMode(.v5)]),
        .target(name: "GestureTestSupport", dependencies: ["GestureEngine", "GestureTrace"], path: "Tests/GestureTestSupport", exclude: ["cdp-page.mjs", "cdp.mjs"]),
        .testTarget(name: "GestureTraceTests", dependencies: ["GestureTrace", "GestureSynth"]),
        .testTarget(name: "GestureEngineTests", dependencies: ["GestureEngine", "GestureRecognizers", "GestureTrace", "GestureTestSupport", "GestureSynth"]),
        .testTarget(name: "GestureRecognizersTests", dependencies: ["GestureEngine", "GestureRecognizers", "GestureTrace", "GestureImport", "GestureTestSupport"]),
        .testTarget(name: "GestureScenesTests", dependencies: ["GestureScenes", "GestureTimeline", "GestureSynth", "GestureTrace", "GestureEngine", "GestureRecognizers", "GestureAnalysis", "GestureTestSupport"]),
        .testTarget(name: "GestureLabCLITests", dependencies: ["GestureTrace", "GestureTestSupport"]),
        .testTarget(name: "GestureLabUIKitTests", dependencies: ["GestureLabUIKit", "GestureLabCLI", "GestureLabTesting", "SeedRecognizersUIKit", "GestureScenes", "GestureEngine", "GestureRecognizers", "GestureImport", "GestureTrace", "GestureTimeline", "GestureAnalysis", "GestureTestSupport"]),
        .testTarget(name: "GesturePlatformsTests", dependencies: ["GesturePlatforms", "GestureEngine", "GestureScenes", "GestureTrace", "GestureSynth", "GestureAnalysis"]),
        .testTarget(name: "GestureImportTests", dependencies: ["GestureImport", "GestureTrace", "GestureScenes", "GestureEngine", "GestureRecognizers"], exclude: ["Fixtures"]),
        .testTarget(name: "GestureServerTests", dependencies: ["GestureTrace", "GestureEngine", "GestureRecognizers", "GestureScenes", "GestureTestSupport"], exclude: ["cdp-touch.mjs"]),
        .testTarget(name: "GestureStudioTests", dependencies: ["GestureTrace"]),
        .testTarget(name: "GestureAnalysisTests", dependencies: ["GestureAnalysis", "GestureScenes", "GestureTrace", "GestureEngine", "GestureSynth", "GestureTimeline", "GestureRecognizers", "GestureImport", "GestureTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
