// swift-tools-version:6.1
import PackageDescription

// libFuzzer targets, in a package of their own: they call libFuzzer's driver, which only exists
// when built with -sanitize=fuzzer, so they must stay out of the main package's ordinary build.
// Build and run them with scripts/fuzz.sh (docs/fuzzing.md).
let package = Package(
    name: "GestureLabFuzz",
    // Without the web server and the window (traits: []): the fuzzers use neither, and with no
    // trait enabled the build has no trait defines whose order could change between builds.
    dependencies: [.package(name: "GestureLab", path: "..", traits: [])],
    targets: [
        .target(name: "CFuzzerDriver"),
        .target(name: "FuzzSupport", dependencies: ["CFuzzerDriver"]),
        .executableTarget(name: "trace-fuzzer", dependencies: [
            "FuzzSupport", .product(name: "GestureTrace", package: "GestureLab"),
        ]),
        .executableTarget(name: "scene-fuzzer", dependencies: [
            "FuzzSupport", .product(name: "GestureScenes", package: "GestureLab"),
        ]),
        .executableTarget(name: "engine-fuzzer", dependencies: [
            "FuzzSupport",
            .product(name: "GestureAnalysis", package: "GestureLab"),
            .product(name: "GestureSynth", package: "GestureLab"),
            .product(name: "GestureScenes", package: "GestureLab"),
            .product(name: "GestureEngine", package: "GestureLab"),
            .product(name: "GestureTrace", package: "GestureLab"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
