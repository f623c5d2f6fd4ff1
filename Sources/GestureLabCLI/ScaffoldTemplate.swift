import Foundation
import GestureSynth
import GestureTrace

/// The files `gesturelab init NAME` writes: a package whose own UIKit-style recognizer and
/// delegate run in GestureLab's command line and in its tests, ready to build, test and run.
struct ScaffoldTemplate {
    /// The package and executable name, a Swift identifier.
    var name: String
    /// How Package.swift refers to GestureLab.
    var dependency: Dependency

    enum Dependency {
        case path(String)
        case url(String, from: String)

        /// The package identity SwiftPM gives it: the last path component, lowercased, without .git.
        var identity: String {
            switch self {
            case let .path(p): return (p as NSString).lastPathComponent.lowercased()
            case let .url(u, _):
                var last = (u as NSString).lastPathComponent
                if last.hasSuffix(".git") { last.removeLast(4) }
                return last.lowercased()
            }
        }

        var declaration: String {
            switch self {
            case let .path(p): return ".package(path: \(swiftString(p)), traits: [])"
            case let .url(u, v): return ".package(url: \(swiftString(u)), from: \(swiftString(v)), traits: [])"
            }
        }
    }

    var library: String { name + "Recognizers" }

    /// Relative path and contents of every file.
    var files: [(path: String, text: String)] {
        [
            ("Package.swift", packageManifest),
            (".gitignore", ".build/\nPackage.resolved\n"),
            ("Sources/\(library)/SwipeUpRecognizer.swift", recognizer),
            ("Sources/\(library)/AllowBothDelegate.swift", delegate),
            ("Sources/\(library)/Catalog.swift", catalog),
            ("Sources/\(name)/main.swift", main),
            ("scenes/card.yaml", scene),
            ("traces/swipe-up.jsonl", trace),
            ("Tests/\(name)Tests/SwipeUpTests.swift", tests),
            ("Tests/\(name)Tests/SwipeUpXCTests.swift", xcTests),
            ("README.md", readme),
        ]
    }

    var packageManifest: String {
        let p = dependency.identity
        return """
        // swift-tools-version:6.1
        import PackageDescription

        let package = Package(
            name: "\(name)",
            dependencies: [
                // traits: [] leaves out GestureLab's web server and window: a lighter build, without
                // SwiftNIO and without SDL2's headers. Add "Server" for `serve`, "Studio" for
                // `record` and `play` (libsdl2-dev).
                \(dependency.declaration),
            ],
            targets: [
                // Recognizers and delegates written as for UIKit: on iOS the same files build against UIKit.
                .target(name: "\(library)", dependencies: [.product(name: "GestureLabUIKit", package: \(swiftString(p)))]),
                // The whole gesturelab command line, with them as scene types and delegate names.
                .executableTarget(name: "\(name)", dependencies: ["\(library)", .product(name: "GestureLabCLI", package: \(swiftString(p)))]),
                .testTarget(name: "\(name)Tests", dependencies: [
                    "\(library)",
                    .product(name: "GestureLabUIKit", package: \(swiftString(p))),
                    .product(name: "GestureLabTesting", package: \(swiftString(p))),
                ]),
            ],
            swiftLanguageModes: [.v6]
        )

        """
    }

    var recognizer: String {
        """
        #if canImport(UIKit)
        import UIKit
        import UIKit.UIGestureRecognizerSubclass
        #else
        import GestureLabUIKit
        #endif

        /// A one-finger stroke upward: recognized when the finger lifts at least `minimumDistance`
        /// points above where it went down, having drifted sideways no more than half as far.
        public final class SwipeUpRecognizer: UIGestureRecognizer {
            public var minimumDistance: CGFloat = 80
            private var start: CGPoint?

            public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
                super.touchesBegan(touches, with: event)
                guard touches.count == 1, numberOfTouches == 1, let touch = touches.first else {
                    state = .failed
                    return
                }
                start = touch.location(in: view)
            }

            public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
                super.touchesMoved(touches, with: event)
                guard let start, let point = touches.first?.location(in: view) else { return }
                let rise = start.y - point.y
                if rise < -10 || abs(point.x - start.x) > max(20, rise / 2) {
                    state = .failed
                }
            }

            public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
                super.touchesEnded(touches, with: event)
                guard let start, let point = touches.first?.location(in: view) else {
                    state = .failed
                    return
                }
                state = start.y - point.y >= minimumDistance ? .recognized : .failed
            }

            public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
                super.touchesCancelled(touches, with: event)
                state = .failed
            }

            public override func reset() {
                super.reset()
                start = nil
            }
        }

        """
    }

    var delegate: String {
        """
        #if canImport(UIKit)
        import UIKit
        #else
        import GestureLabUIKit
        #endif

        /// Lets its recognizer recognize together with any other (UIKit's default is one at a time).
        public final class AllowBothDelegate: NSObject, UIGestureRecognizerDelegate {
            public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                          shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
                true
            }
        }

        """
    }

    var catalog: String {
        """
        #if !canImport(UIKit)
        import GestureLabUIKit

        /// The names scenes use for this package's recognizers and delegates (`type:` and `delegate:`).
        @MainActor
        public enum Catalog {
            public static let recognizers: [String: @MainActor () -> UIGestureRecognizer] = [
                "swipeUp": { SwipeUpRecognizer() },
            ]
            public static let delegates: [String: @MainActor () -> UIGestureRecognizerDelegate] = [
                "allowBoth": { AllowBothDelegate() },
            ]
        }
        #endif

        """
    }

