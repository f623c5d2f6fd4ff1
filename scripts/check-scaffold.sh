#!/usr/bin/env bash
# Builds what `gesturelab init` creates, in a scratch folder, and runs its tests and its
# executable as the scaffold's README says: the promise that a new package works with no edits.
# Uses the debug gesturelab (scripts/test.sh builds it first).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
scratch="$(mktemp -d /tmp/gesturelab-scaffold.XXXXXX)"
trap 'rm -rf "$scratch"' EXIT
# The scaffold depends on a release, as a user's package does: a clone of this tree (uncommitted
# changes included, through `git stash create`) tagged with the version `gesturelab --version`
# prints, taken with `from:`. SwiftPM checks a version-based dependency more strictly than a path
# (unsafe build flags, for one), so this is the case that must work.
version="$("$repo/.build/debug/gesturelab" --version)"
snapshot="$(git -C "$repo" stash create || true)"
git clone -q "$repo" "$scratch/gesturelab"
git -C "$scratch/gesturelab" checkout -q "${snapshot:-HEAD}"
git -C "$scratch/gesturelab" -c user.name=check -c user.email=check@localhost tag -f "$version" >/dev/null
"$repo/.build/debug/gesturelab" init "$scratch/ScaffoldCheck" --url "file://$scratch/gesturelab" --from "$version" >/dev/null
grep -q "from: \"$version\"" "$scratch/ScaffoldCheck/Package.swift" || { echo "check-scaffold.sh: init did not write the version dependency" >&2; exit 1; }
cd "$scratch/ScaffoldCheck"
start=$(date +%s)
swift build 2>&1 | tail -1
echo "check-scaffold.sh: first swift build took $(( $(date +%s) - start )) s"
# traits: [] (the scaffold's default) keeps the web server and the window out of the graph: not
# resolved, not compiled, no SDL2 headers needed.
for heavy in hummingbird swift-nio hummingbird-websocket; do
    [ ! -e ".build/checkouts/$heavy" ] || { echo "check-scaffold.sh: $heavy was resolved although the scaffold takes GestureLab with traits: []" >&2; exit 1; }
done
if find .build -name "SDLLoader.c.o" | grep -q .; then echo "check-scaffold.sh: the studio's SDL2 loader was compiled although the scaffold takes GestureLab with traits: []" >&2; exit 1; fi
out="$(swift run ScaffoldCheck serve --scenes scenes 2>&1 || true)"
echo "$out" | grep -q "not in this build: GestureLab was built without its Server trait" || { echo "check-scaffold.sh: serve without the Server trait did not say how to get it: $out" >&2; exit 1; }
tests="$(swift test 2>&1 || true)"
echo "$tests" | grep -E "✘|Test run with|Executed [0-9]+ tests?"
echo "$tests" | grep -q "Test run with 3 tests in 1 suite passed" || { echo "check-scaffold.sh: the scaffold's Swift Testing tests did not all pass" >&2; exit 1; }
echo "$tests" | grep -q "Executed 1 test, with 0 failures" || { echo "check-scaffold.sh: the scaffold's XCTest test did not pass" >&2; exit 1; }
out="$(swift run ScaffoldCheck replay traces/swipe-up.jsonl --scene scenes/card.yaml 2>&1)"
echo "$out" | grep -E "^  (pan|swipeUp) "
echo "$out" | grep -q "swipeUp *recognized at 320 ms" || { echo "check-scaffold.sh: the scaffold's replay did not recognize the swipe" >&2; exit 1; }
# Most iOS apps are in Swift 5 language mode: a test target of the same package in that mode
# (scripts/swift5-consumer) must build and pass against the same tagged release.
mkdir -p Tests/Swift5ConsumerTests
cp "$repo/scripts/swift5-consumer/Swift5ConsumerTests.swift" Tests/Swift5ConsumerTests/
python3 "$repo/scripts/swift5-consumer/add-target.py" Package.swift
tests5="$(swift test --filter Swift5ConsumerTests 2>&1 || true)"
echo "$tests5" | grep -E "error:|✘|Test run with"
echo "$tests5" | grep -q "Test run with 1 test in 0 suites passed" || { echo "check-scaffold.sh: the Swift 5 mode consumer target did not build and pass" >&2; exit 1; }
echo "check-scaffold.sh: the package gesturelab init makes, depending on GestureLab $version by version, builds, tests and runs with no edits; a Swift 5 mode target of it builds and passes"
