#!/usr/bin/env bash
# Every command on long traces: seconds and peak memory at 10 k, 100 k, 1 M and 10 M events
# (issue 35; docs/benchmarks.md, "Long traces"). The traces are the first N events of
# `gesturelab bench --generate` (Hammer.js's workload mix, 1.05 M events), repeated with shifted
# times for 10 M, replayed through recordings/bench/hammer-seven.yaml (compare: the
# three-platforms scene). Release build; numbers printed as a Markdown table, nothing asserted.
#   SIZES="10000 100000" bash scripts/bench-long-traces.sh     # fewer sizes
#   SLOW=0 ...                                                 # leave out sensitivity and minimize
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/stable-build-plan.sh
swift build -c release --product gesturelab >/dev/null 2>&1
bin=$(swift build -c release --show-bin-path)/gesturelab
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
scene=recordings/bench/hammer-seven.yaml
three=recordings/bench/three-platforms.yaml
"$bin" bench --generate "$work/base.jsonl" >/dev/null
base_events=$(($(wc -l < "$work/base.jsonl") - 1))

# trace N: the first N events, the base repeated (times shifted past the last) as often as needed
trace() {
    local n=$1 out=$work/trace-$1.jsonl
    awk -v n="$n" -v base="$base_events" 'NR == 1 { header = $0; print; next }
        { lines[NR - 1] = $0 }
        END {
            match(lines[base], /"t":[0-9.]+/); last = substr(lines[base], RSTART + 4, RLENGTH - 4) + 1000
            for (k = 0; k < n; k++) {
                rep = int(k / base); line = lines[k % base + 1]
                if (rep > 0) {
                    match(line, /"t":[0-9.]+/); t = substr(line, RSTART + 4, RLENGTH - 4) + rep * last
                    line = substr(line, 1, RSTART + 3) sprintf("%.3f", t) substr(line, RSTART + RLENGTH)
                }
                print line
            }
        }' "$work/base.jsonl" > "$out"
    echo "$out"
}

# cell COMMAND...: "seconds s / MB" of one run. Status 1 is an answer (diff and compare say 1
# when they find differences); any other failure is written in the cell with its message, so a
# command stopped by a full disk is not read as a fast one.
cell() {
    local status=0
    /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>"$work/err" || status=$?
    read -r secs kb < <(tail -n 1 "$work/time")
    if [ "$status" -gt 1 ]; then
        printf 'failed (exit %s: %s)' "$status" "$(grep -v '^Command exited' "$work/err" | head -n 1 | cut -c1-80)"
        return
    fi
    printf '%s s / %s MB' "$secs" "$((kb / 1024))"
}

sizes=${SIZES:-10000 100000 1000000 10000000}
printf '| command |'; for n in $sizes; do printf ' %s events |' "$n"; done; echo
printf '|---|'; for n in $sizes; do printf -- '---|'; done; echo
declare -A rows
for n in $sizes; do
    t=$(trace "$n")
    rows[replay]+=" $(cell "$bin" replay "$t" --scene "$scene" --format jsonl -o /dev/null) |"
    rows[explain]+=" $(cell "$bin" explain "$t" --scene "$scene") |"
    rows[diff]+=" $(cell "$bin" diff "$t" --scene "$scene" --set-b pan.minimumDistance=20) |"
    rows[timeline]+=" $(cell "$bin" timeline "$t" --scene "$scene" -o "$work/page.html") |"
    mkdir -p "$work/corpus-$n" && ln -sf "$t" "$work/corpus-$n/t.jsonl"
    rows[evaluate]+=" $(cell "$bin" evaluate "$work/corpus-$n" --scene "$scene" --expect pan=pan) |"
    rows[compare]+=" $(cell "$bin" compare "$t" --scene "$three") |"
    if [ "${SLOW:-1}" = 1 ] && [ "$n" -le 10000000 ]; then
        rows[sensitivity]+=" $(cell "$bin" sensitivity "$t" --scene "$scene") |"
    else
        rows[sensitivity]+=" not run |"
    fi
    if [ "${SLOW:-1}" = 1 ] && [ "$n" -le 10000000 ]; then
        rows[minimize]+=" $(cell "$bin" minimize "$t" --scene "$scene" --until "press began" -o "$work/min.jsonl") |"
    else
        rows[minimize]+=" not run |"
    fi
    rm -f "$t"
done
for c in replay explain diff timeline evaluate compare sensitivity minimize; do echo "| \`$c\` |${rows[$c]}"; done
