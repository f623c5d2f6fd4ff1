#!/usr/bin/env bash
# Counts the instructions the engine spends per event of a trace, with callgrind: exact and
# repeatable where timings are not (this VM has no hardware counters, and its speed drifts).
# The binary is stripped of its debug info first (callgrind cannot read what this Swift writes),
# and the engine is run once and three times: the difference, halved, is one run of the engine
# over the trace, free of start-up, scene loading and reading.
#   bash scripts/count-instructions.sh BINARY TRACE [SCENE]
# Per tap: the taps-only trace of scripts/stroke-traces.py has three events per tap, so
# multiply instructions per event by 3 (docs/benchmarks.md).
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { echo "usage: $0 BINARY TRACE [SCENE]" >&2; exit 2; }
binary=$1 trace=$2 scene=${3:-recordings/bench/hammer-seven.yaml}
source scripts/callgrind.sh
callgrind_binary "$binary"
count() { callgrind_count bench "$trace" --scene "$scene" --engine-only --recognizers 7 --repeats "$1"; }
once=$(count 1)
thrice=$(count 3)
events=$(grep -c '"type"' "$trace")
run=$(( (thrice - once) / 2 ))
echo "$(basename "$trace"): $run instructions per run of the engine, $events events, $(( run / events )) per event"
