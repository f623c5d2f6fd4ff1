#!/usr/bin/env bash
# Runs the whole test suite: builds everything (including the gesturelab binary the
# command-line tests run), then runs the Swift Testing suites.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/stable-build-plan.sh
# Each step's time, printed at its end: CI must stay under ten minutes on this 2-core machine.
started=$SECONDS
step() { echo "test.sh: $1 done at $((SECONDS - started)) s"; }
# chromium renders the HTML timeline in a test (a real browser running the page's script) and,
# driven through its DevTools protocol by node (20, from the machine's image), sends real touches
# to `gesturelab serve`; curl makes the server tests' plain requests; Xvfb and xdotool drive the
# studio's real SDL2 window in the window tests; GNU time measures the peak memory of each
# bad-input case; valgrind counts the instructions CI holds to thresholds.
GESTURELAB_APT_PACKAGES="chromium curl xvfb xdotool time valgrind ${GESTURELAB_APT_PACKAGES:-}" GESTURELAB_SKIP_BUILD=1 bash scripts/bootstrap.sh
# Package.swift declares exactly the modules each target imports (before the build, which would
# hide a missing declaration behind another dependency).
mkdir -p .build
bash scripts/check-manifest.sh
# The benchmarks' release build (Benchmarks/, its own package and folder) runs beside the debug
# build: each leaves one core idle for long stretches (the release build compiles GestureLab's
# modules one after another, one whole-module job each), and the thresholds below need it.
# Both executables and the benchmark plugin's tool, so the checks below build nothing.
bench_build_log=$(mktemp)
( swift build --package-path Benchmarks -c release && swift build --package-path Benchmarks -c release --product BenchmarkTool ) >"$bench_build_log" 2>&1 &
bench_build_pid=$!
# A failed step below stops the run: the build beside it stops too.
trap 'pkill -P "$bench_build_pid" 2>/dev/null; kill "$bench_build_pid" 2>/dev/null; rm -f "$bench_build_log"' EXIT
# One build of everything, tests included. A compiler warning fails the run: warnings are fixed,
# not accumulated (an incremental build shows only the files it recompiled; CI builds clean).
mkdir -p .build
swift build --build-tests 2>&1 | tee .build/last-build.log
# A dependency's own packaging warning (swift-distributed-tracing ships a file it does not declare)
# is not ours to fix. Examples/Swift5Client is iOS code in Swift 5 mode: the warnings it gets are
# the ones the iOS SDK gives that code (a Timer's Sendable block setting a recognizer's state), and
# they are its point; its tests check it runs.
if grep "warning:" .build/last-build.log | grep -v "^warning: 'swift-distributed-tracing': found 1 file(s) which are unhandled" \
    | grep -v "Examples/Swift5Client/iOSIdioms.swift:[0-9]*:[0-9]*: warning: main actor-isolated property 'state' can not be mutated from a Sendable closure" \
    | grep -qv "^ *|.*- warning: main actor-isolated property 'state' can not be mutated from a Sendable closure"; then
    echo "test.sh: the build has compiler warnings (above); fix them" >&2
    exit 1
fi
step build
if ! wait "$bench_build_pid"; then
    grep -E "error:" "$bench_build_log" | head -20 >&2
    echo "test.sh: the benchmarks (Benchmarks/) did not build in release (above; the whole output: swift build --package-path Benchmarks -c release)" >&2
    exit 1
fi
rm -f "$bench_build_log"
step "benchmarks' release build"
# The tests' scratch files (inputs they write, outputs of the commands they run) go to a folder of
# this run's, removed at the end however the run ends: several suites make folders named after
# their process in the temporary directory, and a CI machine's /tmp filled with them run by run.
test_tmp=$(mktemp -d "${TMPDIR:-/tmp}/gesturelab-tests.XXXXXX")
trap 'rm -rf "$test_tmp"' EXIT
TMPDIR=$test_tmp env -u SWIFT_DETERMINISTIC_HASHING swift test --skip-build --disable-xctest
rm -rf "$test_tmp"
step tests
# A short fuzz run of the trace reader, the scene loader and the engine (docs/fuzzing.md), in the
# background: each fuzzer runs for a fixed time on one core, which the checks below share with it
# (CI's ten minutes on two cores).
fuzz_log=$(mktemp)
bash scripts/fuzz.sh "${GESTURELAB_FUZZ_SECONDS:-20}" >"$fuzz_log" 2>&1 &
fuzz_pid=$!
# What users import is a promise: its public surface must match docs/public-api (CHANGELOG.md).
bash scripts/public-api.sh --check
step "public API"
# ... and nothing users compiled against the last release (docs/api-baseline/VERSION) breaks,
# unless a new version announces it (swift-api-digester, as diagnose-api-breaking-changes).
bash scripts/api-breakage.sh --check
step "API breakage"
# Allocations of the engine, the reader, the log writer and a streaming explain must not grow
# (ordo-one/package-benchmark in Benchmarks/, thresholds in Benchmarks/Thresholds).
bash scripts/bench-thresholds.sh
step "allocation thresholds"
# ... nor their instructions per run, counted by callgrind (no hardware counters on this kind of
# VM), beyond 1% (Benchmarks/Thresholds/instructions.json).
bash scripts/instruction-thresholds.sh
step "API checks and benchmark thresholds"
# The DocC documentation of those modules builds with DocC's warnings as errors, and every public
# symbol has a documentation comment (docs/undocumented-symbols.txt).
bash scripts/docs.sh --check
step docs
fuzz_status=0
wait "$fuzz_pid" || fuzz_status=$?
cat "$fuzz_log"
rm -f "$fuzz_log"
[ "$fuzz_status" = 0 ] || { echo "test.sh: the fuzz run failed (above)" >&2; exit 1; }
step fuzz
# A package made by `gesturelab init` builds, passes its tests and replays (docs/custom-recognizers.md).
bash scripts/check-scaffold.sh
step scaffold
# Every seed example and delegate, and the iOS-written files of the UIKit tests (timers, controls,
# insets, scroll state), compile in Swift 5 language mode too (the test build has them in Swift 6).
bash scripts/check-uikit-sources.sh Examples/SeedRecognizers/*.swift Examples/iOSRecorder/*.swift Tests/GestureLabUIKitTests/iOSFiles/*.swift >/dev/null
step "Swift 5 check"
