#!/usr/bin/env bash
# Measures two gesturelab binaries side by side, interleaved (old, new, old, new, ...), on the
# same trace, and prints each round and the median of each: engine events/s with 7 recognizers
# and the reader's MB/s. Ratios between runs of the same round are what to trust: this machine
# changes speed for minutes at a time (docs/benchmarks.md). Build both with -c release:
#   git worktree add /tmp/gl-old <commit> && (cd /tmp/gl-old && swift build -c release --product gesturelab)
#   bash scripts/compare-speed.sh /tmp/gl-old/.build/release/gesturelab .build/release/gesturelab [TRACE] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { echo "usage: $0 OLD_BINARY NEW_BINARY [TRACE] [ROUNDS]" >&2; exit 2; }
old=$1 new=$2 trace=${3:-} rounds=${4:-5}
if [ -z "$trace" ]; then
    trace=$(mktemp --suffix .jsonl)
    trap 'rm -f "$trace"' EXIT
    "$new" bench --generate "$trace" >/dev/null
fi
engine() { "$1" bench "$trace" --engine-only --recognizers 7 --repeats 3 2>/dev/null | awk '/engine,  7 recognizers/ { sub(/ events\/s.*/, ""); print $NF }'; }
reading() { "$1" bench "$trace" --streaming-only --repeats 3 2>/dev/null | awk '/^read:/ { for (i = 1; i <= NF; i++) if ($i == "MB/s,") print $(i-1) }'; }
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }
: > /tmp/compare-speed.$$
for r in $(seq "$rounds"); do
    eo=$(engine "$old"); en=$(engine "$new"); ro=$(reading "$old"); rn=$(reading "$new")
    echo "round $r: engine old $eo new $en events/s ($(awk -v a="$en" -v b="$eo" 'BEGIN { printf "%.3f", a / b }')x); read old $ro new $rn MB/s"
    echo "$eo $en $ro $rn" >> /tmp/compare-speed.$$
done
eo=$(awk '{ print $1 }' /tmp/compare-speed.$$ | median); en=$(awk '{ print $2 }' /tmp/compare-speed.$$ | median)
ro=$(awk '{ print $3 }' /tmp/compare-speed.$$ | median); rn=$(awk '{ print $4 }' /tmp/compare-speed.$$ | median)
rm -f /tmp/compare-speed.$$
echo "median of $rounds rounds: engine old $eo, new $en events/s = $(awk -v a="$en" -v b="$eo" 'BEGIN { printf "%.3f", a / b }')x; read old $ro, new $rn MB/s"
