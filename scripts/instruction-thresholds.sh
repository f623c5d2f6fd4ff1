#!/usr/bin/env bash
# The instructions of the engine, the trace reader, the log writer and a streaming explain, per
# run, counted by callgrind (this kind of VM has no hardware counters) on the workloads the
# allocation benchmarks run (Benchmarks/GestureLabWorkloads), and held to the counts in
# Benchmarks/Thresholds/instructions.json: the process with the workload run once, less the
# process with its input only prepared. A count is the same on every run of the same binary
# (hashing made deterministic), so unlike a time it can fail CI: more than 1% over a threshold
# fails; more than 2% under fails too, until the thresholds are renewed, so a gain is kept.
#   bash scripts/instruction-thresholds.sh            (scripts/test.sh, so CI)
#   bash scripts/instruction-thresholds.sh --update   (after a deliberate change; commit the file)
# Needs valgrind (scripts/test.sh installs it). Builds GestureLabInstructions in release in
# Benchmarks/.build, beside the allocation benchmarks.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/callgrind.sh
thresholds=Benchmarks/Thresholds/instructions.json
log=$(mktemp)
trap 'rm -f "$log" "$callgrind_stripped"' EXIT
if ! swift build --package-path Benchmarks -c release --product GestureLabInstructions >"$log" 2>&1; then
    grep -E "error:" "$log" | head -20 >&2
    echo "instruction-thresholds.sh: GestureLabInstructions did not build (above)" >&2
    exit 1
fi
callgrind_binary "$(swift build --package-path Benchmarks -c release --show-bin-path)/GestureLabInstructions"
count() { callgrind_count "$1" "$2"; }  # workload runs -> instructions of the whole process
workloads=$("$callgrind_stripped" --list)
python3 - "$thresholds" "${1:-}" $(for w in $workloads; do none=$(count "$w" 0); once=$(count "$w" 1); echo "$w=$(( once - none ))"; done) <<'PY'
import json, os, sys
path, mode, measured = sys.argv[1], sys.argv[2], dict(a.split("=") for a in sys.argv[3:])
measured = {k: int(v) for k, v in measured.items()}
if mode == "--update":
    open(path, "w").write(json.dumps(measured, indent=2, sort_keys=True) + "\n")
    for k, v in sorted(measured.items()): print(f"{k}: {v:,} instructions per run")
    sys.exit(0)
kept = json.load(open(path)) if os.path.exists(path) else {}
worse, better = [], []
for k, v in sorted(measured.items()):
    t = kept.get(k)
    if t is None:
        worse.append(f"{k}: {v:,} instructions per run, and no threshold for it")
        continue
    ratio = v / t
    line = f"{k}: {v:,} instructions per run against {t:,} ({(ratio - 1) * 100:+.2f}%)"
    print(line)
    if ratio > 1.01: worse.append(line)
    elif ratio < 0.98: better.append(line)
if worse:
    print("instruction-thresholds.sh: more instructions than the thresholds:\n  " + "\n  ".join(worse)
          + "\n  find the cost (scripts/count-instructions.sh, callgrind), or if it is deliberate renew them with --update and say why in the commit", file=sys.stderr)
    sys.exit(1)
if better:
    print("instruction-thresholds.sh: fewer instructions than the thresholds:\n  " + "\n  ".join(better)
          + "\n  keep the gain: bash scripts/instruction-thresholds.sh --update and commit " + path, file=sys.stderr)
    sys.exit(1)
print(f"instruction-thresholds.sh: {len(measured)} workloads within 1% of their thresholds ({path})")
PY