    var main: String {
        """
        // gesturelab's command line with this package's recognizers and delegates:
        //   swift run \(name) replay traces/swipe-up.jsonl --scene scenes/card.yaml
        import GestureLabCLI
        import \(library)

        GestureLabCLI.main(recognizers: Catalog.recognizers, delegates: Catalog.delegates)

        """
    }

    var scene: String {
        """
        scene: card
        description: >
          A card with a pan and a swipe-up recognizer of our own. A pan begins after 10 points and
          would exclude the swipe; the swipe's delegate lets both recognize.
        viewport: [390, 844]
        views:
          - id: card
            frame: [45, 200, 300, 500]
            recognizers:
              - id: pan
                type: pan
              - id: swipeUp
                type: swipeUp
                delegate: allowBoth

        """
    }

    /// A finger drawn 200 points up the card in 0.3 s, sampled at 125 Hz.
    var trace: String {
        var b = StrokeBuilder()
        b.time = 20
        b.drag(from: (195, 600), to: (195, 400), durationMs: 300)
        let header = TraceHeader(clockSource: "synthetic", clockDescription: "generated by gesturelab init; 8 ms between move samples",
                                 devices: [.touch], labels: ["gesture": "swipe up"], scene: "card", origin: "gesturelab init")
        return ([header.jsonLine] + b.events.map(\.jsonLine)).joined(separator: "\n") + "\n"
    }

    var tests: String {
        """
        import Foundation
        import GestureLabTesting
        import GestureLabUIKit
        import \(library)
        import Testing

        /// The package's folder, for its scene file.
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

        @MainActor
        @Suite("SwipeUpRecognizer")
        struct SwipeUpTests {
            @Test("A stroke 200 points up the card is a swipe up")
            func recognizesAStrokeUpward() throws {
                let tester = GestureTester()
                let card = UIView(frame: CGRect(x: 45, y: 200, width: 300, height: 500))
                tester.window.addSubview(card)
                let swipe = SwipeUpRecognizer()
                card.addGestureRecognizer(swipe)
                tester.drag(from: CGPoint(x: 195, y: 600), to: CGPoint(x: 195, y: 400), duration: 0.3)
                try tester.expectRecognized(swipe)
            }

            @Test("A stroke to the right is not")
            func rejectsASidewaysStroke() throws {
                let tester = GestureTester()
                let card = UIView(frame: CGRect(x: 45, y: 200, width: 300, height: 500))
                tester.window.addSubview(card)
                let swipe = SwipeUpRecognizer()
                card.addGestureRecognizer(swipe)
                tester.drag(from: CGPoint(x: 60, y: 500), to: CGPoint(x: 330, y: 480), duration: 0.3)
                try tester.expectNotRecognized(swipe)
            }

            @Test("In the scene, the pan and the swipe both recognize because the delegate allows it")
            func sceneWithDelegate() throws {
                let tester = try GestureTester(scenePath: packageRoot + "/scenes/card.yaml",
                                               recognizers: Catalog.recognizers, delegates: Catalog.delegates)
                try tester.replay(tracePath: packageRoot + "/traces/swipe-up.jsonl")
                try tester.expectRecognized(try #require(tester.recognizer("swipeUp")))
                try tester.expectRecognized(try #require(tester.recognizer("pan")))
            }
        }

        """
    }

    /// The same library from XCTest: a thrown `GestureExpectationFailure` fails the test with its text.
    var xcTests: String {
        """
        import GestureLabTesting
        import GestureLabUIKit
        import \(library)
        import XCTest

        final class SwipeUpXCTests: XCTestCase {
            // XCTest on Linux cannot call a @MainActor test method; it runs tests on the main
            // thread, so the body says so instead.
            func testAShortStrokeUpIsNotASwipe() throws {
                try MainActor.assumeIsolated {
                    let tester = GestureTester()
                    let card = UIView(frame: CGRect(x: 45, y: 200, width: 300, height: 500))
                    tester.window.addSubview(card)
                    let swipe = SwipeUpRecognizer()
                    card.addGestureRecognizer(swipe)
                    tester.drag(from: CGPoint(x: 195, y: 600), to: CGPoint(x: 195, y: 560), duration: 0.2)
                    try tester.expectNotRecognized(swipe)
                    XCTAssertEqual(tester.states(of: swipe), [.failed])
                }
            }
        }

        """
    }

    var readme: String {
        """
        # \(name)

        Gesture recognizers and delegates written as for UIKit, replayed, explained and tested with
        GestureLab on Linux. `Sources/\(library)` builds against UIKit on iOS unchanged (the
        `#if canImport(UIKit)` imports) and against GestureLabUIKit here.

        ```sh
        swift build
        swift test
        swift run \(name) replay traces/swipe-up.jsonl --scene scenes/card.yaml
        swift run \(name) explain traces/swipe-up.jsonl --scene scenes/card.yaml --recognizer swipeUp
        swift run \(name) timeline traces/swipe-up.jsonl --scene scenes/card.yaml -o timeline.html
        ```

        Add a recognizer: write it in `Sources/\(library)`, give it a name in `Catalog.swift`, use
        that name as a `type:` in a scene. Record strokes of your own with
        `swift run \(name) record --scene scenes/card.yaml -o traces/mine.jsonl` (needs a display, and
        the Studio trait: `traits: ["Studio"]` on GestureLab's line in Package.swift).
        GestureLab's guide: docs/custom-recognizers.md in its repository.

        """
    }
}

/// `s` as a Swift string literal: quotes, backslashes and control characters escaped, so a
/// checkout path with a quote or a newline still makes a manifest that parses.
func swiftString(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
        switch u {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where u.value < 0x20 || u.value == 0x7F: out += "\\u{\(String(u.value, radix: 16))}"
        default: out.unicodeScalars.append(u)
        }
    }
    return out + "\""
}
