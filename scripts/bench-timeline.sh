#!/usr/bin/env bash
# The HTML timeline of a long trace, measured: how long `gesturelab timeline` takes to write it,
# its size per input event, how long headless Chromium takes to have it ready (from navigation
# to the first drawing, as the DevTools driver and the page itself see it), and how long one
# redraw takes zoomed out (a mark per pixel column) and zoomed in (shapes and arrows).
#   bash scripts/bench-timeline.sh [TRACE] [SCENE]
# Default: the Hammer-like workload (`gesturelab bench --generate`, about 1 M events) through
# recordings/bench/hammer-seven.yaml. Release build; needs chromium and node 20.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/stable-build-plan.sh
swift build -c release --product gesturelab >/dev/null
bin=.build/release/gesturelab
work=$(mktemp -d)
profile=$(mktemp -d)
cleanup() { [ -n "${browser:-}" ] && kill "$browser" 2>/dev/null; wait 2>/dev/null; rm -rf "$work" "$profile"; }
trap cleanup EXIT
trace=${1:-}
scene=${2:-recordings/bench/hammer-seven.yaml}
if [ -z "$trace" ]; then trace=$work/hammer.jsonl; "$bin" bench --generate "$trace" >/dev/null; fi
events=$(($(wc -l < "$trace") - 1))
start=$(date +%s.%N)
/usr/bin/time -f "%M" -o "$work/mem" "$bin" timeline "$trace" --scene "$scene" -o "$work/timeline.html"
end=$(date +%s.%N)
bytes=$(stat -c %s "$work/timeline.html")
chromium=$(command -v chromium || command -v chromium-browser)
"$chromium" --headless --no-sandbox --disable-gpu --remote-debugging-address=127.0.0.1 --remote-debugging-port=0 \
    --user-data-dir="$profile" --window-size=1400,900 --no-first-run --allow-file-access-from-files about:blank >/dev/null 2>&1 &
browser=$!
for _ in $(seq 1 300); do [ -s "$profile/DevToolsActivePort" ] && break; sleep 0.1; done
port=$(head -1 "$profile/DevToolsActivePort")
redraw='(() => { const t0 = performance.now(); for (let i = 0; i < 10; i++) timeline.draw(); return (performance.now() - t0) / 10; })()'
result=$(node --experimental-websocket --no-warnings Tests/GestureTestSupport/cdp-page.mjs "$port" "file://$work/timeline.html" \
    "[{\"element\":\"#lanes\"},{\"eval\":\"$redraw\"},{\"eval\":\"timeline.stats.visibleMarks\"},{\"key\":\"n\"},{\"eval\":\"$redraw\"},{\"eval\":\"timeline.stats.arrows\"}]")
echo "trace: $events events ($trace)"
awk -v s="$start" -v e="$end" -v m="$(cat "$work/mem")" 'BEGIN { printf "gesturelab timeline (release): %.2f s, peak memory %.0f MB\n", e - s, m / 1024 }'
awk -v b="$bytes" -v n="$events" 'BEGIN { printf "page: %.1f MB, %.1f bytes per input event\n", b / 1e6, b / n }'
node -e '
const r = JSON.parse(process.argv[1]);
console.log(`headless Chromium: ready ${r.readyMs} ms after navigation (the page measured ${r.pageReadyMs.toFixed(0)} ms)`);
console.log(`redraw, whole trace (${r.values[1]} marks in view): ${r.values[0].toFixed(1)} ms`);
console.log(`redraw, first touch sequence (${r.values[3]} arrows): ${r.values[2].toFixed(1)} ms`);
' "$result"
