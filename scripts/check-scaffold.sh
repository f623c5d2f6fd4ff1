#!/usr/bin/env bash
# Builds what `gesturelab init` creates, in a scratch folder, and runs its tests and its
# executable as the scaffold's README says: the promise that a new package works with no edits.
# Uses the debug gesturelab (scripts/test.sh builds it first).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
scratch="$(mktemp -d /tmp/gesturelab-scaffold.XXXXXX)"
trap 'rm -rf "$scratch"' EXIT
"$repo/.build/debug/gesturelab" init "$scratch/ScaffoldCheck" --gesturelab-path "$repo" >/dev/null
cd "$scratch/ScaffoldCheck"
swift build 2>&1 | tail -1
tests="$(swift test 2>&1 || true)"
echo "$tests" | grep -E "✘|Test run with|Executed [0-9]+ tests?"
echo "$tests" | grep -q "Test run with 3 tests in 1 suite passed" || { echo "check-scaffold.sh: the scaffold's Swift Testing tests did not all pass" >&2; exit 1; }
echo "$tests" | grep -q "Executed 1 test, with 0 failures" || { echo "check-scaffold.sh: the scaffold's XCTest test did not pass" >&2; exit 1; }
out="$(swift run ScaffoldCheck replay traces/swipe-up.jsonl --scene scenes/card.yaml 2>&1)"
echo "$out" | grep -E "^  (pan|swipeUp) "
echo "$out" | grep -q "swipeUp *recognized at 320 ms" || { echo "check-scaffold.sh: the scaffold's replay did not recognize the swipe" >&2; exit 1; }
echo "check-scaffold.sh: the package gesturelab init makes builds, tests and runs with no edits"
