# Sourced by the scripts that run SwiftPM. SwiftPM 6.3 passes a package's enabled traits to the
# compiler (-DServer -DStudio) in the iteration order of a Set, which a fresh process's random
# hash seed redraws; llbuild keys each compile on its whole command line, so about every second
# `swift build` recompiled every GestureLab module although nothing had changed (measured here:
# 330-420 files, 1-2 minutes on two cores; swiftlang/swift-package-manager#10525, fixed after
# 6.3). A fixed seed gives SwiftPM one order. The variable is inherited by what the scripts run,
# so scripts/test.sh runs the test suites without it: they keep the random seed users have.
export SWIFT_DETERMINISTIC_HASHING=1
