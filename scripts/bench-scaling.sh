#!/usr/bin/env bash
# How the tools scale with the size of their input (release build; numbers printed, nothing
# asserted): a scene of N recognizers on one view loaded (validate), linted and replaying a tap,
# a require-to-fail cycle through all of them, and `import dollar-xml` of one log of N points.
# The inputs are generated into a temporary folder. docs/benchmarks.md, "Scaling".
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/stable-build-plan.sh
swift build -c release --product gesturelab >/dev/null
bin=$(swift build -c release --show-bin-path)/gesturelab
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tap=recordings/traces/single-tap.jsonl

# seconds and peak memory of one command
measure() {
    local label=$1; shift
    /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>&1 || true
    read -r secs kb < <(tail -n 1 "$work/time")
    printf '%-46s %8s s %8s MB\n' "$label" "$secs" "$((kb / 1024))"
}

# scene N TYPES... [cycle]: N recognizers on one view, types taken in turn
scene() {
    local n=$1 types=$2 cycle=${3:-}
    awk -v n="$n" -v types="$types" -v cycle="$cycle" 'BEGIN {
        k = split(types, t, ",")
        print "scene: scale" n "\nviewport: [400, 600]\nviews:\n  - id: pad\n    frame: [0, 0, 400, 600]\n    recognizers:"
        for (i = 0; i < n; i++) printf "      - {id: r%d, type: %s}\n", i, t[i % k + 1]
        if (cycle != "") {
            print "relationships:"
            for (i = 0; i < n; i++) printf "  - {require: r%d, toFail: r%d}\n", i, (i + 1) % n
        }
    }'
}

echo "machine: $(nproc) cores, $(uname -m); $(date -u +%Y-%m-%dT%H:%MZ)"
for n in 1000 3000 10000; do
    scene "$n" tap > "$work/taps$n.yaml"
    measure "taps x $n: load (validate)" "$bin" validate "$work/taps$n.yaml"
    measure "taps x $n: lint" "$bin" lint "$work/taps$n.yaml"
    measure "taps x $n: replay one tap" "$bin" replay "$tap" --scene "$work/taps$n.yaml" -o /dev/null
done
scene 10000 tap,pan,longPress,swipe,pinch,checkmark,circle > "$work/mixed.yaml"
measure "7 kinds x 10000 / 7: lint" "$bin" lint "$work/mixed.yaml"
measure "7 kinds x 10000 / 7: replay one tap" "$bin" replay "$tap" --scene "$work/mixed.yaml" -o /dev/null
scene 10000 tap cycle > "$work/cycle.yaml"
measure "taps x 10000 in one require-to-fail cycle: lint" "$bin" lint "$work/cycle.yaml"
measure "taps x 10000 in one cycle: replay one tap" "$bin" replay "$tap" --scene "$work/cycle.yaml" -o /dev/null

for n in 100000 1000000; do
    awk -v n="$n" 'BEGIN {
        print "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<Gesture Name=\"long01\" Subject=\"1\" Speed=\"slow\" Number=\"1\">"
        for (i = 0; i < n; i++) printf "  <Point X=\"%d\" Y=\"%d\" T=\"%d\" />\n", 20 + i % 200, 20 + int(i / 200) % 280, 1000 + i * 8
        print "</Gesture>"
    }' > "$work/long$n.xml"
    measure "import dollar-xml, one log of $n points" "$bin" import dollar-xml "$work/long$n.xml" -o "$work/imported$n"
done
