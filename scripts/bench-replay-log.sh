#!/usr/bin/env bash
# What users wait for: `gesturelab replay` of a long trace, log and all, timed end to end (process
# start to exit) for each output format, with two binaries interleaved round by round (old, new,
# old, new...) so that the machine's drift touches both alike. Prints each run and the median per
# binary and format, in events per second. Written to /dev/null (the log's own cost) and, once per
# round, to a file beside a `dd` of as many bytes with fsync (what this disk can take), since
# `replay -o FILE` syncs the file before it replaces the old one.
#   bash scripts/bench-replay-log.sh OLD_BINARY NEW_BINARY [TRACE] [ROUNDS]
# Build both with -c release; TRACE defaults to the Hammer-like workload (`bench --generate`);
# SCENE=FILE replays through another scene (Hammer.js's streams need the stage bench-peer.sh makes).
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { echo "usage: $0 OLD_BINARY NEW_BINARY [TRACE] [ROUNDS]" >&2; exit 2; }
old=$1 new=$2 trace=${3:-} rounds=${4:-3}
scene=${SCENE:-recordings/bench/hammer-seven.yaml}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -z "$trace" ]; then
    trace=$work/hammer.jsonl
    "$new" bench --generate "$trace" >/dev/null
fi
events=$(grep -c '"type"' "$trace")
seconds() { local s e; s=$(date +%s.%N); "$@" >/dev/null 2>&1; e=$(date +%s.%N); awk -v s="$s" -v e="$e" 'BEGIN { printf "%.3f", e - s }'; }
# Wall and CPU (user + system, all threads) seconds of a replay: on a shared machine the CPU time
# moves less from run to run than the wall time, and says what a change saved in work.
timed() { local TIMEFORMAT='%R %U %S' out; out=$({ time "$@" >/dev/null 2>&1; } 2>&1); awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }' <<<"$out"; }
rate() { awk -v n="$events" -v t="$1" 'BEGIN { printf "%.0f", n / t }'; }
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }
echo "trace: $trace ($events events), scene $scene, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq "$rounds"); do
    for format in jsonl "jsonl --compact" text; do
        for which in old new; do
            bin=$old; [ "$which" = new ] && bin=$new
            # shellcheck disable=SC2086
            read -r t cpu < <(timed "$bin" replay "$trace" --scene "$scene" --format $format -o /dev/null)
            echo "round $r: $which $format to /dev/null: $t s = $(rate "$t") events/s (CPU $cpu s)"
            echo "$which|$format|$t|$cpu" >> "$work/runs"
        done
    done
    for which in old new; do
        bin=$old; [ "$which" = new ] && bin=$new
        t=$(seconds "$bin" replay "$trace" --scene "$scene" --format jsonl -o "$work/log.jsonl")
        bytes=$(stat -c %s "$work/log.jsonl")
        rm -f "$work/log.jsonl"
        echo "round $r: $which jsonl to a file ($bytes bytes, synced): $t s = $(rate "$t") events/s"
        echo "$which|jsonl to a file|$t" >> "$work/runs"
    done
    d=$(seconds dd if=/dev/zero of="$work/dd" bs=1M count=$((bytes / 1048576)) conv=fsync)
    rm -f "$work/dd"
    echo "round $r: dd of the same bytes with fsync: $d s ($(awk -v b="$bytes" -v t="$d" 'BEGIN { printf "%.0f", b / 1048576 / t }') MB/s)"
done
echo "medians of $rounds rounds, events/s (old -> new), and CPU seconds of all threads:"
for format in jsonl "jsonl --compact" text "jsonl to a file"; do
    o=$(awk -F'|' -v f="$format" '$1 == "old" && $2 == f { print $3 }' "$work/runs" | median)
    n=$(awk -F'|' -v f="$format" '$1 == "new" && $2 == f { print $3 }' "$work/runs" | median)
    cpu=""
    if [ "$format" != "jsonl to a file" ]; then
        oc=$(awk -F'|' -v f="$format" '$1 == "old" && $2 == f { print $4 }' "$work/runs" | median)
        nc=$(awk -F'|' -v f="$format" '$1 == "new" && $2 == f { print $4 }' "$work/runs" | median)
        cpu="; CPU $oc -> $nc s"
    fi
    echo "  $format: $(rate "$o") -> $(rate "$n") ($(awk -v a="$o" -v b="$n" 'BEGIN { printf "%.2f", a / b }')x)$cpu"
done
