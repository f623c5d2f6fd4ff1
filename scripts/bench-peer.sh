#!/usr/bin/env bash
# GestureLab against Hammer.js on the same strokes, in the same run, rounds interleaved
# (docs/benchmarks.md): the engine alone (after one unmeasured run, as the Hammer.js harness
# makes one warm-up run before its measured one), and what users run, `gesturelab replay` with its full
# JSON Lines log and with its text timeline, each timed from process start to exit (reading,
# scene, engine, log; written to /dev/null). Hammer.js, its stream generator and its node
# harness are read from GESTURELAB_PEERS (default ../shared/peers) and never copied here; the
# streams are generated into a scratch folder. Without node or the peer files the ratio is
# against a figure recorded elsewhere, and the script says so.
#
#   scripts/bench-peer.sh [ROUNDS]      (default 5; a release build is made first)
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"
source scripts/stable-build-plan.sh
rounds=${1:-5}
peers=${GESTURELAB_PEERS:-$(cd .. && pwd)/shared/peers}
swift build -c release --product gesturelab >/dev/null
bin="$(swift build -c release --show-bin-path)/gesturelab"
work="$(mktemp -d /tmp/gesturelab-peer.XXXXXX)"
trap 'rm -rf "$work"' EXIT
median() { sort -n | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }
engine_rate() { "$bin" bench "$1" --scene "$2" --engine-only --recognizers 7 --warmup 1 --repeats 1 | sed -n 's/^engine,  7 recognizers: .* = \([0-9]*\) events\/s.*/\1/p'; }

if ! command -v node >/dev/null || [ ! -f "$peers/hammer.js" ] || [ ! -f "$peers/hammer_bench.js" ] || [ ! -f "$peers/gen_streams.js" ]; then
    echo "bench-peer: node or Hammer.js is not available (looked in $peers); the ratio below is against"
    echo "  the figure recorded in Sources/GestureLabCLI/BenchBaselines.swift (Hammer.js 2.0.8, 232,600 events/s,"
    echo "  Node 20 on this machine kind, issue 7), not measured in this run."
    "$bin" bench --generate "$work/hammer-like.jsonl" >/dev/null
    rates=$(for r in $(seq "$rounds"); do engine_rate "$work/hammer-like.jsonl" recordings/bench/hammer-seven.yaml; done)
    g=$(echo "$rates" | median)
    awk -v g="$g" 'BEGIN { printf "GestureLab engine, 7 recognizers: %d events/s (median of %d); %.1fx the recorded Hammer.js figure\n", g, '"$rounds"', g / 232600 }'
    exit 0
fi

# The same strokes for both: Hammer's own streams (1,124,076 events), and for GestureLab the same
# lines behind a trace header, on a stage the size of the streams' canvas.
node "$peers/gen_streams.js" "$work/streams.jsonl" >/dev/null
{
    echo '{"format":"gesturelab-trace","version":1,"viewport":{"width":1024,"height":1366},"scale":1,"clock":{"source":"synthetic","description":"Hammer.js peer streams (gen_streams.js, its default seed)"},"devices":["touch"],"labels":{"workload":"hammer-streams"}}'
    cat "$work/streams.jsonl"
} > "$work/trace.jsonl"
sed -e 's/^viewport: \[390, 844\]/viewport: [1024, 1366]/' -e 's/frame: \[0, 0, 390, 844\]/frame: [0, 0, 1024, 1366]/' \
    recordings/bench/hammer-seven.yaml > "$work/scene.yaml"
