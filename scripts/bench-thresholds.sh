#!/usr/bin/env bash
# The allocation thresholds of the engine, the trace reader, the log writer and a streaming
# explain (Benchmarks/, ordo-one/package-benchmark; docs/benchmarks.md): allocations are counted
# exactly and do not depend on the machine's load, so CI holds them like SwiftNIO holds its
# allocation counters. A change that allocates more fails; one that allocates less fails too,
# until the thresholds are renewed, so an improvement is kept.
#   bash scripts/bench-thresholds.sh            (scripts/test.sh, so CI)
#   bash scripts/bench-thresholds.sh --update   (after a deliberate change; commit Benchmarks/Thresholds)
# The benchmarks build in release in their own folder (Benchmarks/.build), about two minutes the
# first time on this 2-core machine.
set -euo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
run() { swift package --package-path Benchmarks "$@" >"$log" 2>&1; }
if [ "${1:-}" = "--update" ]; then
    run --allow-writing-to-package-directory benchmark thresholds update --target GestureLabBenchmarks --path Benchmarks/Thresholds || { cat "$log" >&2; exit 1; }
    # Only allocations are kept: times depend on the machine, and this kind of VM counts no
    # instructions (no hardware counters).
    for f in Benchmarks/Thresholds/*.p90.json; do
        python3 - "$f" <<'PY'
import json, sys
d = {k: v for k, v in json.load(open(sys.argv[1])).items() if k == "mallocCountTotal"}
open(sys.argv[1], "w").write(json.dumps(d, indent=2, sort_keys=True) + "\n")
PY
    done
    grep -H . Benchmarks/Thresholds/*.p90.json | sed 's|Benchmarks/Thresholds/GestureLabBenchmarks.||; s|.p90.json:| |'
    exit 0
fi
set +e
run benchmark thresholds check --target GestureLabBenchmarks --path Benchmarks/Thresholds
status=$?
set -e
if grep -q "is EQUAL to the defined thresholds" "$log" && [ $status = 0 ]; then
    echo "bench-thresholds.sh: allocations of $(ls Benchmarks/Thresholds/*.p90.json | wc -l) benchmarks equal their thresholds (Benchmarks/Thresholds)"
    exit 0
fi
if ! grep -q "Running Benchmarks" "$log"; then
    # The benchmarks did not run: say why (a build error in Benchmarks/ after an API change).
    grep -E "error:|failed" "$log" | head -20 >&2
    echo "bench-thresholds.sh: the benchmarks did not build or run (above; the whole output: swift package --package-path Benchmarks benchmark thresholds check --path Benchmarks/Thresholds)" >&2
    exit 1
fi
grep -v "ETA:" "$log" | sed -n '/Running Benchmarks/,$p' >&2
if grep -q "BETTER than the defined thresholds\|improvement" "$log"; then
    echo "bench-thresholds.sh: fewer allocations than the thresholds: keep the gain with bash scripts/bench-thresholds.sh --update and commit Benchmarks/Thresholds" >&2
else
    echo "bench-thresholds.sh: more allocations than the thresholds (above): find the new allocation, or if it is deliberate renew them with --update and say why in the commit" >&2
fi
exit 1
