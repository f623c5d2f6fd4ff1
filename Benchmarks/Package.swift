// swift-tools-version:6.2
// GestureLab's benchmarks with thresholds, for CI (ordo-one/package-benchmark). A package of its
// own so that no user of GestureLab resolves or builds the benchmark tool: it depends on the
// repository's package by path. Run from the repository's root:
//   swift package --package-path Benchmarks benchmark                    (the figures)
//   swift package --package-path Benchmarks benchmark thresholds check   (what CI runs)
// docs/benchmarks.md says what is measured and how the thresholds are kept.
import Foundation
import PackageDescription

// A path dependency is named after its folder, whatever the clone is called.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "GestureLabBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // Neither the web server nor the studio: the benchmarks need the headless modules.
        .package(path: "..", traits: []),
        // The malloc interposer counts allocations; the runtime interposer (retains and
        // releases on Swift 6.3) is left out.
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The work both measure: prepared once, run as often as asked.
        .target(
            name: "GestureLabWorkloads",
            dependencies: [
                .product(name: "GestureTrace", package: root),
                .product(name: "GestureEngine", package: root),
                .product(name: "GestureScenes", package: root),
                .product(name: "GestureSynth", package: root),
                .product(name: "GestureTimeline", package: root),
                .product(name: "GestureAnalysis", package: root),
            ],
            path: "GestureLabWorkloads"
        ),
        .executableTarget(
            name: "GestureLabBenchmarks",
            dependencies: ["GestureLabWorkloads", .product(name: "Benchmark", package: "package-benchmark")],
            path: "GestureLabBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // Instructions per run, counted under callgrind (scripts/instruction-thresholds.sh).
        .executableTarget(name: "GestureLabInstructions", dependencies: ["GestureLabWorkloads"], path: "GestureLabInstructions"),
    ]
)