hammer_rate() {
    node "$peers/hammer_bench.js" "$peers/hammer.js" --streams "$work/streams.jsonl" --workloads all --runs 1 --warmup 1 --json "$work/h.json" >/dev/null
    node -e 'const r = require(process.argv[1]).results.find(x => x.name === "all") || require(process.argv[1]).results[0]; console.log(r.inputEventsPerSec)' "$work/h.json"
}
events=$(grep -c '"type"' "$work/trace.jsonl")
# A replay from process start to exit, in events per second.
replay_rate() {
    local s e
    s=$(date +%s.%N)
    "$bin" replay "$work/trace.jsonl" --scene "$work/scene.yaml" --format "$1" -o /dev/null
    e=$(date +%s.%N)
    awk -v n="$events" -v s="$s" -v e="$e" 'BEGIN { printf "%.0f", n / (e - s) }'
}
echo "release build; $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg); $events events; events/s and ratio to Hammer.js"
echo "(each GestureLab figure is the mean of a run just before and one just after the round's Hammer.js run, so both see the same stretch of the machine)"
printf '%5s  %10s  %18s  %18s  %18s\n' round hammer.js "engine" "replay jsonl" "replay text"
mean() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.0f", (a + b) / 2 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { print a / b }'; }
hs=() gs=() js=() ts=() gr=() jr=() tr=()
for r in $(seq "$rounds"); do
    # Hammer.js runs for seconds, GestureLab for a fraction of one: on a VM whose speed drifts over
    # minutes, GestureLab is measured on both sides of it and the two are averaged. Which of the
    # three formats runs first alternates between rounds.
    if (( r % 2 )); then
        g1=$(engine_rate "$work/trace.jsonl" "$work/scene.yaml"); j1=$(replay_rate jsonl); t1=$(replay_rate text)
        h=$(hammer_rate)
        t2=$(replay_rate text); j2=$(replay_rate jsonl); g2=$(engine_rate "$work/trace.jsonl" "$work/scene.yaml")
    else
        t1=$(replay_rate text); j1=$(replay_rate jsonl); g1=$(engine_rate "$work/trace.jsonl" "$work/scene.yaml")
        h=$(hammer_rate)
        g2=$(engine_rate "$work/trace.jsonl" "$work/scene.yaml"); j2=$(replay_rate jsonl); t2=$(replay_rate text)
    fi
    g=$(mean "$g1" "$g2"); j=$(mean "$j1" "$j2"); t=$(mean "$t1" "$t2")
    hs+=("$h") gs+=("$g") js+=("$j") ts+=("$t")
    gr+=("$(ratio "$g" "$h")") jr+=("$(ratio "$j" "$h")") tr+=("$(ratio "$t" "$h")")
    awk -v r="$r" -v h="$h" -v g="$g" -v j="$j" -v t="$t" \
        'BEGIN { printf "%5d  %10d  %10d %6.1fx  %10d %6.1fx  %10d %6.1fx\n", r, h, g, g / h, j, j / h, t, t / h }'
done
h=$(printf '%s\n' "${hs[@]}" | median)
g=$(printf '%s\n' "${gs[@]}" | median)
j=$(printf '%s\n' "${js[@]}" | median)
t=$(printf '%s\n' "${ts[@]}" | median)
range() { sort -n | awk 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%.1f-%.1fx", lo, hi }'; }
awk -v h="$h" -v g="$g" -v j="$j" -v t="$t" -v n="$rounds" 'BEGIN {
    printf "medians of %d interleaved rounds, same streams, same run: Hammer.js %d events/s;\n", n, h
    printf "  GestureLab engine %d = %.1fx; replay --format jsonl %d = %.1fx; replay --format text %d = %.1fx (ratios of the medians)\n", g, g / h, j, j / h, t, t / h
}'
# Each round's ratio pairs figures taken minutes apart at most; their median is the figure to quote.
printf '  median of the rounds'"'"' own ratios: engine %.1fx (%s), replay jsonl %.1fx (%s), replay text %.1fx (%s)\n' \
    "$(printf '%s\n' "${gr[@]}" | median)" "$(printf '%s\n' "${gr[@]}" | range)" \
    "$(printf '%s\n' "${jr[@]}" | median)" "$(printf '%s\n' "${jr[@]}" | range)" \
    "$(printf '%s\n' "${tr[@]}" | median)" "$(printf '%s\n' "${tr[@]}" | range)"
