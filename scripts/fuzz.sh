#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ (trace reader, scene loader, engine with random scenes)
# and runs each for SECONDS (default 20). Inputs in Fuzz/regressions/<target>/ run first, once
# each: they are past findings and must stay fixed. A finding is copied to Fuzz/findings/ and
# the script exits 1. See docs/fuzzing.md.
#   bash scripts/fuzz.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/stable-build-plan.sh
seconds=${1:-20}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(trace-fuzzer scene-fuzzer engine-fuzzer)
# The Swift backtracer misbehaves under ASan (reference/sdl2-on-linux.md).
export SWIFT_BACKTRACE=enable=no
build="$PWD/.build-fuzz"
mkdir -p "$build"
fuzz_build() { (cd Fuzz && swift build --build-path "$build" -Xswiftc -sanitize=fuzzer,address --product "$1" > "$build/build-$1.log" 2>&1); }
# An incremental build of this package misses source files added to the main package since
# (SwiftPM keeps the path dependency's file list): if any target fails, build them all again from
# clean (cleaning for one target deletes the others' binaries too).
incremental_ok=1
for t in "${targets[@]}"; do fuzz_build "$t" || { incremental_ok=0; break; }; done
if [ $incremental_ok = 0 ]; then
  echo "fuzz: the fuzzers did not build incrementally; building from clean" >&2
  rm -rf "$build" && mkdir -p "$build"
  for t in "${targets[@]}"; do
    # A failed build must stop here: an older binary from an earlier build would still run.
    if ! fuzz_build "$t"; then
      grep -E "error:" "$build/build-$t.log" | head -20 >&2
      echo "fuzz: $t did not build (full output: $build/build-$t.log)" >&2
      exit 1
    fi
  done
fi
for t in "${targets[@]}"; do
  [ -x "$build/debug/$t" ] || { echo "fuzz: $t was not built" >&2; exit 1; }
  grep -E "Build of" "$build/build-$t.log" || true
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/trace-fuzzer" "$work/scene-fuzzer" "$work/engine-fuzzer" "$work/artifacts"
cp recordings/traces/*.jsonl "$work/trace-fuzzer/"
cp recordings/scenes/*.yaml "$work/scene-fuzzer/"
printf 'seed' > "$work/engine-fuzzer/seed"
status=0
for t in "${targets[@]}"; do
  if [ -d "Fuzz/regressions/$t" ] && [ -n "$(ls -A "Fuzz/regressions/$t")" ]; then
    echo "fuzz: $t: past findings"
    "$build/debug/$t" -rss_limit_mb=2048 -timeout=20 Fuzz/regressions/$t/* > "$work/$t.regressions.log" 2>&1 \
      || { tail -40 "$work/$t.regressions.log"; status=1; continue; }
  fi
  echo "fuzz: $t for $seconds s"
  if ! "$build/debug/$t" -max_total_time="$seconds" -max_len=8192 -rss_limit_mb=2048 -timeout=20 \
       -artifact_prefix="$work/artifacts/$t-" -print_final_stats=1 "$work/$t" > "$work/$t.log" 2>&1; then
    tail -60 "$work/$t.log"
    mkdir -p Fuzz/findings
    cp "$work"/artifacts/* Fuzz/findings/ 2>/dev/null || true
    echo "fuzz: $t found a problem; the input is in Fuzz/findings/ (fix it, then move it to Fuzz/regressions/$t/)" >&2
    status=1
    continue
  fi
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$work/$t.log" | sed "s/^/  /"
done
exit $status
