# Adds the Swift 5 mode test target to the Package.swift of a package `gesturelab init` made.
import re, sys
path = sys.argv[1]
s = open(path).read()
target = """        .testTarget(name: "Swift5ConsumerTests", dependencies: [
            .product(name: "GestureLabUIKit", package: "gesturelab"), .product(name: "GestureLabTesting", package: "gesturelab"),
        ], swiftSettings: [.swiftLanguageMode(.v5)]),
    ],
    swiftLanguageModes"""
s, n = re.subn(r"    \],\n    swiftLanguageModes", lambda m: target, s, count=1)
if n != 1:
    sys.exit("check-scaffold.sh: the scaffold's Package.swift changed shape; update scripts/swift5-consumer/add-target.py")
open(path, "w").write(s)
